// A pair of linked pseudo-terminals made by socat, so a driver and a simulator talk through the
// kernel's tty layer exactly as over a real serial port (even parity included; modem lines are
// not emulated). Stopping socat makes both ends vanish, which is how tests pull the cable.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export class SocatMissingError extends Error {
  constructor() {
    super('socat is not installed (apt-get install socat): pseudo-terminal serial lines need it');
    this.name = 'SocatMissingError';
  }
}

export function socatAvailable(): boolean {
  const r = spawnSync('socat', ['-V'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
}

export class SocatPair {
  private child: ChildProcess | null = null;
  private stderr = '';

  /** `host` is the end a driver opens, `device` the end a simulator opens. */
  constructor(
    readonly host: string,
    readonly device: string,
  ) {}

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 5000): Promise<void> {
    if (this.running) return;
    if (!socatAvailable()) throw new SocatMissingError();
    this.stderr = '';
    const child = spawn(
      'socat',
      ['-d', '-d', `pty,raw,echo=0,link=${this.host}`, `pty,raw,echo=0,link=${this.device}`],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    this.child = child;
    child.stderr!.on('data', (d: Buffer) => {
      if (this.stderr.length < 4000) this.stderr += d.toString();
    });
    const deadline = Date.now() + timeoutMs;
    while (!(existsSync(this.host) && existsSync(this.device))) {
      if (!this.running)
        throw new Error(`socat exited before making ${this.host} and ${this.device}: ${this.stderr.trim()}`);
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`socat made no pseudo-terminals within ${timeoutMs} ms: ${this.stderr.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await exited;
    // socat removes its links on a clean exit; wait so a restart cannot race the removal.
    const deadline = Date.now() + 2000;
    while ((existsSync(this.host) || existsSync(this.device)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

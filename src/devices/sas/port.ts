// The SAS line on the machine's side: 19200 baud, 8 data bits, 1 stop bit, and the ninth
// ("wakeup") bit carried as parity. node-serialport cannot select mark or space parity, so after
// every open the tty is set to space parity with parity errors marked (stty below): a byte the
// host sends with the wakeup bit then arrives as `FF 00 x`, a data byte FF as `FF FF`, and
// wire.ts reads both. Opening the port resets those flags, so they are applied after each
// (re)open, and whatever arrived before they took effect is thrown away.
//
// A pseudo-terminal cannot carry parity at all (stty refuses parenb there): on one, and on an
// in-memory line, the host writes the same `FF 00 x` encoding itself and nothing is set. The
// machine's replies never carry the wakeup bit: space parity sends them with it clear.

import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { realpathSync } from 'node:fs';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { PortConnection, type Binding } from '../shared/port-connection';
import { RawBytes } from '../shared/serial-endpoint';

export const SAS_BAUD_RATE = 19200;
export const SAS_STTY_FLAGS = [
  'parenb',
  'cmspar',
  '-parodd',
  'inpck',
  'parmrk',
  '-ignpar',
  '-istrip',
  'ignbrk',
  '-brkint',
] as const;

/** A UART that carries the wakeup bit as parity, or a line without parity (pty, in memory). */
export type LineKind = 'uart' | 'pseudo';

export class SasLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SasLineError';
  }
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}
export type RunStty = (args: readonly string[]) => Promise<RunResult>;

export const runStty: RunStty = (args) =>
  new Promise((resolve) => {
    execFile('stty', [...args], { timeout: 5000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 127) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || (err && code === 127 ? err.message : '')) });
    });
  });

/** Unix 98 pseudo-terminals (/dev/pts/N) and the BSD-style ones some kernels still make. */
export function isPseudoTerminal(path: string): boolean {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return false;
  }
  return real.startsWith('/dev/pts/') || real === '/dev/ptmx' || /^\/dev\/[pt]ty[p-za-e][0-9a-f]$/.test(real);
}

/**
 * Sets a UART up for SAS and reads the flags back, or recognises a pseudo-terminal and leaves it
 * alone. Throws SasLineError (the cabinet's device fault, C-15) when the UART did not take them.
 */
export async function setUpSasLine(path: string, run: RunStty = runStty): Promise<LineKind> {
  if (isPseudoTerminal(path)) return 'pseudo';
  return setUpUart(path, run);
}

/** The UART's part of setUpSasLine: stty's flags set and read back, or SasLineError. */
export async function setUpUart(path: string, run: RunStty = runStty): Promise<'uart'> {
  const set = await run(['-F', path, ...SAS_STTY_FLAGS]);
  if (set.code !== 0)
    throw new SasLineError(`stty could not set SAS parity on ${path}: ${set.stderr.trim() || `exit ${set.code}`}`);
  const read = await run(['-F', path, '-a']);
  const have = new Set(read.stdout.split(/[\s;]+/));
  const missing = SAS_STTY_FLAGS.filter((f) => !have.has(f));
  if (read.code !== 0 || missing.length) {
    throw new SasLineError(
      `${path} did not keep the SAS line settings (missing ${missing.join(' ') || 'all'}): the wakeup bit cannot be read`,
    );
  }
  return 'uart';
}

export interface SasPortOptions {
  path: string;
  /** An injected serialport binding (tests: an in-memory line, which carries no parity). */
  binding?: Binding;
  /** Overrides how the line is set up after each open (tests). */
  setUp?: (path: string) => Promise<LineKind>;
  reconnectMs?: number;
  /** Time after the settings took effect during which bytes still count as from before them. */
  settleMs?: number;
}

export interface SasPortEvents {
  ready: [kind: LineKind];
  /** The line cannot be used for SAS (C-15 device fault); it is tried again at the next open. */
  fault: [message: string];
  faultCleared: [];
  closed: [reason: string];
}

/** The machine's end of the SAS line on a real (or pseudo) port, as a DeviceEndpoint for SasLink. */
export class SasPortEndpoint extends EventEmitter<SasPortEvents> implements DeviceEndpoint {
  private readonly conn: PortConnection<Buffer>;
  private readonly data = new EventEmitter<{ data: [Buffer] }>();
  private readonly setUp: (path: string) => Promise<LineKind>;
  private ready = false;
  private faulted = false;
  private generation = 0;
  kind: LineKind | null = null;

  constructor(private readonly options: SasPortOptions) {
    super();
    this.setUp = options.setUp ?? (options.binding ? async () => 'pseudo' : (p) => setUpSasLine(p));
    this.conn = new PortConnection<Buffer>(
      {
        path: options.path,
        binding: options.binding,
        baudRate: SAS_BAUD_RATE,
        dataBits: 8,
        parity: 'none',
        stopBits: 1,
        reconnectMs: options.reconnectMs ?? 500,
      },
      () => new RawBytes(),
    );
    this.conn.on('frame', (bytes) => {
      if (this.ready) this.data.emit('data', bytes);
    });
    this.conn.on('open', () => void this.prepare(++this.generation));
    this.conn.on('close', (reason) => {
      this.generation++;
      this.ready = false;
      this.emit('closed', reason);
    });
    this.conn.on('openFailed', (reason) => this.fault(`cannot open ${options.path}: ${reason}`));
    this.conn.start();
  }

  get isReady(): boolean {
    return this.ready;
  }

  write(bytes: Uint8Array): void {
    if (this.ready) this.conn.write(bytes).catch(() => undefined);
  }

  onData(listener: (bytes: Buffer) => void): () => void {
    this.data.on('data', listener);
    return () => this.data.off('data', listener);
  }

  close(): Promise<void> {
    this.generation++;
    this.ready = false;
    return this.conn.stop();
  }

  private async prepare(generation: number): Promise<void> {
    let kind: LineKind;
    try {
      kind = await this.setUp(this.options.path);
    } catch (e) {
      if (generation !== this.generation) return;
      this.fault(e instanceof Error ? e.message : String(e));
      // Try again on a fresh open: a USB adapter that was still settling may take the flags then.
      setTimeout(
        () => generation === this.generation && this.conn.recycle('SAS line settings not applied'),
        this.options.reconnectMs ?? 500,
      ).unref();
      return;
    }
    // Bytes read under the old settings may still be on their way: let them arrive and drop them.
    if (kind === 'uart') await new Promise((r) => setTimeout(r, this.options.settleMs ?? 20));
    if (generation !== this.generation) return;
    this.kind = kind;
    this.ready = true;
    if (this.faulted) {
      this.faulted = false;
      this.emit('faultCleared');
    }
    this.emit('ready', kind);
  }

  /** Reported once per episode: the cabinet logs a fault, not every retry. */
  private fault(message: string): void {
    if (this.faulted) return;
    this.faulted = true;
    this.emit('fault', message);
  }
}

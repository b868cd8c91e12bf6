// The device side of a real serial line (in practice one end of a socat pseudo-terminal pair):
// a simulator speaks through it, and it reopens its end whenever the line comes back.
//
// A reading end is not told when socat dies: the kernel reports the hang-up only to a write, and
// a simulator writes only when asked, over a line that can no longer ask it. So the endpoint
// watches the name it opened: when that link is gone or leads to another terminal (socat made a
// new pair), it reopens. Without this the driver found a new line with nobody on it (a flaky
// unplug test, one round in forty under load).

import { EventEmitter } from 'node:events';
import { realpathSync } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { PortConnection, type PortSettings, type StatsParser } from './port-connection';
import type { DeviceEndpoint } from './device-endpoint';

/** Passes bytes through untouched: the simulator does its own parsing. */
export class RawBytes extends Transform implements StatsParser {
  readonly stats = { frames: 0, badFrames: 0, garbageBytes: 0 };
  constructor() {
    super({ readableObjectMode: true });
  }
  override _transform(chunk: Buffer, _e: BufferEncoding, cb: TransformCallback): void {
    this.push(chunk);
    cb();
  }
}

/** The terminal a path leads to now, or null when the path is gone. */
function terminalOf(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

export class SerialEndpoint implements DeviceEndpoint {
  private readonly conn: PortConnection<Buffer>;
  private readonly events = new EventEmitter<{ data: [Buffer] }>();
  private opened: string | null = null;
  private readonly watch: NodeJS.Timeout;

  constructor(settings: PortSettings & { watchMs?: number }) {
    const { watchMs = 100, ...port } = settings;
    this.conn = new PortConnection<Buffer>({ reconnectMs: 50, ...port }, () => new RawBytes());
    this.conn.on('frame', (bytes) => this.events.emit('data', bytes));
    this.conn.on('open', () => (this.opened = terminalOf(port.path)));
    this.conn.on('close', () => (this.opened = null));
    this.watch = setInterval(() => {
      if (this.opened !== null && this.conn.isOpen && terminalOf(port.path) !== this.opened)
        this.conn.recycle('the line was replaced');
    }, watchMs);
    this.watch.unref();
    this.conn.start();
  }

  get isOpen(): boolean {
    return this.conn.isOpen;
  }

  write(bytes: Uint8Array): void {
    this.conn.write(bytes).catch(() => undefined);
  }

  onData(listener: (bytes: Buffer) => void): () => void {
    this.events.on('data', listener);
    return () => this.events.off('data', listener);
  }

  close(): Promise<void> {
    clearInterval(this.watch);
    return this.conn.stop();
  }
}

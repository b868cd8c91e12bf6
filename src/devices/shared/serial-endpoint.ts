// The device side of a real serial line (in practice one end of a socat pseudo-terminal pair):
// a simulator speaks through it, and it reopens its end whenever the line comes back.

import { EventEmitter } from 'node:events';
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

export class SerialEndpoint implements DeviceEndpoint {
  private readonly conn: PortConnection<Buffer>;
  private readonly events = new EventEmitter<{ data: [Buffer] }>();

  constructor(settings: PortSettings) {
    this.conn = new PortConnection<Buffer>({ reconnectMs: 50, ...settings }, () => new RawBytes());
    this.conn.on('frame', (bytes) => this.events.emit('data', bytes));
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
    return this.conn.stop();
  }
}

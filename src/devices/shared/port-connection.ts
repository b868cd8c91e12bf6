// A serial port that keeps going (C-19): opens, pipes bytes through a fresh protocol parser,
// and when the port closes, errors or disappears, reopens it until told to stop. The binding is
// injected, as in serialport's own design, so tests run on @serialport/binding-mock.

import { EventEmitter } from 'node:events';
import type { Transform } from 'node:stream';
import { SerialPortStream } from '@serialport/stream';
import { SerialPort } from 'serialport';
import type { ParserStats } from './framed-parser';
import { listeningTimeout } from './own-pauses';

/** Whatever serialport accepts as a binding (its interface package ships no usable types). */
export type Binding = ConstructorParameters<typeof SerialPortStream>[0]['binding'];

export interface PortSettings {
  path: string;
  baudRate: number;
  dataBits?: 5 | 6 | 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
  /** Defaults to the platform binding; tests pass a mock one. */
  binding?: Binding;
  /** Pause between attempts to (re)open the port. */
  reconnectMs?: number;
}

export interface StatsParser extends Transform {
  readonly stats: ParserStats;
}

export interface PortConnectionEvents<F> {
  open: [];
  close: [reason: string];
  openFailed: [reason: string];
  frame: [frame: F];
}

export class PortConnection<F> extends EventEmitter<PortConnectionEvents<F>> {
  private port: SerialPortStream | null = null;
  private parser: StatsParser | null = null;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  /** Parser counts summed over every connection so far. */
  private readonly past: ParserStats = { frames: 0, badFrames: 0, garbageBytes: 0 };

  constructor(
    private readonly settings: PortSettings,
    private readonly makeParser: () => StatsParser,
  ) {
    super();
  }

  get isOpen(): boolean {
    return !!this.port?.isOpen;
  }

  get path(): string {
    return this.settings.path;
  }

  stats(): ParserStats {
    const now = this.parser?.stats;
    return {
      frames: this.past.frames + (now?.frames ?? 0),
      badFrames: this.past.badFrames + (now?.badFrames ?? 0),
      garbageBytes: this.past.garbageBytes + (now?.garbageBytes ?? 0),
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const port = this.port;
    this.detach();
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  /** Rejects when the port is closed, the write fails, or it has not completed in `timeoutMs` (then the port is recycled). */
  write(bytes: Uint8Array, timeoutMs = 2000): Promise<void> {
    const port = this.port;
    if (!port?.isOpen) return Promise.reject(new Error(`${this.settings.path} is not open`));
    return new Promise((resolve, reject) => {
      // In time spent listening: a pause of this process holds the write's completion up too.
      const cancel = listeningTimeout(timeoutMs, () => {
        reject(new Error(`write to ${this.settings.path} stalled`));
        this.recycle('write stalled');
      });
      port.write(Buffer.from(bytes), (err) => {
        cancel();
        if (err) reject(err);
        else resolve();
      });
    });
  }

  /** Closes the port on purpose (the device stopped answering) and opens it again. */
  recycle(reason: string): void {
    const port = this.port;
    if (!port) return;
    this.lost(port, reason);
    if (port.isOpen) port.close(() => undefined);
  }

  private open(): void {
    if (this.stopped) return;
    const { path, baudRate, dataBits = 8, parity = 'none', stopBits = 1, binding = SerialPort.binding } = this.settings;
    const port = new SerialPortStream({ binding, path, baudRate, dataBits, parity, stopBits, autoOpen: false });
    this.port = port;
    port.on('error', (err) => this.lost(port, err.message));
    port.on('close', (err: Error | null) => this.lost(port, err?.message ?? 'port closed'));
    port.open((err) => {
      if (this.port !== port) return;
      if (err) {
        this.port = null;
        this.emit('openFailed', err.message);
        this.schedule();
        return;
      }
      if (this.stopped) {
        port.close(() => undefined);
        return;
      }
      const parser = this.makeParser();
      this.parser = parser;
      parser.on('data', (frame: F) => this.emit('frame', frame));
      port.pipe(parser);
      this.emit('open');
    });
  }

  /** Handles the first sign that a port is gone; later signs from the same port are ignored. */
  private lost(port: SerialPortStream, reason: string): void {
    if (this.port !== port) return;
    const wasOpen = !!this.parser;
    this.detach();
    if (port.isOpen) port.close(() => undefined);
    if (wasOpen) this.emit('close', reason);
    this.schedule();
  }

  private detach(): void {
    const port = this.port;
    const parser = this.parser;
    this.port = null;
    this.parser = null;
    if (parser) {
      this.past.frames += parser.stats.frames;
      this.past.badFrames += parser.stats.badFrames;
      this.past.garbageBytes += parser.stats.garbageBytes;
      if (port) port.unpipe(parser);
      parser.removeAllListeners('data');
      parser.destroy();
    }
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, this.settings.reconnectMs ?? 500);
  }
}

// What every driver shares (C-19): a reconnecting port, a work loop that runs one step at a time,
// and the online/offline bookkeeping that turns a dead line into one 'offline' event and its
// return into one 'online' event, however long the outage.

import { EventEmitter } from 'node:events';
import type { DeviceEvent, DeviceName } from '../../cabinet/device-events';
import { PortConnection, type PortSettings, type StatsParser } from './port-connection';
import { NoAnswerError } from './requester';

export interface LoopTiming {
  /** Pause between steps of the work loop (polls). */
  pollMs: number;
  /** Steps that may fail in a row before the port is closed and opened again. */
  recycleAfter: number;
}

export interface DriverEvents {
  event: [event: DeviceEvent];
}

export abstract class DriverBase<F> extends EventEmitter<DriverEvents> {
  protected readonly conn: PortConnection<F>;
  private running = false;
  private online = false;
  private offlineReported = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private loopDone: Promise<void> = Promise.resolve();
  /** The step under way asked for the next one at once (see stepAgain). */
  private again = false;
  private readonly onlineWaiters: (() => void)[] = [];

  constructor(
    readonly device: DeviceName,
    settings: PortSettings,
    makeParser: () => StatsParser,
    private readonly timing: LoopTiming,
  ) {
    super();
    this.conn = new PortConnection<F>(settings, makeParser);
    this.conn.on('open', () => {
      this.failures = 0;
      this.onConnected();
      this.poke();
    });
    this.conn.on('close', (reason) => {
      this.onDisconnected();
      this.markOffline(`port lost: ${reason}`);
    });
    this.conn.on('openFailed', (reason) => this.markOffline(`cannot open ${this.conn.path}: ${reason}`));
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Frames parsed and dropped on this driver's line, over all connections. */
  lineStats() {
    return this.conn.stats();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.conn.start();
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loopDone;
    await this.conn.stop();
  }

  /** Resolves when the device has answered since the last (re)connection. */
  whenOnline(timeoutMs: number): Promise<void> {
    if (this.online) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.onlineWaiters.indexOf(done);
        if (i >= 0) this.onlineWaiters.splice(i, 1);
        reject(new Error(`${this.device} did not come online within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.onlineWaiters.push(done);
    });
  }

  protected emitEvent(event: DeviceEvent): void {
    this.emit('event', event);
  }

  /** Runs the next step now instead of after the poll pause. */
  protected poke(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** From inside a step: the next step runs as soon as this one ends, without the poll pause. */
  protected stepAgain(): void {
    this.again = true;
  }

  /** One step of work; throws NoAnswerError when the device did not answer. */
  protected abstract step(): Promise<void>;
  protected onConnected(): void {}
  protected onDisconnected(): void {}
  /** Called once per outage, before 'offline' is emitted. */
  protected onOffline(): void {}

  protected markOnline(): void {
    this.failures = 0;
    if (this.online) return;
    this.online = true;
    this.offlineReported = false;
    this.emitEvent({ device: this.device, type: 'online' });
    for (const w of this.onlineWaiters.splice(0)) w();
  }

  protected markOffline(reason: string): void {
    this.online = false;
    if (this.offlineReported) return;
    this.offlineReported = true;
    this.onOffline();
    this.emitEvent({ device: this.device, type: 'offline', reason });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      if (this.conn.isOpen) {
        try {
          await this.step();
        } catch (e) {
          if (e instanceof NoAnswerError) {
            this.markOffline(`${this.device} stopped answering (${e.message})`);
            // A pseudo-terminal whose far end died may never report it: reopening finds out.
            if (++this.failures >= this.timing.recycleAfter) {
              this.failures = 0;
              this.conn.recycle('no answer');
            }
          }
          // A write error means the port is going away; its 'close' reports it.
        }
      }
      if (!this.running) break;
      if (this.again) {
        this.again = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(() => {
          this.timer = null;
          this.wake = null;
          resolve();
        }, this.timing.pollMs);
      });
    }
  }
}

// An in-memory serial line built on @serialport/binding-mock: the driver opens it through an
// ordinary serialport binding, the simulator gets the other end. It can be unplugged and plugged
// back, which a driver sees exactly as a USB adapter vanishing: reads and writes fail, the
// port closes, reopening fails until the line returns.

import { EventEmitter } from 'node:events';
import { MockBinding, type MockPortBinding } from '@serialport/binding-mock';
import type { Binding } from './port-connection';
import type { DeviceEndpoint } from './device-endpoint';

let counter = 0;

class DisconnectError extends Error {
  readonly disconnect = true;
}

export class MemoryLink {
  readonly path: string;
  readonly binding: Binding;
  readonly device: DeviceEndpoint;
  private current: LinkedPort | null = null;
  private unplugged = false;
  private readonly toDevice = new EventEmitter<{ data: [Buffer] }>();

  constructor(name = 'port') {
    this.path = `/mock/${name}-${process.pid}-${++counter}`;
    MockBinding.createPort(this.path, { echo: false, record: false });
    this.binding = {
      list: async () => (this.unplugged ? [] : [{ path: this.path }]),
      open: async (options: { path: string; baudRate: number }) => {
        if (options.path !== this.path) throw new Error(`${options.path}: no such port on this link`);
        if (this.unplugged) throw new Error(`${this.path}: no such device (unplugged)`);
        const inner = await MockBinding.open({ ...options, lock: false });
        const port = new LinkedPort(inner, (bytes) => this.toDevice.emit('data', bytes));
        this.current = port;
        return port;
      },
    } as unknown as Binding;
    this.device = {
      write: (bytes) => {
        const port = this.current;
        // Bytes sent into a line nobody holds open are lost, as on a real wire.
        if (port?.isOpen && !this.unplugged) port.inner.emitData(Buffer.from(bytes));
      },
      onData: (listener) => {
        this.toDevice.on('data', listener);
        return () => this.toDevice.off('data', listener);
      },
      close: async () => undefined,
    };
  }

  get isPlugged(): boolean {
    return !this.unplugged;
  }

  unplug(): void {
    this.unplugged = true;
    this.current?.sever();
  }

  plug(): void {
    this.unplugged = false;
  }
}

/** A mock port whose writes reach the simulator and which can be cut like a pulled cable. */
class LinkedPort {
  private severed = false;
  private readonly cut: Promise<never>;
  private fail!: (err: Error) => void;

  constructor(
    readonly inner: MockPortBinding,
    private readonly sink: (bytes: Buffer) => void,
  ) {
    this.cut = new Promise<never>((_, reject) => (this.fail = reject));
    this.cut.catch(() => undefined);
  }

  get isOpen(): boolean {
    return this.inner.isOpen;
  }
  get openOptions() {
    return this.inner.openOptions;
  }

  sever(): void {
    if (this.severed) return;
    this.severed = true;
    this.fail(new DisconnectError('device disconnected'));
  }

  async read(buffer: Buffer, offset: number, length: number) {
    if (this.severed) throw new DisconnectError('device disconnected');
    return Promise.race([this.inner.read(buffer, offset, length), this.cut]);
  }

  async write(buffer: Buffer): Promise<void> {
    if (this.severed) throw new DisconnectError('device disconnected');
    await this.inner.write(buffer);
    this.sink(Buffer.from(buffer));
  }

  close() {
    return this.inner.close();
  }
  update(o: { baudRate: number }) {
    return this.inner.update(o);
  }
  set(o: Record<string, unknown>) {
    return this.inner.set(o);
  }
  get() {
    return this.inner.get();
  }
  getBaudRate() {
    return this.inner.getBaudRate();
  }
  flush() {
    return this.inner.flush();
  }
  drain() {
    return this.inner.drain();
  }
}

// A line for driving a SasLink byte by byte in tests: what the host sends is delivered at once
// (wakeup-encoded, as on a pseudo-terminal), what the machine writes is collected.

import type { DeviceEndpoint } from '../shared/device-endpoint';
import { encodeHostMessage } from '../sas/wire';

export class TestLine implements DeviceEndpoint {
  readonly written: Buffer[] = [];
  private listener: ((bytes: Buffer) => void) | null = null;

  write(bytes: Uint8Array): void {
    this.written.push(Buffer.from(bytes));
  }

  onData(listener: (bytes: Buffer) => void): () => void {
    this.listener = listener;
    return () => (this.listener = null);
  }

  async close(): Promise<void> {}

  /** Raw line bytes to the machine. */
  deliver(bytes: Uint8Array): void {
    this.listener?.(Buffer.from(bytes));
  }

  /** One host message (first byte with the wakeup bit); returns what the machine wrote back. */
  poll(message: Uint8Array): Buffer {
    this.written.length = 0;
    this.deliver(encodeHostMessage(message));
    return Buffer.concat(this.written);
  }
}

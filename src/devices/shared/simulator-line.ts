// A simulator's end of its line: what arrives goes through the simulator's parser to its handler,
// a quiet line ending whatever partial frame was waiting (see FramedParser), and its replies go
// back the same way. Detached, it hears nothing and its replies go nowhere (a cut cable).

import type { DeviceEndpoint } from './device-endpoint';

/** A quiet gap this long ends a partial frame: the sender has given up on it. */
const QUIET_MS = 50;

export class SimulatorLine<F> {
  private endpoint: DeviceEndpoint | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly parser: { feed(bytes: Uint8Array): F[]; reset(): F[] },
    private readonly handle: (frame: F) => void,
  ) {}

  attach(endpoint: DeviceEndpoint): void {
    this.detach();
    this.endpoint = endpoint;
    let lastDataAt = 0;
    this.unsubscribe = endpoint.onData((bytes) => {
      const now = Date.now();
      if (now - lastDataAt > QUIET_MS) for (const frame of this.parser.reset()) this.handle(frame);
      lastDataAt = now;
      for (const frame of this.parser.feed(bytes)) this.handle(frame);
    });
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.endpoint = null;
  }

  write(bytes: Uint8Array): void {
    this.endpoint?.write(bytes);
  }
}

// Helpers for the device tests: collect a driver's events and wait for one to happen, with a
// generous deadline that only turns a hang into a clear failure (never a timed assertion).

import type { DeviceEvent } from '../../cabinet/device-events';

export class EventLog {
  readonly events: DeviceEvent[] = [];
  private waiters: { match: (e: DeviceEvent) => boolean; resolve: (e: DeviceEvent) => void }[] = [];

  readonly push = (e: DeviceEvent): void => {
    this.events.push(e);
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(e)) return true;
      w.resolve(e);
      return false;
    });
  };

  of(type: DeviceEvent['type']): DeviceEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  /** Resolves with the first event, past or future, that matches; index lets a test skip earlier ones. */
  next(match: Partial<DeviceEvent> | ((e: DeviceEvent) => boolean), from = 0, timeoutMs = 5000): Promise<DeviceEvent> {
    const test =
      typeof match === 'function'
        ? match
        : (e: DeviceEvent) =>
            Object.entries(match).every(([k, v]) => (e as unknown as Record<string, unknown>)[k] === v);
    const past = this.events.slice(from).find(test);
    if (past) return Promise.resolve(past);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no event ${JSON.stringify(typeof match === 'function' ? 'matching' : match)} within ${timeoutMs} ms; got ${JSON.stringify(this.events.slice(from))}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        match: test,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }
}

export async function until(what: string, cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

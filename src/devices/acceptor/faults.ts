// An acceptor's faults as the cabinet hears them (C-15): each raised once when it appears and
// cleared once when it goes, whatever the protocol. The acceptor's own faults are set whole at
// every status it reports; the driver's own findings (a foreign currency, a unit that never ends
// its start-up) are set one at a time, and raised again when what they say changes.

import type { DeviceEvent, DeviceFault } from '../../cabinet/device-events';

type Code = DeviceFault<'acceptor'>;

export class FaultBook {
  private readonly reported = new Map<Code, string>();
  private readonly found = new Map<Code, string>();

  constructor(private readonly emit: (e: DeviceEvent) => void) {}

  /** The acceptor's faults as its latest status has them: code → what the technician reads. */
  sync(now: ReadonlyMap<Code, string>): void {
    for (const code of [...this.reported.keys()]) {
      if (!now.has(code)) {
        this.reported.delete(code);
        this.emit({ device: 'acceptor', type: 'faultCleared', code });
      }
    }
    for (const [code, message] of now) {
      if (this.reported.has(code)) continue;
      this.reported.set(code, message);
      this.emit({ device: 'acceptor', type: 'fault', code, message });
    }
  }

  /** One of the driver's own findings: a message raises (or restates) it, null clears it. */
  set(code: Code, message: string | null): void {
    const had = this.found.get(code);
    if (message === null) {
      if (had === undefined) return;
      this.found.delete(code);
      this.emit({ device: 'acceptor', type: 'faultCleared', code });
    } else if (had !== message) {
      this.found.set(code, message);
      this.emit({ device: 'acceptor', type: 'fault', code, message });
    }
  }

  has(code: Code): boolean {
    return this.found.has(code) || this.reported.has(code);
  }

  /** Every fault now standing, code → message. */
  get standing(): Record<string, string> {
    return Object.fromEntries([...this.reported, ...this.found]);
  }
}

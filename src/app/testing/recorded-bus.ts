// The simulated devices with every command the cabinet sent them kept: what a test asks of
// them afterwards ("was anything printed?"), beside what they physically did (their ledger).
// For tests only.

import type { DeviceBus, DeviceCommand, Voucher } from '../../cabinet';
import type { LedgerDevices } from '../sim/ledger-devices';

export class RecordedBus implements DeviceBus {
  readonly sent: DeviceCommand[] = [];
  constructor(readonly sim: LedgerDevices) {}
  get recovery() {
    return this.sim.recovery;
  }
  send(c: DeviceCommand): void {
    this.sent.push(c);
    this.sim.send(c);
  }
  onEvent(listener: Parameters<DeviceBus['onEvent']>[0]) {
    return this.sim.onEvent(listener);
  }
  close(): Promise<void> {
    return this.sim.close();
  }
  /** The vouchers the cabinet sent to the printer, in order. */
  printed(): Voucher[] {
    return this.sent.flatMap((c) => (c.device === 'printer' && c.type === 'print' ? [c.voucher] : []));
  }
}

// Devices that do what they are told only when the test says so: every command kept (and shown
// to `onSend` as it is sent), every event emitted by the test, so a crash or a sync can fall in
// between. For tests only.

import { DEVICE_NAMES, type DeviceBus, type DeviceCommand, type DeviceEvent } from '../../cabinet';
import type { LedgerDevices } from '../sim/ledger-devices';

export class HeldDevices implements DeviceBus {
  readonly sent: DeviceCommand[] = [];
  private listener: ((e: DeviceEvent) => void) | null = null;
  constructor(
    readonly sim: LedgerDevices,
    private readonly onSend: (c: DeviceCommand) => void = () => {},
  ) {}
  get recovery() {
    return this.sim.recovery;
  }
  /** What the devices say once the cabinet is up: online, and the deck's switches. */
  connect(): void {
    for (const device of DEVICE_NAMES) this.emit({ device, type: 'online' });
    this.emit({
      device: 'deck',
      type: 'switches',
      keys: { attendant: false, technician: false },
      doors: { main: false, logic: false, cashbox: false },
    });
  }
  send(c: DeviceCommand): void {
    this.onSend(c);
    this.sent.push(c);
  }
  onEvent(l: (e: DeviceEvent) => void) {
    this.listener = l;
    return () => (this.listener = null);
  }
  emit(e: DeviceEvent): void {
    this.listener?.(e);
  }
  async close(): Promise<void> {}
}

// The DeviceBus (src/cabinet/device-events.ts) over the three serial drivers: one place for the
// cabinet to send commands, hear events and ask the restart questions (C-14).

import type { DeviceBus, DeviceCommand, DeviceEvent, DeviceRecovery } from '../../cabinet/device-events';
import type { EbdsDriver } from '../ebds/driver';
import type { AcceptorDriver } from '../id003/driver';
import type { DeckDriver } from '../deck/driver';
import type { PrinterDriver } from '../printer/driver';
import type { TclPrinterDriver } from '../tcl/driver';

export interface Drivers {
  /** JCM ID-003 or MEI/CPI EBDS. */
  acceptor: AcceptorDriver | EbdsDriver;
  /** ESC/POS or TCL. */
  printer: PrinterDriver | TclPrinterDriver;
  deck: DeckDriver;
}

export class SerialDeviceBus implements DeviceBus {
  readonly recovery: DeviceRecovery;
  private readonly listeners = new Set<(e: DeviceEvent) => void>();
  private closed = false;

  constructor(
    readonly drivers: Drivers,
    private readonly cleanup: () => Promise<void> = async () => undefined,
  ) {
    this.recovery = {
      acceptorNote: () => drivers.acceptor.recovery.acceptorNote(),
      acceptorTicket: () => drivers.acceptor.recovery.acceptorTicket(),
      voucherPrinted: (v) => drivers.printer.recovery.voucherPrinted(v),
      committed: () => drivers.acceptor.recovery.committed(),
    };
    const relay = (e: DeviceEvent) => {
      for (const l of [...this.listeners]) {
        try {
          l(e);
        } catch {
          // A listener's failure is its own; the other listeners still hear the event.
        }
      }
    };
    for (const d of Object.values(drivers)) d.on('event', relay);
  }

  start(): this {
    for (const d of Object.values(this.drivers)) d.start();
    return this;
  }

  send(command: DeviceCommand): void {
    if (this.closed) throw new Error('device bus is closed');
    switch (command.device) {
      case 'acceptor':
        return this.drivers.acceptor.send(command);
      case 'printer':
        return this.drivers.printer.send(command);
      case 'deck':
        return this.drivers.deck.send(command);
      default:
        throw new Error(`no device "${(command as { device: string }).device}" on this bus`);
    }
  }

  onEvent(listener: (event: DeviceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(Object.values(this.drivers).map((d) => d.stop()));
    this.listeners.clear();
    await this.cleanup();
  }
}

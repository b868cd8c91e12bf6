// The bench devices: a simulated bill acceptor, voucher printer and button deck straight behind
// the DeviceBus interface, no drivers or bytes, their memory a ledger: the fast bench for the soak
// and the seeded headless bot. (The crash test runs the real drivers on the serial simulators
// instead: test/support/device-rig.ts.)
// Devices answer asynchronously, as real ones do, and what they physically do with notes and
// vouchers goes to the device ledger first.

import type { RandomSource } from '../../core';
import {
  DEVICE_NAMES,
  type Button,
  type DeviceBus,
  type DeviceCommand,
  type DeviceEvent,
  type Door,
  type KeySwitch,
} from '../../cabinet';
import { DeviceLedger } from './device-ledger';

export interface LedgerDevicesOptions {
  /** Where the devices keep their memory; null keeps it in this process only. */
  ledgerPath: string | null;
  /** Each ledger record synced to the disk (the default), or left to the kernel (device-ledger.ts). */
  ledgerSynced?: boolean;
  /** Chance that a print fails (paper jam), drawn from `random`. */
  printFailRate?: number;
  random?: RandomSource;
}

export class LedgerDevices implements DeviceBus {
  readonly ledger: DeviceLedger;
  private readonly listeners = new Set<(event: DeviceEvent) => void>();
  private inFlight = 0;
  private acceptorEnabled = false;
  private readonly doors: Record<Door, boolean> = { main: false, logic: false, cashbox: false };
  private readonly keys: Record<KeySwitch, boolean> = { attendant: false, technician: false };
  private closed = false;

  readonly recovery = {
    acceptorNote: async () => ({ ...this.ledger.summary.lastNote }),
    // These devices take no tickets; the answer is the ledger's all the same.
    acceptorTicket: async () => ({ ...this.ledger.summary.lastTicket }),
    voucherPrinted: async (validation: string) =>
      this.ledger.summary.printed.has(validation) ? ('printed' as const) : ('not-printed' as const),
    // These devices finish nothing on the cabinet's word: each answer is already in the ledger.
    committed: () => undefined,
  };

  constructor(private readonly options: LedgerDevicesOptions) {
    this.ledger = new DeviceLedger(options.ledgerPath, options.ledgerSynced ?? true);
  }

  onEvent(listener: (event: DeviceEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every device says it is online, and the deck reports its whole state (C-18). */
  connect(): void {
    for (const device of DEVICE_NAMES) this.later(() => this.emit({ device, type: 'online' }));
    this.later(() => this.emit({ device: 'deck', type: 'switches', keys: { ...this.keys }, doors: { ...this.doors } }));
  }

  send(command: DeviceCommand): void {
    this.later(() => this.execute(command));
  }

  private execute(c: DeviceCommand): void {
    const note = this.ledger.summary.lastNote;
    switch (c.device) {
      case 'acceptor':
        if (c.type === 'enable') this.acceptorEnabled = c.enabled;
        else if (c.type === 'stack' && note.state === 'escrow') {
          this.ledger.record({ e: 'stacked', v: note.value });
          this.emit({ device: 'acceptor', type: 'stacked', value: note.value, denomination: String(note.value) });
        } else if (c.type === 'return' && note.state === 'escrow') {
          this.ledger.record({ e: 'returned', v: note.value });
          this.emit({ device: 'acceptor', type: 'returned', value: note.value });
        }
        return;
      case 'printer': {
        // A handpay's receipt moves no money: the bench printer prints it, and keeps no record of it.
        if (c.type === 'printReceipt') {
          const { number, reprint } = c.receipt;
          this.emit({ device: 'printer', type: 'receiptPrinted', number, reprint });
          return;
        }
        const v = c.voucher;
        // A voucher already printed is not printed twice; the printer just confirms it.
        if (!this.ledger.summary.printed.has(v.validation)) {
          const rate = this.options.printFailRate ?? 0;
          if (rate > 0 && this.options.random && this.options.random.nextUint32() / 2 ** 32 < rate) {
            this.emit({ device: 'printer', type: 'printFailed', validation: v.validation, reason: 'paper jam' });
            return;
          }
          this.ledger.record({ e: 'printed', id: v.validation, v: v.amount });
        }
        this.emit({ device: 'printer', type: 'printed', validation: v.validation });
        return;
      }
      case 'deck':
        return;
    }
  }

  // The player's and the attendant's hands.

  /** Feeds a note; false when the acceptor is disabled or still holds one. */
  insertNote(value: number): boolean {
    if (!this.acceptorEnabled || this.ledger.summary.lastNote.state === 'escrow') return false;
    this.ledger.record({ e: 'escrow', v: value });
    this.later(() => this.emit({ device: 'acceptor', type: 'escrow', value, denomination: String(value) }));
    return true;
  }

  door(door: Door, open: boolean): void {
    this.doors[door] = open;
    this.later(() => this.emit({ device: 'deck', type: 'door', door, open }));
  }

  key(key: KeySwitch, on: boolean): void {
    this.keys[key] = on;
    this.later(() => this.emit({ device: 'deck', type: 'key', key, on }));
  }

  press(button: Button): void {
    this.later(() => {
      this.emit({ device: 'deck', type: 'button', button, pressed: true });
      this.emit({ device: 'deck', type: 'button', button, pressed: false });
    });
  }

  /** Resolves once every device has answered everything sent so far (and what that caused). */
  async settled(): Promise<void> {
    while (this.inFlight > 0) await new Promise<void>((r) => setImmediate(r));
  }

  private later(work: () => void): void {
    this.inFlight++;
    setImmediate(() => {
      this.inFlight--;
      if (!this.closed) work();
    });
  }

  private emit(event: DeviceEvent): void {
    for (const l of this.listeners) l(event);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ledger.close();
  }
}

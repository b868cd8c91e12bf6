// The devices of a cabinet under test, as real as they get without hardware: the serial
// simulators of src/devices on the far ends of socat pseudo-terminals, in a process of their own
// so they outlive any cabinet that dies on them. The cabinet opens the near ends with its real
// drivers, exactly as it opens serial ports. What the devices physically do with money goes to
// an fsynced ledger first: a note or a ticket past the point of no return (vend valid), one handed
// back, a voucher cut with its validation number and amount.

import { join } from 'node:path';
import { uniformBelow, type RandomSource } from '../../src/core';
import { withCheckDigits, type Door, type KeySwitch } from '../../src/cabinet';
import {
  AcceptorSimulator,
  DeckSimulator,
  EBDS_LINE,
  EbdsSimulator,
  PrinterSimulator,
  TclPrinterSimulator,
  type PrinterProtocol,
  type SimulatedPrinter,
  SerialEndpoint,
  SIMULATOR_LINES,
  SocatPair,
  type AcceptorProtocol,
  type PrintedTicket,
  type SimulatedAcceptor,
} from '../../src/devices';
import { DeviceLedger, type LedgerRecord } from '../../src/app/sim/device-ledger';
import { oneOf } from '../../src/app/sim/one-of';
import type { HandMove } from '../../src/app/sim/hands';

const NAMES = ['acceptor', 'printer', 'deck'] as const;

export interface DeviceRigOptions {
  /** Folder for the pseudo-terminal links. */
  dir: string;
  ledgerPath: string;
  /** The currency the acceptor is assigned for and the minor digits of the cabinet (default USD, 2). */
  currency?: string;
  /** The acceptor's family (default ID-003). */
  acceptor?: AcceptorProtocol;
  /** The printer's family (default ESC/POS). */
  printer?: PrinterProtocol;
  minorDigits?: number;
  /** Per cent of vouchers after which the printer runs out of paper part-way through the next. */
  paperOutPercent?: number;
  random?: RandomSource;
}

/** The amount in figures a voucher carries (`$1,234.56`, `EUR 12.50`, double width), in minor units. */
export function voucherAmount(ticket: PrintedTicket, minorDigits: number): number | null {
  for (const line of ticket.lines) {
    const m = /^(?:\$|[A-Z]{3})([\d,]+)(?:\.(\d+))?$/.exec(line.replace(/\s/g, ''));
    if (!m) continue;
    const frac = (m[2] ?? '').padEnd(minorDigits, '0');
    if (frac.length !== minorDigits) return null;
    // Group 1 is not optional: a match always has it.
    return Number(m[1]!.replace(/,/g, '') + frac);
  }
  return null;
}

export class DeviceRig {
  readonly acceptor: SimulatedAcceptor;
  readonly protocol: AcceptorProtocol;
  readonly printer: SimulatedPrinter;
  readonly printerProtocol: PrinterProtocol;
  readonly deck = new DeckSimulator();
  readonly ledger: DeviceLedger;
  private readonly pairs: Record<(typeof NAMES)[number], SocatPair>;
  private readonly endpoints: SerialEndpoint[] = [];
  private paperTimer: NodeJS.Timeout | null = null;
  /** Records written to the ledger since the rig started: what the devices physically did. */
  private done = 0;
  private workWaiters: { at: number; resolve: () => void }[] = [];

  private constructor(private readonly options: DeviceRigOptions) {
    const unit = { currency: options.currency, minorDigits: options.minorDigits };
    this.protocol = options.acceptor ?? 'id003';
    this.acceptor = this.protocol === 'ebds' ? new EbdsSimulator(unit) : new AcceptorSimulator(unit);
    this.printerProtocol = options.printer ?? 'escpos';
    this.printer = this.printerProtocol === 'tcl' ? new TclPrinterSimulator() : new PrinterSimulator();
    this.ledger = new DeviceLedger(options.ledgerPath);
    this.pairs = Object.fromEntries(
      NAMES.map((n) => [n, new SocatPair(join(options.dir, `${n}-host`), join(options.dir, `${n}-device`))]),
    ) as DeviceRig['pairs'];
    // The ledger is written before anyone hears of it: the devices' memory outlives the cabinet.
    this.acceptor.watch((m) =>
      this.record('note' in m ? { e: m.kind, v: m.note.value } : { e: m.kind, id: m.barcode }),
    );
    this.printer.on('printed', (ticket) => this.printed(ticket));
  }

  static async start(options: DeviceRigOptions): Promise<DeviceRig> {
    const rig = new DeviceRig(options);
    await rig.lines();
    for (const n of NAMES) {
      const line = n === 'acceptor' && rig.protocol === 'ebds' ? EBDS_LINE : SIMULATOR_LINES[n];
      const endpoint = new SerialEndpoint({ path: rig.pairs[n].device, ...line });
      rig.endpoints.push(endpoint);
      rig[n].attach(endpoint);
    }
    return rig;
  }

  /** The ports a cabinet opens, as its configuration's `devices` (the acceptor with its family). */
  get ports(): {
    acceptor: { path: string; protocol: AcceptorProtocol };
    printer: { path: string; protocol: PrinterProtocol };
    deck: string;
  } {
    return {
      acceptor: { path: this.pairs.acceptor.host, protocol: this.protocol },
      printer: { path: this.pairs.printer.host, protocol: this.printerProtocol },
      deck: this.pairs.deck.host,
    };
  }

  /** Makes sure every line is there (a pseudo-terminal pair may not survive its user's death). */
  async lines(): Promise<void> {
    for (const n of NAMES) await this.pairs[n].start();
  }

  /** What the devices have physically done so far (a note or ticket moved, a voucher cut): a count. */
  get work(): number {
    return this.done;
  }

  /** Resolves once the devices have done `n` more things than `work` says now. */
  whenWorked(n: number): Promise<void> {
    const at = this.done + n;
    return new Promise((resolve) => {
      if (this.done >= at) resolve();
      else this.workWaiters.push({ at, resolve });
    });
  }

  private record(r: LedgerRecord): void {
    this.ledger.record(r);
    this.done++;
    this.workWaiters = this.workWaiters.filter((w) => {
      if (this.done < w.at) return true;
      w.resolve();
      return false;
    });
  }

  /** Carries out a move of the player's or attendant's hands. */
  hand(move: HandMove): void {
    if (move.move === 'insertNote') this.acceptor.insertNote(move.value);
    else if (move.move === 'insertTicket') {
      const ticket = this.pickTicket();
      if (ticket !== null) this.acceptor.insertTicket(ticket);
    } else if (move.move === 'door') this.deck.setDoor(move.door as Door, move.open);
    else this.deck.turnKey(move.key as KeySwitch, move.on);
  }

  /**
   * A ticket for the player to insert: most often one of the vouchers printed so far (redeemed
   * already or not), otherwise a stranger's 18 digits, their check digits right half the time (a
   * guess at a number) and most likely wrong otherwise (a misread). None before the first voucher:
   * strangers alone would keep the slot locked (C-3) before any voucher could come back.
   */
  private pickTicket(): string | null {
    const random = this.options.random;
    const printed = [...this.ledger.summary.printed.keys()];
    if (!random) return printed.at(-1) ?? null;
    if (printed.length === 0) return null;
    if (uniformBelow(random, 10) < 8) return oneOf(random, printed);
    const body = Array.from({ length: 16 }, () => uniformBelow(random, 10)).join('');
    const guessed = withCheckDigits(body);
    return uniformBelow(random, 2) === 0
      ? guessed
      : guessed.slice(0, 16) + String((Number(guessed[16]) + 1) % 10) + guessed[17];
  }

  private printed(ticket: PrintedTicket): void {
    // A device test's specimen is worth nothing and is no voucher.
    if (!ticket.validation || ticket.text.includes('SPECIMEN')) return;
    this.record({
      e: 'printed',
      id: ticket.validation,
      v: voucherAmount(ticket, this.options.minorDigits ?? 2) ?? -1,
    });
    const { paperOutPercent = 0, random } = this.options;
    if (random && uniformBelow(random, 100) < paperOutPercent) {
      // Paper runs out part-way through the next voucher; someone reloads it a moment later.
      this.printer.runOutAfter(1 + uniformBelow(random, 12));
      this.watchPaper();
    }
  }

  private watchPaper(): void {
    if (this.paperTimer) return;
    this.paperTimer = setInterval(() => {
      if (!this.printer.paperOut) return;
      clearInterval(this.paperTimer!);
      this.paperTimer = null;
      setTimeout(() => this.printer.setPaperOut(false), 300);
    }, 50);
  }

  async close(): Promise<void> {
    if (this.paperTimer) clearInterval(this.paperTimer);
    for (const n of NAMES) this[n].detach();
    await Promise.all(this.endpoints.map((e) => e.close()));
    for (const n of NAMES) await this.pairs[n].stop();
    this.ledger.close();
  }
}

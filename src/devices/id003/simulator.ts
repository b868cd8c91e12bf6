// The acceptor's side of ID-003: answers the driver's frames as a JCM acceptor would, and can be
// scripted (insert a note or a barcode ticket, jam, stacker full or open, power-cycle). Movements
// advance one step per status request, so a test runs as fast as the driver polls and never waits
// on a clock. A ticket takes the note's path (accepting, escrow, stacking, vend valid, stacked or
// returning); the acceptor reads barcodes only once told to by the barcode function (C6) and
// the bar inhibit (C7), which it forgets at power-up.

import type { SimulatedAcceptor } from '../acceptor/simulated';
import { AcceptorSimulatorBase } from '../shared/acceptor-simulator-base';
import { encodeResponse, type CurrencyEntry, type Id003Command, type Id003Response } from './codec';
import { assignmentFor, countryFor, noteTable, type NoteValue } from './currency';
import { BAR_INHIBIT, BARCODE_INTERLEAVED_2_OF_5, ESCROW_BARCODE, FAILURE_CODES } from './codes';
import { Id003CommandParser } from './parser';
import {
  DEFAULT_NOTES,
  FAULT_ORDER,
  MAX_BARCODE_BYTES,
  type AcceptorFault,
  type AcceptorSimEvents,
  type AcceptorSimOptions,
  type Item,
  type Phase,
} from './sim-kinds';
import { answerSetting, powerUpSettings, type UnitSettings } from './sim-settings';

export { MAX_BARCODE_BYTES, type AcceptorFault, type AcceptorSimEvents, type AcceptorSimOptions } from './sim-kinds';

export class AcceptorSimulator
  extends AcceptorSimulatorBase<AcceptorSimEvents, Id003Command, AcceptorFault>
  implements SimulatedAcceptor
{
  readonly entries: CurrencyEntry[];
  readonly values: NoteValue[];
  /** Every note that reached the cash box, in order. */
  readonly cashbox: NoteValue[] = [];
  /** Every ticket that reached the cash box, by barcode, in order. */
  readonly ticketBox: string[] = [];
  private phase: Phase = 'powerUp';
  private stepsLeft = 0;
  /** The note or ticket in hand. */
  private item: Item | null = null;
  /** What the controller has set since power-up (C0, C3, C6, C7). */
  private readonly settings: UnitSettings = powerUpSettings();
  private readonly anyBarcode: boolean;
  /** The item in hand has reached the cash box (vend valid): a power cut cannot undo that. */
  private boxed = false;
  /** Scripted fault of the mechanism: initialising never ends. */
  private stuckInitializing = false;
  private rejectReason = 0;
  private failureCode = 0xa2;
  /** Where the item was when the power went: decides the power-up status. */
  private powerLossNote: 'none' | 'acceptor' | 'stacker' = 'none';
  private readonly stepPolls: number;
  private readonly version: string;

  constructor(options: AcceptorSimOptions = {}) {
    super(new Id003CommandParser());
    const currency = options.currency ?? 'USD';
    const country = countryFor(currency);
    if (!country)
      throw new Error(`a simulated acceptor cannot be assigned for ${currency}: no JCM country code is known for it`);
    this.entries = assignmentFor(options.notes ?? DEFAULT_NOTES[currency] ?? [], country.code);
    const table = noteTable(this.entries, currency, options.minorDigits ?? 2);
    if (!table.ok) throw new Error(table.reason);
    this.values = table.values;
    this.stepPolls = options.stepPolls ?? 1;
    this.version = options.version ?? 'SIM-ID003 USA 1.00';
    this.anyBarcode = options.anyBarcode ?? false;
  }

  get state(): {
    phase: Phase;
    inhibited: boolean;
    inhibitMask: number;
    note: NoteValue | null;
    ticket: string | null;
    faults: AcceptorFault[];
    barcodeFunction: { symbology: number; characters: number };
    barInhibit: number;
  } {
    const i = this.item;
    return {
      phase: this.phase,
      inhibited: this.settings.inhibited,
      inhibitMask: this.settings.inhibitMask,
      note: i?.kind === 'note' ? i.note : null,
      ticket: i?.kind === 'ticket' ? i.barcode : null,
      faults: [...this.faults],
      barcodeFunction: { ...this.settings.barcodeFunction },
      barInhibit: this.settings.barInhibit,
    };
  }

  /** Whether it draws anything in: idle, enabled (C3 and C7), no fault. */
  get drawsIn(): boolean {
    return this.phase === 'idle' && !this.disabled && this.faults.size === 0;
  }

  /** DISABLE: inhibited as a whole, or notes and tickets both inhibited by the bar inhibit. */
  private get disabled(): boolean {
    const both = BAR_INHIBIT.notes | BAR_INHIBIT.tickets;
    return this.settings.inhibited || (this.settings.barInhibit & both) === both;
  }

  // --- scripting -------------------------------------------------------------------------

  /** Offers a note of `value` minor units; false when the acceptor would not draw it in. */
  insertNote(value: number): boolean {
    if (!this.drawsIn) return false;
    const note = this.values.find((n) => n.value === value);
    if (!note) return this.insertCounterfeit(0x76);
    const enabled =
      !(this.settings.inhibitMask & (1 << (note.code - 0x61))) && !(this.settings.barInhibit & BAR_INHIBIT.notes);
    this.item = { kind: 'note', note };
    this.rejectReason = enabled ? 0 : 0x79;
    this.move('accepting');
    return true;
  }

  /**
   * Offers a barcode ticket (one byte a character); false when the acceptor would not draw it in.
   * It is read only as set up by C6 and C7, and otherwise rejected with the reason a JCM unit gives.
   */
  insertTicket(barcode: string): boolean {
    if ([...barcode].some((c) => c.charCodeAt(0) > 0xff) || barcode.length > MAX_BARCODE_BYTES) {
      throw new Error(`a ticket's barcode is up to ${MAX_BARCODE_BYTES} single bytes`);
    }
    if (!this.drawsIn) return false;
    this.item = { kind: 'ticket', barcode };
    this.rejectReason = this.ticketRejectReason(barcode);
    this.move('accepting');
    return true;
  }

  /** 0 to read it; otherwise the reject reason (JCM's barcode codes 0x91–0x9D, or inhibit). */
  private ticketRejectReason(barcode: string): number {
    const { symbology, characters } = this.settings.barcodeFunction;
    if (symbology === 0) return 0x91; // barcode reading not set up
    if (symbology !== BARCODE_INTERLEAVED_2_OF_5) return 0x96; // our tickets' symbology is not enabled
    if (this.settings.barInhibit & BAR_INHIBIT.tickets) return 0x79;
    if (this.anyBarcode) return 0;
    if (!/^[0-9]+$/.test(barcode)) return 0x92; // interleaved 2 of 5 carries digits only
    return barcode.length === characters ? 0 : 0x9d;
  }

  /** A note the acceptor will refuse, with an ID-003 reject reason (default: not recognised). */
  insertCounterfeit(reason = 0x76): boolean {
    if (!this.drawsIn) return false;
    this.item = null;
    this.rejectReason = reason;
    this.move('accepting');
    return true;
  }

  jam(where: 'acceptor' | 'stacker' = 'acceptor'): void {
    this.faults.add(where === 'acceptor' ? 'jamInAcceptor' : 'jamInStacker');
  }

  /** The technician frees the path; a note caught in it is handed back. */
  clearJam(): void {
    this.faults.delete('jamInAcceptor');
    this.faults.delete('jamInStacker');
    if (this.item && this.phase !== 'idle') this.move('returning');
  }

  setStackerFull(on: boolean): void {
    this.setFault('stackerFull', on);
  }

  setStackerOpen(on: boolean): void {
    this.setFault('stackerOpen', on);
  }

  setFailure(code: number | null): void {
    if (code !== null && !(code in FAILURE_CODES))
      throw new Error(`0x${code.toString(16)} is not an ID-003 failure code`);
    if (code !== null) this.failureCode = code;
    this.setFault('failure', code !== null);
  }

  /** A mechanism that never finishes initialising (it reports INITIALIZE for ever). */
  setStuckInitializing(on: boolean): void {
    this.stuckInitializing = on;
  }

  powerOff(): void {
    if (this.phase === 'off') return;
    const p = this.phase;
    this.powerLossNote =
      p === 'stacking' || p === 'vendValid'
        ? 'stacker'
        : this.item && p !== 'idle' && p !== 'stacked' && !this.boxed
          ? 'acceptor'
          : 'none';
    this.phase = 'off';
    this.parser.reset();
  }

  powerOn(): void {
    if (this.phase !== 'off') return;
    this.phase = 'powerUp';
    Object.assign(this.settings, powerUpSettings());
  }

  // --- protocol ---------------------------------------------------------------------------

  private move(phase: Phase): void {
    this.phase = phase;
    this.stepsLeft = this.stepPolls;
  }

  private reply(r: Id003Response): void {
    this.send(encodeResponse(r));
  }

  protected handle(cmd: Id003Command): void {
    if (this.phase === 'off') return;
    this.emit('command', cmd);
    const p = this.phase;
    switch (cmd.type) {
      case 'statusRequest':
        this.reply(this.status());
        this.advance();
        return;
      case 'ack':
        if (p === 'vendValid') this.move('stacked');
        return; // an ACK is never answered
      case 'reset':
        this.reply({ type: 'ack' });
        if (p === 'escrow' || p === 'holding' || p === 'accepting') this.powerLossNote = 'acceptor';
        this.move('initializing');
        return;
      case 'stack1':
      case 'stack2':
        if ((p !== 'escrow' && p !== 'holding') || this.faults.size) return this.reply({ type: 'invalidCommand' });
        this.reply({ type: 'ack' });
        this.move('stacking');
        return;
      case 'return':
        if ((p !== 'escrow' && p !== 'holding') || this.faults.size) return this.reply({ type: 'invalidCommand' });
        this.reply({ type: 'ack' });
        this.move('returning');
        return;
      case 'hold':
        if (p !== 'escrow' && p !== 'holding') return this.reply({ type: 'invalidCommand' });
        this.reply({ type: 'ack' });
        this.phase = 'holding';
        return;
      case 'wait':
        return this.reply({ type: 'ack' });
      default:
        return this.reply(answerSetting(cmd, this.settings, { version: this.version, entries: this.entries }));
    }
  }

  private status(): Id003Response {
    const fault = FAULT_ORDER.find((f) => this.faults.has(f));
    if (fault === 'failure') return { type: 'failure', code: this.failureCode };
    if (fault) return { type: fault };
    switch (this.phase) {
      case 'powerUp':
        return {
          type:
            this.powerLossNote === 'stacker'
              ? 'powerUpBillInStacker'
              : this.powerLossNote === 'acceptor'
                ? 'powerUpBillInAcceptor'
                : 'powerUp',
        };
      case 'idle':
        return { type: this.disabled ? 'disabled' : 'idling' };
      case 'escrow': {
        const i = this.item!;
        return i.kind === 'note'
          ? { type: 'escrow', code: i.note.code }
          : { type: 'escrow', code: ESCROW_BARCODE, barcode: i.barcode };
      }
      case 'rejecting':
        return { type: 'rejecting', reason: this.rejectReason };
      case 'off':
        throw new Error('no status while powered off');
      default:
        return { type: this.phase };
    }
  }

  /** The item reaches the cash box: from here on it is the controller's to credit. */
  private box(): void {
    const i = this.item;
    if (!i || this.boxed) return;
    this.boxed = true;
    if (i.kind === 'note') {
      this.cashbox.push(i.note);
      this.emit('stacked', i.note);
    } else {
      this.ticketBox.push(i.barcode);
      this.emit('ticketStacked', i.barcode);
    }
  }

  /** One status request's worth of movement. */
  private advance(): void {
    if (this.faults.size || --this.stepsLeft > 0) return;
    switch (this.phase) {
      case 'initializing': {
        if (this.stuckInitializing) return;
        const left = this.powerLossNote;
        this.powerLossNote = 'none';
        if (left === 'stacker' && this.item) {
          // The item was past the point of no return: it finishes into the box without a vend valid.
          this.box();
          this.item = null;
          this.boxed = false;
          this.phase = 'idle';
        } else if (left === 'acceptor' && this.item) this.move('returning');
        else this.phase = 'idle';
        return;
      }
      case 'accepting':
        if (this.rejectReason) this.move('rejecting');
        else {
          this.phase = 'escrow';
          const i = this.item!;
          if (i.kind === 'note') this.emit('escrow', i.note);
          else this.emit('ticketEscrow', i.barcode);
        }
        return;
      case 'stacking':
        this.phase = 'vendValid';
        this.box();
        return;
      case 'stacked':
        this.item = null;
        this.boxed = false;
        this.phase = 'idle';
        return;
      case 'rejecting':
        this.emit('rejected', this.rejectReason);
        this.item = null;
        this.phase = 'idle';
        return;
      case 'returning':
        if (this.item?.kind === 'note') this.emit('returned', this.item.note);
        else if (this.item) this.emit('ticketReturned', this.item.barcode);
        this.item = null;
        this.phase = 'idle';
        return;
    }
  }
}

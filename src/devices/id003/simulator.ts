// The acceptor's side of ID-003: answers the driver's frames as a JCM acceptor would, and can be
// scripted (insert a note, jam, stacker full or open, power-cycle). Movements advance one step
// per status request, so a test runs as fast as the driver polls and never waits on a clock.

import { EventEmitter } from 'node:events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { encodeResponse, type CurrencyEntry, type Id003Command, type Id003Response } from './codec';
import { assignmentFor, countryFor, noteTable, type NoteValue } from './currency';
import { FAILURE_CODES } from './codes';
import { Id003CommandParser } from './parser';

type Phase =
  | 'off' | 'powerUp' | 'initializing' | 'idle' | 'accepting' | 'escrow' | 'holding'
  | 'stacking' | 'vendValid' | 'stacked' | 'rejecting' | 'returning';

export type AcceptorFault = 'stackerFull' | 'stackerOpen' | 'jamInAcceptor' | 'jamInStacker' | 'pause' | 'cheated' | 'failure' | 'communicationError';
const FAULT_ORDER: AcceptorFault[] = ['failure', 'jamInAcceptor', 'jamInStacker', 'stackerOpen', 'stackerFull', 'cheated', 'pause', 'communicationError'];

/** Notes a simulated acceptor knows when not told, by the currency it is assigned for. */
const DEFAULT_NOTES: Record<string, number[]> = {
  USD: [1, 2, 5, 10, 20, 50, 100],
  JPY: [1000, 2000, 5000, 10000],
  EUR: [5, 10, 20, 50, 100, 200, 500],
};

export interface AcceptorSimOptions {
  /** The currency its assignment is for (default USD; one of the JCM country table's). */
  currency?: string;
  /** Notes the acceptor knows, in major units (default: that currency's usual notes). */
  notes?: number[];
  /** Minor digits its `values` are given in (those of the cabinet it is tested with; default 2). */
  minorDigits?: number;
  /** Status requests a movement lasts (accepting, stacking, returning, initialising). */
  stepPolls?: number;
  version?: string;
}

export interface AcceptorSimEvents {
  /** A note is held in escrow, waiting for the controller's word. */
  escrow: [note: NoteValue];
  /** A note is past the point of no return: in the cash box, whatever happens to the line. */
  stacked: [note: NoteValue];
  returned: [note: NoteValue];
  rejected: [reason: number];
  command: [command: Id003Command];
}

export class AcceptorSimulator extends EventEmitter<AcceptorSimEvents> {
  readonly entries: CurrencyEntry[];
  readonly values: NoteValue[];
  /** Every note that reached the cash box, in order. */
  readonly cashbox: NoteValue[] = [];
  private phase: Phase = 'powerUp';
  private stepsLeft = 0;
  private note: NoteValue | null = null;
  /** The note in hand has reached the cash box (vend valid): a power cut cannot undo that. */
  private boxed = false;
  /** Scripted fault of the mechanism: initialising never ends. */
  private stuckInitializing = false;
  private rejectReason = 0;
  private inhibited = true;
  private inhibitMask = 0;
  private readonly faults = new Set<AcceptorFault>();
  private failureCode = 0xa2;
  /** Where a note was when the power went: decides the power-up status. */
  private powerLossNote: 'none' | 'acceptor' | 'stacker' = 'none';
  private readonly parser = new Id003CommandParser();
  private unsubscribe: (() => void) | null = null;
  private endpoint: DeviceEndpoint | null = null;
  private readonly stepPolls: number;
  private readonly version: string;

  constructor(options: AcceptorSimOptions = {}) {
    super();
    const currency = options.currency ?? 'USD';
    const country = countryFor(currency);
    if (!country) throw new Error(`a simulated acceptor cannot be assigned for ${currency}: no JCM country code is known for it`);
    this.entries = assignmentFor(options.notes ?? DEFAULT_NOTES[currency] ?? [], country.code);
    const table = noteTable(this.entries, currency, options.minorDigits ?? 2);
    if (!table.ok) throw new Error(table.reason);
    this.values = table.values;
    this.stepPolls = options.stepPolls ?? 1;
    this.version = options.version ?? 'SIM-ID003 USA 1.00';
  }

  attach(endpoint: DeviceEndpoint): this {
    this.detach();
    this.endpoint = endpoint;
    let lastDataAt = 0;
    this.unsubscribe = endpoint.onData((bytes) => {
      const now = Date.now();
      // A quiet line ends whatever partial frame was waiting (see FramedParser).
      if (now - lastDataAt > 50) for (const cmd of this.parser.reset()) this.handle(cmd);
      lastDataAt = now;
      for (const cmd of this.parser.feed(bytes)) this.handle(cmd);
    });
    return this;
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.endpoint = null;
  }

  /** Frames from the controller that were dropped (bad CRC, garbage, unknown command). */
  get badFrames(): number {
    return this.parser.stats.badFrames;
  }

  get state(): { phase: Phase; inhibited: boolean; inhibitMask: number; note: NoteValue | null; faults: AcceptorFault[] } {
    return { phase: this.phase, inhibited: this.inhibited, inhibitMask: this.inhibitMask, note: this.note, faults: [...this.faults] };
  }

  // --- scripting -------------------------------------------------------------------------

  /** Offers a note of `value` minor units; false when the acceptor would not draw it in. */
  insertNote(value: number): boolean {
    if (this.phase !== 'idle' || this.inhibited || this.faults.size) return false;
    const note = this.values.find((n) => n.value === value);
    if (!note) return this.insertCounterfeit(0x76);
    const enabled = !(this.inhibitMask & (1 << (note.code - 0x61)));
    this.note = note;
    this.rejectReason = enabled ? 0 : 0x79;
    this.move('accepting');
    return true;
  }

  /** A note the acceptor will refuse, with an ID-003 reject reason (default: not recognised). */
  insertCounterfeit(reason = 0x76): boolean {
    if (this.phase !== 'idle' || this.inhibited || this.faults.size) return false;
    this.note = null;
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
    if (this.note && this.phase !== 'idle') this.move('returning');
  }

  setStackerFull(on: boolean): void {
    this.setFault('stackerFull', on);
  }

  setStackerOpen(on: boolean): void {
    this.setFault('stackerOpen', on);
  }

  setFailure(code: number | null): void {
    if (code !== null && !(code in FAILURE_CODES)) throw new Error(`0x${code.toString(16)} is not an ID-003 failure code`);
    if (code !== null) this.failureCode = code;
    this.setFault('failure', code !== null);
  }

  setFault(fault: AcceptorFault, on: boolean): void {
    if (on) this.faults.add(fault);
    else this.faults.delete(fault);
  }

  /** A mechanism that never finishes initialising (it reports INITIALIZE for ever). */
  setStuckInitializing(on: boolean): void {
    this.stuckInitializing = on;
  }

  powerOff(): void {
    if (this.phase === 'off') return;
    const p = this.phase;
    this.powerLossNote = p === 'stacking' || p === 'vendValid' ? 'stacker' : this.note && p !== 'idle' && p !== 'stacked' && !this.boxed ? 'acceptor' : 'none';
    this.phase = 'off';
    this.parser.reset();
  }

  powerOn(): void {
    if (this.phase !== 'off') return;
    this.phase = 'powerUp';
    this.inhibited = true;
  }

  /** Power off now and back on after `offMs`. */
  powerCycle(offMs = 200): Promise<void> {
    this.powerOff();
    return new Promise((resolve) =>
      setTimeout(() => {
        this.powerOn();
        resolve();
      }, offMs),
    );
  }

  // --- protocol ---------------------------------------------------------------------------

  private move(phase: Phase): void {
    this.phase = phase;
    this.stepsLeft = this.stepPolls;
  }

  private reply(r: Id003Response): void {
    this.endpoint?.write(encodeResponse(r));
  }

  private handle(cmd: Id003Command): void {
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
      case 'setInhibit':
        this.inhibited = cmd.inhibited;
        return this.reply({ type: 'inhibit', inhibited: cmd.inhibited, echo: true });
      case 'getInhibit':
        return this.reply({ type: 'inhibit', inhibited: this.inhibited, echo: false });
      case 'setDenominations':
        this.inhibitMask = cmd.inhibitMask;
        return this.reply({ type: 'denominations', inhibitMask: cmd.inhibitMask, echo: true });
      case 'getDenominations':
        return this.reply({ type: 'denominations', inhibitMask: this.inhibitMask, echo: false });
      case 'setSecurity':
      case 'setOptionalFunction':
        return this.reply({ type: 'setting', code: cmd.type === 'setSecurity' ? 0xc1 : 0xc5, data: [cmd.mask & 0xff, cmd.mask >> 8] });
      case 'setCommunicationMode':
        return this.reply({ type: 'setting', code: 0xc2, data: [cmd.mode] });
      case 'setDirection':
        return this.reply({ type: 'setting', code: 0xc4, data: [cmd.mask] });
      case 'getSecurity':
      case 'getOptionalFunction':
        return this.reply({ type: 'setting', code: cmd.type === 'getSecurity' ? 0x81 : 0x85, data: [0, 0] });
      case 'getCommunicationMode':
        return this.reply({ type: 'setting', code: 0x82, data: [0] });
      case 'getDirection':
        return this.reply({ type: 'setting', code: 0x84, data: [0] });
      case 'getVersion':
        return this.reply({ type: 'version', text: this.version, boot: false });
      case 'getBootVersion':
        return this.reply({ type: 'version', text: 'SIM-BOOT 1.00', boot: true });
      case 'getCurrencyAssignment':
        return this.reply({ type: 'currencyAssignment', entries: this.entries });
    }
  }

  private status(): Id003Response {
    const fault = FAULT_ORDER.find((f) => this.faults.has(f));
    if (fault === 'failure') return { type: 'failure', code: this.failureCode };
    if (fault) return { type: fault };
    switch (this.phase) {
      case 'powerUp':
        return { type: this.powerLossNote === 'stacker' ? 'powerUpBillInStacker' : this.powerLossNote === 'acceptor' ? 'powerUpBillInAcceptor' : 'powerUp' };
      case 'idle':
        return { type: this.inhibited ? 'disabled' : 'idling' };
      case 'escrow':
        return { type: 'escrow', code: this.note!.code };
      case 'rejecting':
        return { type: 'rejecting', reason: this.rejectReason };
      case 'off':
        throw new Error('no status while powered off');
      default:
        return { type: this.phase };
    }
  }

  /** The note reaches the cash box: from here on it is the controller's to credit. */
  private box(): void {
    if (!this.note || this.boxed) return;
    this.boxed = true;
    this.cashbox.push(this.note);
    this.emit('stacked', this.note);
  }

  /** One status request's worth of movement. */
  private advance(): void {
    if (this.faults.size || --this.stepsLeft > 0) return;
    switch (this.phase) {
      case 'initializing': {
        if (this.stuckInitializing) return;
        const left = this.powerLossNote;
        this.powerLossNote = 'none';
        if (left === 'stacker' && this.note) {
          // The note was past the point of no return: it finishes into the box without a vend valid.
          this.box();
          this.note = null;
          this.boxed = false;
          this.phase = 'idle';
        } else if (left === 'acceptor' && this.note) this.move('returning');
        else this.phase = 'idle';
        return;
      }
      case 'accepting':
        if (this.rejectReason) this.move('rejecting');
        else {
          this.phase = 'escrow';
          this.emit('escrow', this.note!);
        }
        return;
      case 'stacking':
        this.phase = 'vendValid';
        this.box();
        return;
      case 'stacked':
        this.note = null;
        this.boxed = false;
        this.phase = 'idle';
        return;
      case 'rejecting':
        this.emit('rejected', this.rejectReason);
        this.note = null;
        this.phase = 'idle';
        return;
      case 'returning':
        if (this.note) this.emit('returned', this.note);
        this.note = null;
        this.phase = 'idle';
        return;
    }
  }
}

// The acceptor's side of EBDS: answers the host's frames as an MEI/CPI unit in extended note mode
// would, and can be scripted (insert a note or a barcode ticket, jam, cash box full or removed,
// power-cycle). Movements advance one step per omnibus command, so a test runs as fast as the host
// polls and never waits on a clock. The ACK/NAK toggle is the unit's: a command with the toggle of
// the one before is a repeat, answered with the very same reply and acted on not at all; after a
// power-up the first command is new whatever its toggle. What a unit does at power-up with a
// document in its path follows policy A as far as it is publicly described (docs/protocols/ebds.md):
// one past escrow is stacked and reported stacked without its value; one in escrow is handed back.

import type { SimulatedAcceptor } from '../acceptor/simulated';
import { AcceptorSimulatorBase } from '../shared/acceptor-simulator-base';
import { encodeReply, unitStatus, type EbdsCommand, type EbdsReply, type OmnibusBits, type UnitStatus } from './codec';
import type { Toggle } from './frame';
import { crcData } from './identity';
import { noteDataOf } from './notes';
import { EbdsCommandParser } from './parser';
import {
  DEFAULT_NOTES,
  MAX_BARCODE_CHARS,
  type EbdsSimEvents,
  type EbdsSimFault,
  type EbdsSimOptions,
  type Item,
  type Phase,
  type SimNote,
} from './sim-kinds';

export {
  MAX_BARCODE_CHARS,
  type EbdsSimEvents,
  type EbdsSimFault,
  type EbdsSimOptions,
  type SimNote,
} from './sim-kinds';

/** What the unit just did, reported in the replies until the host's next new command. */
type Event = { kind: 'stacked'; note: SimNote | null } | { kind: 'returned' } | { kind: 'rejected' };

export class EbdsSimulator
  extends AcceptorSimulatorBase<EbdsSimEvents, EbdsCommand, EbdsSimFault>
  implements SimulatedAcceptor
{
  readonly currency: string;
  readonly notes: SimNote[];
  /** Every note that reached the cash box, in order. */
  readonly cashbox: SimNote[] = [];
  /** Every ticket that reached the cash box, by barcode, in order. */
  readonly ticketBox: string[] = [];
  private phase: Phase = 'powerUp';
  private stepsLeft: number;
  private item: Item | null = null;
  private rejectWhy = '';
  private event: Event | null = null;
  private invalidCommand = false;
  /** The item in hand has reached the cash box: a power cut cannot undo that. */
  private boxed = false;
  private bits: OmnibusBits | null = null;
  private enables: boolean[];
  /** Where the item was when the power went: decides what the power-up does with it. */
  private powerLoss: 'none' | 'escrow' | 'postEscrow' = 'none';
  /** The toggle and reply of the last command acted on; null after power-up. */
  private last: { toggle: Toggle; reply: Buffer } | null = null;
  private readonly options: Required<Omit<EbdsSimOptions, 'currency' | 'notes' | 'minorDigits'>>;

  constructor(options: EbdsSimOptions = {}) {
    super(new EbdsCommandParser());
    this.currency = options.currency ?? 'USD';
    const minorDigits = options.minorDigits ?? 2;
    this.notes = (options.notes ?? DEFAULT_NOTES[this.currency] ?? []).map((major, i) => ({
      index: i + 1,
      value: Math.round(major * 10 ** minorDigits),
      denomination: `${this.currency} ${major}`,
      data: noteDataOf(this.currency, major),
    }));
    this.options = {
      stepPolls: 1,
      model: 0x54,
      revision: 0x21,
      partNumber: '286100R21',
      softwareCrc: 0x3b7e,
      enableBytes: 19,
      anyBarcode: false,
      ...options,
    };
    this.stepsLeft = this.options.stepPolls;
    this.enables = this.notes.map(() => true);
  }

  /** The notes as the driver's table: values in the tested cabinet's minor units. */
  get values(): { value: number; denomination: string }[] {
    return this.notes.map(({ value, denomination }) => ({ value, denomination }));
  }

  get state(): {
    phase: Phase;
    enabled: boolean;
    barcodes: boolean;
    enables: boolean[];
    note: SimNote | null;
    ticket: string | null;
    faults: EbdsSimFault[];
  } {
    const i = this.item;
    return {
      phase: this.phase,
      enabled: this.enabled,
      barcodes: this.bits?.barcode ?? false,
      enables: [...this.enables],
      note: i?.kind === 'note' ? i.note : null,
      ticket: i?.kind === 'ticket' ? i.barcode : null,
      faults: [...this.faults],
    };
  }

  private get enabled(): boolean {
    return (this.bits?.denominations ?? 0) !== 0;
  }

  /** Whether it draws anything in: idle, enabled by the host, no fault. */
  get drawsIn(): boolean {
    return this.phase === 'idle' && this.enabled && this.faults.size === 0;
  }

  // --- scripting -------------------------------------------------------------------------

  /** Offers a note of `value` minor units; false when the unit would not draw it in. */
  insertNote(value: number): boolean {
    if (!this.drawsIn) return false;
    const note = this.notes.find((n) => n.value === value);
    if (!note) return this.insertCounterfeit();
    const b = this.bits!;
    const enabled = b.extendedNotes
      ? this.enables[note.index - 1]
      : note.index <= 7 && (b.denominations >> (note.index - 1)) & 1;
    this.item = { kind: 'note', note };
    this.rejectWhy = enabled ? '' : `${note.denomination} is inhibited`;
    this.move('accepting');
    return true;
  }

  /** Offers a barcode ticket; false when the unit would not draw it in. Read only with barcodes enabled. */
  insertTicket(barcode: string): boolean {
    if ([...barcode].some((c) => c.charCodeAt(0) > 0x7f) || barcode.length > MAX_BARCODE_CHARS)
      throw new Error(`a ticket's barcode is up to ${MAX_BARCODE_CHARS} 7-bit characters`);
    if (!this.drawsIn) return false;
    this.item = { kind: 'ticket', barcode };
    this.rejectWhy = !this.bits!.barcode
      ? 'barcode vouchers are disabled'
      : !this.options.anyBarcode && !/^[0-9]+$/.test(barcode)
        ? 'interleaved 2 of 5 carries digits only'
        : '';
    this.move('accepting');
    return true;
  }

  /** A document the unit will refuse (not recognised). */
  insertCounterfeit(): boolean {
    if (!this.drawsIn) return false;
    this.item = null;
    this.rejectWhy = 'not recognised';
    this.move('accepting');
    return true;
  }

  jam(): void {
    this.faults.add('jammed');
  }

  /** The technician frees the path; a document caught in it is handed back. */
  clearJam(): void {
    this.faults.delete('jammed');
    if (this.item && this.phase !== 'idle' && !this.boxed) this.move('returning');
  }

  setStackerFull(on: boolean): void {
    this.setFault('cassetteFull', on);
  }

  setStackerOpen(on: boolean): void {
    this.setFault('cassetteRemoved', on);
  }

  setFailure(on: boolean): void {
    this.setFault('failure', on);
  }

  powerOff(): void {
    if (this.phase === 'off') return;
    const p = this.phase;
    this.powerLoss = this.boxed
      ? 'none'
      : p === 'stacking'
        ? 'postEscrow'
        : this.item && (p === 'accepting' || p === 'escrow' || p === 'returning')
          ? 'escrow'
          : 'none';
    this.phase = 'off';
    this.parser.reset();
  }

  powerOn(): void {
    if (this.phase !== 'off') return;
    this.bits = null;
    this.enables = this.notes.map(() => true);
    this.event = null;
    this.last = null;
    this.move('powerUp');
  }

  // --- protocol ---------------------------------------------------------------------------

  private move(phase: Phase): void {
    this.phase = phase;
    this.stepsLeft = this.options.stepPolls;
  }

  protected handle(cmd: EbdsCommand): void {
    if (this.phase === 'off') return;
    this.emit('command', cmd);
    if (this.last && cmd.toggle === this.last.toggle) {
      // The host did not hear the reply: the same bytes again, and nothing acted on twice.
      this.send(this.last.reply);
      return;
    }
    // A new command acknowledges the last reply: what it reported has been heard.
    this.event = null;
    this.invalidCommand = false;
    const reply = this.answer(cmd);
    const bytes = encodeReply(reply);
    this.last = { toggle: cmd.toggle, reply: bytes };
    this.send(bytes);
  }

  private answer(cmd: EbdsCommand): EbdsReply {
    const toggle = cmd.toggle;
    switch (cmd.type) {
      case 'auxiliary': {
        const o = this.options;
        const data =
          cmd.query === 'softwareCrc' ? crcData(o.softwareCrc) : [...o.partNumber].map((c) => c.charCodeAt(0));
        return { type: 'auxiliary', toggle, data };
      }
      case 'queryNote': {
        this.bits = { ...cmd.bits, stack: false, return: false };
        const n = this.notes[cmd.index - 1];
        return { type: 'note', toggle, status: this.status(), note: n ? { ...n.data, index: n.index } : null };
      }
      case 'setNoteInhibits':
        this.bits = { ...cmd.bits, stack: false, return: false };
        if (cmd.enables.length !== this.options.enableBytes) {
          this.invalidCommand = true;
          return { type: 'status', toggle, status: this.status() };
        }
        this.enables = this.notes.map(
          (n) => ((cmd.enables[Math.floor((n.index - 1) / 7)]! >> ((n.index - 1) % 7)) & 1) === 1,
        );
        return { type: 'status', toggle, status: this.status() };
      case 'omnibus':
        this.omnibus(cmd.bits);
        this.advance();
        return this.report(toggle);
    }
  }

  private omnibus(bits: OmnibusBits): void {
    this.bits = bits;
    if (!bits.stack && !bits.return) return;
    // Stack and return act only on a document in escrow, in escrow mode, with the path free.
    if (this.phase !== 'escrow' || !bits.escrow || this.faults.size) {
      this.invalidCommand = true;
      return;
    }
    this.move(bits.stack ? 'stacking' : 'returning');
    // The command itself moves the document out of escrow; the reply already says where to.
    this.stepsLeft++;
  }

  /** The reply to an omnibus command: the document's data while it is in escrow or just stacked. */
  private report(toggle: Toggle): EbdsReply {
    const status = this.status();
    const i = this.item;
    const extended = this.bits?.extendedNotes ?? false;
    if (this.phase === 'escrow' && i?.kind === 'ticket') return { type: 'barcode', toggle, status, barcode: i.barcode };
    if (extended && this.phase === 'escrow' && i?.kind === 'note')
      return { type: 'note', toggle, status, note: i.note.data };
    if (extended && this.event?.kind === 'stacked' && this.event.note)
      return { type: 'note', toggle, status, note: this.event.note.data };
    return { type: 'status', toggle, status };
  }

  private status(): UnitStatus {
    const f = this.faults;
    const activity =
      this.phase === 'idle'
        ? 'idling'
        : this.phase === 'accepting' || this.phase === 'rejecting'
          ? 'accepting'
          : this.phase === 'escrow'
            ? 'escrowed'
            : this.phase === 'stacking'
              ? 'stacking'
              : this.phase === 'returning'
                ? 'returning'
                : null;
    const i = this.item;
    // Non-extended mode reports standard denominations 1–7 by their place; extended mode never does.
    const noteValue =
      !this.bits?.extendedNotes && i?.kind === 'note' && this.phase === 'escrow' && i.note.index <= 7
        ? i.note.index
        : 0;
    return unitStatus({
      activity,
      event: this.event?.kind ?? null,
      jammed: f.has('jammed'),
      cassetteFull: f.has('cassetteFull'),
      cassetteAttached: !f.has('cassetteRemoved'),
      paused: f.has('paused'),
      cheated: f.has('cheated'),
      calibration: f.has('calibration'),
      failure: f.has('failure'),
      stalled: f.has('stalled'),
      transportOpen: f.has('transportOpen'),
      powerUp: this.phase === 'powerUp',
      invalidCommand: this.invalidCommand,
      noteValue,
      model: this.options.model,
      revision: this.options.revision,
    });
  }

  /** The item reaches the cash box: from here on it is the host's to credit. */
  private box(): SimNote | null {
    const i = this.item;
    if (!i || this.boxed) return null;
    this.boxed = true;
    if (i.kind === 'note') {
      this.cashbox.push(i.note);
      this.emit('stacked', i.note);
      return i.note;
    }
    this.ticketBox.push(i.barcode);
    this.emit('ticketStacked', i.barcode);
    return null;
  }

  private handBack(): void {
    const i = this.item;
    if (i?.kind === 'note') this.emit('returned', i.note);
    else if (i) this.emit('ticketReturned', i.barcode);
    this.item = null;
    this.event = { kind: 'returned' };
    this.phase = 'idle';
  }

  /** One omnibus command's worth of movement. */
  private advance(): void {
    if (this.faults.size || --this.stepsLeft > 0) return;
    switch (this.phase) {
      case 'powerUp': {
        const left = this.powerLoss;
        this.powerLoss = 'none';
        if (left === 'postEscrow' && this.item) {
          // Past escrow: it finishes into the box, reported stacked without its value.
          this.box();
          this.item = null;
          this.boxed = false;
          this.event = { kind: 'stacked', note: null };
          this.phase = 'idle';
        } else if (left === 'escrow' && this.item) this.move('returning');
        else this.phase = 'idle';
        return;
      }
      case 'accepting': {
        if (this.rejectWhy) {
          this.move('rejecting');
          return;
        }
        this.phase = 'escrow';
        const i = this.item!;
        if (i.kind === 'note') this.emit('escrow', i.note);
        else this.emit('ticketEscrow', i.barcode);
        return;
      }
      case 'stacking': {
        const note = this.box();
        this.item = null;
        this.boxed = false;
        this.event = { kind: 'stacked', note };
        this.phase = 'idle';
        return;
      }
      case 'rejecting':
        this.emit('rejected', this.rejectWhy);
        this.item = null;
        this.event = { kind: 'rejected' };
        this.phase = 'idle';
        return;
      case 'returning':
        this.handBack();
        return;
    }
  }
}

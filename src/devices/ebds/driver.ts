// The bill acceptor driver for MEI/CPI units over EBDS (C-3, C-14, C-16, C-19): the host polls
// with the omnibus command, which carries everything (what the unit may take, stack or return the
// document in escrow), and reads the omnibus reply. Extended note reporting is always on: a note
// in escrow comes with its ISO currency, base value and exponent, and that is its value (C-16);
// a note of another currency is a fault and goes back. Barcode vouchers come as extended barcode
// replies and go to the cabinet as tickets. What is done with a note or ticket in hand is the
// acceptor's money rules (../acceptor/escrow.ts), the same as for ID-003; this file is EBDS's
// order of commands and reading of replies, and the toggle is ./link.ts.
//
// Start-up: the unit is polled disabled until it has left its power-up; then its note table is
// read (a foreign currency in it is a fault), its identity asked, the enables sent when the
// operator takes only some notes, and only then is it enabled, when the cabinet says so.

import { AcceptorDriverBase, type AcceptorOptions } from '../acceptor/acceptor-driver';
import type { AcceptorIdentity } from '../acceptor/identity';
import { NoAnswerError } from '../shared/requester';
import type { EbdsCommand, EbdsReply, NoteData, OmnibusBits, UnitStatus } from './codec';
import { MODELS, type AuxiliaryName } from './codes';
import type { Toggle } from './frame';
import { readAuxiliary } from './identity';
import { EbdsLink, type ToggleStore } from './link';
import { readNote, type ReportedNote } from './notes';
import { EbdsReplyParser } from './parser';
import { enableBytes, MAX_NOTES, stateText, statusFaults, tableValues } from './table';
import { toggleFile } from './toggle-file';

export interface EbdsDriverOptions extends AcceptorOptions {
  /** Where the toggle is kept between starts (a file path, or a store); none: it starts at 0. */
  toggle?: string | ToggleStore;
}

/** The note table as read so far: `next` is the index to ask, null once read whole. */
interface TableRead {
  entries: NoteData[];
  next: number | null;
}

export class EbdsDriver extends AcceptorDriverBase<EbdsReply> {
  readonly protocol = 'ebds';
  private readonly link: EbdsLink;
  private table: TableRead | null = null;
  /** Notes of the table valued in the cabinet's currency; null while unknown or refused. */
  private values: (ReportedNote & { index: number })[] | null = null;
  /** Enables to send (the operator takes only some notes); the length tried first. */
  private enablesDue = false;
  private enableLength: 19 | 8 = 19;
  private asked = new Set<AuxiliaryName>();
  private readonly aux: Partial<Record<AuxiliaryName, string>> = {};
  private last: UnitStatus | null = null;
  private statusSinceConnect = false;
  /** The document in escrow is one the driver could not value or name: it goes back. */
  private returnUnheld = false;
  /** Hold the toggle: the unit keeps reporting a stack nobody can name until the cabinet has committed. */
  private holdToggle = false;
  /** The last reply acted on, and one read once that changes something (without their toggles). */
  private believed: string | null = null;
  private candidate: string | null = null;

  constructor(options: EbdsDriverOptions) {
    super(options, 7, () => new EbdsReplyParser(50));
    const store = typeof options.toggle === 'string' ? toggleFile(options.toggle) : (options.toggle ?? null);
    this.link = new EbdsLink(this.conn, store, this.opts);
  }

  protected override onCommitted(): void {
    if (this.holdToggle) {
      // The cabinet holds the stack it could not be told about: the unit may now forget it.
      this.holdToggle = false;
      this.link.advance();
    }
  }

  /** The note values in the cabinet's currency, as the unit's table gives them. */
  get noteTable(): readonly { value: number; denomination: string }[] | null {
    return this.values;
  }

  override get identity(): AcceptorIdentity {
    const s = this.last;
    const model = s ? (MODELS[s.model] ?? `model ${String.fromCharCode(s.model)} (0x${s.model.toString(16)})`) : null;
    const software = [this.aux.applicationPartNumber, this.aux.softwareCrc && `CRC ${this.aux.softwareCrc}`]
      .filter(Boolean)
      .join(', ');
    return {
      protocol: 'ebds',
      model,
      revision: s ? String(s.revision) : null,
      software: software || null,
      state: s ? stateText(s) : null,
      lastDocument: this.lastDocument,
    };
  }

  protected override onConnected(): void {
    this.statusSinceConnect = false;
    this.link.reset();
    this.holdToggle = false;
    this.believed = null;
    this.candidate = null;
    // Another unit may be on the line now: its table and identity are read again.
    this.forgetUnit();
  }

  private forgetUnit(): void {
    this.table = null;
    this.values = null;
    this.asked.clear();
    this.enableLength = 19;
    this.enablesDue = false;
  }

  protected override async whenSettled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.whenOnline(timeoutMs);
    // A document seen stacking that this driver never saw in escrow ends in a stacked report,
    // the answer to give; one in escrow is named by its data once the currency is known.
    const held = () => this.escrow.held;
    const unnamed = () => {
      const a = this.last?.activity;
      return !held() && (a === 'stacking' || (a === 'escrowed' && this.currency !== null && !this.returnUnheld));
    };
    while (!this.statusSinceConnect || held()?.phase === 'stacking' || unnamed() || this.last?.powerUp) {
      if (Date.now() > deadline) throw new Error('acceptor note state did not settle');
      await new Promise((r) => setTimeout(r, this.opts.pollMs));
    }
  }

  /** Whether the unit may take notes and tickets now. */
  private get enabled(): boolean {
    return (
      this.escrow.wantEnabled === true &&
      this.values !== null &&
      !this.enablesDue &&
      !this.faults.has('currency') &&
      !this.faults.has('noteReporting')
    );
  }

  private bits(extra: Partial<OmnibusBits> = {}): OmnibusBits {
    const on = this.enabled;
    return {
      denominations: on ? 0x7f : 0,
      escrow: true,
      stack: false,
      return: false,
      orientation: 2,
      noPush: false,
      barcode: on,
      policy: 'A',
      extendedNotes: true,
      ...extra,
    };
  }

  /** Start-up work that waits for an idle unit past its power-up. */
  private startUpCommand(): { make: (t: Toggle) => EbdsCommand; what: string } | null {
    const s = this.last;
    if (!s || s.powerUp || s.activity !== 'idling' || !this.statusSinceConnect) return null;
    if (this.table?.next !== null) {
      const index = this.table?.next ?? 1;
      return { make: (toggle) => ({ type: 'queryNote', toggle, bits: this.bits(), index }), what: `note ${index}` };
    }
    for (const query of ['softwareCrc', 'applicationPartNumber'] as const) {
      if (this.asked.has(query)) continue;
      this.asked.add(query);
      return { make: (toggle) => ({ type: 'auxiliary', toggle, query }), what: query };
    }
    if (this.enablesDue && this.values && this.opts.acceptValues) {
      const enables = enableBytes(this.values, this.opts.acceptValues, this.enableLength);
      return {
        make: (toggle) => ({ type: 'setNoteInhibits', toggle, bits: this.bits(), enables }),
        what: 'note enables',
      };
    }
    return null;
  }

  protected async step(): Promise<void> {
    const startUp = this.startUpCommand();
    const due = this.last?.activity === 'escrowed' ? this.decision() : null;
    const sent = startUp ?? {
      make: (toggle: Toggle): EbdsCommand => ({
        type: 'omnibus',
        toggle,
        bits: this.bits({ stack: due === 'stack', return: due === 'return' }),
      }),
      what: 'omnibus',
    };
    let exchange;
    try {
      exchange = await this.link.exchange(sent.make, sent.what);
    } catch (e) {
      // The identity is for the technician's page only: a unit that does not give it is no outage.
      if (e instanceof NoAnswerError && (sent.what === 'softwareCrc' || sent.what === 'applicationPartNumber')) return;
      throw e;
    }
    this.markOnline();
    const { command, reply } = exchange;
    if (command.type === 'omnibus') {
      // An 8-bit XOR misses two flips of one bit column: a reply that changes anything is believed
      // only when the unit, asked again with the same toggle, repeats it byte for byte.
      const key = JSON.stringify({ ...reply, toggle: null });
      if (key !== this.believed && key !== this.candidate) {
        this.candidate = key;
        this.stepAgain();
        return;
      }
      this.candidate = null;
      const changed = key !== this.believed;
      this.believed = key;
      if (changed) this.handle(command, reply);
    } else {
      this.handle(command, reply);
      // The start-up's queries go one after another, not a poll apart.
      this.stepAgain();
    }
    if (!this.holdToggle) this.link.advance();
  }

  /** What to do with the document in escrow: the cabinet's word, or back if nobody can value it. */
  private decision(): 'stack' | 'return' | null {
    if (this.returnUnheld) return 'return';
    return this.escrow.decisionDue(Date.now());
  }

  private handle(sent: EbdsCommand, r: EbdsReply): void {
    if (r.type === 'auxiliary') {
      if (sent.type === 'auxiliary') {
        const text = readAuxiliary(sent.query, r.data);
        if (text) this.aux[sent.query] = text;
      }
      return;
    }
    if (sent.type === 'queryNote' && r.type === 'note') this.tableEntry(sent.index, r.note);
    if (sent.type === 'setNoteInhibits') {
      // A unit that takes the other length says so with invalid command.
      if (r.status.invalidCommand && this.enableLength === 19) this.enableLength = 8;
      else this.enablesDue = false;
    }
    this.status(r);
  }

  private tableEntry(index: number, note: NoteData | null): void {
    const t = (this.table ??= { entries: [], next: 1 });
    if (note && index < MAX_NOTES) {
      t.entries.push(note);
      t.next = index + 1;
      return;
    }
    if (note) t.entries.push(note);
    t.next = null;
    this.enablesDue = this.opts.acceptValues !== undefined;
    this.readValues();
  }

  /** The table's notes in the cabinet's currency; a foreign or unreadable one is a fault. */
  protected override readValues(): void {
    const t = this.table;
    if (!t || t.next !== null || !this.currency) {
      this.values = null;
      return;
    }
    const v = tableValues(t.entries, this.currency.code, this.currency.minorDigits);
    this.values = v.ok ? v.notes : null;
    this.faults.set('currency', !v.ok && v.fault === 'currency' ? v.reason : null);
    this.faults.set('noteReporting', !v.ok && v.fault === 'noteReporting' ? v.reason : null);
    if (!v.ok) this.escrow.returnUndecidedNote();
    this.poke();
  }

  private status(r: Exclude<EbdsReply, { type: 'auxiliary' }>): void {
    const s = r.status;
    this.last = s;
    this.statusSinceConnect = true;
    this.faults.sync(statusFaults(s));
    this.watchStartUp(s.powerUp);
    const escrow = this.escrow;
    if (s.powerUp) {
      // Policy A: a document past escrow when the power went is stacked. A unit that powers up may
      // be another one: its table and identity are read again, its enables sent again.
      if (escrow.held?.phase === 'stacking') escrow.stacked();
      this.forgetUnit();
    }
    // What it just did first: a stack reported with the unit already idle is a stack, not a vanishing.
    if (s.event === 'stacked') {
      escrow.stacked();
      // Nobody could name it (the cabinet restarted mid-stack): keep it reported until committed.
      if (escrow.held === null && !escrow.recoveryCommitted) this.holdToggle = true;
    } else if (s.event === 'returned') escrow.returned();
    else if (s.event === 'rejected')
      this.say({ device: 'acceptor', type: 'rejected', reason: 'the acceptor rejected the document' });
    switch (s.activity) {
      case 'escrowed':
        this.inEscrow(r);
        return;
      case 'stacking':
        escrow.stacking();
        return;
      case 'returning':
        escrow.returned();
        return;
      case 'idling':
        this.returnUnheld = false;
        escrow.vanished();
        return;
    }
  }

  private inEscrow(r: Exclude<EbdsReply, { type: 'auxiliary' }>): void {
    const now = Date.now();
    if (r.type === 'barcode') {
      this.escrow.ticketInEscrow(r.barcode, now);
      return;
    }
    if (this.returnUnheld) return;
    if (r.type !== 'note' || !r.note) {
      this.refuse('the acceptor reported a document in escrow without its data (extended note reporting)');
      return;
    }
    // Until the cabinet has said its currency the note waits in escrow.
    if (!this.currency) return;
    const read = readNote(r.note, this.currency.code, this.currency.minorDigits);
    if (!read.ok) {
      if (read.foreign) this.faults.set('currency', read.reason);
      this.refuse(read.reason);
      return;
    }
    const take = this.opts.acceptValues;
    // A unit that would not take the enables still never gets a note the operator does not take.
    if (take && !take.includes(read.note.value)) {
      this.refuse(`${read.note.denomination} is not a note this cabinet takes`);
      return;
    }
    this.escrow.noteInEscrow(read.note, now);
  }

  /** A document nobody may take: it goes back, and the cabinet hears why. */
  private refuse(reason: string): void {
    this.escrow.unreadableNote();
    this.returnUnheld = true;
    this.say({ device: 'acceptor', type: 'rejected', reason });
  }
}

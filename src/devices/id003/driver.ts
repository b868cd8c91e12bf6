// The bill acceptor driver (C-3, C-14, C-16): polls a JCM ID-003 acceptor, asks the cabinet about
// every escrowed note, stacks only on its word, and reports the credit exactly once, when the
// acceptor says the note is past the point of no return (vend valid). Everything it knows about
// the current note survives a lost port, so a reconnect mid-stack neither loses nor repeats it.
// Power-up follows the public order: RESET, then the settings while the acceptor initialises
// (denominations, security, inhibit), then it reports DISABLE or IDLING; an acceptor that stays
// initialising past a time limit is a fault. Notes are read in the cabinet's currency, from the
// acceptor's assignment; an assignment for another country is a fault and no note is taken.
// Barcode tickets (escrow code 0x6F) are set up at power-up with the other settings and go to the
// cabinet as tickets, never as notes, on the same escrow, stacking and recovery path; a barcode
// that is not 18 digits, or a ticket while something else was pending, goes back unasked. What
// is done with a note or ticket in hand is the acceptor's money rules (../acceptor/escrow.ts),
// shared with the EBDS driver; this file is ID-003's order of commands and reading of statuses.

import type { DeviceEvent } from '../../cabinet/device-events';
import { AcceptorDriverBase, type AcceptorOptions } from '../acceptor/acceptor-driver';
import type { AcceptorIdentity } from '../acceptor/identity';
import { NoAnswerError, Requester } from '../shared/requester';
import { encodeCommand, type CurrencyEntry, type Id003Command, type Id003Response } from './codec';
import {
  BAR_INHIBIT,
  BARCODE_INTERLEAVED_2_OF_5,
  FAILURE_CODES,
  FAULT_STATUSES,
  FAULT_TEXT,
  REJECT_REASONS,
  TICKET_DIGITS,
  type FaultStatus,
} from './codes';
import { inhibitMaskFor, noteTable, type NoteValue } from './currency';
import { Id003ResponseParser } from './parser';
import { answers } from './replies';

/** ID-003's line: 9600 baud, 8 data bits, even parity, 1 stop bit. */
export type AcceptorDriverOptions = AcceptorOptions;

/** C6 and C7 as sent at every power-up: 18 interleaved 2 of 5 digits, notes and tickets taken. */
const BARCODE_FUNCTION = { symbology: BARCODE_INTERLEAVED_2_OF_5, characters: TICKET_DIGITS } as const;
const TAKE_NOTES_AND_TICKETS = BAR_INHIBIT.reserved;

export class AcceptorDriver extends AcceptorDriverBase<Id003Response> {
  readonly protocol = 'id003';
  private readonly req: Requester<Id003Response>;
  /** The acceptor's currency assignment, as read from it. */
  private entries: CurrencyEntry[] | null = null;
  /** Note values in the cabinet's currency; null while either side is unknown or they disagree. */
  private values: NoteValue[] | null = null;
  private queue: Id003Command[] = [];
  private inhibitSent: boolean | null = null;
  /** The settings (denominations, security, inhibit) have been sent since the last reset or connection. */
  private settingsSent = false;
  /** The acceptor's echoes of C6 and C7 since the settings were last sent: as sent, or refused. */
  private barcodeEchoes: { function: boolean | null; inhibit: boolean | null } = { function: null, inhibit: null };
  private ackDue = false;
  private rejecting = false;
  private statusSinceConnect = false;
  private lastStatus: Id003Response['type'] | null = null;
  /** The unit's version text (88), asked once a connection; null until it answers. */
  private versionText: string | null = null;
  private versionAsked = false;

  constructor(options: AcceptorDriverOptions) {
    super(options, 8, () => new Id003ResponseParser(50));
    this.req = new Requester(this.conn);
  }

  /** The note values in the cabinet's currency, once the acceptor and the cabinet have both said. */
  get noteTable(): readonly NoteValue[] | null {
    return this.values;
  }

  /**
   * Whether the acceptor took the barcode settings sent since its last reset or connection: both
   * echoed as sent, one refused (invalid command, or echoed otherwise: no barcode reader, or one
   * that will not read our tickets), or not yet answered. Notes are taken either way.
   */
  get ticketReading(): 'set' | 'refused' | 'pending' {
    const { function: f, inhibit: i } = this.barcodeEchoes;
    if (f === false || i === false) return 'refused';
    return f && i ? 'set' : 'pending';
  }

  /** What a technician reads of the unit: its version text (model and revision in JCM's words) and its last status. */
  override get identity(): AcceptorIdentity {
    return {
      protocol: 'id003',
      model: this.versionText,
      revision: null,
      software: null,
      state: this.lastStatus,
      lastDocument: this.lastDocument,
    };
  }

  protected override onConnected(): void {
    this.statusSinceConnect = false;
    this.inhibitSent = null;
    this.settingsSent = false;
    this.barcodeEchoes = { function: null, inhibit: null };
    this.queue = [];
    this.versionAsked = false;
  }

  protected override async whenSettled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.whenOnline(timeoutMs);
    // An escrow seen before the assignment was read is named at the next status: wait for it. A
    // note found stacking that this driver never saw (the cabinet restarted mid-stack) ends in a
    // vend valid, the answer to give: wait for that too.
    const held = () => this.escrow.held;
    const unnamed = () =>
      !held() &&
      (this.lastStatus === 'stacking' ||
        ((this.lastStatus === 'escrow' || this.lastStatus === 'holding') &&
          (this.entries === null || this.values !== null)));
    while (!this.statusSinceConnect || held()?.phase === 'stacking' || unnamed()) {
      if (Date.now() > deadline) throw new Error('acceptor note state did not settle');
      await new Promise((r) => setTimeout(r, this.opts.pollMs));
    }
  }

  protected async step(): Promise<void> {
    // A vend valid is acknowledged once the cabinet holds the credit: at once for a note it was
    // asked about (it committed on the event), after its restart answers for one nobody can name.
    if (this.ackDue && (this.escrow.held !== null || this.escrow.recoveryCommitted)) {
      this.ackDue = false;
      await this.req.send(encodeCommand({ type: 'ack' }));
    }
    const next = this.nextCommand();
    let reply: Id003Response;
    try {
      reply = await this.req.request(
        next.type,
        encodeCommand(next),
        (r) => answers(next, r),
        this.opts.responseTimeoutMs,
        next.type === 'getVersion' ? 0 : this.opts.retries,
      );
    } catch (e) {
      // The version is for the technician's page only: a unit that does not give it is no outage.
      if (next.type === 'getVersion' && e instanceof NoAnswerError) return;
      throw e;
    }
    this.markOnline();
    this.handle(next, reply);
  }

  /** Whether the acceptor may take notes now: the cabinet wants it and the notes are readable. */
  private get enabled(): boolean {
    return this.escrow.wantEnabled === true && this.values !== null;
  }

  private nextCommand(): Id003Command {
    const queued = this.queue.shift();
    if (queued) return queued;
    const due = this.escrow.decisionDue(Date.now());
    if (due && (this.lastStatus === 'escrow' || this.lastStatus === 'holding')) {
      // Sent once per escrow status seen: if the acceptor has moved on, its next status says so.
      this.lastStatus = null;
      return { type: due === 'stack' ? 'stack1' : 'return' };
    }
    if (!this.settingsSent && SETTLED.has(this.lastStatus)) {
      // After RESET (while it initialises) or on a new connection to an acceptor already up.
      this.settingsSent = true;
      this.barcodeEchoes = { function: null, inhibit: null };
      this.queue.push(
        { type: 'setSecurity', mask: 0 },
        { type: 'setBarcodeFunction', ...BARCODE_FUNCTION },
        { type: 'setBarInhibit', mask: TAKE_NOTES_AND_TICKETS },
        { type: 'setInhibit', inhibited: !this.enabled },
      );
      return { type: 'setDenominations', inhibitMask: inhibitMaskFor(this.values, this.opts.acceptValues) };
    }
    // Asked whatever the acceptor is doing (a note may be in escrow at a restart), but never
    // between its power-up report and the RESET.
    if (!this.entries && this.statusSinceConnect && !POWER_UP.has(this.lastStatus))
      return { type: 'getCurrencyAssignment' };
    if (!this.versionAsked && this.settingsSent && this.statusSinceConnect && SETTLED.has(this.lastStatus)) {
      this.versionAsked = true;
      return { type: 'getVersion' };
    }
    if (this.settingsSent && this.statusSinceConnect && this.inhibitSent !== !this.enabled)
      return { type: 'setInhibit', inhibited: !this.enabled };
    return { type: 'statusRequest' };
  }

  private handle(sent: Id003Command, r: Id003Response): void {
    switch (r.type) {
      case 'currencyAssignment':
        this.entries = r.entries;
        this.readValues();
        // The mask names notes by their codes, now known.
        if (this.opts.acceptValues)
          this.queue.push({
            type: 'setDenominations',
            inhibitMask: inhibitMaskFor(this.values, this.opts.acceptValues),
          });
        return;
      case 'inhibit':
        if (r.echo) this.inhibitSent = r.inhibited;
        return;
      case 'ack':
        if (sent.type === 'stack1') this.escrow.stackAccepted();
        if (sent.type === 'return') this.escrow.returnAccepted();
        return;
      case 'barcodeFunction':
        if (r.echo && sent.type === 'setBarcodeFunction')
          this.barcodeEchoes.function = r.symbology === sent.symbology && r.characters === sent.characters;
        return;
      case 'barInhibit':
        if (r.echo && sent.type === 'setBarInhibit') this.barcodeEchoes.inhibit = r.mask === sent.mask;
        return;
      case 'invalidCommand':
        // An acceptor without a barcode reader refuses its settings; notes still work.
        if (sent.type === 'setBarcodeFunction') this.barcodeEchoes.function = false;
        if (sent.type === 'setBarInhibit') this.barcodeEchoes.inhibit = false;
        // Otherwise the acceptor moved on before our command arrived; the next status says where to.
        return;
      case 'version':
        if (!r.boot) this.versionText = r.text;
        return;
      case 'denominations':
      case 'setting':
        return;
      default:
        this.status(r);
    }
  }

  private status(r: Id003Response): void {
    this.lastStatus = r.type;
    this.statusSinceConnect = true;
    this.syncFaults(r);
    this.watchStartUp(r.type === 'initializing');
    if (r.type !== 'rejecting') this.rejecting = false;
    const escrow = this.escrow;
    switch (r.type) {
      case 'powerUp':
      case 'powerUpBillInAcceptor':
      case 'powerUpBillInStacker':
        if (r.type === 'powerUpBillInStacker') escrow.stacked();
        // The public order: RESET first; the settings follow while it initialises. Its assignment
        // is read again too: a unit that powers up may be another one.
        this.inhibitSent = null;
        this.settingsSent = false;
        this.entries = null;
        this.values = null;
        this.versionText = null;
        this.versionAsked = false;
        this.queue = [{ type: 'reset' }];
        return;
      case 'escrow': {
        if (r.barcode !== undefined) {
          escrow.ticketInEscrow(r.barcode, Date.now());
          return;
        }
        if (!this.values) {
          // Notes that cannot be valued go back, unless the cabinet has not said its currency
          // yet (then they wait).
          if (this.faults.has('currency')) this.queue.push({ type: 'return' });
          return;
        }
        const v = this.values.find((x) => x.code === r.code);
        if (!v) {
          escrow.unreadableNote();
          this.queue.push({ type: 'return' });
          this.say({
            device: 'acceptor',
            type: 'rejected',
            reason: `note code 0x${r.code.toString(16)} is not in the acceptor's currency assignment`,
          });
          return;
        }
        escrow.noteInEscrow({ key: String(v.code), value: v.value, denomination: v.denomination }, Date.now());
        return;
      }
      case 'holding':
        return;
      case 'stacking':
        escrow.stacking();
        return;
      case 'vendValid':
        escrow.stacked();
        this.ackDue = true;
        this.poke();
        return;
      case 'returning':
        escrow.returned();
        return;
      case 'rejecting':
        if (!this.rejecting) {
          this.rejecting = true;
          this.say({
            device: 'acceptor',
            type: 'rejected',
            reason: REJECT_REASONS[r.reason] ?? `reject code 0x${r.reason.toString(16)}`,
          });
        }
        return;
      case 'idling':
      case 'disabled':
        // Vanished from escrow without a return status (taken back by hand).
        escrow.vanished();
        if (this.inhibitSent !== null && (r.type === 'idling') === this.inhibitSent) this.inhibitSent = null;
        return;
    }
  }

  /** Values from the assignment in the cabinet's currency; a foreign assignment is a fault. */
  protected override readValues(): void {
    if (!this.entries || !this.currency) {
      this.values = null;
      return;
    }
    const table = noteTable(this.entries, this.currency.code, this.currency.minorDigits);
    this.values = table.ok ? table.values : null;
    this.faults.set('currency', table.ok ? null : table.reason);
    if (!table.ok) this.escrow.returnUndecidedNote();
    this.poke();
  }

  /** The fault status the acceptor reports now, if any: one at a time in ID-003. */
  private syncFaults(r: Id003Response): void {
    const now = new Map<FaultStatus, string>();
    if ((FAULT_STATUSES as readonly string[]).includes(r.type)) {
      const fault = r.type as FaultStatus;
      const detail = r.type === 'failure' ? `: ${FAILURE_CODES[r.code] ?? `code 0x${r.code.toString(16)}`}` : '';
      now.set(fault, FAULT_TEXT[fault] + detail);
    }
    this.faults.sync(now);
  }
}

/** Statuses in which the acceptor takes settings: initialising after RESET, or up and waiting. */
const SETTLED = new Set<Id003Response['type'] | null>(['initializing', 'disabled', 'idling']);
const POWER_UP = new Set<Id003Response['type'] | null>(['powerUp', 'powerUpBillInAcceptor', 'powerUpBillInStacker']);

export type { DeviceEvent };

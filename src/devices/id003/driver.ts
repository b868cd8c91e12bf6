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
// that is not 18 digits, or a ticket while something else was pending, goes back unasked.

import type { DeviceCommand, DeviceEvent, DeviceFault, DeviceRecovery } from '../../cabinet/device-events';
import { DriverBase } from '../shared/driver-base';
import type { Binding } from '../shared/port-connection';
import { Requester } from '../shared/requester';
import { readTicketBarcode, showBarcode } from './barcode';
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
import { noteTable, type NoteValue } from './currency';
import { Id003ResponseParser } from './parser';

export interface AcceptorDriverOptions {
  path: string;
  binding?: Binding;
  /** Line speed; ID-003 is 9600 baud (8 data bits, even parity, 1 stop bit). */
  baudRate?: number;
  /** The currency to read notes in until the cabinet says (tests); without it no note is taken until then. */
  currency?: string;
  minorDigits?: number;
  /** Note values (minor units) the cabinet takes; the rest are inhibited. Default: all. */
  acceptValues?: number[];
  pollMs?: number;
  responseTimeoutMs?: number;
  retries?: number;
  reconnectMs?: number;
  /** How long a note may wait in escrow for the cabinet's word before it is returned. */
  escrowDecisionMs?: number;
  /**
   * The same for a ticket, whose word may need a casino system's answer: a safety net that must
   * exceed the cabinet's own validation time limit, which returns the ticket first.
   */
  ticketDecisionMs?: number;
  /** How long the acceptor may report INITIALIZE before it is a fault (C-15). */
  initializeTimeoutMs?: number;
}

type Phase = 'escrow' | 'stacking' | 'stacked' | 'returned';

interface InEscrow {
  phase: Phase;
  decision: 'stack' | 'return' | null;
  escrowSince: number;
}

/**
 * A ticket in the acceptor: `offered` to the cabinet (its 18-digit `barcode`), or refused by the
 * driver (`barcode` is then the bytes shown safely; `raw` is what the acceptor sent).
 */
interface Ticket extends InEscrow {
  kind: 'ticket';
  raw: string;
  barcode: string;
  offered: boolean;
}

/** What the acceptor holds or last held: one escrow, for a note or a ticket. */
type Held = (InEscrow & NoteValue & { kind: 'note' }) | Ticket;

/** C6 and C7 as sent at every power-up: 18 interleaved 2 of 5 digits, notes and tickets taken. */
const BARCODE_FUNCTION = { symbology: BARCODE_INTERLEAVED_2_OF_5, characters: TICKET_DIGITS } as const;
const TAKE_NOTES_AND_TICKETS = BAR_INHIBIT.reserved;

/** Faults the driver finds itself, beside the acceptor's own fault statuses. */
type DriverFault = Extract<DeviceFault<'acceptor'>, 'currency' | 'initializeTimeout'>;

type Tuned = Required<Omit<AcceptorDriverOptions, 'binding' | 'acceptValues' | 'currency' | 'minorDigits'>>;

export class AcceptorDriver extends DriverBase<Id003Response> {
  private readonly req: Requester<Id003Response>;
  private readonly opts: Tuned & { acceptValues?: number[] };
  /** The acceptor's currency assignment, as read from it. */
  private entries: CurrencyEntry[] | null = null;
  /** The cabinet's currency; null until it has said (no note is taken before). */
  private currency: { code: string; minorDigits: number } | null;
  /** Note values in the cabinet's currency; null while either side is unknown or they disagree. */
  private values: NoteValue[] | null = null;
  private queue: Id003Command[] = [];
  /** The cabinet's last word on taking money; null until it has said anything (after a restart). */
  private wantEnabled: boolean | null = null;
  private inhibitSent: boolean | null = null;
  /** The settings (denominations, security, inhibit) have been sent since the last reset or connection. */
  private settingsSent = false;
  private initializingSince: number | null = null;
  private held: Held | null = null;
  /** The acceptor's echoes of C6 and C7 since the settings were last sent: as sent, or refused. */
  private barcodeEchoes: { function: boolean | null; inhibit: boolean | null } = { function: null, inhibit: null };
  /** A stacked note whose value the acceptor could not tell (found after a restart). */
  private unknownStacked = false;
  /** The cabinet has committed its restart answers: a vend valid nobody can name may be acknowledged. */
  private recoveryCommitted = false;
  private ackDue = false;
  private rejecting = false;
  private readonly faults = new Set<FaultStatus>();
  private readonly driverFaults = new Map<DriverFault, string>();
  private statusSinceConnect = false;

  constructor(options: AcceptorDriverOptions) {
    const opts = {
      baudRate: 9600,
      pollMs: 100,
      responseTimeoutMs: 200,
      retries: 2,
      reconnectMs: 500,
      escrowDecisionMs: 10_000,
      ticketDecisionMs: 30_000,
      initializeTimeoutMs: 20_000,
      ...options,
    };
    super(
      'acceptor',
      {
        path: opts.path,
        binding: options.binding,
        baudRate: opts.baudRate,
        dataBits: 8,
        parity: 'even',
        stopBits: 1,
        reconnectMs: opts.reconnectMs,
      },
      () => new Id003ResponseParser(50),
      {
        pollMs: opts.pollMs,
        recycleAfter: 2,
      },
    );
    this.opts = opts;
    this.currency =
      options.currency !== undefined ? { code: options.currency, minorDigits: options.minorDigits ?? 2 } : null;
    this.req = new Requester(this.conn);
  }

  send(command: DeviceCommand): void {
    if (command.device !== 'acceptor') return;
    const h = this.held;
    const undecided = h && h.phase === 'escrow' && !h.decision ? h : null;
    switch (command.type) {
      case 'currency':
        this.currency = { code: command.currency, minorDigits: command.minorDigits };
        this.readValues();
        break;
      case 'enable':
        this.wantEnabled = command.enabled;
        // A ticket waiting for its word keeps waiting: the cabinet may disable the acceptor
        // while it validates, and returns the ticket itself if it must.
        if (!command.enabled && undecided?.kind === 'note') undecided.decision = 'return';
        break;
      case 'stack':
      case 'return':
        // A note's word never moves a ticket, whatever is in escrow when it arrives.
        if (undecided?.kind === 'note') undecided.decision = command.type;
        break;
      case 'stackTicket':
      case 'returnTicket':
        if (undecided?.kind === 'ticket' && undecided.offered && undecided.barcode === command.barcode) {
          undecided.decision = command.type === 'stackTicket' ? 'stack' : 'return';
        }
        break;
    }
    this.poke();
  }

  readonly recovery: Pick<DeviceRecovery, 'acceptorNote' | 'acceptorTicket' | 'committed'> = {
    acceptorNote: async () => {
      await this.whenSettled(Math.max(2000, this.opts.responseTimeoutMs * 20));
      const n = this.held;
      if (n?.kind !== 'note') return { state: this.unknownStacked ? 'stacked' : 'none', value: 0 };
      const state = n.phase === 'stacking' ? 'escrow' : n.phase;
      return { state, value: n.value };
    },
    acceptorTicket: async () => {
      await this.whenSettled(Math.max(2000, this.opts.responseTimeoutMs * 20));
      const t = this.held;
      // A ticket the driver refused was never the cabinet's: it has none pending for it.
      if (t?.kind !== 'ticket' || !t.offered) return { state: this.unknownStacked ? 'stacked' : 'none', barcode: null };
      const state = t.phase === 'stacking' ? 'escrow' : t.phase;
      return { state, barcode: t.barcode };
    },
    committed: () => {
      this.recoveryCommitted = true;
      this.poke();
    },
  };

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

  protected override onConnected(): void {
    this.statusSinceConnect = false;
    this.inhibitSent = null;
    this.settingsSent = false;
    this.barcodeEchoes = { function: null, inhibit: null };
    this.queue = [];
  }

  private async whenSettled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.whenOnline(timeoutMs);
    // An escrow seen before the assignment was read is named at the next status: wait for it. A
    // note found stacking that this driver never saw (the cabinet restarted mid-stack) ends in a
    // vend valid, the answer to give: wait for that too.
    const unnamed = () =>
      !this.held &&
      (this.lastStatus === 'stacking' ||
        ((this.lastStatus === 'escrow' || this.lastStatus === 'holding') &&
          (this.entries === null || this.values !== null)));
    while (!this.statusSinceConnect || this.held?.phase === 'stacking' || unnamed()) {
      if (Date.now() > deadline) throw new Error('acceptor note state did not settle');
      await new Promise((r) => setTimeout(r, this.opts.pollMs));
    }
  }

  protected async step(): Promise<void> {
    // A vend valid is acknowledged once the cabinet holds the credit: at once for a note it was
    // asked about (it committed on the event), after its restart answers for one nobody can name.
    if (this.ackDue && (this.held !== null || this.recoveryCommitted)) {
      this.ackDue = false;
      await this.req.send(encodeCommand({ type: 'ack' }));
    }
    const next = this.nextCommand();
    const accept = next.type === 'statusRequest' ? isStatus : (r: Id003Response) => answers(next, r);
    const reply = await this.req.request(
      next.type,
      encodeCommand(next),
      accept,
      this.opts.responseTimeoutMs,
      this.opts.retries,
    );
    this.markOnline();
    this.handle(next, reply);
  }

  /** Whether the acceptor may take notes now: the cabinet wants it and the notes are readable. */
  private get enabled(): boolean {
    return this.wantEnabled === true && this.values !== null;
  }

  private nextCommand(): Id003Command {
    const queued = this.queue.shift();
    if (queued) return queued;
    const n = this.held;
    if (n?.phase === 'escrow') {
      const limit = n.kind === 'ticket' ? this.opts.ticketDecisionMs : this.opts.escrowDecisionMs;
      if (!n.decision && Date.now() - n.escrowSince > limit) n.decision = 'return';
      if (n.decision && (this.lastStatus === 'escrow' || this.lastStatus === 'holding')) {
        // Sent once per escrow status seen: if the acceptor has moved on, its next status says so.
        this.lastStatus = null;
        return { type: n.decision === 'stack' ? 'stack1' : 'return' };
      }
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
      return { type: 'setDenominations', inhibitMask: this.inhibitMask() };
    }
    // Asked whatever the acceptor is doing (a note may be in escrow at a restart), but never
    // between its power-up report and the RESET.
    if (!this.entries && this.statusSinceConnect && !POWER_UP.has(this.lastStatus))
      return { type: 'getCurrencyAssignment' };
    if (this.settingsSent && this.statusSinceConnect && this.inhibitSent !== !this.enabled)
      return { type: 'setInhibit', inhibited: !this.enabled };
    return { type: 'statusRequest' };
  }

  private lastStatus: Id003Response['type'] | null = null;

  private handle(sent: Id003Command, r: Id003Response): void {
    switch (r.type) {
      case 'currencyAssignment':
        this.entries = r.entries;
        this.readValues();
        // The mask names notes by their codes, now known.
        if (this.opts.acceptValues) this.queue.push({ type: 'setDenominations', inhibitMask: this.inhibitMask() });
        return;
      case 'inhibit':
        if (r.echo) this.inhibitSent = r.inhibited;
        return;
      case 'ack':
        if (sent.type === 'stack1' && this.held) this.held.phase = 'stacking';
        if (sent.type === 'return' && this.held) this.held.decision = 'return';
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
      case 'denominations':
      case 'setting':
      case 'version':
        return;
      default:
        this.status(r);
    }
  }

  private status(r: Id003Response): void {
    this.lastStatus = r.type;
    this.statusSinceConnect = true;
    const fault = (FAULT_STATUSES as readonly string[]).includes(r.type) ? (r.type as FaultStatus) : null;
    this.syncFaults(fault, r);
    this.watchInitializing(r.type === 'initializing');
    const n = this.held;
    if (r.type !== 'rejecting') this.rejecting = false;
    switch (r.type) {
      case 'powerUp':
      case 'powerUpBillInAcceptor':
      case 'powerUpBillInStacker':
        if (r.type === 'powerUpBillInStacker') this.credit();
        // The public order: RESET first; the settings follow while it initialises. Its assignment
        // is read again too: a unit that powers up may be another one.
        this.inhibitSent = null;
        this.settingsSent = false;
        this.entries = null;
        this.values = null;
        this.queue = [{ type: 'reset' }];
        return;
      case 'escrow':
        if (r.barcode !== undefined) {
          this.ticketEscrow(r.barcode);
          return;
        }
        if (!this.values) {
          // Notes that cannot be valued go back, unless the cabinet has not said its currency
          // yet (then they wait).
          if (this.driverFaults.has('currency')) this.queue.push({ type: 'return' });
          return;
        }
        if (n?.kind === 'ticket' && pending(n)) {
          // The ticket is out of escrow, whatever the cabinet was doing with it; the note waits for nothing.
          this.settleReturned(n);
          this.refuseNote(r.code, 'a ticket was still pending');
          return;
        }
        if (n?.kind !== 'note' || n.phase !== 'escrow' || n.code !== r.code) this.newEscrow(r.code);
        return;
      case 'holding':
        return;
      case 'stacking':
        if (n && n.phase === 'escrow') n.phase = 'stacking';
        return;
      case 'vendValid':
        this.credit();
        this.ackDue = true;
        this.poke();
        return;
      case 'returning':
        if (n && pending(n)) this.settleReturned(n);
        return;
      case 'rejecting':
        if (!this.rejecting) {
          this.rejecting = true;
          this.emitEvent({
            device: 'acceptor',
            type: 'rejected',
            reason: REJECT_REASONS[r.reason] ?? `reject code 0x${r.reason.toString(16)}`,
          });
        }
        return;
      case 'idling':
      case 'disabled':
        // Vanished from escrow without a return status (taken back by hand).
        if (n && n.phase === 'escrow') this.settleReturned(n);
        if (this.inhibitSent !== null && (r.type === 'idling') === this.inhibitSent) this.inhibitSent = null;
        return;
    }
  }

  /** INITIALIZE for longer than the limit: the acceptor will take no note, so it is a fault. */
  private watchInitializing(initializing: boolean): void {
    if (!initializing) {
      this.initializingSince = null;
      this.setDriverFault('initializeTimeout', null);
      return;
    }
    const now = Date.now();
    this.initializingSince ??= now;
    if (now - this.initializingSince > this.opts.initializeTimeoutMs) {
      this.setDriverFault(
        'initializeTimeout',
        `the acceptor has been initialising for more than ${Math.round(this.opts.initializeTimeoutMs / 1000)} s`,
      );
    }
  }

  /** Values from the assignment in the cabinet's currency; a foreign assignment is a fault. */
  private readValues(): void {
    if (!this.entries || !this.currency) {
      this.values = null;
      return;
    }
    const table = noteTable(this.entries, this.currency.code, this.currency.minorDigits);
    this.values = table.ok ? table.values : null;
    this.setDriverFault('currency', table.ok ? null : table.reason);
    const n = this.held;
    if (!table.ok && n?.kind === 'note' && n.phase === 'escrow' && !n.decision) n.decision = 'return';
    this.poke();
  }

  private setDriverFault(code: DriverFault, message: string | null): void {
    const had = this.driverFaults.get(code);
    if (message === null) {
      if (had === undefined) return;
      this.driverFaults.delete(code);
      this.emitEvent({ device: 'acceptor', type: 'faultCleared', code });
    } else if (had !== message) {
      this.driverFaults.set(code, message);
      this.emitEvent({ device: 'acceptor', type: 'fault', code, message });
    }
  }

  private newEscrow(code: number): void {
    const v = this.values!.find((x) => x.code === code);
    if (!v) {
      this.queue.push({ type: 'return' });
      this.emitEvent({
        device: 'acceptor',
        type: 'rejected',
        reason: `note code 0x${code.toString(16)} is not in the acceptor's currency assignment`,
      });
      return;
    }
    this.unknownStacked = false;
    const note: Held = { kind: 'note', ...v, phase: 'escrow', decision: null, escrowSince: Date.now() };
    this.held = note;
    if (this.wantEnabled === false) {
      // Taken in while the cabinet was disabling us: hand it back without asking.
      note.decision = 'return';
      return;
    }
    this.emitEvent({ device: 'acceptor', type: 'escrow', value: v.value, denomination: v.denomination });
  }

  /** A note that goes back unasked because a ticket was pending; reported as rejected, then returned. */
  private refuseNote(code: number, reason: string): void {
    const v = this.values!.find((x) => x.code === code);
    if (!v) return this.newEscrow(code);
    this.unknownStacked = false;
    this.held = { kind: 'note', ...v, phase: 'escrow', decision: 'return', escrowSince: Date.now() };
    this.emitEvent({ device: 'acceptor', type: 'rejected', reason: `${v.denomination} returned: ${reason}` });
  }

  /**
   * A barcode coupon in escrow. The same ticket seen again changes nothing; anything else pending
   * is out of escrow (returned) and the new ticket goes back unasked, as does one whose barcode
   * is not 18 digits or that came in while the cabinet was disabling the acceptor. Only an
   * 18-digit barcode is ever offered to the cabinet.
   */
  private ticketEscrow(raw: string): void {
    const h = this.held;
    if (h?.kind === 'ticket' && h.raw === raw && pending(h)) {
      // Back in escrow after a stack the acceptor did not carry out: the word stands.
      h.phase = 'escrow';
      return;
    }
    this.unknownStacked = false;
    let refusal: { shown: string; reason: string } | null = null;
    if (h && pending(h)) {
      this.settleReturned(h);
      refusal = {
        shown: showBarcode(raw),
        reason: h.kind === 'ticket' ? 'another ticket was still pending' : 'a note was still pending',
      };
    } else if (this.wantEnabled === false) {
      refusal = { shown: showBarcode(raw), reason: 'the acceptor was being disabled' };
    } else {
      const reading = readTicketBarcode(raw);
      if (!reading.ok) refusal = reading;
    }
    const escrowSince = Date.now();
    if (refusal) {
      this.held = {
        kind: 'ticket',
        raw,
        barcode: refusal.shown,
        offered: false,
        phase: 'escrow',
        decision: 'return',
        escrowSince,
      };
      this.emitEvent({ device: 'acceptor', type: 'ticketRejected', barcode: refusal.shown, reason: refusal.reason });
      return;
    }
    this.held = { kind: 'ticket', raw, barcode: raw, offered: true, phase: 'escrow', decision: null, escrowSince };
    this.emitEvent({ device: 'acceptor', type: 'ticket', barcode: raw });
  }

  /** Out of escrow without reaching the cash box; reported unless it was a ticket the cabinet never heard of. */
  private settleReturned(h: Held): void {
    h.phase = 'returned';
    if (h.kind === 'note') this.emitEvent({ device: 'acceptor', type: 'returned', value: h.value });
    else if (h.offered) this.emitEvent({ device: 'acceptor', type: 'ticketReturned', barcode: h.barcode });
  }

  /** The one place a credit is reported: guarded so no status seen twice can report it again. */
  private credit(): void {
    const n = this.held;
    if (n && pending(n)) {
      n.phase = 'stacked';
      // A refused ticket stacked all the same is reported too: the cabinet logs it and credits nothing.
      if (n.kind === 'note')
        this.emitEvent({ device: 'acceptor', type: 'stacked', value: n.value, denomination: n.denomination });
      else this.emitEvent({ device: 'acceptor', type: 'ticketStacked', barcode: n.barcode });
    } else if (!n || n.phase === 'returned') {
      // A note we never saw in escrow (the cabinet restarted mid-stack): its value is the journal's,
      // told by the restart answer; after that, a pending note of the cabinet's is this one.
      if (!this.unknownStacked && this.recoveryCommitted)
        this.emitEvent({ device: 'acceptor', type: 'stacked', value: 0, denomination: 'unknown note' });
      this.unknownStacked = true;
      this.held = null;
    }
  }

  private syncFaults(now: FaultStatus | null, r: Id003Response): void {
    for (const f of [...this.faults]) {
      if (f !== now) {
        this.faults.delete(f);
        this.emitEvent({ device: 'acceptor', type: 'faultCleared', code: f });
      }
    }
    if (now && !this.faults.has(now)) {
      this.faults.add(now);
      const detail = r.type === 'failure' ? `: ${FAILURE_CODES[r.code] ?? `code 0x${r.code.toString(16)}`}` : '';
      this.emitEvent({ device: 'acceptor', type: 'fault', code: now, message: FAULT_TEXT[now] + detail });
    }
  }

  private inhibitMask(): number {
    const take = this.opts.acceptValues;
    if (!take || !this.values) return 0;
    let mask = 0;
    for (const v of this.values) if (!take.includes(v.value)) mask |= 1 << (v.code - 0x61);
    return mask;
  }
}

/** Statuses in which the acceptor takes settings: initialising after RESET, or up and waiting. */
const SETTLED = new Set<Id003Response['type'] | null>(['initializing', 'disabled', 'idling']);
const POWER_UP = new Set<Id003Response['type'] | null>(['powerUp', 'powerUpBillInAcceptor', 'powerUpBillInStacker']);

/** In escrow or on its way to the cash box: not yet stacked or returned. */
const pending = (h: Held): boolean => h.phase === 'escrow' || h.phase === 'stacking';

function isStatus(r: Id003Response): boolean {
  return ![
    'ack',
    'invalidCommand',
    'denominations',
    'inhibit',
    'barcodeFunction',
    'barInhibit',
    'setting',
    'version',
    'currencyAssignment',
  ].includes(r.type);
}

function answers(sent: Id003Command, r: Id003Response): boolean {
  switch (sent.type) {
    case 'setInhibit':
    case 'getInhibit':
      return r.type === 'inhibit';
    case 'setDenominations':
    case 'getDenominations':
      return r.type === 'denominations';
    case 'getCurrencyAssignment':
      return r.type === 'currencyAssignment';
    // An acceptor without a barcode reader answers these with invalid command.
    case 'setBarcodeFunction':
    case 'getBarcodeFunction':
      return r.type === 'barcodeFunction' || r.type === 'invalidCommand';
    case 'setBarInhibit':
    case 'getBarInhibit':
      return r.type === 'barInhibit' || r.type === 'invalidCommand';
    case 'getVersion':
    case 'getBootVersion':
      return r.type === 'version';
    case 'setSecurity':
    case 'setCommunicationMode':
    case 'setDirection':
    case 'setOptionalFunction':
    case 'getSecurity':
    case 'getCommunicationMode':
    case 'getDirection':
    case 'getOptionalFunction':
      return r.type === 'setting';
    default:
      return r.type === 'ack' || r.type === 'invalidCommand';
  }
}

export type { DeviceEvent };

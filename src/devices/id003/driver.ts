// The bill acceptor driver (C-3, C-14, C-16): polls a JCM ID-003 acceptor, asks the cabinet about
// every escrowed note, stacks only on its word, and reports the credit exactly once, when the
// acceptor says the note is past the point of no return (vend valid). Everything it knows about
// the current note survives a lost port, so a reconnect mid-stack neither loses nor repeats it.
// Power-up follows the public order: RESET, then the settings while the acceptor initialises
// (denominations, security, inhibit), then it reports DISABLE or IDLING; an acceptor that stays
// initialising past a time limit is a fault. Notes are read in the cabinet's currency, from the
// acceptor's assignment; an assignment for another country is a fault and no note is taken.

import type { DeviceCommand, DeviceEvent, DeviceRecovery } from '../../cabinet/device-events';
import { DriverBase } from '../shared/driver-base';
import type { Binding } from '../shared/port-connection';
import { Requester } from '../shared/requester';
import { encodeCommand, type CurrencyEntry, type Id003Command, type Id003Response } from './codec';
import { FAILURE_CODES, FAULT_STATUSES, FAULT_TEXT, REJECT_REASONS, type FaultStatus } from './codes';
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
  /** How long the acceptor may report INITIALIZE before it is a fault (C-15). */
  initializeTimeoutMs?: number;
}

type NotePhase = 'escrow' | 'stacking' | 'stacked' | 'returned';

interface Note extends NoteValue {
  phase: NotePhase;
  decision: 'stack' | 'return' | null;
  escrowSince: number;
}

/** Faults the driver finds itself, beside the acceptor's own fault statuses. */
type DriverFault = 'currency' | 'initializeTimeout';

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
  private note: Note | null = null;
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
      baudRate: 9600, pollMs: 100, responseTimeoutMs: 200, retries: 2, reconnectMs: 500, escrowDecisionMs: 10_000, initializeTimeoutMs: 20_000,
      ...options,
    };
    super('acceptor', { path: opts.path, binding: options.binding, baudRate: opts.baudRate, dataBits: 8, parity: 'even', stopBits: 1, reconnectMs: opts.reconnectMs }, () => new Id003ResponseParser(50), {
      pollMs: opts.pollMs,
      recycleAfter: 2,
    });
    this.opts = opts;
    this.currency = options.currency !== undefined ? { code: options.currency, minorDigits: options.minorDigits ?? 2 } : null;
    this.req = new Requester(this.conn);
  }

  send(command: DeviceCommand): void {
    if (command.device !== 'acceptor') return;
    const n = this.note;
    switch (command.type) {
      case 'currency':
        this.currency = { code: command.currency, minorDigits: command.minorDigits };
        this.readValues();
        break;
      case 'enable':
        this.wantEnabled = command.enabled;
        if (!command.enabled && n && n.phase === 'escrow' && !n.decision) n.decision = 'return';
        break;
      case 'stack':
      case 'return':
        if (n && n.phase === 'escrow' && !n.decision) n.decision = command.type;
        break;
    }
    this.poke();
  }

  readonly recovery: Pick<DeviceRecovery, 'acceptorNote' | 'committed'> = {
    acceptorNote: async () => {
      await this.whenSettled(Math.max(2000, this.opts.responseTimeoutMs * 20));
      const n = this.note;
      if (!n) return { state: this.unknownStacked ? 'stacked' : 'none', value: 0 };
      const state = n.phase === 'stacking' ? 'escrow' : n.phase;
      return { state, value: n.value };
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

  protected override onConnected(): void {
    this.statusSinceConnect = false;
    this.inhibitSent = null;
    this.settingsSent = false;
    this.queue = [];
  }

  private async whenSettled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.whenOnline(timeoutMs);
    // An escrow seen before the assignment was read is named at the next status: wait for it. A
    // note found stacking that this driver never saw (the cabinet restarted mid-stack) ends in a
    // vend valid, the answer to give: wait for that too.
    const unnamed = () =>
      !this.note && (this.lastStatus === 'stacking' || ((this.lastStatus === 'escrow' || this.lastStatus === 'holding') && (this.entries === null || this.values !== null)));
    while (!this.statusSinceConnect || this.note?.phase === 'stacking' || unnamed()) {
      if (Date.now() > deadline) throw new Error('acceptor note state did not settle');
      await new Promise((r) => setTimeout(r, this.opts.pollMs));
    }
  }

  protected async step(): Promise<void> {
    // A vend valid is acknowledged once the cabinet holds the credit: at once for a note it was
    // asked about (it committed on the event), after its restart answers for one nobody can name.
    if (this.ackDue && (this.note !== null || this.recoveryCommitted)) {
      this.ackDue = false;
      await this.req.send(encodeCommand({ type: 'ack' }));
    }
    const next = this.nextCommand();
    const accept = next.type === 'statusRequest' ? isStatus : (r: Id003Response) => answers(next, r);
    const reply = await this.req.request(next.type, encodeCommand(next), accept, this.opts.responseTimeoutMs, this.opts.retries);
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
    const n = this.note;
    if (n?.phase === 'escrow') {
      if (!n.decision && Date.now() - n.escrowSince > this.opts.escrowDecisionMs) n.decision = 'return';
      if (n.decision && (this.lastStatus === 'escrow' || this.lastStatus === 'holding')) {
        // Sent once per escrow status seen: if the acceptor has moved on, its next status says so.
        this.lastStatus = null;
        return { type: n.decision === 'stack' ? 'stack1' : 'return' };
      }
    }
    if (!this.settingsSent && SETTLED.has(this.lastStatus)) {
      // After RESET (while it initialises) or on a new connection to an acceptor already up.
      this.settingsSent = true;
      this.queue.push({ type: 'setSecurity', mask: 0 }, { type: 'setInhibit', inhibited: !this.enabled });
      return { type: 'setDenominations', inhibitMask: this.inhibitMask() };
    }
    // Asked whatever the acceptor is doing (a note may be in escrow at a restart), but never
    // between its power-up report and the RESET.
    if (!this.entries && this.statusSinceConnect && !POWER_UP.has(this.lastStatus)) return { type: 'getCurrencyAssignment' };
    if (this.settingsSent && this.statusSinceConnect && this.inhibitSent !== !this.enabled) return { type: 'setInhibit', inhibited: !this.enabled };
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
        if (sent.type === 'stack1' && this.note) this.note.phase = 'stacking';
        if (sent.type === 'return' && this.note) this.note.decision = 'return';
        return;
      case 'invalidCommand':
        // The acceptor moved on before our command arrived; the next status says where to.
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
    const n = this.note;
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
        if (r.barcode !== undefined || !this.values) {
          // Tickets in are not taken here (vouchers in are out of scope); notes that cannot be
          // valued go back, unless the cabinet has not said its currency yet (then they wait).
          if (r.barcode !== undefined || this.driverFaults.has('currency')) this.queue.push({ type: 'return' });
          return;
        }
        if (!n || n.phase !== 'escrow' || n.code !== r.code) this.newEscrow(r.code);
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
        if (n && (n.phase === 'escrow' || n.phase === 'stacking')) {
          n.phase = 'returned';
          this.emitEvent({ device: 'acceptor', type: 'returned', value: n.value });
        }
        return;
      case 'rejecting':
        if (!this.rejecting) {
          this.rejecting = true;
          this.emitEvent({ device: 'acceptor', type: 'rejected', reason: REJECT_REASONS[r.reason] ?? `reject code 0x${r.reason.toString(16)}` });
        }
        return;
      case 'idling':
      case 'disabled':
        if (n && n.phase === 'escrow') {
          // The note vanished from escrow without a return status (taken back by hand).
          n.phase = 'returned';
          this.emitEvent({ device: 'acceptor', type: 'returned', value: n.value });
        }
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
      this.setDriverFault('initializeTimeout', `the acceptor has been initialising for more than ${Math.round(this.opts.initializeTimeoutMs / 1000)} s`);
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
    const n = this.note;
    if (!table.ok && n && n.phase === 'escrow' && !n.decision) n.decision = 'return';
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
      this.emitEvent({ device: 'acceptor', type: 'rejected', reason: `note code 0x${code.toString(16)} is not in the acceptor's currency assignment` });
      return;
    }
    this.unknownStacked = false;
    this.note = { ...v, phase: 'escrow', decision: null, escrowSince: Date.now() };
    if (this.wantEnabled === false) {
      // Taken in while the cabinet was disabling us: hand it back without asking.
      this.note.decision = 'return';
      return;
    }
    this.emitEvent({ device: 'acceptor', type: 'escrow', value: v.value, denomination: v.denomination });
  }

  /** The one place a credit is reported: guarded so no status seen twice can report it again. */
  private credit(): void {
    const n = this.note;
    if (n && (n.phase === 'stacking' || n.phase === 'escrow')) {
      n.phase = 'stacked';
      this.emitEvent({ device: 'acceptor', type: 'stacked', value: n.value, denomination: n.denomination });
    } else if (!n || n.phase === 'returned') {
      // A note we never saw in escrow (the cabinet restarted mid-stack): its value is the journal's,
      // told by the restart answer; after that, a pending note of the cabinet's is this one.
      if (!this.unknownStacked && this.recoveryCommitted) this.emitEvent({ device: 'acceptor', type: 'stacked', value: 0, denomination: 'unknown note' });
      this.unknownStacked = true;
      this.note = null;
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

function isStatus(r: Id003Response): boolean {
  return !['ack', 'invalidCommand', 'denominations', 'inhibit', 'setting', 'version', 'currencyAssignment'].includes(r.type);
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

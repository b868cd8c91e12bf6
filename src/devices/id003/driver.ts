// The bill acceptor driver (C-3, C-14, C-16): polls a JCM ID-003 acceptor, asks the cabinet about
// every escrowed note, stacks only on its word, and reports the credit exactly once, when the
// acceptor says the note is past the point of no return (vend valid). Everything it knows about
// the current note survives a lost port, so a reconnect mid-stack neither loses nor repeats it.

import type { DeviceCommand, DeviceEvent, DeviceRecovery } from '../../cabinet/device-events';
import { DriverBase } from '../shared/driver-base';
import type { Binding } from '../shared/port-connection';
import { Requester } from '../shared/requester';
import { encodeCommand, type Id003Command, type Id003Response } from './codec';
import { FAILURE_CODES, FAULT_STATUSES, FAULT_TEXT, REJECT_REASONS, type FaultStatus } from './codes';
import { noteValues, type NoteValue } from './currency';
import { Id003ResponseParser } from './parser';

export interface AcceptorDriverOptions {
  path: string;
  binding?: Binding;
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
}

type NotePhase = 'escrow' | 'stacking' | 'stacked' | 'returned';

interface Note extends NoteValue {
  phase: NotePhase;
  decision: 'stack' | 'return' | null;
  escrowSince: number;
}

export class AcceptorDriver extends DriverBase<Id003Response> {
  private readonly req: Requester<Id003Response>;
  private readonly opts: Required<Omit<AcceptorDriverOptions, 'binding' | 'acceptValues'>> & { acceptValues?: number[] };
  private values: NoteValue[] | null = null;
  private queue: Id003Command[] = [];
  /** The cabinet's last word on taking money; null until it has said anything (after a restart). */
  private wantEnabled: boolean | null = null;
  private inhibitSent: boolean | null = null;
  private note: Note | null = null;
  /** A stacked note whose value the acceptor could not tell (found after a restart). */
  private unknownStacked = false;
  private ackDue = false;
  private rejecting = false;
  private readonly faults = new Set<FaultStatus>();
  private statusSinceConnect = false;

  constructor(options: AcceptorDriverOptions) {
    const opts = {
      currency: 'USD', minorDigits: 2, pollMs: 100, responseTimeoutMs: 200, retries: 2, reconnectMs: 500, escrowDecisionMs: 10_000,
      ...options,
    };
    super('acceptor', { path: opts.path, binding: options.binding, baudRate: 9600, dataBits: 8, parity: 'even', stopBits: 1, reconnectMs: opts.reconnectMs }, () => new Id003ResponseParser(50), {
      pollMs: opts.pollMs,
      recycleAfter: 2,
    });
    this.opts = opts;
    this.req = new Requester(this.conn);
  }

  send(command: DeviceCommand): void {
    if (command.device !== 'acceptor') return;
    const n = this.note;
    switch (command.type) {
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

  readonly recovery: Pick<DeviceRecovery, 'acceptorNote'> = {
    acceptorNote: async () => {
      await this.whenSettled(Math.max(2000, this.opts.responseTimeoutMs * 20));
      const n = this.note;
      if (!n) return { state: this.unknownStacked ? 'stacked' : 'none', value: 0 };
      const state = n.phase === 'stacking' ? 'escrow' : n.phase;
      return { state, value: n.value };
    },
  };

  /** The note values the acceptor reported, once it has. */
  get noteTable(): readonly NoteValue[] | null {
    return this.values;
  }

  protected override onConnected(): void {
    this.statusSinceConnect = false;
    this.inhibitSent = null;
    this.queue = [];
    if (!this.values) this.queue.push({ type: 'getCurrencyAssignment' });
  }

  private async whenSettled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.whenOnline(timeoutMs);
    while (!this.statusSinceConnect || (this.note?.phase === 'stacking')) {
      if (Date.now() > deadline) throw new Error('acceptor note state did not settle');
      await new Promise((r) => setTimeout(r, this.opts.pollMs));
    }
  }

  protected async step(): Promise<void> {
    if (this.ackDue) {
      this.ackDue = false;
      await this.req.send(encodeCommand({ type: 'ack' }));
    }
    const next = this.nextCommand();
    const accept = next.type === 'statusRequest' ? isStatus : (r: Id003Response) => answers(next, r);
    const reply = await this.req.request(next.type, encodeCommand(next), accept, this.opts.responseTimeoutMs, this.opts.retries);
    this.markOnline();
    this.handle(next, reply);
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
    if (this.statusSinceConnect && this.inhibitSent !== !this.wantEnabled && this.values) return { type: 'setInhibit', inhibited: !this.wantEnabled };
    return { type: 'statusRequest' };
  }

  private lastStatus: Id003Response['type'] | null = null;

  private handle(sent: Id003Command, r: Id003Response): void {
    switch (r.type) {
      case 'currencyAssignment':
        this.values = noteValues(r.entries, this.opts.currency, this.opts.minorDigits);
        this.queue.push({ type: 'setDenominations', inhibitMask: this.inhibitMask() });
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
    const n = this.note;
    if (r.type !== 'rejecting') this.rejecting = false;
    switch (r.type) {
      case 'powerUp':
      case 'powerUpBillInAcceptor':
      case 'powerUpBillInStacker':
        if (r.type === 'powerUpBillInStacker') this.credit();
        this.inhibitSent = null;
        this.queue = [{ type: 'getCurrencyAssignment' }, { type: 'setInhibit', inhibited: !this.wantEnabled }, { type: 'reset' }];
        return;
      case 'escrow':
        if (r.barcode !== undefined || !this.values) {
          // Tickets in are not taken here (vouchers in are out of scope); unknown notes neither.
          if (this.values || r.barcode !== undefined) this.queue.push({ type: 'return' });
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
      // A note we never saw in escrow (the cabinet restarted mid-stack): its value is the journal's.
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

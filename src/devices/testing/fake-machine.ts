// A SasMachine kept in memory, for the link's tests, the host simulator's tests and the reply-
// time benchmark: meters, two games, vouchers with secure enhanced validation, a ticket in the
// acceptor, a handpay, a clock. It behaves as the cabinet will (each call commits at once), but
// it is not the cabinet: the cabinet implements SasMachine from its own state and store.

import { billMeterCode, SAS_BILL_VALUES } from '../../cabinet';
import { REDEEM_STATUS, refusedByHost, TRANSFER_CODE } from '../sas/ticket-codes';
import { crc16Kermit } from '../shared/crc16-kermit';
import { EXCEPTION } from '../sas/exception-codes';
import { planRaise, type ExceptionStore } from '../sas/exception-queue';
import type { ValidationMode } from '../sas/features';
import {
  VALIDATION_CONTROL,
  type CashOutTicket,
  type ExtendedValidationChange,
  type ExtendedValidationStatus,
  type GameConfig,
  type GameEntry,
  type HandpayInfo,
  type HostTicketData,
  type RedeemDecision,
  type SasDateTime,
  type SasMachine,
  type TicketIn,
  type TicketRedemption,
  type ValidationRecord,
} from '../sas/machine';
import {
  applySetValidationId,
  issueValidation,
  standardValidationNumber,
  type ValidationConfig,
  type ValidationState,
} from '../sas/validation';

export interface FakeMachineOptions {
  /** Credit limit for tickets in, minor units. */
  creditLimit?: number;
  /** The installed program the ROM signature covers. */
  program?: Uint8Array;
  /** Time the ROM signature takes. */
  romDelayMs?: number;
  allowClockSet?: boolean;
  allowRemoteHandpayReset?: boolean;
  /** Settle a ticket the host answered (stack or return it) this long after, as an acceptor would; off by default. */
  settleAfterMs?: number;
}

const BUFFER_SIZE = 31;

export class FakeMachine implements SasMachine {
  /** Machine meters by SAS code, minor units or counts. */
  readonly meters = new Map<number, number>();
  readonly gameMeters = new Map<number, Map<number, number>>();
  doorOpens = 0;
  powerResets = 0;
  disabled = false;
  readonly calls: string[] = [];
  clockNow: SasDateTime = { year: 2025, month: 3, day: 14, hour: 9, minute: 26, second: 53 };
  handpayInfo: HandpayInfo | null = null;
  selected = 0;
  validation: ValidationState = { current: null, lastSet: null };
  readonly records: (ValidationRecord & { read: boolean })[] = [];
  ticket: TicketRedemption | null = null;
  /** What the cabinet would do with a ticket the host accepted: stack it (true) or fail (false). */
  stackSucceeds = true;
  mode: ValidationMode = 'secure-enhanced';
  lastNote: { value: number } | null = null;
  cashOutTicket: CashOutTicket | null = null;
  /** System validation: the cash-out waiting for the host's number. */
  pending: { amount: number } | null = null;
  ticketLimit = 100_000;
  /** 7B's controls this machine lets the host change, and the expiration it prints. */
  controls = VALIDATION_CONTROL.printerAsCashoutDevice | VALIDATION_CONTROL.ticketRedemption;
  cashableExpirationDays = 30;
  ticketData: HostTicketData = {};
  readonly gameList: GameEntry[] = [
    { gameId: 'JB', additionalId: '000', maxBet: 500, paytableId: 'JB96', basePercent: 99.54, enabled: true },
    { gameId: 'PP', additionalId: '000', maxBet: 1000, paytableId: 'PP12', basePercent: 100.24, enabled: true },
  ];
  private ticketSeq = 0;
  private readonly opts: Required<FakeMachineOptions>;

  constructor(
    private readonly store: ExceptionStore,
    options: FakeMachineOptions = {},
  ) {
    this.opts = {
      creditLimit: 1_000_000,
      program: new TextEncoder().encode('poker cabinet program'),
      romDelayMs: 0,
      allowClockSet: true,
      allowRemoteHandpayReset: true,
      settleAfterMs: -1,
      ...options,
    };
    // What a cabinet keeps from the start: the cancelled credits, the bills and every note's count.
    for (const code of [0x03, 0x04, 0x0b]) this.meters.set(code, 0);
    SAS_BILL_VALUES.forEach((_, i) => this.meters.set(billMeterCode(i), 0));
  }

  raise(code: number): void {
    this.store.commit(planRaise(this.store.pending(), code));
  }

  // --- scripting ------------------------------------------------------------------------

  setMeter(code: number, value: number, game = 0): void {
    if (game === 0) this.meters.set(code, value);
    else {
      if (!this.gameMeters.has(game)) this.gameMeters.set(game, new Map());
      this.gameMeters.get(game)!.set(code, value);
    }
  }

  private addMeter(code: number, delta: number): void {
    this.meters.set(code, (this.meters.get(code) ?? 0) + delta);
  }

  /**
   * A cash-out in the machine's validation mode: secure enhanced prints the next number (null and
   * 3F when no ID is set); standard prints its own 8 digits; system waits for the host (57) and
   * returns null, the voucher printing when 58 brings the number.
   */
  printVoucher(amount: number): string | null {
    if (this.mode === 'system') {
      this.pending = { amount };
      this.raise(EXCEPTION.systemValidationRequest);
      return null;
    }
    if (this.mode === 'standard') {
      const validationNumber = standardValidationNumber(amount, this.clockNow);
      this.cashOutTicket = { validationNumber, amount, read: false };
      this.debit(amount);
      return validationNumber;
    }
    if (!this.validation.current) {
      this.raise(EXCEPTION.validationIdNotConfigured);
      return null;
    }
    const { config, barcode } = issueValidation(this.validation.current);
    this.validation = { ...this.validation, current: config };
    this.keepRecord(barcode, amount, config.sequence);
    return barcode;
  }

  private keepRecord(barcode: string, amount: number, sequence: number): void {
    this.records.push({
      index: (this.records.length % BUFFER_SIZE) + 1,
      type: 0x00,
      at: { ...this.clockNow },
      barcode,
      amount,
      ticketNumber: sequence % 10000,
      expires: { year: this.clockNow.year, month: 12, day: 31 },
      read: false,
    });
    this.debit(amount);
  }

  private debit(amount: number): void {
    this.addMeter(0x0e, amount);
    this.addMeter(0x12, 1);
    this.addMeter(0x0c, -amount);
    this.raise(EXCEPTION.cashOutTicketPrinted);
  }

  /** A ticket with this barcode arrives in escrow, waiting for the host. */
  insertTicket(barcode: string): TicketRedemption {
    this.ticket = { id: `t${++this.ticketSeq}`, barcode, state: 'awaitingHost' };
    return this.ticket;
  }

  /** The acceptor reports the pending ticket stacked (credited) or returned. */
  settleTicket(): void {
    const t = this.ticket;
    if (!t || t.state !== 'pending') return;
    if (this.stackSucceeds && t.status === undefined) {
      this.addMeter(0x0c, t.amount ?? 0);
      this.addMeter(0x0d, t.amount ?? 0);
      this.addMeter(0x11, 1);
      this.ticket = { ...t, state: 'complete', status: 0x00, statusRead: false };
    } else {
      this.ticket = { ...t, state: 'complete', status: t.status ?? 0x8b, amount: 0, statusRead: false };
    }
  }

  /** Times out a ticket the host never answered: returned. */
  timeOutTicket(): void {
    if (this.ticket?.state === 'awaitingHost')
      this.ticket = { ...this.ticket, state: 'complete', status: 0x88, amount: 0, statusRead: false };
  }

  // --- SasMachine ------------------------------------------------------------------------

  meter(code: number, game: number): number | null {
    return (game === 0 ? this.meters.get(code) : this.gameMeters.get(game)?.get(code)) ?? null;
  }

  doorAndPowerCounts() {
    return { slotDoorOpens: this.doorOpens, powerResets: this.powerResets };
  }

  machineInfo(): GameConfig {
    return {
      gameId: 'JB',
      additionalId: '000',
      maxBet: Math.max(...this.gameList.map((g) => g.maxBet)),
      paytableId: 'MULTI',
      basePercent: 99.89,
    };
  }

  games(): readonly GameEntry[] {
    return this.gameList;
  }

  selectedGame(): number {
    return this.selected;
  }

  serialNumber(): string {
    return 'PC-000042';
  }

  clock(): SasDateTime {
    return { ...this.clockNow };
  }

  setClock(at: SasDateTime): boolean {
    this.calls.push(`setClock ${JSON.stringify(at)}`);
    if (!this.opts.allowClockSet) return false;
    this.clockNow = { ...at };
    return true;
  }

  shutdown(): void {
    this.calls.push('shutdown');
    this.disabled = true;
  }

  startup(): void {
    this.calls.push('startup');
    this.disabled = false;
  }

  disabledByHost(): boolean {
    return this.disabled;
  }

  handpay(): HandpayInfo | null {
    return this.handpayInfo;
  }

  remoteHandpayReset(): 0 | 1 | 2 {
    this.calls.push('remoteHandpayReset');
    if (!this.handpayInfo) return 2;
    if (!this.opts.allowRemoteHandpayReset) return 1;
    this.handpayInfo = null;
    this.raise(EXCEPTION.handpayReset);
    return 0;
  }

  async romSignature(seed: number): Promise<number> {
    this.calls.push(`romSignature ${seed}`);
    if (this.opts.romDelayMs) await new Promise((r) => setTimeout(r, this.opts.romDelayMs));
    return crc16Kermit(this.opts.program, 0, this.opts.program.length, seed);
  }

  setValidationId(request: ValidationConfig): ValidationConfig | null {
    const { state, reply } = applySetValidationId(this.validation, request);
    this.validation = state;
    return reply;
  }

  readonly validationRecords = {
    oldestUnread: (): ValidationRecord | null => this.records.find((r) => !r.read) ?? null,
    atIndex: (index: number): ValidationRecord | null => this.records.findLast((r) => r.index === index) ?? null,
    markRead: (record: ValidationRecord): void => {
      const r = this.records.find((x) => x.barcode === record.barcode);
      if (r) r.read = true;
    },
  };

  readonly ticketIn: TicketIn = {
    current: () => (this.ticket ? { ...this.ticket } : null),
    redeem: (id: string, d: RedeemDecision): number => {
      const status = this.decide(id, d);
      if (this.ticket?.state === 'pending' && this.opts.settleAfterMs >= 0)
        setTimeout(() => this.settleTicket(), this.opts.settleAfterMs);
      return status;
    },
    statusRead: (id: string): void => {
      if (this.ticket?.id === id && this.ticket.state === 'complete')
        this.ticket = { ...this.ticket, statusRead: true };
    },
  };

  validationMode(): ValidationMode {
    return this.mode;
  }

  lastBill(): { value: number } | null {
    return this.lastNote;
  }

  currency(): string {
    return 'USD';
  }

  lastCashOutTicket(): CashOutTicket | null {
    return this.cashOutTicket && { ...this.cashOutTicket };
  }

  cashOutTicketRead(validationNumber: string): void {
    if (this.cashOutTicket?.validationNumber === validationNumber) this.cashOutTicket.read = true;
  }

  pendingCashout(): { amount: number } | null {
    return this.pending && { ...this.pending };
  }

  systemValidation(systemId: number, validationNumber: string): number {
    this.calls.push(`systemValidation ${systemId} ${validationNumber}`);
    const p = this.pending;
    if (!p) return 0x80;
    this.pending = null;
    if (systemId === 0) {
      this.handpayInfo = { progressiveGroup: 0, level: 0x80, amount: p.amount, partialPay: 0, resetId: 0 };
      this.raise(EXCEPTION.handpayPending);
      return 0x00;
    }
    this.keepRecord(String(systemId).padStart(2, '0') + validationNumber, p.amount, this.records.length + 1);
    return 0x00;
  }

  cashOutLimit(): number {
    return this.ticketLimit;
  }

  extendedValidation(change: ExtendedValidationChange): ExtendedValidationStatus {
    const settable = VALIDATION_CONTROL.printerAsCashoutDevice | VALIDATION_CONTROL.ticketRedemption;
    const mask = change.mask & settable;
    this.controls = (this.controls & ~mask) | (change.states & mask);
    if (change.cashableExpirationDays) this.cashableExpirationDays = change.cashableExpirationDays;
    return {
      statusBits: this.controls | (this.validation.current ? VALIDATION_CONTROL.secureEnhancedConfigured : 0),
      cashableExpirationDays: this.cashableExpirationDays,
      restrictedExpirationDays: 0,
    };
  }

  setTicketData(data: HostTicketData): boolean {
    this.calls.push(`setTicketData ${JSON.stringify(data)}`);
    this.ticketData = { ...this.ticketData, ...data };
    return true;
  }

  assetNumber(): number {
    return 42;
  }

  private decide(id: string, d: RedeemDecision): number {
    const t = this.ticket;
    this.calls.push(`redeem ${id} ${d.transferCode.toString(16)} ${d.amount}`);
    if (!t || t.id !== id || t.state !== 'awaitingHost') return REDEEM_STATUS.notThisCycle;
    if (refusedByHost(d.transferCode)) {
      this.ticket = { ...t, state: 'pending', status: REDEEM_STATUS.rejectedByHost };
      return REDEEM_STATUS.pending;
    }
    if (d.transferCode !== TRANSFER_CODE.cashable) {
      this.ticket = { ...t, state: 'pending', status: REDEEM_STATUS.notValidFunction };
      return REDEEM_STATUS.pending;
    }
    if ((this.meters.get(0x0c) ?? 0) + d.amount > this.opts.creditLimit) {
      this.ticket = { ...t, state: 'pending', status: REDEEM_STATUS.overCreditLimit };
      return REDEEM_STATUS.overCreditLimit;
    }
    this.ticket = { ...t, state: 'pending', amount: d.amount };
    return REDEEM_STATUS.pending;
  }
}

// The seam between the SAS link and the cabinet: everything the link answers is read through
// `SasMachine`, and everything the host asks the machine to do goes through it. The cabinet side
// implements it from its committed state and store (C-13): reads are synchronous reads of
// committed state, so a reply never waits on I/O and never shows what is not yet committed;
// the calls that change something (shutdown, startup, clock, handpay reset, validation ID,
// ticket redemption, "the host has read this") commit before they return.
//
// Money crosses this seam in the cabinet's own terms, minor units of its currency; the link
// converts to credits of the accounting denomination or to cents as SAS wants each field.

import type { ValidationMode } from './features';
import type { ValidationConfig } from './validation';
import type { AftAmounts, AftTransferAsk } from '../../cabinet/aft-state';

export interface SasDate {
  year: number;
  month: number;
  day: number;
}

/** Local wall-clock time, as SAS carries it (no zone). */
export interface SasDateTime extends SasDate {
  hour: number;
  minute: number;
  second: number;
}

/** What 1F reports for the machine and 53 for each game. */
export interface GameConfig {
  /** 2 ASCII characters (Table C-1). */
  gameId: string;
  /** 3 ASCII characters; "000" when the game has none. */
  additionalId: string;
  /** The largest bet, in minor units (reported in credits, FF when over 255). */
  maxBet: number;
  /** Up to 6 ASCII characters (Table C-3), padded with spaces. */
  paytableId: string;
  /** Theoretical return at max bet, in percent (99.54 → "9954"). */
  basePercent: number;
}

export interface GameEntry extends GameConfig {
  /** Available to the player now (56). */
  enabled: boolean;
}

/** 1B: the handpay the machine is locked up in. */
export interface HandpayInfo {
  /** 00: not a SAS progressive. */
  progressiveGroup: number;
  /** 40 a non-progressive win, 80 cancelled credits, 01–20 a progressive level. */
  level: number;
  /** Minor units. */
  amount: number;
  /** Minor units paid before the handpay. */
  partialPay: number;
  /** 00 only the attendant's key resets it; 01 it may be reset to the credit meter. */
  resetId: number;
}

/** One voucher (or validated handpay) as 4D reports it. */
export interface ValidationRecord {
  /** Position in the machine's validation buffer, 1–31. */
  index: number;
  /** 00 cashable ticket from a cash-out or win; 10 / 20 handpay receipts; see the standard's table. */
  type: number;
  at: SasDateTime;
  /** 18 digits as printed: the validation system ID (2 digits) then the validation number (16). */
  barcode: string;
  /** Minor units (reported in cents). */
  amount: number;
  /** The sequential number printed on the ticket, 0–9999, or null for a validation without a ticket. */
  ticketNumber: number | null;
  /** Printed expiry date, 'never', or null for none printed. */
  expires: SasDate | 'never' | null;
}

/** The ticket the acceptor holds, as the cabinet tracks its redemption through the host. */
export interface TicketRedemption {
  /** Unique per insertion: the same ticket inserted again is a new redemption. */
  id: string;
  /** 18 digits as read from the ticket. */
  barcode: string;
  /**
   * awaitingHost: in escrow, waiting for the host's 71 (the link raises 67 and answers 70);
   * pending: the host has answered, the cabinet is stacking or returning it (71 status 40);
   * complete: stacked or returned (the link raises 68 until the host reads `status`).
   */
  state: 'awaitingHost' | 'pending' | 'complete';
  /** Minor units: what the host's 71 gave (pending), what was credited (complete, redeemed). */
  amount?: number;
  /** Once complete: the 71 machine status, 00 redeemed or 80–8B why it was returned. */
  status?: number;
  /** The host has taken the final status with its 71 status poll. */
  statusRead?: boolean;
}

/** The host's redeem-ticket decision (71), amount already in minor units. */
export interface RedeemDecision {
  /** 00 cashable, 01 restricted, 02 nonrestricted promotional; 80 and over: the host refuses. */
  transferCode: number;
  amount: number;
  /** Restricted tickets only, when the host sends the fields (MMDDYYYY digits or days). */
  restrictedExpiration?: string;
  poolId?: number;
}

/** Ticket in (issue 15). Absent on a machine that does not take tickets: 70 and 71 go unanswered. */
export interface TicketIn {
  /** The redemption in progress, or the last one until its final status has been read. */
  current(): TicketRedemption | null;
  /**
   * The host's 71 for the ticket awaiting it. Returns the status for the reply: 40 (pending: the
   * cabinet will stack or return it) or an immediate refusal (83 amount not valid, 84 over the
   * credit limit, 87 unable to accept now), in which case the cabinet returns the ticket; as a
   * promise when the machine must first commit the verdict (the link holds the reply until then).
   */
  redeem(id: string, decision: RedeemDecision): number | Promise<number>;
  /** The host has taken the reply carrying the final status. */
  statusRead(id: string): void;
}

/** 4D's view of the vouchers printed, oldest first. */
export interface ValidationRecords {
  /** The oldest record the host has not yet read with 4D 00. */
  oldestUnread(): ValidationRecord | null;
  /** The record at buffer index 1–31. */
  atIndex(index: number): ValidationRecord | null;
  /** The host took the 4D reply carrying it: never report it as unread again. */
  markRead(record: ValidationRecord): void;
}

/** 7B's validation controls (Table 15.2c), as bits. */
export const VALIDATION_CONTROL = {
  printerAsCashoutDevice: 1 << 0,
  printerAsHandpayReceiptDevice: 1 << 1,
  validateHandpays: 1 << 2,
  printRestrictedTickets: 1 << 3,
  foreignRestrictedAmounts: 1 << 4,
  ticketRedemption: 1 << 5,
  /** Read only: secure enhanced validation is configured (a validation ID is set). */
  secureEnhancedConfigured: 1 << 15,
} as const;

/** 7B: what the host asks to change (bits of `mask` to `states`) and the expirations it gives (0: unchanged). */
export interface ExtendedValidationChange {
  mask: number;
  states: number;
  cashableExpirationDays: number;
  restrictedExpirationDays: number;
}

/** 7B's answer: the controls as they now are, and the expirations (9999: never). */
export interface ExtendedValidationStatus {
  statusBits: number;
  cashableExpirationDays: number;
  restrictedExpirationDays: number;
}

/**
 * 7C and 7D: the host's text for the next vouchers. A field left out (undefined) is left as it is;
 * `expirationDays` 0 means "never expires" (7D's), as does 9999 (7B's).
 */
export interface HostTicketData {
  location?: string;
  address1?: string;
  address2?: string;
  expirationDays?: number;
}

/** 3D under standard validation: the last voucher's number and amount, and whether the host has read it. */
export interface CashOutTicket {
  /** The 8 digits of standard validation. */
  validationNumber: string;
  /** Minor units. */
  amount: number;
  read: boolean;
}

export interface SasMachine {
  /** A meter by SAS code (Table C-7) for game 0 (the machine) or 1…n; null when not kept. */
  meter(code: number, game: number): number | null;
  /** 1C's two counts that have no meter code. */
  doorAndPowerCounts(): { slotDoorOpens: number; powerResets: number };
  /** 1F: the machine as a whole (max bet over all games, average return). */
  machineInfo(): GameConfig;
  /** Game n is entry n − 1 (51, 53, 56, 2F). */
  games(): readonly GameEntry[];
  /** 55: the game being played or chosen, 0 in the lobby. */
  selectedGame(): number;
  /** 54: up to 40 ASCII characters. */
  serialNumber(): string;
  clock(): SasDateTime;
  /** 7F: false when the operator does not allow the host to set the clock (then no reply). */
  setClock(at: SasDateTime): boolean;
  /** 01: play disabled by the host (a game in progress finishes first). */
  shutdown(): void;
  /** 02. */
  startup(): void;
  disabledByHost(): boolean;
  /** 1B; null when not in a handpay (reported as zeros). */
  handpay(): HandpayInfo | null;
  /** 94: 0 reset, 1 unable (or not allowed by the operator), 2 not in a handpay. */
  remoteHandpayReset(): 0 | 1 | 2;
  /** 21: CRC-16 seeded with `seed` over the installed program; may take a while. */
  romSignature(seed: number): Promise<number>;
  /** 4C: apply `applySetValidationId` to the stored state; null when not doing secure enhanced validation. */
  setValidationId(request: ValidationConfig): ValidationConfig | null;
  validationRecords: ValidationRecords;
  ticketIn?: TicketIn;
  /** How vouchers are validated (docs/protocols/sas.md): the polls answered follow it. */
  validationMode(): ValidationMode;
  /** 48: the last note stacked, in minor units; null before the first. */
  lastBill(): { value: number } | null;
  /** Table C-5's country comes from it (48, the bill-accepted event). */
  currency(): string;
  /** 3D (standard validation): the last voucher printed; null before the first. */
  lastCashOutTicket(): CashOutTicket | null;
  /** The host has taken 3D's reply with this number: under standard validation the next voucher may print. */
  cashOutTicketRead(validationNumber: string): void;
  /** 57 (system validation): the cash-out waiting for the host's number, minor units; null when none. */
  pendingCashout(): { amount: number } | null;
  /**
   * 58: the host's validation number for the pending cash-out (system ID 0: refused, a handpay).
   * 0 acknowledged, 0x80 not waiting for one, 0x81 refused as improper.
   */
  systemValidation(systemId: number, validationNumber: string): number;
  /** A4: the largest cash-out paid without a handpay, minor units (the ticket limit). */
  cashOutLimit(): number;
  /** 7B: applies what the machine supports of the change (a mask of 0 changes nothing). */
  extendedValidation(change: ExtendedValidationChange): ExtendedValidationStatus;
  /** 7C, 7D: the host's ticket data; false when it is refused (the flag 7C and 7D answer). */
  setTicketData(data: HostTicketData): boolean;
  /** 7B: the machine's asset number (0 when it has none). */
  assetNumber(): number;
  /** AFT and the legacy bonus (72–75, 8A); absent on a machine without them: those polls go unanswered. */
  aft?: AftMachine;
}

/** A 72 transfer as the machine takes it is the cabinet's (amounts in minor units by credit kind). */
export type { AftAmounts, AftTransferAsk } from '../../cabinet/aft-state';

/** One transfer as the machine keeps it (72 reports it). */
export interface AftTransferInfo {
  position: number;
  transactionId: string;
  transferType: number;
  status: number;
  /** What moved. */
  amounts: AftAmounts;
  flags: number;
  expiration: string;
  poolId: number;
  at: SasDateTime;
  /** The cumulative meters of its type after it. */
  cumulative: AftAmounts;
}

/** 74's answer, amounts in minor units. */
export interface AftLockInfo {
  locked: boolean;
  availableTransfers: number;
  hostCashoutStatus: number;
  aftStatus: number;
  balance: AftAmounts;
  transferLimit: number;
  restrictedExpiration: string;
  restrictedPoolId: number;
}

export interface AftMachine {
  /** 73: null when not registered. */
  registration(): { status: number; assetNumber: number; key: string; posId: number } | null;
  /** 73 00, 01, 40, 80 (committed before the reply). */
  register(code: number, assetNumber: number, key: string, posId: number): void;
  /** 74 00: true when the lock is granted. */
  lock(conditions: number, timeoutMs: number): boolean;
  /** 74 80. */
  unlock(): void;
  lockInfo(): AftLockInfo;
  /** 72: the status; a transfer done (00, 01) is committed, and `record(0)` is it. */
  transfer(ask: AftTransferAsk): number;
  /** 72 interrogation: 00 the last transfer, 01–7F a history position, 81–FF back from the latest. */
  record(index: number): AftTransferInfo | null;
  /** 72 FF: the host has the outcome of this transfer. */
  acknowledge(transactionId: string): void;
  /** 8A: false when refused. */
  legacyBonus(amount: number, taxStatus: number): boolean;
}

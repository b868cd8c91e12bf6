// Advanced Funds Transfer (issue 42) as the cabinet keeps it: the registration, the lock, the host's
// cash-out setting, the last transfer and the history, and the legacy bonuses waiting for a game
// to end. Plain data in the committed state, so a transfer and its credit are one commit (C-13).
// Amounts are minor units; the link turns them into SAS cents. The protocol's codes are the
// link's (src/devices/sas/aft-codes.ts): the cabinet keeps the numbers the standard defines.

/** Money by SAS credit kind, minor units. */
export interface AftAmounts {
  cashable: number;
  restricted: number;
  nonRestricted: number;
}

export const NO_AMOUNTS: AftAmounts = { cashable: 0, restricted: 0, nonRestricted: 0 };
export const totalOf = (a: AftAmounts): number => a.cashable + a.restricted + a.nonRestricted;

/** Promotional credits inside the balance; the rest of the balance is cashable. */
export interface PromoCredits {
  restricted: number;
  nonRestricted: number;
  /** As the transfer gave it: MMDDYYYY or 0000NNNN days (8 digits); 00000000 none. */
  restrictedExpiration: string;
  restrictedPoolId: number;
}

/** 73: the casino system's registration of this machine. */
export interface AftRegistration {
  /** 00 ready (after initialize), 01 registered, 40 pending the operator's acknowledgement. */
  status: number;
  assetNumber: number;
  /** 40 hex digits. */
  key: string;
  posId: number;
}

/** 74: the lock the host holds for a transfer. */
export interface AftLock {
  since: number;
  /** ms since the epoch; unlocked from then on (the host's timeout). */
  until: number;
  /** 74's transfer conditions the host asked for. */
  conditions: number;
}

/** One transfer as the history keeps it and 72 reports it. */
export interface AftTransferRecord {
  /** Its place in the history buffer, 1… (wrapping). */
  position: number;
  transactionId: string;
  /** 00 full, 01 partial. */
  transferCode: number;
  transferType: number;
  /** 00 full, 01 partial success. */
  status: number;
  requested: AftAmounts;
  moved: AftAmounts;
  flags: number;
  expiration: string;
  poolId: number;
  at: number;
  /** The cumulative AFT meters of its type after it (minor units). */
  cumulative: AftAmounts;
  /** The host interrogated it with 72 FF: it has the outcome. */
  acknowledged?: boolean;
}

/** 6A: a cash-out the player asked for, offered to the host. */
export interface HostCashoutRequest {
  since: number;
  amounts: AftAmounts;
  /** 6B: the host was asked to take a win, not everything. */
  win: boolean;
}

/** 8A: a bonus the host awarded, credited when the current game ends. */
export interface LegacyBonus {
  /** Minor units. */
  amount: number;
  /** 00 deductible, 01 non-deductible, 02 wager match. */
  taxStatus: number;
  since: number;
}

export interface AftCabinetState {
  registration: AftRegistration | null;
  lock: AftLock | null;
  /** 72's flags: cash-out goes to the host, soft (the host may refuse: then a voucher) or hard. */
  hostCashout: { enabled: boolean; hard: boolean };
  /** The last transfer, reported as index 00. */
  last: AftTransferRecord | null;
  /** The history's next position (1…AFT_HISTORY_SIZE, then 1 again). */
  nextPosition: number;
  hostCashoutRequest?: HostCashoutRequest | null;
  legacyBonuses?: LegacyBonus[];
}

export const INITIAL_AFT: AftCabinetState = {
  registration: null,
  lock: null,
  hostCashout: { enabled: false, hard: false },
  last: null,
  nextPosition: 1,
};

/** What the host asks with a 72 to move money (amounts already in minor units). */
export interface AftTransferAsk {
  transactionId: string;
  transactionIndex: number;
  transferCode: number;
  transferType: number;
  amounts: AftAmounts;
  flags: number;
  assetNumber: number;
  registrationKey: string;
  expiration: string;
  poolId: number;
  /** ms, for "lock after transfer". */
  lockTimeoutMs: number;
}

export type AftCommand =
  /** 73: 00 initialize, 01 register, 40 request acknowledgement, 80 unregister. */
  | { type: 'aftRegister'; code: number; assetNumber: number; key: string; posId: number }
  /** 74 00: lock for `timeoutMs` with the host's conditions; 80 cancel. */
  | { type: 'aftLock'; conditions: number; timeoutMs: number }
  | { type: 'aftUnlock'; why: 'host' | 'timeout' }
  /** 72: a transfer (refused with the standard's status, or done in this very commit). */
  | { type: 'aftTransfer'; ask: AftTransferAsk }
  /** 72 FF: the host has the outcome of the transfer it names. */
  | { type: 'aftAcknowledge'; transactionId: string }
  /** 8A. */
  | { type: 'legacyBonus'; amount: number; taxStatus: number }
  /** The host left a cash-out offered to it (6A) unanswered: soft mode, a voucher after all. */
  | { type: 'hostCashoutTimeout' };

// The codes of Advanced Funds Transfer (SAS 6.02, chapter 8; docs/protocols/sas.md, "AFT") and of
// the legacy bonus (8A), declared once for both ends of the link: what the host asks with 72, 73
// and 74, and what the machine answers. Values as the standard's tables give them (the page names
// the sources); the cabinet and the host simulator read them by these names, never by their hex.

/** 72's transfer code: what the host asks. */
export const AFT_TRANSFER_CODE = {
  /** The whole amount or nothing. */
  full: 0x00,
  /** As much as the machine can take (or give) up to the amount. */
  partial: 0x01,
  cancel: 0x80,
  /** Interrogate a transaction (the index) without acknowledging it. */
  interrogateStatusOnly: 0xfe,
  /** Interrogate and acknowledge: the host has the transfer's outcome. */
  interrogate: 0xff,
} as const;

/** 72's transfer type (Table 8.3c). */
export const AFT_TRANSFER_TYPE = {
  inHouseToMachine: 0x00,
  bonusCoinOutToMachine: 0x10,
  /** A bonus jackpot: the machine locks up for a handpay. */
  bonusJackpotToMachine: 0x11,
  inHouseToTicket: 0x20,
  debitToMachine: 0x40,
  debitToTicket: 0x60,
  inHouseToHost: 0x80,
  winToHost: 0x90,
} as const;
export type AftTransferType = (typeof AFT_TRANSFER_TYPE)[keyof typeof AFT_TRANSFER_TYPE];
export const isAftTransferType = (t: number): t is AftTransferType =>
  (Object.values(AFT_TRANSFER_TYPE) as number[]).includes(t);
/** A type that moves money off the machine. */
export const isToHost = (t: number): boolean => t >= AFT_TRANSFER_TYPE.inHouseToHost;

/** 72's transfer status (Table 8.3e), in the reply and the history. */
export const AFT_STATUS = {
  fullSuccess: 0x00,
  partialSuccess: 0x01,
  pending: 0x40,
  cancelledByHost: 0x80,
  transactionIdNotUnique: 0x81,
  notAValidFunction: 0x82,
  notAValidAmountOrExpiration: 0x83,
  overLimit: 0x84,
  notAMultipleOfDenomination: 0x85,
  noPartialToHost: 0x86,
  unableNow: 0x87,
  notRegistered: 0x88,
  wrongRegistrationKey: 0x89,
  noPosId: 0x8a,
  noWonCredits: 0x8b,
  noDenomination: 0x8c,
  expirationNotValidForTicket: 0x8d,
  ticketDeviceUnavailable: 0x8e,
  restrictedPoolMismatch: 0x8f,
  unableToPrintReceipt: 0x90,
  insufficientReceiptData: 0x91,
  receiptNotAllowed: 0x92,
  assetNumberMismatch: 0x93,
  notLocked: 0x94,
  transactionIdNotValid: 0x95,
  unexpectedError: 0x9f,
  notCompatibleWithCurrentTransfer: 0xc0,
  unsupportedTransferCode: 0xc1,
  noTransferInfo: 0xff,
} as const;
export type AftStatus = (typeof AFT_STATUS)[keyof typeof AFT_STATUS];
/** A status that ends a transfer without moving money. */
export const isRefusal = (status: number): boolean => status >= AFT_STATUS.cancelledByHost;
/** The statuses 72 answers in its short form: transaction index and status alone. */
export const SHORT_REPLY_STATUSES: ReadonlySet<number> = new Set([
  AFT_STATUS.cancelledByHost,
  AFT_STATUS.notCompatibleWithCurrentTransfer,
  AFT_STATUS.unsupportedTransferCode,
]);

/** The receipt status in 72's reply. */
export const AFT_RECEIPT_STATUS = {
  printed: 0x00,
  printing: 0x20,
  pending: 0x40,
  none: 0xff,
} as const;

/** 72's transfer flags (Table 8.3d), as the host sends them and the machine reports them. */
export const AFT_FLAG = {
  /** Bit 1 and 2 set the host cash-out state; only with this bit. */
  hostCashoutEnableControl: 0x01,
  hostCashoutEnable: 0x02,
  /** Hard: the player's cash-out goes only to the host; soft: to the host when it takes it. */
  hostCashoutModeHard: 0x04,
  cashoutFromMachine: 0x08,
  lockAfterTransfer: 0x10,
  customTicketData: 0x20,
  acceptOnlyIfLocked: 0x40,
  receiptRequest: 0x80,
} as const;

/** 73's registration code. */
export const AFT_REGISTRATION_CODE = {
  initialize: 0x00,
  register: 0x01,
  requestAcknowledgement: 0x40,
  unregister: 0x80,
  read: 0xff,
} as const;

/** 73's registration status in its reply. */
export const AFT_REGISTRATION_STATUS = {
  ready: 0x00,
  registered: 0x01,
  pending: 0x40,
  notRegistered: 0x80,
} as const;

/** 74's lock code. */
export const AFT_LOCK_CODE = { request: 0x00, cancel: 0x80, interrogate: 0xff } as const;

/** 74's game lock status. */
export const AFT_LOCK_STATUS = { locked: 0x00, pending: 0x40, notLocked: 0xff } as const;

/** 74's transfer conditions (what the host asks the lock for) and available transfers (what is possible now). */
export const AFT_CONDITION = {
  toMachine: 0x01,
  fromMachine: 0x02,
  toPrinter: 0x04,
  bonusToMachine: 0x08,
} as const;
/** The bits of 74's transfer conditions the standard defines; the rest are to be zero. */
export const AFT_CONDITION_MASK = 0x0f;

export const AFT_AVAILABLE = {
  toMachine: 0x01,
  fromMachine: 0x02,
  toPrinter: 0x04,
  winPendingToHost: 0x08,
  bonusToMachine: 0x10,
} as const;

/** 74's host cash-out status byte. */
export const AFT_HOST_CASHOUT = { controllableByHost: 0x01, enabled: 0x02, hard: 0x04 } as const;

/** 74's AFT status byte. */
export const AFT_STATUS_BITS = {
  printerForReceipts: 0x01,
  partialToHost: 0x02,
  customTicketData: 0x04,
  registered: 0x08,
  inHouseEnabled: 0x10,
  bonusEnabled: 0x20,
  debitEnabled: 0x40,
  anyEnabled: 0x80,
} as const;

/** The history buffer's size this machine keeps (74's maximum buffer index; the standard asks 46–7F). */
export const AFT_HISTORY_SIZE = 0x7f;

/** Receipt data a 72 may carry (Table 8.3f): code → its shape. */
export const AFT_RECEIPT_FIELDS: Readonly<Record<number, { name: string } & ({ ascii: number } | { bcd: number })>> = {
  0x00: { name: 'transfer source or destination', ascii: 22 },
  0x01: { name: 'date and time', bcd: 7 },
  0x10: { name: 'patron name', ascii: 22 },
  0x11: { name: 'patron account number', ascii: 16 },
  0x13: { name: 'account balance', bcd: 5 },
  0x41: { name: 'debit card number', bcd: 2 },
  0x42: { name: 'transaction fee', bcd: 5 },
  0x43: { name: 'total debit amount', bcd: 5 },
};

/** 75's data codes (Table 8.11.1b): the receipt's standing lines, each at most 22 characters. */
export const AFT_RECEIPT_DATA_CODES: Readonly<Record<number, string>> = {
  0x00: 'location',
  0x01: 'address 1',
  0x02: 'address 2',
  0x10: 'in-house line 1',
  0x11: 'in-house line 2',
  0x12: 'in-house line 3',
  0x13: 'in-house line 4',
  0x20: 'debit line 1',
  0x21: 'debit line 2',
  0x22: 'debit line 3',
  0x23: 'debit line 4',
};
export const AFT_RECEIPT_TEXT_MAX = 22;

/** The registration key: 20 bytes, all zero for "registration not required" in a 72. */
export const REGISTRATION_KEY_BYTES = 20;
/** A 72's transaction ID: 1 to 20 ASCII characters. */
export const TRANSACTION_ID_MAX = 20;

/** 8A's tax status. */
export const LEGACY_BONUS_TAX = { deductible: 0x00, nonDeductible: 0x01, wagerMatch: 0x02 } as const;

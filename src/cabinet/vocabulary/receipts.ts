// A handpay's receipt in the cabinet's words (C-5, ../handpay-receipts.ts): how many are kept for
// a reprint, where a slip stands, and why one waits for a reprint.

/** How many slips the cabinet keeps for a reprint, newest first. */
export const RECEIPTS_KEPT = 10;

/** printing: sent to the printer; printed: out of it; pending: waiting for the attendant's reprint. */
export const RECEIPT_STATUSES = ['printing', 'printed', 'pending'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * Why a slip waits: the printer could not print when it was due, the printer failed it, or the
 * cabinet restarted while it printed.
 */
export const RECEIPT_PENDING = ['printerNotReady', 'printFailed', 'restart'] as const;
export type ReceiptPending = (typeof RECEIPT_PENDING)[number];

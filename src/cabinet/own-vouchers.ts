// Standalone validation: with no casino system to ask, the cabinet redeems only vouchers it printed
// itself, each once, before it expires. What became of each voucher it printed is kept by the store
// beside them (C-13: the mark that one was redeemed is committed with the credit); this judges one.

import type { TicketVerdict } from './ticket-verdicts';

/**
 * printing: sent to the printer, not yet confirmed; issued: printed and debited; voided: the
 * printer failed or could not say, and the amount went to a handpay; redeemed: taken in again.
 */
export const VOUCHER_STATUSES = ['printing', 'issued', 'voided', 'redeemed'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** A voucher this cabinet printed, as the store keeps it. */
export interface VoucherRecord {
  validation: string;
  sequence: number;
  amount: number;
  currency: string;
  /** ms since the epoch. */
  issuedAt: number;
  /** ISO date (YYYY-MM-DD, UTC) after which the voucher is void. */
  expiresAt: string;
  status: VoucherStatus;
  /** When it was redeemed (ms since the epoch) and the event-log row of the ticket that redeemed it. */
  redeemedAt: number | null;
  redeemedEvent: number | null;
}

/**
 * What the records hold of one 18-digit number (CabinetEnv.ticketRecord): the voucher this cabinet
 * printed with it, and the credit of a ticket with it, whoever printed it (what and when, ms).
 */
export interface TicketRecord {
  voucher: VoucherRecord | null;
  credited: { amount: number; at: number } | null;
}

/** Whether the voucher with this record can be redeemed now, for how much, or why not. */
export function ownVoucherVerdict(record: VoucherRecord | null, now: number, currency: string): TicketVerdict {
  // Printed elsewhere, never confirmed printed, voided, or in another currency: not this cabinet's to pay.
  if (!record || record.currency !== currency) return { valid: false, reason: 'notValidHere' };
  if (record.status === 'redeemed') return { valid: false, reason: 'alreadyRedeemed' };
  if (record.status !== 'issued') return { valid: false, reason: 'notValidHere' };
  if (new Date(now).toISOString().slice(0, 10) > record.expiresAt) return { valid: false, reason: 'expired' };
  if (!Number.isSafeInteger(record.amount) || record.amount <= 0) return { valid: false, reason: 'notValidHere' };
  return { valid: true, amount: record.amount };
}

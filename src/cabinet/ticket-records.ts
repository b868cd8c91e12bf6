// The cabinet's own records over a validator's word (issue 37). A casino system's 71 is trusted to
// say whether a ticket it knows is good, never to make the cabinet pay twice or pay more than it
// printed: whatever the validator answers, a voucher this cabinet printed is credited at most once
// and only at the amount it was printed for, and a number credited here once, whoever printed it,
// is never credited again. A verdict the records contradict is refused (the ticket goes back),
// logged with both amounts, and the casino system told why in the redemption's status.

import type { TicketRecord } from './own-vouchers';
import type { TicketReason } from './ticket-verdicts';
import type { Transition } from './transition';

/** Why the records refuse a validator's verdict. */
export type Overruled = 'creditedBefore' | 'notIssued' | 'amountMismatch';

/** The ticket reason each refusal is told as. */
export const OVERRULED_REASON: Readonly<Record<Overruled, TicketReason>> = {
  creditedBefore: 'creditedBefore',
  notIssued: 'creditedBefore',
  amountMismatch: 'amountMismatch',
};

const NO_RECORD: TicketRecord = { voucher: null, credited: null };

/**
 * Why the records refuse crediting `amount` for the ticket `barcode` the validator accepted, or
 * null when they do not. Logs the refusal with both amounts.
 */
export function overruledByRecords(tx: Transition, barcode: string, amount: number): Overruled | null {
  const record = tx.env.ticketRecord?.(barcode) ?? NO_RECORD;
  const why = judge(record, amount);
  if (!why) return null;
  tx.log('ticket', {
    event: 'overruled',
    barcode,
    why,
    validatorAmount: amount,
    voucherAmount: record.voucher?.amount ?? null,
    voucherStatus: record.voucher?.status ?? null,
    creditedAmount: record.credited?.amount ?? null,
    creditedAt: record.credited?.at ?? null,
  });
  return why;
}

function judge({ voucher, credited }: TicketRecord, amount: number): Overruled | null {
  if (credited || voucher?.status === 'redeemed') return 'creditedBefore';
  if (!voucher) return null;
  // Never confirmed printed (the balance was not debited) or voided (its amount went to a handpay).
  if (voucher.status !== 'issued') return 'notIssued';
  if (voucher.amount !== amount) return 'amountMismatch';
  return null;
}

// The attendant's list of tickets in (issue 15): each ticket put in the acceptor and how it ended,
// newest first, read from the event log's ticket rows. A ticket writes several rows (validating,
// stack, redeemed; or a return with its reason, then the acceptor's word that it handed it back),
// so the rows are walked oldest first and a ticket is listed at the row that ended it.

import { TICKET_REASONS, TICKET_VALIDATORS, type TicketReason } from '../../cabinet';
import type { TicketInReason, TicketInRow } from '../../contract';
import type { ServiceRecords } from './records';

/**
 * Rows read for each ticket listed: a redemption through a casino system writes four (validating,
 * stack, redeemed, the host's read of it), a restart in the middle one or two more.
 */
const ROWS_PER_TICKET = 6;

/**
 * The validation number as a screen may show it: its last four digits. The number is the
 * voucher's value to whoever holds it (a validator redeems the barcode, not the paper), so all 18
 * digits read off a screen, by a passer-by or a camera over the attendant's shoulder, could be
 * printed as a barcode that redeems a voucher not yet redeemed: one handed back for the credit
 * limit, say. Casino screens show the last four, enough to match the ticket in a player's hand;
 * this answer carries no more, so the whole number never leaves the cabinet for a screen.
 */
export const validationEnd = (barcode: string): string => barcode.replace(/\D/g, '').slice(-4);

type By = TicketInRow['by'];
const byOf = (v: unknown): By => TICKET_VALIDATORS.find((by) => by === v) ?? null;
const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v.slice(0, 200) : null);
const isTicketReason = (v: unknown): v is TicketReason =>
  typeof v === 'string' && (TICKET_REASONS as readonly string[]).includes(v);
/** The cabinet's reasons are the attendant's first ones (the contract's list extends theirs). */
const reasonOf = (v: unknown): TicketInReason | null => (isTicketReason(v) ? v : null);

/** A ticket being validated or stacked: what its later rows need from the earlier ones. */
interface Open {
  by: By;
  amount: number | null;
}

export function ticketsInRows(records: Pick<ServiceRecords, 'eventsOfKind'>, limit: number): TicketInRow[] {
  const rows = records.eventsOfKind(['ticket'], limit * ROWS_PER_TICKET).reverse();
  const open = new Map<string, Open>();
  const listed: TicketInRow[] = [];
  for (const e of rows) {
    const d = e.data;
    if (typeof d.barcode !== 'string') continue;
    const barcode = d.barcode;
    const was = open.get(barcode);
    const row = { seq: e.seq, at: e.at, validationEnd: validationEnd(barcode) };
    switch (d.event) {
      case 'validating':
        open.set(barcode, { by: byOf(d.by), amount: null });
        break;
      case 'stack':
        if (was) was.amount = whole(d.amount);
        break;
      case 'redeemed': {
        const amount = whole(d.amount);
        open.delete(barcode);
        if (amount === null) break;
        listed.push({
          ...row,
          outcome: 'credited',
          amount,
          reason: null,
          detail: null,
          by: byOf(d.by) ?? was?.by ?? null,
        });
        break;
      }
      case 'return': {
        // The cabinet's decision, with its reason; a restart that could not settle it logs its own words.
        const reason = reasonOf(d.reason);
        open.delete(barcode);
        listed.push({
          ...row,
          outcome: 'returned',
          amount: whole(d.amount),
          reason: reason ?? 'other',
          detail: reason === null ? text(d.reason) : null,
          by: byOf(d.by) ?? was?.by ?? null,
        });
        break;
      }
      case 'returned':
      case 'rejected':
        // After a return of the cabinet's this is the acceptor's word that it handed the ticket
        // back: listed already. While one was being validated or stacked, the acceptor (or its
        // driver) handed it back on its own.
        if (!was) break;
        open.delete(barcode);
        listed.push({
          ...row,
          outcome: 'returned',
          amount: was.amount,
          reason: 'acceptor',
          detail: text(d.reason),
          by: was.by,
        });
        break;
    }
  }
  return listed.reverse().slice(0, limit);
}

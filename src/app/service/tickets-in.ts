// The attendant's list of tickets in (issue 15): each ticket put in the acceptor and how it ended,
// newest first, read from the event log's ticket rows through their declaration
// (src/cabinet/vocabulary/log-events.ts). A ticket is listed at the row that ended it; what that
// row does not say itself (who validated it, what it was worth, whether the acceptor handed back
// a ticket being validated or one the cabinet had already returned) is in the same barcode's
// earlier rows, back to its `validating` row. The log is read back a page at a time until every
// ticket listed has what it needs, so no count of rows per ticket is assumed.

import { isTicketReason, readLogRow, TICKET_VALIDATORS, type LogData } from '../../cabinet';
import type { TicketInReason, TicketInRow } from '../../contract';
import type { StoredEvent } from '../../store';
import type { ServiceRecords } from './records';

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
type TicketRow = LogData<'ticket'>;
type Ending = Extract<TicketRow, { event: 'redeemed' | 'return' | 'returned' | 'rejected' }>;

const byOf = (v: unknown): By => TICKET_VALIDATORS.find((by) => by === v) ?? null;
const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v.slice(0, 200) : null);
/** The cabinet's reasons are the attendant's first ones (the contract's list extends theirs). */
const reasonOf = (v: unknown): TicketInReason | null => (isTicketReason(v) ? v : null);

const isEnding = (d: TicketRow): d is Ending =>
  d.event === 'redeemed' || d.event === 'return' || d.event === 'returned' || d.event === 'rejected';

/** What a ticket's `validating` (and `stack`) rows told of it while it was open. */
interface Open {
  by: By;
  amount: number | null;
}

/** The row a ticket ended with, as listed once what it needs of the earlier rows is known (null: not listed). */
function listed(e: StoredEvent, d: Ending, was: Open | undefined): TicketInRow | null {
  const row = { seq: e.seq, at: e.at, validationEnd: validationEnd(d.barcode) };
  switch (d.event) {
    case 'redeemed': {
      const amount = whole(d.amount);
      if (amount === null) return null;
      return { ...row, outcome: 'credited', amount, reason: null, detail: null, by: byOf(d.by) ?? was?.by ?? null };
    }
    case 'return': {
      // The cabinet's decision, with its reason; a restart that could not settle it logs its own words.
      const reason = reasonOf(d.reason);
      return {
        ...row,
        outcome: 'returned',
        amount: whole(d.amount),
        reason: reason ?? 'other',
        detail: reason === null ? text(d.reason) : null,
        by: byOf(d.by) ?? was?.by ?? null,
      };
    }
    case 'returned':
    case 'rejected':
      // After a return of the cabinet's this is the acceptor's word that it handed the ticket
      // back: listed already. While one was being validated or stacked, the acceptor (or its
      // driver) handed it back on its own.
      if (!was) return null;
      return {
        ...row,
        outcome: 'returned',
        amount: was.amount,
        reason: 'acceptor',
        detail: text(d.event === 'rejected' ? d.reason : undefined),
        by: was.by,
      };
  }
}

/** Whether an ending row needs its ticket's earlier rows to be listed. */
const needsEarlier = (d: Ending): boolean => d.event === 'returned' || d.event === 'rejected' || byOf(d.by) === null;

/** An ending row read, walking back, before its ticket's earlier rows. */
interface Waiting {
  e: StoredEvent;
  d: Ending;
  /** The latest `stack` row of the ticket seen so far (walking back, the first one met). */
  amount: number | null;
}

/** Rows read from the log at a time: any size gives the same list, this one keeps the reads few. */
const PAGE = 64;

export function ticketsInRows(records: Pick<ServiceRecords, 'eventsOfKind'>, limit: number): TicketInRow[] {
  const found: TicketInRow[] = [];
  /** By barcode: the newest ending row whose ticket's earlier rows are still to come. */
  const waiting = new Map<string, Waiting>();
  const settle = (w: Waiting, was: Open | undefined) => {
    const row = listed(w.e, w.d, was);
    if (row) found.push(row);
  };
  /** Done once `limit` rows are listed and no row still waiting could be newer than the last of them. */
  const enough = (): boolean => {
    if (found.length < limit) return false;
    const last = [...found].sort((a, b) => b.seq - a.seq)[limit - 1]!.seq;
    return [...waiting.values()].every((w) => w.e.seq < last);
  };
  let before: number | undefined;
  for (;;) {
    const page = records.eventsOfKind(['ticket'], PAGE, before);
    for (const e of page) {
      if (before !== undefined && e.seq >= before) continue;
      const d = readLogRow('ticket', e);
      // The slot's lock and its lifting name no ticket.
      if (!d || !('barcode' in d)) continue;
      const w = waiting.get(d.barcode);
      if (d.event === 'stack') {
        if (w && w.amount === null) w.amount = whole(d.amount);
      } else if (d.event === 'validating') {
        if (w) {
          waiting.delete(d.barcode);
          settle(w, { by: byOf(d.by), amount: w.amount });
        }
      } else if (isEnding(d)) {
        // An earlier ending of the same barcode: no ticket of it was open when the later one ended.
        if (w) {
          waiting.delete(d.barcode);
          settle(w, undefined);
        }
        const mine: Waiting = { e, d, amount: null };
        if (needsEarlier(d)) waiting.set(d.barcode, mine);
        else settle(mine, undefined);
      }
    }
    const oldest = page.at(-1)?.seq;
    if (page.length < PAGE || oldest === undefined || oldest <= 1 || enough()) break;
    before = oldest;
  }
  // At the log's beginning what still waits had no earlier rows that opened it; once enough is
  // read, what still waits is older than every ticket listed.
  for (const w of waiting.values()) settle(w, undefined);
  return found.sort((a, b) => b.seq - a.seq).slice(0, limit);
}

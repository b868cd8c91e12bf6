// The attendant's list of tickets in (issue 15): each ticket's time, its number shown by the last
// four digits (all the cabinet sends: src/app/service/tickets-in.ts says why), the amount, how it
// ended (credited, or returned with the reason) and who validated it.

import type { Snapshot, TicketInReason, TicketInRow } from '../../../src/contract';
import { ts, type ServiceKey } from '../../i18n/service-texts';
import { formatTime } from '../../i18n/time';
import { money } from './common';
import type { ServiceTable } from './page';

const REASON: Record<TicketInReason, ServiceKey> = {
  cannotTakeMoney: 'tix.reason.cannotTakeMoney',
  badBarcode: 'tix.reason.badBarcode',
  badCheckDigits: 'tix.reason.badCheckDigits',
  ticketsLocked: 'tix.reason.ticketsLocked',
  busy: 'tix.reason.busy',
  expired: 'tix.reason.expired',
  alreadyRedeemed: 'tix.reason.alreadyRedeemed',
  notValidHere: 'tix.reason.notValidHere',
  creditLimit: 'tix.reason.creditLimit',
  timedOut: 'tix.reason.timedOut',
  amountMismatch: 'tix.reason.amountMismatch',
  creditedBefore: 'tix.reason.creditedBefore',
  acceptor: 'tix.reason.acceptor',
  other: 'tix.reason.other',
};

/** The hidden digits stand as dots, so the column reads as a number with its end shown. */
export const maskedNumber = (end: string): string => `••••••${end}`;

function outcome(s: Snapshot, r: TicketInRow): string {
  const L = s.language;
  if (r.outcome === 'credited') return ts(L, 'tix.credited');
  const reason = r.reason === 'other' && r.detail ? r.detail : ts(L, REASON[r.reason ?? 'other']);
  const detail = r.reason === 'acceptor' && r.detail ? ` (${r.detail})` : '';
  return ts(L, 'tix.returned', { reason: reason + detail });
}

export function ticketsInTable(s: Snapshot, rows: TicketInRow[]): ServiceTable {
  const L = s.language;
  return {
    columns: [
      ts(L, 'att.col.time'),
      ts(L, 'tix.col.number'),
      ts(L, 'att.col.amount'),
      ts(L, 'tix.col.outcome'),
      ts(L, 'tix.col.by'),
    ],
    widths: [0.2, 0.14, 0.14, 0.34, 0.18],
    numeric: [false, false, true, false, false],
    wrap: true,
    rows: rows.map((r) => ({
      cells: [
        formatTime(r.at),
        maskedNumber(r.validationEnd),
        r.amount === null ? '—' : money(s, r.amount),
        outcome(s, r),
        r.by === null ? '—' : ts(L, r.by === 'host' ? 'tix.byHost' : 'tix.byCabinet'),
      ],
      tone: r.outcome === 'credited' ? 'ok' : 'plain',
    })),
    pageText: ts(L, 'tix.last'),
  };
}

// The snapshot's ticket: whether one is being validated, and how the last one ended while the
// player should still see it.

import type { CabinetState, TicketReason } from '../../cabinet';
import type { TicketReturnReason, TicketView } from '../../contract';

/**
 * How long the end of a ticket stays on the screen. A credited ticket shows for as long as the
 * credits take to count up and a moment more: the count is the news. A returned one stays long
 * enough to read the reason and take the ticket back from the bezel (an acceptor holds it out
 * for a few seconds). Either goes at once when the player deals a game: he has moved on, and the
 * message must not hide the hand. The screen also drops it at the player's next touch.
 */
export const TICKET_CREDITED_SHOW_MS = 5000;
export const TICKET_RETURNED_SHOW_MS = 10000;

/** The cabinet's reasons folded to the few a player can act on; the rest (busy, timed out…) is "other". */
const PLAYER_REASON: Readonly<Record<TicketReason, TicketReturnReason>> = {
  expired: 'expired',
  alreadyRedeemed: 'alreadyRedeemed',
  notValidHere: 'notValidHere',
  creditLimit: 'limit',
  cannotTakeMoney: 'other',
  badBarcode: 'other',
  badCheckDigits: 'other',
  ticketsLocked: 'other',
  busy: 'other',
  timedOut: 'other',
  amountMismatch: 'notValidHere',
  creditedBefore: 'alreadyRedeemed',
};

export function ticketView(s: CabinetState, now: number): TicketView {
  const validating = !!s.ticket;
  const t = s.lastTicket;
  if (!t || validating) return { validating, last: null };
  const until = t.at + (t.outcome === 'redeemed' ? TICKET_CREDITED_SHOW_MS : TICKET_RETURNED_SHOW_MS);
  const dealtSince = !!s.game && s.game.startedAt >= t.at;
  if (now >= until || dealtSince) return { validating, last: null };
  return t.outcome === 'redeemed'
    ? { validating, last: { outcome: 'credited', amount: t.amount, reason: null, at: t.at, until } }
    : {
        validating,
        last: {
          outcome: 'returned',
          amount: null,
          reason: t.reason ? PLAYER_REASON[t.reason] : 'other',
          at: t.at,
          until,
        },
      };
}

// A stranger guessing validation numbers at the slot (C-3): every ticket that is none of the
// validator's (a number it never issued, or check digits that do not match) counts, a ticket
// credited starts the count again, and after UNKNOWN_TICKETS_IN_A_ROW of them tickets are handed
// back unread for TICKET_LOCK_MS, or until an attendant turns the key. Notes and play go on: the
// player at the cabinet loses nothing but the slot for tickets. The count and the lock are in the
// committed state, so a power cycle lifts neither.

import type { TicketReason } from './ticket-verdicts';
import { NO_GUESSES, type CabinetState, type TicketGuesses } from './state';
import type { Transition } from './transition';

export const UNKNOWN_TICKETS_IN_A_ROW = 5;
export const TICKET_LOCK_MS = 10 * 60_000;

/** The refusals a guess earns: a validator's "never issued" and a number that fails its check digits. */
const GUESSED: ReadonlySet<TicketReason> = new Set<TicketReason>(['notValidHere', 'badCheckDigits']);

// States saved before the count existed have none.
const guessesOf = (s: CabinetState): TicketGuesses => s.ticketGuesses ?? NO_GUESSES;

export const ticketsLocked = (s: CabinetState, at: number): boolean => guessesOf(s).lockedUntil > at;

/** A ticket handed back: one more guess if its reason says so, and the lock once there are enough. */
export function countRefusal(tx: Transition, reason: TicketReason): void {
  if (!GUESSED.has(reason)) return;
  const unknownInRow = guessesOf(tx.state).unknownInRow + 1;
  if (unknownInRow < UNKNOWN_TICKETS_IN_A_ROW) {
    tx.set({ ticketGuesses: { ...guessesOf(tx.state), unknownInRow } });
    return;
  }
  const lockedUntil = tx.at + TICKET_LOCK_MS;
  tx.set({ ticketGuesses: { unknownInRow: 0, lockedUntil } });
  tx.log('ticket', { event: 'locked', unknownInRow, until: lockedUntil });
}

/** A ticket credited: whoever holds the slot has real vouchers. */
export function ticketCredited(tx: Transition): void {
  if (guessesOf(tx.state).unknownInRow !== 0) tx.set({ ticketGuesses: { ...guessesOf(tx.state), unknownInRow: 0 } });
}

/** The attendant's key turned on: an attendant is at the cabinet and takes the slot's lock off. */
export function attendantUnlocksTickets(tx: Transition): void {
  if (!ticketsLocked(tx.state, tx.at)) return;
  tx.set({ ticketGuesses: NO_GUESSES });
  tx.log('ticket', { event: 'unlocked', by: 'attendant' });
}

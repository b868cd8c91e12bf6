// The data real-time event reporting sends with an exception (the standard's 12.5), made when the
// exception is raised from values already in SAS units: game start (credits wagered 2 BCD, the
// coin-in meter 4 BCD, wager type and progressive group), game end (the win, 4 BCD) and a note
// stacked (country, denomination and how many of that note, as 48 reports them).

import { toBcd } from './bcd';
import { EVENT_DATA_BYTES, eventCode } from './exception-codes';
import { billBytes, type BillReply } from './replies';

/** Game start: this machine has no wager categories and no SAS progressives, so both are 0. */
export const gameStartedData = (creditsWagered: number, coinInCredits: number): number[] => [
  ...toBcd(creditsWagered, 2),
  ...toBcd(coinInCredits, 4),
  0,
  0,
];

/** Game end: the game's win in credits (bonus awards excluded; this machine has none). */
export const gameEndedData = (winCredits: number): number[] => [...toBcd(winCredits, 4)];

/** A note stacked: the layout of 48's reply. */
export const billAcceptedData = (b: BillReply): number[] => billBytes(b);

/**
 * The data to send with `code` in an event message: what was kept with it, or zeros of the right
 * length for one raised without (before this version kept it), so the host can still frame it.
 */
export function eventData(code: number, kept: readonly number[] | undefined): number[] {
  const bytes = EVENT_DATA_BYTES[eventCode(code)] ?? 0;
  return kept && kept.length === bytes ? [...kept] : new Array<number>(bytes).fill(0);
}

// The credit roll-up: a win counted from the win meter into the credits on screen, faster the
// bigger the win (about 1 s for a win of one bet, about 4 s at the big-win threshold), one tick
// per step; and a ticket's credit counted up the same way from the old balance to the new. A
// note is never counted: real cabinets add a note at once (the player watched it go in), and
// count up only what arrives as a figure, a win or a ticket. Presentation only: the cabinet has
// committed the credit before the snapshot shows it (C-13), so the credits shown hold back at
// most that credit, never show more than the snapshot's balance, and show all of it once the
// count ends, is finished (DEAL, a touch on the meter), or the snapshot moves on (another game,
// the ticket's line gone). Pure; the screen's clock is passed in.

import type { Snapshot } from '../../../src/contract';

export type WinSize = 'small' | 'medium' | 'big';

/** Wins below this many bets are small. */
export const MEDIUM_WIN_BETS = 5;
const SHORTEST_MS = 1000;
const LONGEST_MS = 4000;
/** Ticks a second at most: a big win counts in steps of several chips. */
const TICKS_PER_SECOND = 20;
/** How long a big win is celebrated over the hand. */
export const CELEBRATE_MS = 4500;

/** A game the snapshot has just settled and what it paid, or a ticket it has just credited. */
export interface Settlement {
  /** The game (or the ticket) and chip value: a roll-up lasts only while the snapshot shows both. */
  key: string;
  /** Chips the game returned, as the WIN meter shows them. */
  win: number;
  /** Chips that reached the credit meter with it (what rolls up); 0 for a handpaid win. */
  credited: number;
  /** What it returned against what was staked. */
  bets: number;
  /** Null when the game returned no more than was staked: no fanfare. */
  size: WinSize | null;
}

export interface RollUp {
  key: string;
  credited: number;
  steps: number;
  durationMs: number;
  size: WinSize | null;
  /** Null until the cards have landed: the count starts with the win sound. */
  startAt: number | null;
  /** DEAL or a touch on the meter finished it at once. */
  finished: boolean;
}

export function winSize(bets: number, bigWinBets: number): WinSize {
  if (bets >= bigWinBets) return 'big';
  return bets >= MEDIUM_WIN_BETS ? 'medium' : 'small';
}

/** 1 s for a win of one bet or less, growing with the win's logarithm to 4 s at the big-win threshold. */
export function rollUpMs(bets: number, bigWinBets: number): number {
  const share = bets <= 1 ? 0 : Math.min(1, Math.log(bets) / Math.log(Math.max(2, bigWinBets)));
  return Math.round(SHORTEST_MS + (LONGEST_MS - SHORTEST_MS) * share);
}

const gameKey = (s: Snapshot): string | null => {
  if (s.jacks.phase === 'over' && s.jacks.gameId !== null) return `jacks:${s.jacks.gameId}:${s.chipValue}`;
  if (s.pokerPlus.phase === 'over' && s.pokerPlus.gameId !== null) return `pp:${s.pokerPlus.gameId}:${s.chipValue}`;
  return null;
};

/**
 * The ticket the snapshot shows credited, by the time the cabinet accepted it: what keeps its
 * count to one, whatever snapshots repeat it (a reconnect, a state that changed something else).
 */
const ticketKey = (s: Snapshot): string | null => {
  const last = s.ticket.last;
  return last?.outcome === 'credited' ? `ticket:${last.at}:${s.chipValue}` : null;
};

/**
 * The ticket `next` has just credited, if `prev` did not show it credited yet; null otherwise (a
 * reload, a returned ticket, the same ticket again). It counts for as long as a win of as many
 * maximum bets would, and with no fanfare: it is money put in, not won.
 */
export function ticketCredit(prev: Snapshot | null, next: Snapshot): Settlement | null {
  if (!prev || prev.chipValue !== next.chipValue) return null;
  const key = ticketKey(next);
  const amount = next.ticket.last?.amount ?? 0;
  if (!key || ticketKey(prev) === key || amount <= 0) return null;
  // What reached the credit meter with it: never more than the ticket's worth in chips.
  const credited = Math.max(0, Math.min(Math.ceil(amount / next.chipValue), next.credits - prev.credits));
  return { key, win: credited, credited, bets: credited / Math.max(1, next.jacks.maxBet), size: null };
}

/** The game `next` settles, if `prev` showed it still in play; null otherwise (a reload, another change). */
export function settlement(prev: Snapshot | null, next: Snapshot, bigWinBets: number): Settlement | null {
  if (!prev || prev.chipValue !== next.chipValue) return null;
  const key = gameKey(next);
  if (!key) return null;
  let win = 0;
  let staked = 0;
  if (key.startsWith('jacks:')) {
    const [a, b] = [prev.jacks, next.jacks];
    if (a.gameId !== b.gameId || a.phase !== 'holding') return null;
    win = b.win;
    staked = b.bet;
  } else {
    const [a, b] = [prev.pokerPlus, next.pokerPlus];
    if (a.gameId !== b.gameId || a.phase === 'over' || a.phase === 'idle') return null;
    win = b.boxes.reduce((n, x) => n + (x.returned ?? 0), 0);
    staked = b.boxes.reduce((n, x) => n + x.staked, 0);
  }
  if (win <= 0) return null;
  // What reached the credit meter: never more than the win (a note stacked meanwhile shows at once).
  const credited = Math.max(0, Math.min(win, next.credits - prev.credits));
  const bets = win / Math.max(1, staked);
  return { key, win, credited, bets, size: win > staked ? winSize(bets, bigWinBets) : null };
}

export function startRollUp(s: Settlement, bigWinBets: number): RollUp | null {
  if (s.credited <= 0) return null;
  const durationMs = rollUpMs(s.bets, bigWinBets);
  const steps = Math.max(1, Math.min(s.credited, Math.round((durationMs / 1000) * TICKS_PER_SECOND)));
  return { key: s.key, credited: s.credited, steps, durationMs, size: s.size, startAt: null, finished: false };
}

/** The steps shown by `now`: 0 before the start, all of them once done or finished. */
export function rollUpStep(r: RollUp, now: number): number {
  if (r.finished) return r.steps;
  if (r.startAt === null) return 0;
  return Math.min(r.steps, Math.floor(((now - r.startAt) / r.durationMs) * r.steps));
}

export const rollUpDone = (r: RollUp, now: number): boolean => rollUpStep(r, now) >= r.steps;

/** Chips of the win not yet counted into the credits on screen. */
export function heldBack(r: RollUp | null, now: number): number {
  if (!r) return 0;
  return r.credited - Math.floor((r.credited * rollUpStep(r, now)) / r.steps);
}

/** The roll-up, while the snapshot still shows its game settled (or its ticket credited) at its chip value. */
export function stillShowing(r: RollUp | null, s: Snapshot | null): RollUp | null {
  return r && s && (gameKey(s) === r.key || ticketKey(s) === r.key) && s.credits >= r.credited ? r : null;
}

export function celebrating(r: RollUp | null, now: number): boolean {
  return r !== null && r.size === 'big' && r.startAt !== null && !r.finished && now - r.startAt < CELEBRATE_MS;
}

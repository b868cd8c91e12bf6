// Simulates Poker Plus rounds with a strategy and adds up what a par sheet needs. Every sum is
// of whole chips, so batches add up exactly in any order: the result of a seed does not depend
// on how many threads ran it.

import {
  CATEGORIES,
  SeededRandom,
  shuffledDeck,
  type BoxOutcome,
  type Category,
  type PokerPlusConfig,
  POKER_PLUS_ID,
} from '../core';
import { FastRounds } from './poker-plus-fast';
import { playRound, refusedText, StrategyPlayError } from './poker-plus-play';
import { roundOfState, SIXTH_CARD, type BoxSettled, type RoundResult } from './poker-plus-round';
import type { PokerPlusStrategy } from './poker-plus-strategy';

export interface Tally {
  count: number;
  /** Net chips of these boxes (returned − staked). */
  net: number;
}

export interface SimulationTotals {
  rounds: number;
  staked: number;
  returned: number;
  /** Chips paid for draw actions (P-3) and for buying the game (P-7, before any refund). */
  drawFees: number;
  gameFees: number;
  /** Sums over rounds for the confidence interval of returned/staked. */
  sumReturned2: number;
  sumStaked2: number;
  sumReturnedStaked: number;
  /** By "seen:win", "blind:lose", ... */
  outcomes: Record<string, Tally>;
  /** The seen box's final hand, folded boxes included. */
  seenHands: Record<string, Tally>;
  /** The seen box's path: first draw action, second, final choice. */
  actions: Record<string, number>;
}

export function emptyTotals(): SimulationTotals {
  return {
    rounds: 0,
    staked: 0,
    returned: 0,
    drawFees: 0,
    gameFees: 0,
    sumReturned2: 0,
    sumStaked2: 0,
    sumReturnedStaked: 0,
    outcomes: {},
    seenHands: {},
    actions: {},
  };
}

function tally(into: Record<string, Tally>, key: string, count: number, net: number): void {
  const t = (into[key] ??= { count: 0, net: 0 });
  t.count += count;
  t.net += net;
}

export function addTotals(into: SimulationTotals, from: SimulationTotals): void {
  into.rounds += from.rounds;
  into.staked += from.staked;
  into.returned += from.returned;
  into.drawFees += from.drawFees;
  into.gameFees += from.gameFees;
  into.sumReturned2 += from.sumReturned2;
  into.sumStaked2 += from.sumStaked2;
  into.sumReturnedStaked += from.sumReturnedStaked;
  for (const [k, t] of Object.entries(from.outcomes)) tally(into.outcomes, k, t.count, t.net);
  for (const [k, t] of Object.entries(from.seenHands)) tally(into.seenHands, k, t.count, t.net);
  for (const [k, n] of Object.entries(from.actions)) into.actions[k] = (into.actions[k] ?? 0) + n;
}

export interface BatchRequest {
  strategy: PokerPlusStrategy;
  seed: string;
  rounds: number;
  boxes: 1 | 2;
  ante: number;
  config: PokerPlusConfig;
  /** Play every round through the engine (dealPokerPlus/stepPokerPlus) instead of the fast path. */
  engine?: boolean;
}

/** The seed of batch `index` of a run: fixed by the run's seed alone. */
export const batchSeed = (seed: string, index: number): string => `${seed}/batch-${index}`;

export function simulateBatch(request: BatchRequest): SimulationTotals {
  const totals = emptyTotals();
  const random = new SeededRandom(request.seed);
  const { strategy, ante, boxes, config } = request;
  if (request.engine) {
    for (let i = 0; i < request.rounds; i++) {
      addRound(totals, roundOfState(playRound(strategy, { deck: shuffledDeck(random), ante, boxes, config })));
    }
  } else {
    const fast = new FastRounds(strategy, ante, boxes, config);
    for (let i = 0; i < request.rounds; i++) {
      const round = fast.next(random);
      // Worded as the engine path's refusal (playRound), so both paths stop alike.
      if ('refused' in round) throw new StrategyPlayError(refusedText(round.what, round.refused));
      addRound(totals, round);
    }
  }
  return totals;
}

const FINAL_CHOICE: Partial<Record<BoxOutcome, string>> = { fold: 'fold', half: 'bet+half' };

/** The seen box's path as the report lists it: "sixth > exchange2 > bet+buy". */
function pathOf(round: RoundResult, seen: BoxSettled): string {
  const final = FINAL_CHOICE[seen.outcome] ?? (round.gameFee > 0 ? 'bet+buy' : 'bet');
  let path = '';
  for (const d of round.draws) path += d === SIXTH_CARD ? 'sixth > ' : `exchange${d} > `;
  return path + final;
}

export function addRound(totals: SimulationTotals, round: RoundResult): void {
  let staked = 0;
  let returned = 0;
  for (const box of round.boxes) {
    staked += box.staked;
    returned += box.returned;
    const net = box.returned - box.staked;
    tally(totals.outcomes, `${box.blind ? 'blind' : 'seen'}:${box.outcome}`, 1, net);
    if (!box.blind) {
      tally(totals.seenHands, CATEGORIES[box.hand]!, 1, net);
      totals.drawFees += round.drawFees;
      totals.gameFees += round.gameFee;
      const path = pathOf(round, box);
      totals.actions[path] = (totals.actions[path] ?? 0) + 1;
    }
  }
  totals.rounds++;
  totals.staked += staked;
  totals.returned += returned;
  totals.sumReturned2 += returned * returned;
  totals.sumStaked2 += staked * staked;
  totals.sumReturnedStaked += returned * staked;
}

export interface PokerPlusReportLine {
  count: number;
  frequency: number;
  /** Net chips per chip staked (the line's share of the house's edge, negative when the house gains). */
  contribution: number;
}

export interface PokerPlusReport {
  game: typeof POKER_PLUS_ID;
  strategy: string;
  boxes: 1 | 2;
  rounds: number;
  /** Chips returned per chip staked (ante, bets, fees). */
  rtp: number;
  ci95: [number, number];
  /** Net chips per round, in antes. */
  netPerRound: number;
  staked: number;
  returned: number;
  /** Share of all chips staked that went to draw actions and to buying the game. */
  fees: { draw: number; game: number };
  outcomes: Record<string, PokerPlusReportLine>;
  hands: Record<string, PokerPlusReportLine>;
  actions: Record<string, number>;
}

export function reportOf(totals: SimulationTotals, strategy: string, boxes: 1 | 2, ante: number): PokerPlusReport {
  const n = totals.rounds;
  const rtp = totals.returned / totals.staked;
  // Ratio estimator: variance of (returned − rtp·staked) per round over the mean stake squared.
  const meanStaked = totals.staked / n;
  const residual2 = totals.sumReturned2 - 2 * rtp * totals.sumReturnedStaked + rtp * rtp * totals.sumStaked2;
  const variance = Math.max(0, residual2 / (n - 1)) / (meanStaked * meanStaked) / n;
  const half = 1.959963984540054 * Math.sqrt(variance);
  const line = (t: Tally, of: number): PokerPlusReportLine => ({
    count: t.count,
    frequency: t.count / of,
    contribution: t.net / totals.staked,
  });
  const sortedLines = (
    from: Record<string, Tally>,
    order: (k: string) => number,
  ): Record<string, PokerPlusReportLine> =>
    Object.fromEntries(
      Object.entries(from)
        .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
        .map(([k, t]) => [k, line(t, n)]),
    );
  return {
    game: POKER_PLUS_ID,
    strategy,
    boxes,
    rounds: n,
    rtp,
    ci95: [rtp - half, rtp + half],
    netPerRound: (totals.returned - totals.staked) / n / ante,
    staked: totals.staked,
    returned: totals.returned,
    fees: { draw: totals.drawFees / totals.staked, game: totals.gameFees / totals.staked },
    outcomes: sortedLines(totals.outcomes, (k) => (k.startsWith('seen') ? 0 : 1)),
    hands: sortedLines(totals.seenHands, (k) => -CATEGORIES.indexOf(k as Category)),
    actions: Object.fromEntries(Object.entries(totals.actions).sort(([, a], [, b]) => b - a)),
  };
}

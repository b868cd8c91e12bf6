// Simulates Poker Plus rounds with a strategy and adds up what a par sheet needs. Every sum is
// of whole chips, so batches add up exactly in any order: the result of a seed does not depend
// on how many threads ran it.

import { CATEGORIES, SeededRandom, shuffledDeck, type BoxOutcome, type Category, type PokerPlusConfig } from '../core';
import { playRound } from './poker-plus-play';
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
  return { rounds: 0, staked: 0, returned: 0, drawFees: 0, gameFees: 0, sumReturned2: 0, sumStaked2: 0, sumReturnedStaked: 0, outcomes: {}, seenHands: {}, actions: {} };
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
}

/** The seed of batch `index` of a run: fixed by the run's seed alone. */
export const batchSeed = (seed: string, index: number): string => `${seed}/batch-${index}`;

export function simulateBatch(request: BatchRequest): SimulationTotals {
  const totals = emptyTotals();
  const random = new SeededRandom(request.seed);
  for (let i = 0; i < request.rounds; i++) {
    const state = playRound(request.strategy, { deck: shuffledDeck(random), ante: request.ante, boxes: request.boxes, config: request.config });
    const results = state.result!.boxes;
    let staked = 0;
    let returned = 0;
    state.boxes.forEach((box, b) => {
      const result = results[b];
      staked += result.staked;
      returned += result.returned;
      const kind = box.blind ? 'blind' : 'seen';
      tally(totals.outcomes, `${kind}:${result.outcome}`, 1, result.net);
      if (!box.blind) {
        tally(totals.seenHands, result.hand, 1, result.net);
        for (const d of box.draws) totals.drawFees += d.fee;
        if (box.boughtGame) totals.gameFees += box.ante;
        const path = [...box.draws.map((d) => (d.kind === 'sixth' ? 'sixth' : `exchange${d.positions.length}`)), finalChoice(result.outcome, box.boughtGame)].join(' > ');
        totals.actions[path] = (totals.actions[path] ?? 0) + 1;
      }
    });
    totals.rounds++;
    totals.staked += staked;
    totals.returned += returned;
    totals.sumReturned2 += returned * returned;
    totals.sumStaked2 += staked * staked;
    totals.sumReturnedStaked += returned * staked;
  }
  return totals;
}

function finalChoice(outcome: BoxOutcome, bought: boolean): string {
  if (outcome === 'fold') return 'fold';
  if (outcome === 'half') return 'bet+half';
  return bought ? 'bet+buy' : 'bet';
}

export interface PokerPlusReportLine {
  count: number;
  frequency: number;
  /** Net chips per chip staked (the line's share of the house's edge, negative when the house gains). */
  contribution: number;
}

export interface PokerPlusReport {
  game: 'poker-plus';
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
  const line = (t: Tally, of: number): PokerPlusReportLine => ({ count: t.count, frequency: t.count / of, contribution: t.net / totals.staked });
  const sortedLines = (from: Record<string, Tally>, order: (k: string) => number): Record<string, PokerPlusReportLine> =>
    Object.fromEntries(Object.entries(from).sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b)).map(([k, t]) => [k, line(t, n)]));
  return {
    game: 'poker-plus',
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

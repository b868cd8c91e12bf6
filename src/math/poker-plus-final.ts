// The final decision on a Poker Plus box (P-4, P-6, P-7), exact and fast: the same figures as
// finalDecision's enumeration (poker-plus-ev.ts), from the dealer's hands counted by class
// (poker-plus-dealer-counts.ts), in microseconds instead of milliseconds.

import { betPayoutOf, DEFAULT_POKER_PLUS_CONFIG, evaluate } from '../core';
import { choose } from './combinations';
import { DealerCounter, type DealerBuckets } from './poker-plus-dealer-counts';
import { decisionOf, type FinalDecision, type FinalDecisionInput, type OutcomeOdds } from './poker-plus-ev';

const counter = new DealerCounter();
const isUnseen = new Uint8Array(52);
const one = new Int32Array(1);

/**
 * The outcome counts of finalDecision for the box value `values[j]` of a count over k values:
 * dealer values below it are buckets 0..2j, equal to it bucket 2j+1, above it the rest.
 */
export function oddsAt(buckets: DealerBuckets, j: number, k: number): OutcomeOdds {
  const { game, noGame, bought } = buckets;
  const replacements = buckets.unseen - 4;
  let gameWin = 0;
  let noGameBeat = 0;
  let boughtWin = 0;
  for (let b = 0; b <= 2 * j; b++) {
    gameWin += game[b]!;
    noGameBeat += noGame[b]!;
    boughtWin += bought[b]!;
  }
  let gameLose = 0;
  // A dealer without a game that equals the box is not beaten (P-9): the stakes come back.
  let noGamePush = noGame[2 * j + 1]!;
  let boughtLose = 0;
  for (let b = 2 * j + 2; b <= 2 * k; b++) {
    gameLose += game[b]!;
    noGamePush += noGame[b]!;
    boughtLose += bought[b]!;
  }
  return {
    gameWin,
    gameTie: game[2 * j + 1]!,
    gameLose,
    noGameBeat,
    noGamePush,
    boughtWin: boughtWin / replacements,
    boughtTie: bought[2 * j + 1]! / replacements,
    boughtLose: boughtLose / replacements,
    boughtNoGame: buckets.boughtNoGame / replacements,
  };
}

export function fastFinalDecision(input: FinalDecisionInput): FinalDecision {
  const config = input.config ?? DEFAULT_POKER_PLUS_CONFIG;
  const { box, upCard, ante } = input;
  isUnseen.fill(1);
  for (const c of box) isUnseen[c] = 0;
  isUnseen[upCard] = 0;
  for (const c of input.seen ?? []) isUnseen[c] = 0;
  const value = evaluate(box);
  one[0] = value;
  const buckets = counter.count(isUnseen, upCard, one, 1);
  const payout = betPayoutOf(config, ante, value);
  return decisionOf(oddsAt(buckets, 0, 1), choose(buckets.unseen, 4), value, payout, ante);
}

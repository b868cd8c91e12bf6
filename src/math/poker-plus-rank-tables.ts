// What Poker Plus hands made of given ranks are worth, declared once for every count by class
// (the dealer's hands, poker-plus-dealer-counts.ts; a draw's hand classes,
// poker-plus-draw-classes.ts): the multisets of k ranks, the value of five ranks in mixed suits
// or in one suit, whether a value is a game (P-8), and the four cards a dealer without a game
// keeps (P-10) with what each new card makes of them. Every value comes from core's evaluate5
// and every game from core's isGame: no hand rules of their own here.

import * as core from '../core';
import { HAND_VALUE_COUNT, makeCard } from '../core';
import { choose } from './combinations';

const evaluate5 = core.evaluate5;

/** GAME[v] is 1 when a hand of value v is a game (P-8). */
export const GAME = (() => {
  const game = new Uint8Array(HAND_VALUE_COUNT + 1);
  for (let v = 1; v <= HAND_VALUE_COUNT; v++) game[v] = core.isGame(v) ? 1 : 0;
  return game;
})();

/** C(a, m) at a * 5 + m, for a, m in 0..4: how many ways to take m cards of a rank with a unseen. */
export const WAYS = new Float64Array(25);
for (let a = 0; a <= 4; a++) for (let m = 0; m <= 4; m++) WAYS[a * 5 + m] = choose(a, m);

const MULTISETS: Int8Array[] = [];

/**
 * Every multiset of k ranks (0 deuce .. 12 ace, k in 0..5), each ascending, one after another
 * (k entries each), in the order of nested loops a <= b <= ...
 */
export function rankMultisets(k: number): Int8Array {
  const known = MULTISETS[k];
  if (known !== undefined) return known;
  const out: number[] = [];
  const ranks: number[] = [];
  const walk = (from: number): void => {
    if (ranks.length === k) {
      out.push(...ranks);
      return;
    }
    for (let r = from; r < 13; r++) {
      ranks.push(r);
      walk(r);
      ranks.pop();
    }
  };
  walk(0);
  return (MULTISETS[k] = Int8Array.from(out));
}

const copies = new Int8Array(13);

/** Value of five cards of these ranks in mixed suits (never a flush). */
export function plainValue(ranks: ArrayLike<number>): number {
  // Copies of a rank take suits 0, 1, 2, 3 in turn; five different ranks then all have suit 0,
  // so the last moves to suit 1.
  const r0 = ranks[0]!;
  const r1 = ranks[1]!;
  const r2 = ranks[2]!;
  const r3 = ranks[3]!;
  const r4 = ranks[4]!;
  const c0 = makeCard(r0, copies[r0]!++);
  const c1 = makeCard(r1, copies[r1]!++);
  const c2 = makeCard(r2, copies[r2]!++);
  const c3 = makeCard(r3, copies[r3]!++);
  let c4 = makeCard(r4, copies[r4]!++);
  copies[r0] = copies[r1] = copies[r2] = copies[r3] = copies[r4] = 0;
  if (((c0 | c1 | c2 | c3 | c4) & 3) === 0) c4++;
  return evaluate5(c0, c1, c2, c3, c4);
}

/** Value of five different ranks all in one suit. */
export const suitedValue = (ranks: ArrayLike<number>): number =>
  evaluate5(
    makeCard(ranks[0]!, 0),
    makeCard(ranks[1]!, 0),
    makeCard(ranks[2]!, 0),
    makeCard(ranks[3]!, 0),
    makeCard(ranks[4]!, 0),
  );

// The four cards a dealer without a game keeps: four different ranks, numbered 0..714 by their
// 13-bit mask. For each, the new hand's value for every rank of the new card, plain and (for a
// rank not among the four) suited, and the ranks whose plain new hand is a game: the four's
// own ranks (a pair) and those that complete a straight.

/** The kept four of a 13-bit mask of four ranks, else -1. */
export const KEPT_INDEX = new Int16Array(8192).fill(-1);
const keptMasks: number[] = [];
const keptPlain: number[] = [];
const keptSuited: number[] = [];
const keptGameRanks: number[][] = [];
for (let mask = 0; mask < 8192; mask++) {
  const ranks = [...Array(13).keys()].filter((r) => mask & (1 << r));
  if (ranks.length !== 4) continue;
  KEPT_INDEX[mask] = keptMasks.length;
  keptMasks.push(mask);
  const gameRanks: number[] = [];
  for (let x = 0; x < 13; x++) {
    const plain = plainValue([...ranks, x]);
    keptPlain.push(plain);
    keptSuited.push(mask & (1 << x) ? 0 : suitedValue([...ranks, x]));
    if (GAME[plain]) gameRanks.push(x);
  }
  keptGameRanks.push(gameRanks);
}
export const KEPT_COUNT = keptMasks.length;
export const KEPT_MASKS = Int32Array.from(keptMasks);
/** The plain and suited new hand of kept four `kept` with a new card of rank x, at kept * 13 + x. */
export const KEPT_PLAIN_VALUES = Int32Array.from(keptPlain);
export const KEPT_SUITED_VALUES = Int32Array.from(keptSuited);
/** The ranks whose plain new hand is a game: KEPT_GAME_COUNT[kept] of them from kept * MAX_GAME_RANKS. */
export const MAX_GAME_RANKS = Math.max(...keptGameRanks.map((g) => g.length));
export const KEPT_GAME_COUNT = Int8Array.from(keptGameRanks.map((g) => g.length));
export const KEPT_GAME_RANK = new Int8Array(KEPT_COUNT * MAX_GAME_RANKS);
keptGameRanks.forEach((g, k) => g.forEach((x, i) => (KEPT_GAME_RANK[k * MAX_GAME_RANKS + i] = x)));
/** For each rank x, the kept fours whose plain new hand with x is a game. */
export const KEPT_GAME_BY_RANK: Int32Array[] = Array.from({ length: 13 }, (_, x) =>
  Int32Array.from(keptMasks.map((_, kept) => kept).filter((kept) => GAME[keptPlain[kept * 13 + x]!])),
);

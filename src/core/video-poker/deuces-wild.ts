// Deuces Wild (W-1 to W-5): the four deuces are wild. A deuce takes whatever value makes the
// best category (W-2), so a hand is judged by its natural cards (the others) and how many
// deuces it holds: a category is reachable when the naturals leave room for it.

import type { Card } from '../cards';
import { RANK_KEYS_5 } from '../evaluator-tables';

export const DEUCES_WILD_CATEGORIES = [
  'nothing',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
  'five-of-a-kind',
  'wild-royal-flush',
  'four-deuces',
  'royal-flush',
] as const;

export type DeucesWildCategory = (typeof DEUCES_WILD_CATEGORIES)[number];

/** Category numbers, for the hot path (their places in DEUCES_WILD_CATEGORIES). */
const D = {
  Nothing: 0,
  Three: 1,
  Straight: 2,
  Flush: 3,
  FullHouse: 4,
  Four: 5,
  StraightFlush: 6,
  Five: 7,
  WildRoyal: 8,
  FourDeuces: 9,
  Royal: 10,
} as const satisfies Record<string, number>;

/** Rank masks of T..A, and of every five ranks in a row (H-4: A-2-3-4-5 the lowest). */
const ROYAL_RANKS = 0x1f00;
const STRAIGHT_WINDOWS: readonly number[] = [0x100f, ...Array.from({ length: 9 }, (_, low) => 0x1f << low)];

/** True when the rank mask lies inside some five ranks in a row (the deuces fill the gaps). */
const STRAIGHT_ROOM: Uint8Array = (() => {
  const out = new Uint8Array(8192);
  for (let m = 0; m < 8192; m++) out[m] = STRAIGHT_WINDOWS.some((w) => (m & ~w) === 0) ? 1 : 0;
  return out;
})();

/**
 * W-2, W-3 read plainly: the category of a hand whose natural cards have these ranks (1..12,
 * repeats for pairs), all of one suit or not; the deuces are the cards that are missing.
 */
export function deucesCategoryOf(naturals: readonly number[], suited: boolean): number {
  const deuces = 5 - naturals.length;
  const count = new Map<number, number>();
  let mask = 0;
  for (const r of naturals) {
    count.set(r, (count.get(r) ?? 0) + 1);
    mask |= 1 << r;
  }
  const most = Math.max(0, ...count.values());
  const pairs = [...count.values()].filter((n) => n >= 2).length;
  const distinct = most <= 1;
  // Suited naturals are distinct (one suit cannot repeat a rank); none at all are suited too.
  if (deuces === 0 && suited && mask === ROYAL_RANKS) return D.Royal;
  if (deuces === 4) return D.FourDeuces;
  if (suited && (mask & ~ROYAL_RANKS) === 0) return D.WildRoyal;
  if (most + deuces >= 5) return D.Five;
  if (suited && STRAIGHT_ROOM[mask] === 1) return D.StraightFlush;
  if (most + deuces >= 4) return D.Four;
  // Three and two of a kind, or two pair and a deuce (two deuces and a pair make four).
  if ((deuces === 0 && most === 3 && pairs === 2) || (deuces === 1 && pairs === 2)) return D.FullHouse;
  if (suited) return D.Flush;
  if (distinct && STRAIGHT_ROOM[mask] === 1) return D.Straight;
  if (most + deuces >= 3) return D.Three;
  return D.Nothing;
}

// The hot path looks the rule above up, as the evaluator does (evaluator.ts): naturals of more
// than one suit by the sum of their rank keys (unique for every multiset of five ranks, and the
// deuce's key is 0, so a deuce adds nothing), naturals of one suit by their rank mask.
const KEY = new Int32Array(52);
const BIT = new Int32Array(52);
const SUIT_BIT = new Int32Array(52);
for (let card = 4; card < 52; card++) {
  KEY[card] = RANK_KEYS_5[card >> 2]!;
  BIT[card] = 1 << (card >> 2);
  SUIT_BIT[card] = 1 << (card & 3);
}
let BY_KEY = new Uint8Array(0);
let BY_SUITED_MASK = new Uint8Array(0);

/** Fills the lookups from deucesCategoryOf; on first use (a few tens of ms). */
function buildLookups(): void {
  BY_KEY = new Uint8Array(4 * RANK_KEYS_5[12]! + RANK_KEYS_5[11]! + 1);
  BY_SUITED_MASK = new Uint8Array(8192);
  const ranks: number[] = [];
  const walk = (rank: number, left: number): void => {
    BY_KEY[ranks.reduce((s, r) => s + RANK_KEYS_5[r]!, 0)] = deucesCategoryOf(ranks, false);
    if (left === 0 || rank > 12) return;
    for (let r = rank; r <= 12; r++) {
      if (ranks.filter((x) => x === r).length === 4) continue;
      ranks.push(r);
      walk(r, left - 1);
      ranks.pop();
    }
  };
  walk(1, 5);
  for (let mask = 0; mask < 8192; mask += 2) {
    const naturals = Array.from({ length: 13 }, (_, r) => r).filter((r) => mask & (1 << r));
    if (naturals.length <= 5) BY_SUITED_MASK[mask] = deucesCategoryOf(naturals, true);
  }
}

/** Category number (index in DEUCES_WILD_CATEGORIES) of five distinct cards. */
export function deucesCategory5(a: Card, b: Card, c: Card, d: Card, e: Card): number {
  if (BY_KEY.length === 0) buildLookups();
  const suits = SUIT_BIT[a]! | SUIT_BIT[b]! | SUIT_BIT[c]! | SUIT_BIT[d]! | SUIT_BIT[e]!;
  // One suit among the naturals (or no natural at all): the deuces can follow it.
  if ((suits & (suits - 1)) === 0) return BY_SUITED_MASK[BIT[a]! | BIT[b]! | BIT[c]! | BIT[d]! | BIT[e]!]!;
  return BY_KEY[KEY[a]! + KEY[b]! + KEY[c]! + KEY[d]! + KEY[e]!]!;
}

/** W-4 (J-3 for Deuces Wild): the positions of the cards that make `category` in `cards`. */
export function deucesMadeBy(cards: readonly Card[], category: number): number[] {
  const all = [0, 1, 2, 3, 4];
  const isDeuce = (p: number): boolean => cards[p]! >> 2 === 0;
  if (category === D.FourDeuces) return all.filter(isDeuce);
  if (category !== D.Three && category !== D.Four) return all;
  // W-4: the deuces and the naturals of the most common rank (the highest of equals).
  const count = new Map<number, number>();
  for (const c of cards) if (c >> 2 !== 0) count.set(c >> 2, (count.get(c >> 2) ?? 0) + 1);
  let rank = -1;
  for (const [r, n] of count) if (rank < 0 || n > count.get(rank)! || (n === count.get(rank)! && r > rank)) rank = r;
  return all.filter((p) => isDeuce(p) || cards[p]! >> 2 === rank);
}

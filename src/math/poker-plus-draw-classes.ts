// How often each class of five-card hand comes from keeping some cards and drawing the rest
// from the unseen ones: counted exactly, by the ranks drawn (each multiset of ranks weighted
// by how many unseen cards carry them) and, where the five ranks differ, by how many ways the
// suits fall into a flush or four of one suit. It serves the sampled first action
// (poker-plus-first-values.ts) as a control variate: what a draw is worth is sampled, and the
// part of it the hand's class explains is counted exactly.

import { categoryIndexOf, evaluate5, makeCard, rankOf, suitOf, type Card } from '../core';
import { choose } from './combinations';
import { plainValue, rankMultisets, suitedValue, WAYS } from './poker-plus-rank-tables';

/**
 * The classes. A high card by its draws: 0 none, 1 a four-card straight one rank fills, 2 one
 * that two ranks fill, and 3..5 the same with four of one suit. Then 6..18 a pair of deuces ..
 * aces, 19 two pair, 20 three of a kind, 21 straight, 22 flush, 23 full house, 24 four of a
 * kind, 25 straight flush, 26 royal flush.
 */
export const HAND_CLASSES = 27;
const HIGH_FOUR_FLUSH = 3;
const PAIR_CLASS = 6;

/** STRAIGHT_DRAW[mask] for five different ranks: 0, or the ranks that would fill a straight (1 or 2+ → 1, 2). */
const STRAIGHT_DRAW = (() => {
  const windows: number[] = [];
  // Bit r is rank r (0 deuce .. 12 ace); the wheel's window takes the ace as its low card.
  windows.push((1 << 12) | 0b1111);
  for (let low = 0; low <= 8; low++) windows.push(0b11111 << low);
  const draw = new Int8Array(8192);
  for (let mask = 0; mask < 8192; mask++) {
    let fills = 0;
    for (let x = 0; x < 13; x++) {
      if (mask & (1 << x)) continue;
      const with_ = mask | (1 << x);
      if (windows.some((w) => (with_ & w) === w)) fills++;
    }
    draw[mask] = fills === 0 ? 0 : fills === 1 ? 1 : 2;
  }
  return draw;
})();

/** The class of a five-card hand of this value, rank mask, pair rank and suit counts. */
function classOf(value: number, mask: number, pairRank: number, fourOfASuit: boolean): number {
  const c = categoryIndexOf(value);
  if (c === 0) return STRAIGHT_DRAW[mask]! + (fourOfASuit ? HIGH_FOUR_FLUSH : 0);
  if (c === 1) return PAIR_CLASS + pairRank;
  return 17 + c;
}

/** The class of five cards. */
export function classOfCards(cards: readonly Card[]): number {
  const v = evaluate5(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
  const copies = new Int8Array(13);
  const suits = new Int8Array(4);
  let mask = 0;
  for (const c of cards) {
    copies[rankOf(c)]!++;
    suits[suitOf(c)]!++;
    mask |= 1 << rankOf(c);
  }
  return classOf(v, mask, copies.indexOf(2), suits.includes(4));
}

/**
 * The number of draws of `5 - kept.length` cards from the unseen ones that make each class with
 * the kept cards, into `out` (length HAND_CLASSES); returns the number of draws.
 */
export function drawClassCounts(kept: readonly Card[], isUnseen: ArrayLike<number>, out: Float64Array): number {
  out.fill(0);
  const k = 5 - kept.length;
  const a = new Int32Array(13);
  let unseen = 0;
  for (let c = 0; c < 52; c++) {
    if (!isUnseen[c]) continue;
    a[rankOf(c)]!++;
    unseen++;
  }
  const keptSuits = kept.map(suitOf);
  const ranks = new Int32Array(5);
  kept.forEach((c, i) => (ranks[i] = rankOf(c)));
  const copies = new Int8Array(13);
  const drawnSets = rankMultisets(k);
  for (let at = 0; at < drawnSets.length; at += k) {
    // The draws of these ranks: C(a_r, m) for each rank r drawn m times.
    let weight = 1;
    for (let i = 0; i < k; i++) {
      const r = drawnSets[at + i]!;
      ranks[kept.length + i] = r;
      if (i > 0 && r === drawnSets[at + i - 1]) continue;
      let m = 1;
      while (i + m < k && drawnSets[at + i + m] === r) m++;
      weight = m > 4 ? 0 : weight * WAYS[a[r]! * 5 + m]!;
    }
    if (weight === 0) continue;
    copies.fill(0);
    let mask = 0;
    for (let i = 0; i < 5; i++) {
      copies[ranks[i]!]!++;
      mask |= 1 << ranks[i]!;
    }
    const plain = plainValue(ranks);
    if (categoryIndexOf(plain) >= 1 && categoryIndexOf(plain) !== 4) {
      // A pair or better by the ranks: the suits cannot change it (no flush with a pair).
      out[classOf(plain, mask, copies.indexOf(2), false)]! += weight;
      continue;
    }
    // Five different ranks: count the ways all five, or exactly four, share a suit.
    let five = 0;
    let four = 0;
    for (let s = 0; s < 4; s++) {
      // Per card: ways to be of suit s, and of another suit.
      let all = 1;
      let oneOff = 0;
      for (let i = 0; i < 5; i++) {
        let inSuit: number;
        let offSuit: number;
        if (i < kept.length) {
          inSuit = keptSuits[i] === s ? 1 : 0;
          offSuit = 1 - inSuit;
        } else {
          const r = ranks[i]!;
          inSuit = isUnseen[makeCard(r, s)] ? 1 : 0;
          offSuit = a[r]! - inSuit;
        }
        oneOff = oneOff * inSuit + all * offSuit;
        all *= inSuit;
      }
      five += all;
      four += oneOff;
    }
    out[classOf(suitedValue(ranks), mask, -1, false)]! += five;
    out[classOf(plain, mask, -1, true)]! += four;
    out[classOf(plain, mask, -1, false)]! += weight - five - four;
  }
  return choose(unseen, k);
}

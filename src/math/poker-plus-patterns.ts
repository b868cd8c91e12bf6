// What a Poker Plus strategy looks at in a box of five or six cards: the hand it makes and the
// draws it holds. Positions are the box's positions (0-5), so actions can name them.

import { categoryIndexOf, evaluate, rankOf, suitOf, type Card } from '../core';

/** Category index of the box's best five (0 high card .. 9 royal flush). */
export const boxCategory = (cards: readonly Card[]): number => categoryIndexOf(evaluate(cards));

/** Positions of cards whose rank appears more than once: the pairs, trips and quads. */
export function pairedPositions(cards: readonly Card[]): number[] {
  const count = rankCounts(cards);
  return positions(cards, (c) => count[rankOf(c)]! >= 2);
}

/** Rank of the highest pair or better (-1 without one). */
export function topPairRank(cards: readonly Card[]): number {
  const count = rankCounts(cards);
  for (let r = 12; r >= 0; r--) if (count[r]! >= 2) return r;
  return -1;
}

/** Positions of the most common suit's cards when it has at least `size` of them, else []. */
export function flushDrawPositions(cards: readonly Card[], size: number): number[] {
  const count = [0, 0, 0, 0];
  for (const c of cards) count[suitOf(c)]!++;
  let best = 0;
  for (let s = 1; s < 4; s++) if (count[s]! > count[best]!) best = s;
  return count[best]! >= size ? positions(cards, (c) => suitOf(c) === best) : [];
}

/**
 * Positions of four cards of different ranks inside one five-rank window (A counts low too),
 * preferring an open-ended run (four in a row that two ranks complete); [] without one.
 */
export function straightDrawPositions(cards: readonly Card[], openOnly: boolean): number[] {
  let mask = 0;
  for (const c of cards) mask |= 1 << rankOf(c);
  // Bit 0 of `wide` is an ace played low, bits 1..13 are the ranks 2..A.
  const wide = ((mask << 1) | (mask >> 12)) & 0x3fff;
  const pick = (ranks: number[]): number[] => {
    const taken = new Set<number>();
    return positions(cards, (c) => {
      const r = rankOf(c);
      if (!ranks.includes(r) || taken.has(r)) return false;
      taken.add(r);
      return true;
    });
  };
  // Four in a row, both ends open: low end above the low ace, high end below the ace.
  for (let low = 12 - 3; low >= 1; low--) {
    const run = 0b1111 << low;
    if ((wide & run) === run && low + 3 < 13) return pick([low - 1, low, low + 1, low + 2]);
  }
  if (openOnly) return [];
  for (let low = 13 - 4; low >= 0; low--) {
    const window = 0b11111 << low;
    const inside = wide & window;
    if (popcount(inside) >= 4) {
      const ranks: number[] = [];
      for (let b = low; b < low + 5; b++) if (inside & (1 << b)) ranks.push(b === 0 ? 12 : b - 1);
      return pick(ranks.slice(-4));
    }
  }
  return [];
}

/** Position of the lowest card whose rank appears once (the lowest kicker); null when every card pairs. */
export function lowestUnpairedPosition(cards: readonly Card[]): number | null {
  const count = rankCounts(cards);
  let found: number | null = null;
  cards.forEach((c, i) => {
    if (count[rankOf(c)] === 1 && (found === null || rankOf(c) < rankOf(cards[found]!))) found = i;
  });
  return found;
}

/**
 * Position of the one card to throw off a draw held at `draw` (flushDrawPositions,
 * straightDrawPositions): an unpaired card before one that pairs, then the lowest rank, then the
 * first; null without a draw or without a card off it.
 */
export function offDrawPosition(cards: readonly Card[], draw: readonly number[]): number | null {
  if (draw.length === 0) return null;
  const count = rankCounts(cards);
  const worth = (i: number): number => (count[rankOf(cards[i]!)]! >= 2 ? 13 : 0) + rankOf(cards[i]!);
  let found: number | null = null;
  for (let i = 0; i < cards.length; i++) {
    if (!draw.includes(i) && (found === null || worth(i) < worth(found))) found = i;
  }
  return found;
}

function rankCounts(cards: readonly Card[]): number[] {
  const count = new Array<number>(13).fill(0);
  for (const c of cards) count[rankOf(c)]!++;
  return count;
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

function positions(cards: readonly Card[], keep: (c: Card) => boolean): number[] {
  const out: number[] = [];
  cards.forEach((c, i) => {
    if (keep(c)) out.push(i);
  });
  return out;
}

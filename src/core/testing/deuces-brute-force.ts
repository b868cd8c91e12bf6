// The slow, plain statement of W-2 and W-3 that the Deuces Wild evaluator is checked against:
// every deuce tries every one of the 52 card values (a rank and a suit, repeats allowed, since a
// wild card may stand for a card already in the hand, which is how five of a kind is made), and
// the hand is the best category any of those substitutions makes. Wild cards are alike, so a
// substitution is a multiset of values: 52 for one deuce, 1,378 for two, 24,804 for three.

import { DEUCES_WILD_CATEGORIES, type DeucesWildCategory } from '../video-poker';
import type { Card } from '../cards';

const ORDER = new Map(DEUCES_WILD_CATEGORIES.map((c, i) => [c, i]));
const order = (c: DeucesWildCategory): number => ORDER.get(c)!;

/** Category of five (rank, suit) values with no wild card among them, repeats allowed. */
export function plainCategory(
  ranks: readonly number[],
  suits: readonly number[],
  anyWild: boolean,
): DeucesWildCategory {
  const counts = new Array<number>(13).fill(0);
  let rankMask = 0;
  for (const r of ranks) {
    counts[r]!++;
    rankMask |= 1 << r;
  }
  let first = 0;
  let second = 0;
  for (const n of counts) {
    if (n > first) [first, second] = [n, first];
    else if (n > second) second = n;
  }
  const flush = suits.every((s) => s === suits[0]);
  // Five different ranks in a row, or A-2-3-4-5 (H-4).
  const straight = first === 1 && (rankMask === 0x100f || rankMask / (rankMask & -rankMask) === 0x1f);
  if (straight && flush && rankMask === 0x1f00) return anyWild ? 'wild-royal-flush' : 'royal-flush';
  if (first === 5) return 'five-of-a-kind';
  if (straight && flush) return 'straight-flush';
  if (first === 4) return 'four-of-a-kind';
  if (first === 3 && second === 2) return 'full-house';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (first === 3) return 'three-of-a-kind';
  return 'nothing';
}

/** The category W-2 and W-3 give five distinct cards, found by trying every value for every deuce. */
export function bruteForceDeuces(cards: readonly Card[]): DeucesWildCategory {
  const naturals = cards.filter((c) => c >> 2 !== 0);
  const wild = cards.length - naturals.length;
  // W-3: four deuces is a category of its own, whatever the fifth card.
  if (wild === 4) return 'four-deuces';
  const ranks = naturals.map((c) => c >> 2);
  const suits = naturals.map((c) => c & 3);
  let best: DeucesWildCategory = 'nothing';
  const walk = (from: number, left: number): void => {
    if (left === 0) {
      const found = plainCategory(ranks, suits, wild > 0);
      if (order(found) > order(best)) best = found;
      return;
    }
    for (let v = from; v < 52; v++) {
      ranks.push(v >> 2);
      suits.push(v & 3);
      walk(v, left - 1);
      ranks.pop();
      suits.pop();
    }
  };
  walk(0, wild);
  return best;
}

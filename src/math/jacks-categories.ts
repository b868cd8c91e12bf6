// Jacks or Better categories as small integers (the index in core's JACKS_CATEGORIES:
// 0 nothing .. 9 royal flush), looked up by hand value, for the hot loops of the analyses.

import {
  categoryIndexOf,
  evaluate5,
  HAND_VALUE_COUNT,
  JACKS_CATEGORIES,
  JACKS_OR_BETTER_MIN_VALUE,
  jacksCoefficient,
  type Card,
  type JacksPayTable,
} from '../core';
import { JACKS_CATEGORY_COUNT } from './jacks-hold-counts';

/** Jacks category index of every hand value 1..7462 (low pairs are 'nothing', H-3). */
export const JACKS_CATEGORY_OF_VALUE: Uint8Array = (() => {
  const out = new Uint8Array(HAND_VALUE_COUNT + 1);
  for (let v = 1; v <= HAND_VALUE_COUNT; v++) {
    const general = categoryIndexOf(v);
    out[v] = general === 1 ? (v >= JACKS_OR_BETTER_MIN_VALUE ? 1 : 0) : general === 0 ? 0 : general;
  }
  return out;
})();

/** The analyses play max bet: coefficients per chip, with J-6's royal at max bet where set. */
export function maxBetCoefficients(table: JacksPayTable): Float64Array {
  const out = new Float64Array(JACKS_CATEGORY_COUNT);
  JACKS_CATEGORIES.forEach((id, i) => {
    out[i] = jacksCoefficient(table, id, 5, 5);
  });
  return out;
}

export const jacksCategoryOf5 = (cards: ArrayLike<Card>): number =>
  JACKS_CATEGORY_OF_VALUE[evaluate5(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!)]!;

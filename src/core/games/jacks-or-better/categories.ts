// Jacks or Better's categories (H-3): the general ones, with the two lowest named its own way.

import { CATEGORY_INDEX } from '../../categories';
import { categoryIndexOf, checkValue, JACKS_OR_BETTER_MIN_VALUE } from '../../evaluator';

/**
 * The categories below four of a kind: the bonus families (Bonus Poker, Double Double Bonus)
 * share them, and split the four of a kind their own ways.
 */
export const JACKS_LOW_CATEGORIES = [
  'nothing',
  'jacks-or-better',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
] as const;

export const JACKS_CATEGORIES = [...JACKS_LOW_CATEGORIES, 'four-of-a-kind', 'straight-flush', 'royal-flush'] as const;

export type JacksCategory = (typeof JACKS_CATEGORIES)[number];

/** The lowest paying category, a pair of jacks or better: the bonus families pay it too. */
export const JACKS_PAIR = JACKS_LOW_CATEGORIES[1];

/** Category of a hand value by Jacks or Better's names: low pairs pay nothing and share 'nothing'. */
export function jacksCategoryOf(value: number): JacksCategory {
  checkValue(value);
  const index = categoryIndexOf(value);
  if (index === CATEGORY_INDEX.pair) return value >= JACKS_OR_BETTER_MIN_VALUE ? 'jacks-or-better' : 'nothing';
  return JACKS_CATEGORIES[index]!;
}

// Jacks or Better (J-1 to J-6) as a family descriptor: the generic par sheet and hint give its
// figures exactly as the game's own analysis does (src/math/video-poker/family-parsheet.test.ts).

import { naturalFamily, type HandShape } from '../../video-poker/natural-family';
import { JACKS_CATEGORIES, JACKS_PAIR, type JacksCategory } from './categories';
import { JACKS_OR_BETTER_ID } from './id';
import { DEFAULT_JACKS_PAYTABLE } from './pay-table';

/** Rank 9 is the jack (H-1): a pair of jacks or better pays. */
const JACK = 9;

/** Every Jacks or Better category but the four of a kind, which the bonus families split. */
export type SharedJacksCategory = Exclude<JacksCategory, 'four-of-a-kind'>;

/**
 * The categories other than a four of a kind as Jacks or Better names them (H-3): the families
 * built on it (Bonus Poker, Double Double Bonus) share them.
 */
export function jacksLowCategory(shape: HandShape): SharedJacksCategory {
  if (shape.general === 1) return shape.groups[0]! >= JACK ? JACKS_PAIR : 'nothing';
  // General categories 0 and 2..9 line up with JACKS_CATEGORIES index for index.
  const id = JACKS_CATEGORIES[shape.general];
  if (id === undefined || id === 'four-of-a-kind') throw new RangeError(`no shared category for ${shape.general}`);
  return id;
}

export const JACKS_OR_BETTER_FAMILY = naturalFamily<JacksCategory, typeof JACKS_OR_BETTER_ID>({
  game: JACKS_OR_BETTER_ID,
  name: 'Jacks or Better',
  rules: 'J',
  categories: JACKS_CATEGORIES,
  royal: 'royal-flush',
  defaultTable: { coefficients: DEFAULT_JACKS_PAYTABLE.coefficients },
  categoryOf: (shape) => (shape.general === 7 ? 'four-of-a-kind' : jacksLowCategory(shape)),
});

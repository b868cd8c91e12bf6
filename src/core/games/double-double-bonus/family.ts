// Double Double Bonus (D-1 to D-3): four of a kind paid by its rank and by its kicker, the fifth card.

import { naturalFamily } from '../../video-poker/natural-family';
import { ACE, fourRank, isLowRank } from '../../video-poker/fours';
import { JACKS_LOW_CATEGORIES, JACKS_PAIR } from '../jacks-or-better/categories';
import { jacksLowCategory } from '../jacks-or-better/family';
import { DOUBLE_DOUBLE_BONUS_ID } from './id';

export const DOUBLE_DOUBLE_BONUS_CATEGORIES = [
  ...JACKS_LOW_CATEGORIES,
  'four-5-k',
  'four-2-4',
  'four-aces',
  'four-2-4-with-a-4',
  'four-aces-with-2-4',
  'straight-flush',
  'royal-flush',
] as const;

export type DoubleDoubleBonusCategory = (typeof DOUBLE_DOUBLE_BONUS_CATEGORIES)[number];

export const DOUBLE_DOUBLE_BONUS_FAMILY = naturalFamily({
  game: DOUBLE_DOUBLE_BONUS_ID,
  name: 'Double Double Bonus',
  rules: 'D',
  categories: DOUBLE_DOUBLE_BONUS_CATEGORIES as readonly DoubleDoubleBonusCategory[],
  royal: 'royal-flush',
  // D-3: the 9/6 table.
  defaultTable: {
    coefficients: {
      'royal-flush': 250,
      'straight-flush': 50,
      'four-aces-with-2-4': 400,
      'four-2-4-with-a-4': 160,
      'four-aces': 160,
      'four-2-4': 80,
      'four-5-k': 50,
      'full-house': 9,
      flush: 6,
      straight: 4,
      'three-of-a-kind': 3,
      'two-pair': 1,
      [JACKS_PAIR]: 1,
      nothing: 0,
    },
    royalAtMaxBet: 800,
  },
  categoryOf(shape): DoubleDoubleBonusCategory {
    if (shape.general !== 7) return jacksLowCategory(shape);
    const [rank, kicker] = shape.groups as [number, number];
    switch (fourRank(rank)) {
      case 'aces':
        return isLowRank(kicker) ? 'four-aces-with-2-4' : 'four-aces';
      case 'low':
        return kicker === ACE || isLowRank(kicker) ? 'four-2-4-with-a-4' : 'four-2-4';
      default:
        return 'four-5-k';
    }
  },
  // D-2: the kicker is part of these hands, so the auto-hold keeps it.
  kickerCategories: ['four-aces-with-2-4', 'four-2-4-with-a-4'],
});

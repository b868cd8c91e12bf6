// Bonus Poker (B-1 to B-3): Jacks or Better with four of a kind paid by its rank.

import { naturalFamily } from '../../video-poker/natural-family';
import { fourRank } from '../../video-poker/fours';
import { JACKS_LOW_CATEGORIES, JACKS_PAIR } from '../jacks-or-better/categories';
import { jacksLowCategory } from '../jacks-or-better/family';
import { BONUS_POKER_ID } from './id';

export const BONUS_POKER_CATEGORIES = [
  ...JACKS_LOW_CATEGORIES,
  'four-5-k',
  'four-2-4',
  'four-aces',
  'straight-flush',
  'royal-flush',
] as const;

export type BonusPokerCategory = (typeof BONUS_POKER_CATEGORIES)[number];

export const BONUS_POKER_FAMILY = naturalFamily({
  game: BONUS_POKER_ID,
  name: 'Bonus Poker',
  rules: 'B',
  categories: BONUS_POKER_CATEGORIES as readonly BonusPokerCategory[],
  royal: 'royal-flush',
  // B-3: the 8/5 table.
  defaultTable: {
    coefficients: {
      'royal-flush': 250,
      'straight-flush': 50,
      'four-aces': 80,
      'four-2-4': 40,
      'four-5-k': 25,
      'full-house': 8,
      flush: 5,
      straight: 4,
      'three-of-a-kind': 3,
      'two-pair': 2,
      [JACKS_PAIR]: 1,
      nothing: 0,
    },
    royalAtMaxBet: 800,
  },
  categoryOf(shape): BonusPokerCategory {
    if (shape.general !== 7) return jacksLowCategory(shape);
    const four = fourRank(shape.groups[0]!);
    return four === 'aces' ? 'four-aces' : four === 'low' ? 'four-2-4' : 'four-5-k';
  },
});

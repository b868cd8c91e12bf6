// The video-poker families (B- Bonus Poker, D- Double Double Bonus, W- Deuces Wild beside J-
// Jacks or Better, docs/rules.md): each one declaration, the rest derived from it.

export * from './family';
export * from './natural-family';
export * from './coefficients';
export * from './paytable-schema';
export * from './auto-hold';
export { JACKS_OR_BETTER_FAMILY } from '../games/jacks-or-better/family';
export { BONUS_POKER_FAMILY, BONUS_POKER_CATEGORIES, type BonusPokerCategory } from '../games/bonus-poker/family';
export {
  DOUBLE_DOUBLE_BONUS_FAMILY,
  DOUBLE_DOUBLE_BONUS_CATEGORIES,
  type DoubleDoubleBonusCategory,
} from '../games/double-double-bonus/family';
export { DEUCES_WILD_FAMILY } from '../games/deuces-wild/family';
export { DEUCES_WILD_CATEGORIES, deucesCategory5, type DeucesWildCategory } from './deuces-wild';
export * from './families';

// The video-poker families (B- Bonus Poker, D- Double Double Bonus, W- Deuces Wild beside J-
// Jacks or Better, docs/rules.md): each one declaration, the rest derived from it.

import { BONUS_POKER } from './bonus-poker';
import { DEUCES_WILD } from './deuces-wild';
import { DOUBLE_DOUBLE_BONUS } from './double-double-bonus';
import type { VideoPokerFamily } from './family';
import { JACKS_OR_BETTER_FAMILY } from '../games/jacks-or-better/family';

export * from './family';
export * from './natural-family';
export * from './paytable';
export * from './auto-hold';
export { JACKS_OR_BETTER_FAMILY } from '../games/jacks-or-better/family';
export { BONUS_POKER, BONUS_POKER_CATEGORIES, type BonusPokerCategory } from './bonus-poker';
export {
  DOUBLE_DOUBLE_BONUS,
  DOUBLE_DOUBLE_BONUS_CATEGORIES,
  type DoubleDoubleBonusCategory,
} from './double-double-bonus';
export { DEUCES_WILD, DEUCES_WILD_CATEGORIES, deucesCategory5, type DeucesWildCategory } from './deuces-wild';

export const VIDEO_POKER_FAMILIES: readonly VideoPokerFamily[] = [
  JACKS_OR_BETTER_FAMILY,
  BONUS_POKER,
  DOUBLE_DOUBLE_BONUS,
  DEUCES_WILD,
];

/** The family of a game id, or undefined. */
export const familyOf = (game: string): VideoPokerFamily | undefined =>
  VIDEO_POKER_FAMILIES.find((f) => f.game === game);

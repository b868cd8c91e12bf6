// The video-poker families, one line each: a new family is its declaration and a line here.

import { BONUS_POKER } from './bonus-poker';
import { DEUCES_WILD } from './deuces-wild';
import { DOUBLE_DOUBLE_BONUS } from './double-double-bonus';
import type { VideoPokerFamily } from './family';
import { JACKS_OR_BETTER_FAMILY } from '../games/jacks-or-better/family';

export const VIDEO_POKER_FAMILIES: readonly VideoPokerFamily[] = [
  JACKS_OR_BETTER_FAMILY,
  BONUS_POKER,
  DOUBLE_DOUBLE_BONUS,
  DEUCES_WILD,
];

/** The family of a game id, or undefined. */
export const familyOf = (game: string): VideoPokerFamily | undefined =>
  VIDEO_POKER_FAMILIES.find((f) => f.game === game);

// The video-poker families: the registry's video-poker games (src/core/games/registry.ts), each
// a family of the one engine; the par sheet and the hint read them from here.

import { VIDEO_POKER_GAMES } from '../games/registry';
import type { VideoPokerFamily } from './family';

export const VIDEO_POKER_FAMILIES: readonly VideoPokerFamily[] = VIDEO_POKER_GAMES.map((g) => g.family);

/** The family of a game id, or undefined. */
export const familyOf = (game: string): VideoPokerFamily | undefined =>
  VIDEO_POKER_FAMILIES.find((f) => f.game === game);

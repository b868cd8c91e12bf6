// What the screens know of each game in the registry, as data: its shape (which screen plays it),
// its names, its categories and its words (src/core/games/game-texts.ts). The renderer names and
// explains a game from this and the snapshot's menu alone, never by its id, so a new family
// shows on every screen with nothing in the renderer changed.

import { byGame, type GameNames, type GameShape, type GameTexts } from '../core';

export interface GameFace {
  readonly shape: GameShape;
  readonly names: GameNames;
  /** Its categories, lowest first (the lowest pays nothing). */
  readonly categories: readonly string[];
  readonly texts: GameTexts;
}

export const GAME_FACES = byGame((g): GameFace => ({
  shape: g.shape,
  names: g.names,
  categories: g.categories,
  texts: g.texts,
}));

export { GAME_IDS, isGameId, type GameId, type GameShape, type GameWords } from '../core';

// A game's words on the screens, from its own declaration (src/contract/games.ts): its name, its
// blurb, its hands' names and its help pages. Nothing here names a game: whatever the registry
// holds, the screens can say.

import { GAME_FACES, isGameId, type GameFace } from '../../src/contract';
import type { Language } from './language';

/** A game's declaration for the screens; null for an id the registry does not hold (an old record). */
export const gameFace = (game: string): GameFace | null => (isGameId(game) ? GAME_FACES[game] : null);

/** A game's name as a title (the screens' titles are capitals): its declared name, in the language. */
export function gameTitle(language: Language, game: string): string {
  const face = gameFace(game);
  return face ? face.names[language].toLocaleUpperCase(language) : game.toUpperCase();
}

/** A game's name as a label (mixed case): its declared name. */
export const gameLabel = (language: Language, game: string): string => gameFace(game)?.names[language] ?? game;

/** The line under a game's name on the menu and in the attract loop. */
export const gameBlurb = (language: Language, game: string): string => gameFace(game)?.texts[language].blurb ?? '';

/** A hand's name in a game's own words, where it has any for that category (else null: the house's names say it). */
export const ownHandName = (language: Language, game: string, category: string): string | null =>
  (gameFace(game)?.texts[language].hands as Readonly<Record<string, string | undefined>> | undefined)?.[category] ??
  null;

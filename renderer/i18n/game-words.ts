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

/** A table's name without its closing remark in brackets ("… (the default)"): what its button can hold at its size. */
export const shortName = (name: string): string => name.replace(/\s*\([^()]*\)\s*$/, '') || name;

/** A table's name as far as its first comma ("Jacks or Better 9/6"): the settings list's line under its button. */
export const briefName = (name: string): string => shortName(name).split(', ')[0] ?? name;

/**
 * A table's name on its game's menu tile, which names the game already: its brief name without
 * the game's name in front ("Jacks or Better 9/6" → "9/6"), or the brief name where that is all.
 */
export function menuTableName(name: string, game: string): string {
  const brief = briefName(name);
  const names = Object.values(gameFace(game)?.names ?? {});
  for (const n of names)
    if (brief.toLowerCase().startsWith(`${n.toLowerCase()} `)) return brief.slice(n.length + 1).trim() || brief;
  return brief;
}

// The installed games: one line each. Everything that lists, names or picks a game (the settings,
// the contract's ids, SAS game numbers, the screens) iterates this list; a game's own literals
// live only in its module (docs/architecture.md, "Adding a game").

import { JACKS_OR_BETTER } from './jacks-or-better/module';
import { POKER_PLUS } from './poker-plus/module';

export const GAMES = [JACKS_OR_BETTER, POKER_PLUS] as const;

export type AnyGame = (typeof GAMES)[number];
export type GameId = AnyGame['id'];
export type GameOf<G extends GameId> = Extract<AnyGame, { id: G }>;

/** The ids in the registry's order, as a non-empty tuple (for z.enum). */
export const GAME_IDS = GAMES.map((g) => g.id) as [GameId, ...GameId[]];

export const isGameId = (x: unknown): x is GameId => (GAME_IDS as readonly unknown[]).includes(x);

/** The game's module; an id not in the registry is a programming error, and throws. */
export function gameModule<G extends GameId>(id: G): GameOf<G> {
  const game = GAMES.find((g) => g.id === id);
  if (!game) throw new Error(`no game "${String(id)}" in the registry`);
  return game as GameOf<G>;
}

/** A game's key among the settings' pay tables (`payTables.jacks`), typed by the game. */
export type SettingsKey = AnyGame['settingsKey'];
export type SettingsKeyOf<G extends GameId> = GameOf<G>['settingsKey'];
export const settingsKey = <G extends GameId>(id: G): SettingsKeyOf<G> =>
  gameModule(id).settingsKey as SettingsKeyOf<G>;

/** The games by id, for code that keeps something per game: built from the registry. */
export function byGame<T>(make: (game: AnyGame) => T): Record<GameId, T> {
  return Object.fromEntries(GAMES.map((g) => [g.id, make(g)])) as Record<GameId, T>;
}

/** A game's name in English, for logs, refusals and the command line. */
export const gameName = (id: GameId): string => gameModule(id).names.en;

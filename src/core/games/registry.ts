// The installed games: one line each. Everything that lists, names or picks a game (the settings,
// the contract's ids, SAS game numbers, the screens) iterates this list; a game's own literals
// live only in its module (docs/architecture.md, "Adding a game").

import { BONUS_POKER } from './bonus-poker/module';
import { DEUCES_WILD } from './deuces-wild/module';
import { DOUBLE_DOUBLE_BONUS } from './double-double-bonus/module';
import { JACKS_OR_BETTER } from './jacks-or-better/module';
import { POKER_PLUS } from './poker-plus/module';
import type { VideoPokerModule } from './video-poker/module';

// The order is the SAS game numbers' (1 Jacks or Better, 2 Poker Plus, ...): a new game goes last,
// so a casino system never finds a game it knows under another number.
export const GAMES = [JACKS_OR_BETTER, POKER_PLUS, BONUS_POKER, DOUBLE_DOUBLE_BONUS, DEUCES_WILD] as const;

export type AnyGame = (typeof GAMES)[number];
export type GameId = AnyGame['id'];
export type GameOf<G extends GameId> = Extract<AnyGame, { id: G }>;

/** The video-poker families among them (J-1 to J-6: one engine plays them all). */
export type VideoPokerGame = Extract<AnyGame, { shape: 'video-poker' }>;
export type VideoPokerId = VideoPokerGame['id'];
export const VIDEO_POKER_GAMES = GAMES.filter((g): g is VideoPokerGame => g.shape === 'video-poker');
export const isVideoPokerId = (x: unknown): x is VideoPokerId => VIDEO_POKER_GAMES.some((g) => g.id === x);
/** The table games against the dealer (Poker Plus). */
export type TableGameId = Exclude<GameId, VideoPokerId>;

/**
 * A video-poker game's module with its types widened to any family's: the cabinet plays every
 * family with the one engine, whichever it is.
 */
export const videoPokerModule = (id: VideoPokerId): VideoPokerModule => gameModule(id) as unknown as VideoPokerModule;

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

/** The most paying rows a game's pay table shows (Double Double Bonus's 13): the contract's bound. */
export const MAX_PAY_ROWS = Math.max(...GAMES.map((g) => g.categories.length - 1));

/** A game's name in English, for logs, refusals and the command line. */
export const gameName = (id: GameId): string => gameModule(id).names.en;

// A pay table of any installed game, read and checked by that game's own declaration.

import type { PayTableParse } from '../paytable';
import { gameModule, type GameId, type GameOf } from './registry';

export type PayTableOf<G extends GameId> = GameOf<G>['payTable']['default'];
export type PayTable = PayTableOf<GameId>;

/**
 * Reads a pay table object ({category id: coefficient}) for `game`; missing categories keep the
 * game's defaults. Unknown keys and anything but whole coefficients in 0..1,000,000 are refused.
 */
export function parsePayTable<G extends GameId>(game: G, input: unknown): PayTableParse<PayTableOf<G>> {
  return gameModule(game).payTable.parse(input) as PayTableParse<PayTableOf<G>>;
}

/** What is wrong with a pay table of `game` as the cabinet keeps it, or null. */
export function payTableProblem(game: GameId, table: unknown): string | null {
  return gameModule(game).payTable.problem(table);
}

// Pay tables as the screens draw them: each game's module makes its rows (a row per paying
// category, what it pays at each bet).

import { gameModule, type PayRow, type PayTable } from '../../core';

/** The rows of an installed table of any game, at the operator's max bet. */
export function payRows(installed: { game: PayTable['game']; table: PayTable }, maxBet: number): PayRow[] {
  const rows = gameModule(installed.game).payTable.rows as (table: PayTable, maxBet: number) => PayRow[];
  return rows(installed.table, maxBet);
}

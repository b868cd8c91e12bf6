// Which installed pay table (assets/paytables) a game is using, by id: the settings hold the
// table itself, so the id is found by comparing, and a table from the config file that matches
// none of them is "custom".

import { settingsKey, type GameId, type PayTable } from '../core';
import type { CabinetState } from './state';

export const CUSTOM_PAY_TABLE = 'custom';

/** Same game and the same coefficient for every category, whatever the order of the keys. */
export function samePayTable(a: PayTable, b: PayTable): boolean {
  if (a.game !== b.game) return false;
  const ca = a.coefficients as Record<string, number>;
  const cb = b.coefficients as Record<string, number>;
  const keys = new Set([...Object.keys(ca), ...Object.keys(cb)]);
  const royal = (t: PayTable) => ('royalAtMaxBet' in t ? t.royalAtMaxBet : undefined);
  return royal(a) === royal(b) && [...keys].every((k) => ca[k] === cb[k]);
}

export function activePayTableId(state: CabinetState, game: GameId): string {
  const table: PayTable = state.settings.payTables[settingsKey(game)];
  const found = (state.installedPayTables ?? []).find((t) => t.game === game && samePayTable(t.table, table));
  return found ? found.id : CUSTOM_PAY_TABLE;
}

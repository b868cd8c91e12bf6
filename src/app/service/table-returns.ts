// C-24's returns, found by the app and handed to the pure cabinet: the exact Jacks or Better
// return of a table, worked out here from the par sheet (once per table and process, several
// tables in one pass), and best play's return recorded with a Poker Plus table, which only the
// long analysis of `parsheet poker-plus --best` can give. The cabinet holds them against the operator's range.

import { present, settingsKey, type JacksPayTable, type PayTable } from '../../core';
import {
  GAMES,
  GAME_NAMES,
  returnOutOfRange,
  samePayTable,
  tableName,
  type CabinetSettings,
  type ConfigReturns,
  type InstalledPayTable,
  type TableReturn,
} from '../../cabinet';
import { dealWork, jacksParSheets, type DealWork } from '../../math/jacks-parsheet';
import { jacksParSheetsInTurns, type TurnOptions } from '../../math/jacks-parsheets-in-turns';
import { ConfigError, type AppConfig } from '../config';

export const EXACT_BASIS =
  'exact: every deal played by its best hold, at max bet (the par sheet, computed by the cabinet)';

const exact = new Map<string, TableReturn>();
const keyOf = (t: JacksPayTable): string => JSON.stringify([t.coefficients, t.royalAtMaxBet ?? null]);

// The deal work of the pass made at start, kept for the pass in turns that rates the other
// installed tables: building it again would hold the thread for a few hundred ms at once.
let kept: DealWork | null = null;
const work = (): DealWork => (kept ??= dealWork());

function remember(tables: readonly JacksPayTable[], rtps: readonly number[]): void {
  tables.forEach((t, i) => {
    const pct = present(rtps[i], `the par sheet of table ${i + 1} of ${tables.length}`) * 100;
    exact.set(keyOf(t), { pct, low: pct, high: pct, basis: EXACT_BASIS, play: 'exact', typical: null });
  });
}

const notMet = (tables: readonly JacksPayTable[]): JacksPayTable[] =>
  tables.filter((t, i) => !exact.has(keyOf(t)) && tables.findIndex((u) => keyOf(u) === keyOf(t)) === i);

/** The exact return of each table, computing in one pass the ones not met before. */
export function exactJacksReturns(tables: readonly JacksPayTable[]): TableReturn[] {
  const missing = notMet(tables);
  if (missing.length > 0)
    remember(
      missing,
      jacksParSheets(missing, work()).map((sheet) => sheet.rtp),
    );
  return tables.map((t) => present(exact.get(keyOf(t)), "a table's exact return, remembered above"));
}

/** The exact return of a table if it was worked out before in this process, else null. */
export const knownJacksReturn = (table: JacksPayTable): TableReturn | null => exact.get(keyOf(table)) ?? null;

/**
 * The same, worked out in slices between which the event loop runs (what a running cabinet
 * uses); null when cancelled. The kept deal work is let go once every table asked for is known.
 */
export async function exactJacksReturnsInTurns(
  tables: readonly JacksPayTable[],
  options: TurnOptions = {},
): Promise<TableReturn[] | null> {
  const missing = notMet(tables);
  if (missing.length > 0) {
    const sheets = await jacksParSheetsInTurns(missing, work(), options);
    if (!sheets) return null;
    remember(
      missing,
      sheets.map((sheet) => sheet.rtp),
    );
  }
  kept = null;
  return tables.map((t) => present(exact.get(keyOf(t)), "a table's exact return, remembered above"));
}

/**
 * The return of each game's table in the config file: for Jacks or Better the exact one worked
 * out here; for Poker Plus an installed twin's, else the one written with it, or none.
 */
export function configReturns(
  settings: CabinetSettings,
  recorded: AppConfig['recordedReturns'],
  installed: readonly InstalledPayTable[],
): ConfigReturns {
  const { jacks, pokerPlus } = settings.payTables;
  const twin = installed.find((t) => samePayTable(t.table, pokerPlus));
  return {
    // Installed or not: the cabinet works a Jacks or Better return out itself.
    'jacks-or-better': present(exactJacksReturns([jacks])[0], 'the exact return of the Jacks or Better table'),
    'poker-plus': twin ? twin.rtp : (recorded['poker-plus'] ?? null),
  };
}

/**
 * C-24 at start, before any database is opened: a configured table outside the operator's
 * range, or without a known return, refuses the start in one line naming the game, the table
 * and its return.
 */
export function checkConfigReturns(
  settings: CabinetSettings,
  recorded: AppConfig['recordedReturns'],
  installed: readonly InstalledPayTable[],
): ConfigReturns {
  const returns = configReturns(settings, recorded, installed);
  const { payTables, limits } = settings;
  for (const game of GAMES) {
    const table: PayTable = payTables[settingsKey(game)];
    // A file whose figures are not trusted (its signature) is refused whatever else it says.
    const refused = installed.find((t) => t.game === game && t.refused && samePayTable(t.table, table));
    if (refused)
      throw new ConfigError(`${GAME_NAMES[game]} pay table ${refused.id} is ${refused.refused!.why} (issue 37, C-24)`);
    const problem = returnOutOfRange(limits, returns[game]);
    if (!problem) continue;
    const where = installed.some((t) => samePayTable(t.table, table)) ? '' : `payTables.${game}: `;
    throw new ConfigError(
      `${where}${GAME_NAMES[game]} pay table ${tableName(installed, table)} ${problem} (C-24: limits.minReturnPct .. limits.maxReturnPct)`,
    );
  }
  return returns;
}

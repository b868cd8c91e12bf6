// C-24's returns, found by the app and handed to the pure cabinet: the exact return of a
// video-poker family's table, worked out here from the par sheet (once per table and process, several
// tables in one pass), and best play's return recorded with a Poker Plus table, which only the
// long analysis of `parsheet poker-plus --best` can give. The cabinet holds them against the operator's range.

import {
  gameModule,
  isVideoPokerId,
  JACKS_OR_BETTER,
  present,
  settingsKey,
  VIDEO_POKER_GAMES,
  type FamilyPayTable,
  type JacksPayTable,
  type PayTable,
  type Progress,
  type VideoPokerId,
} from '../../core';
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
import { familyParSheetsSync } from '../../math/video-poker/parsheet';
import { familyParSheets } from '../../math/video-poker/parsheet-parallel';
import { keptSheetProblem, parSheetDigest, type ParSheetStore } from '../../math/video-poker/parsheet-cache';
import type { FamilyParSheet } from '../../math/video-poker/parsheet';
import { ConfigError, type AppConfig } from '../config';

export const EXACT_BASIS =
  'exact: every deal played by its best hold, at max bet (the par sheet, computed by the cabinet)';

/** A video-poker family's table: its game says whose par sheet rates it. */
export type VideoPokerTable = FamilyPayTable<VideoPokerId>;

const familyOfTable = (t: VideoPokerTable) => gameModule(t.game).family;
const isJacks = (t: VideoPokerTable): t is JacksPayTable => t.game === JACKS_OR_BETTER.id;

const exact = new Map<string, TableReturn>();
/** What a table's par sheet depends on (src/math/video-poker/parsheet-cache.ts). */
const keyOf = (t: VideoPokerTable): string => parSheetDigest(familyOfTable(t), t);

// The deal work of the pass made at start, kept for the pass in turns that rates the other
// installed tables: building it again would hold the thread for a few hundred ms at once.
let keptWork: DealWork | null = null;
const work = (): DealWork => (keptWork ??= dealWork());

function remember(tables: readonly VideoPokerTable[], rtps: readonly number[]): void {
  tables.forEach((t, i) => {
    const pct = present(rtps[i], `the par sheet of table ${i + 1} of ${tables.length}`) * 100;
    exact.set(keyOf(t), { pct, low: pct, high: pct, basis: EXACT_BASIS, play: 'exact', typical: null });
  });
}

// Where the par sheets are kept between starts (the data folder's file, par-sheet-file.ts): a
// table met at an earlier start is read back, checked against its table, not worked out again.
// The sheets worked out in this process go there too, once there is one (a first start has no
// machine key until the journal makes it).
let kept: ParSheetStore | null = null;
const worked = new Map<string, FamilyParSheet>();
export function keepParSheetsIn(store: ParSheetStore | null): void {
  kept = store;
  for (const [digest, sheet] of worked) if (store && store.get(digest) === undefined) store.set(digest, sheet);
}

/** The tables not met before in this process and not kept either (a kept one is remembered). */
function notMet(tables: readonly VideoPokerTable[]): VideoPokerTable[] {
  const fresh = tables.filter((t, i) => !exact.has(keyOf(t)) && tables.findIndex((u) => keyOf(u) === keyOf(t)) === i);
  return fresh.filter((t) => {
    const sheet = kept?.get(keyOf(t));
    if (sheet === undefined || keptSheetProblem(familyOfTable(t), t, sheet) !== null) return true;
    remember([t], [(sheet as FamilyParSheet).rtp]);
    return false;
  });
}

/** Worked out: remembered for this process, and kept for the next start. */
function met(tables: readonly VideoPokerTable[], sheets: readonly { rtp: number }[]): void {
  remember(
    tables,
    sheets.map((sheet) => sheet.rtp),
  );
  tables.forEach((t, i) => {
    const sheet = sheets[i] as FamilyParSheet;
    worked.set(keyOf(t), sheet);
    kept?.set(keyOf(t), sheet);
  });
}

/** The tables of each family among `tables`, in the registry's order. */
const byFamily = (tables: readonly VideoPokerTable[]) =>
  VIDEO_POKER_GAMES.map((g) => ({ game: g, tables: tables.filter((t) => t.game === g.id) })).filter(
    (f) => f.tables.length > 0,
  );

const recalled = (tables: readonly VideoPokerTable[]): TableReturn[] =>
  tables.map((t) => present(exact.get(keyOf(t)), "a table's exact return, remembered above"));

/**
 * The exact return of each table, computing in one pass a family the ones not met before
 * (Jacks or Better by its own analysis, the fastest; every other family by the family par sheet).
 */
export function exactReturns(tables: readonly VideoPokerTable[]): TableReturn[] {
  for (const { game, tables: missing } of byFamily(notMet(tables))) {
    met(missing, missing.every(isJacks) ? jacksParSheets(missing, work()) : familyParSheetsSync(game.family, missing));
  }
  return recalled(tables);
}

/** The exact return of a table if it was worked out before in this process, else null. */
export const knownReturn = (table: VideoPokerTable): TableReturn | null => exact.get(keyOf(table)) ?? null;

/**
 * The same, worked out in slices between which the event loop runs (what a running cabinet
 * uses); null when cancelled. The kept deal work is let go once every table asked for is known.
 */
export async function exactReturnsInTurns(
  tables: readonly VideoPokerTable[],
  options: TurnOptions = {},
): Promise<TableReturn[] | null> {
  for (const { game, tables: missing } of byFamily(notMet(tables))) {
    let sheets: { rtp: number }[] | null;
    if (missing.every(isJacks)) sheets = await jacksParSheetsInTurns(missing, work(), options);
    else {
      // Sliced as Jacks or Better's, the event loop given back between slices; asked to stop between them.
      const controller = new AbortController();
      const told = options.progress;
      const progress: Progress = {
        stage: (name, total, unit) => told?.stage(name, total, unit),
        note: (line) => told?.note(line),
        done: (count) => {
          told?.done(count);
          if (options.cancelled?.()) controller.abort();
        },
      };
      try {
        sheets = await familyParSheets(game.family, missing, {
          progress,
          signal: controller.signal,
          slice: options.classesPerTurn ?? 400,
        });
      } catch (e) {
        if (!controller.signal.aborted) throw e;
        sheets = null;
      }
    }
    if (!sheets || options.cancelled?.()) return null;
    met(missing, sheets);
  }
  keptWork = null;
  return recalled(tables);
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
  const tableOf = (game: (typeof GAMES)[number]): PayTable => settings.payTables[settingsKey(game)];
  // C-24 judges the games offered: a game left out of `games` is not in play, its table unrated here.
  const families = settings.games.filter(isVideoPokerId);
  // Installed or not: the cabinet works a video-poker family's return out itself, exactly.
  const rated = exactReturns(families.map((g) => tableOf(g) as VideoPokerTable));
  return Object.fromEntries(
    GAMES.map((game) => {
      if (!settings.games.includes(game)) return [game, null];
      if (isVideoPokerId(game)) return [game, present(rated[families.indexOf(game)], `the exact return of ${game}`)];
      const twin = installed.find((t) => t.game === game && samePayTable(t.table, tableOf(game)));
      return [game, twin ? twin.rtp : (recorded[game] ?? null)];
    }),
  ) as ConfigReturns;
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
  for (const game of settings.games) {
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

// C-24: a pay table is put in play only with a known return inside the operator's range. The
// return judged is best play's, as regulators compute a game with player choices (by the method
// of play giving the greatest return): exact for Jacks or Better (the par sheet plays every deal
// by its best hold), the upper estimate recorded with a Poker Plus table. The returns are the
// app's to find; the cabinet only holds them against the range, the same way at start, for the
// settings page and for a technician's wish.

import { byGame, gameModule, type GameId, type PayTable } from '../core';
import { samePayTable } from './installed-tables';
import type { InstalledPayTable, Limits } from './settings';
import type { TableReturn } from './table-return';

/** The return of each game's table in the config file, as the app found it (null: unknown). */
export type ConfigReturns = Record<GameId, TableReturn | null>;

export type ReturnRange = Pick<Limits, 'minReturnPct' | 'maxReturnPct'>;

/** Each game's name in English, for refusals and logs: from its module. */
export const GAME_NAMES: Record<GameId, string> = byGame((g) => g.names.en);

const pct = (x: number): string => `${Number(x.toFixed(4))}%`;

export function describeReturn(r: TableReturn): string {
  switch (r.play) {
    case 'exact':
      return `${pct(r.pct)} (exact)`;
    case 'best':
      return `${pct(r.pct)} at best play (its upper estimate; the strategy found returns at least ${pct(r.low)})`;
    case 'typical':
      return `${pct(r.pct)} at typical play (95% interval ${pct(r.low)} .. ${pct(r.high)}; best play not measured)`;
  }
}

export const describeRange = (range: ReturnRange): string => `${pct(range.minReturnPct)} .. ${pct(range.maxReturnPct)}`;

/**
 * Why a table with this return may not be put in play, or null when it may. What is known must
 * lie inside the range: its upper end (best play's upper estimate, or a simulation's 95% bound)
 * at most the maximum, so that no player can be paid more than the operator allows, and its
 * lower end at least the minimum, which is the player's guarantee.
 */
export function returnOutOfRange(range: ReturnRange, r: TableReturn | null): string | null {
  if (r === null) return 'has no known return';
  if (r.high > range.maxReturnPct)
    return `returns ${describeReturn(r)}, above the operator's range ${describeRange(range)}`;
  if (r.low < range.minReturnPct)
    return `returns ${describeReturn(r)}, below the operator's range ${describeRange(range)}`;
  return null;
}

/** "royal 100, 50/20/7/5/4/3/2/1" style: the coefficients, highest category first. */
export function coefficientsText(table: PayTable): string {
  const coefficients: Readonly<Record<string, number>> = table.coefficients;
  const lowFirst = gameModule(table.game).categories.map((id) => coefficients[id] ?? 0);
  const paying = lowFirst.reverse().filter((x) => x > 0);
  const royal =
    'royalAtMaxBet' in table && table.royalAtMaxBet !== undefined ? `, royal ${table.royalAtMaxBet} at max bet` : '';
  return `${paying.join('/')}${royal}`;
}

/** The installed table that is this one, if any. */
export function installedTwin(installed: readonly InstalledPayTable[], table: PayTable): InstalledPayTable | undefined {
  return installed.find((t) => samePayTable(t.table, table));
}

/** How a message names a table: its installed id and name, or where it comes from and its coefficients. */
export function tableName(
  installed: readonly InstalledPayTable[],
  table: PayTable,
  origin = 'from the config file',
): string {
  const twin = installedTwin(installed, table);
  return twin ? `"${twin.id}" (${twin.name})` : `${origin} (${coefficientsText(table)})`;
}

/**
 * What a return range above 100% means, or null when it stays at or below it: a table the cabinet
 * may then put in play can pay out more than it takes. Refused in the config file unless the
 * operator acknowledges it, and shown as a warning where the range is.
 */
export const returnOver100 = (range: ReturnRange): string | null =>
  range.maxReturnPct > 100
    ? 'a pay table returning more than 100% may be put in play (it pays out more than it takes)'
    : null;

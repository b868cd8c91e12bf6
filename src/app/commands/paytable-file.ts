// Reads a --paytable FILE through core's parsePayTable: a bare pay table (docs/replay.md's pay
// table object), or an installed table file from assets/paytables as it stands ({"id", "game",
// "name", "table", ...}), whose game must be the command's.

import { parsePayTable, type GameId, type PayTableOf } from '../../core';
import type { VideoPokerPayTable } from '../../core/video-poker/coefficients';
import type { VideoPokerFamily } from '../../core/video-poker/family';
import { CliError } from './command';
import { parseJson, readInput } from './read-input';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The table inside an installed table file, or the input itself when it is a bare table. */
function tableOf(game: string, input: unknown, path: string): { table: unknown; where: string } {
  if (!isObject(input) || !('table' in input && 'game' in input)) return { table: input, where: path };
  if (input.game !== game) throw new CliError(`${path}: an installed table for ${String(input.game)}, not ${game}`);
  return { table: input.table, where: `${path}: table` };
}

export async function readPayTable<G extends GameId>(game: G, path: string | undefined): Promise<PayTableOf<G>> {
  const { table, where } =
    path === undefined ? { table: {}, where: '' } : tableOf(game, parseJson(await readInput(path), path), path);
  const parsed = parsePayTable(game, table);
  if (!parsed.ok) throw new CliError(`${where}: ${parsed.error}`);
  return parsed.table;
}

/** The same for a video-poker family (src/core/video-poker): its own categories, its defaults. */
export async function readFamilyPayTable(
  family: VideoPokerFamily,
  path: string | undefined,
): Promise<VideoPokerPayTable> {
  const { table, where } =
    path === undefined ? { table: {}, where: '' } : tableOf(family.game, parseJson(await readInput(path), path), path);
  // The family's shape is in zod, loaded here only: a Jacks or Better command goes without it.
  const { parseFamilyPayTable } = await import('../../core/video-poker/paytable-schema');
  const parsed = parseFamilyPayTable(family, table);
  if (!parsed.ok) throw new CliError(`${where}: ${parsed.error}`);
  return parsed.table;
}

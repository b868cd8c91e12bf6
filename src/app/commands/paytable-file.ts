// Reads a --paytable FILE (docs/replay.md's pay table object) through core's parsePayTable.

import { parsePayTable, type JacksPayTable, type PokerPlusPayTable } from '../../core';
import { CliError } from './command';
import { parseJson, readInput } from './read-input';

export async function readPayTable(game: 'jacks-or-better', path: string | undefined): Promise<JacksPayTable>;
export async function readPayTable(game: 'poker-plus', path: string | undefined): Promise<PokerPlusPayTable>;
export async function readPayTable(game: 'jacks-or-better' | 'poker-plus', path: string | undefined): Promise<JacksPayTable | PokerPlusPayTable> {
  const input = path === undefined ? {} : parseJson(await readInput(path), path);
  const parsed = parsePayTable(game, input);
  if (!parsed.ok) throw new CliError(`${path}: ${parsed.error}`);
  return parsed.table;
}

import { describe, expect, it } from 'vitest';
import { parsePayTable, type JacksPayTable } from '../core';
import { dealWork, jacksParSheets } from './jacks-parsheet';
import { jacksParSheetsInTurns } from './jacks-parsheets-in-turns';

function payTable(input: object): JacksPayTable {
  const parsed = parsePayTable('jacks-or-better', input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.table;
}

const tables = [
  payTable({ 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 }),
  payTable({ 'full-house': 7, flush: 5, 'royal-flush-max-bet': 800 }),
];

describe('Jacks or Better par sheets in turns of the event loop', () => {
  const work = dealWork();

  it('gives the one-piece par sheets exactly, count for count, giving the loop back between slices', async () => {
    let turns = 0;
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => (turns++, resolve())));
    const sliced = await jacksParSheetsInTurns(tables, work, { classesPerTurn: 5000, nextTurn });
    expect(sliced).toEqual(jacksParSheets(tables, work));
    expect((sliced![0]!.rtp * 100).toFixed(4)).toBe('99.5439');
    // 134,459 suit classes in slices of 5,000.
    expect(turns).toBe(Math.ceil(work.classes.count / 5000));
  });

  it('gives up when cancelled, with nothing to show', async () => {
    let asked = 0;
    const sliced = await jacksParSheetsInTurns(tables, work, { classesPerTurn: 5000, cancelled: () => ++asked > 3 });
    expect(sliced).toBeNull();
    expect(asked).toBe(4);
  });

  it('has nothing to do for no table', async () => {
    expect(await jacksParSheetsInTurns([], work, { cancelled: () => true })).toEqual([]);
  });
});

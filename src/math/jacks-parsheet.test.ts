import { describe, expect, it } from 'vitest';
import { JACKS_CATEGORIES, parsePayTable, type JacksPayTable } from '../core';
import { JACKS_CATEGORY_COUNT } from './jacks-hold-counts';
import { jacksParSheet } from './jacks-parsheet-parallel';
import { PAR_SHEET_TOTAL } from './jacks-parsheet';

function payTable(input: object): JacksPayTable {
  const parsed = parsePayTable('jacks-or-better', input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.table;
}

const percent = (rtp: number): string => (rtp * 100).toFixed(4);

let nineSix: ReturnType<typeof jacksParSheet> | null = null;
const nineSixSheet = () =>
  (nineSix ??= jacksParSheet(payTable({ 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 }), { threads: 1 }));

describe('Jacks or Better par sheet', () => {
  it('has one column per Jacks category', () => {
    expect(JACKS_CATEGORY_COUNT).toBe(JACKS_CATEGORIES.length);
  });

  it('matches the published 9/6 return, 99.5439%, with exact integer counts', async () => {
    const sheet = await nineSixSheet();
    expect(percent(sheet.rtp)).toBe('99.5439');
    expect(sheet.total).toBe(19_933_230_517_200);
    expect(PAR_SHEET_TOTAL).toBe(sheet.total);
    let sum = 0;
    for (const line of Object.values(sheet.hands)) {
      expect(Number.isSafeInteger(line.count)).toBe(true);
      sum += line.count;
    }
    expect(sum).toBe(sheet.total);
  });

  it('matches the published 8/5 return, 97.2984%, on worker threads', async () => {
    // parSheetFromCounts also insists that the threads' counts add up to the exact total.
    const threaded = await jacksParSheet(payTable({ 'full-house': 8, flush: 5, 'royal-flush-max-bet': 800 }), {
      threads: 2,
      slice: 4096,
    });
    expect(percent(threaded.rtp)).toBe('97.2984');
    expect(threaded.total).toBe(19_933_230_517_200);
  });

  it('pays the royal at 250 when the table has no max-bet royal, and plays it differently', async () => {
    const withMaxBet = await nineSixSheet();
    const plain = await jacksParSheet(payTable({}), { threads: 1 });
    expect(plain.rtp).toBeLessThan(withMaxBet.rtp);
    // Chasing a royal worth 800 makes more of them.
    expect(withMaxBet.hands['royal-flush'].count).toBeGreaterThan(plain.hands['royal-flush'].count);
  });
});

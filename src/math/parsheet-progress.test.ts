// The Jacks or Better par sheet on worker threads reports its classes as it goes (issue 44) and
// stops between slices when asked, its workers ended.
import { describe, expect, it } from 'vitest';
import { parsePayTable, type JacksPayTable } from '../core';
import { jacksParSheet } from './jacks-parsheet-parallel';

function payTable(input: object): JacksPayTable {
  const parsed = parsePayTable('jacks-or-better', input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.table;
}
const nineSix = payTable({ 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 });

describe('the Jacks or Better par sheet, watched', () => {
  it('reports its deal classes, never going back, up to all 134,459', async () => {
    const stages: string[] = [];
    const done: number[] = [];
    const sheet = await jacksParSheet(nineSix, {
      threads: 2,
      progress: { stage: (name, total) => stages.push(`${name} ${total}`), done: (n) => done.push(n), note: () => {} },
    });
    expect((sheet.rtp * 100).toFixed(4)).toBe('99.5439');
    expect(stages).toEqual(['draw tables 0', 'deal classes 134459']);
    expect(done.length).toBeGreaterThan(10);
    expect(done.every((n, i) => i === 0 || n >= done[i - 1]!)).toBe(true);
    expect(done.at(-1)).toBe(134_459);
  });

  it('stops between slices when its signal is aborted', async () => {
    const controller = new AbortController();
    const run = jacksParSheet(nineSix, {
      threads: 2,
      signal: controller.signal,
      progress: {
        stage: () => {},
        note: () => {},
        done: (n) => {
          if (n > 0) controller.abort(new Error('stopped by the test'));
        },
      },
    });
    await expect(run).rejects.toThrow('stopped by the test');
  });
});

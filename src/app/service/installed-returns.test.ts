// The returns of assets/paytables checked against the math: Jacks or Better exactly (the par
// sheet on every core, against what the loader worked out and what the file states, to 4
// decimals), Poker Plus's typical play against its own stated interval and a short seeded
// simulation of the file's table with the default strategy, and whether its best play (the
// return C-24 judges) is recorded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POKER_PLUS_CONFIG } from '../../core';
import { jacksParSheet } from '../../math/jacks-parsheet-parallel';
import { DEFAULT_POKER_PLUS_STRATEGY } from '../../math/poker-plus-default-strategy';
import { parseStrategy } from '../../math/poker-plus-strategy';
import { simulatePokerPlus } from '../../math/poker-plus-sim-parallel';
import { fullyRated, installedPayTables } from './installed-pay-tables';

const { tables } = fullyRated(installedPayTables());
const jacks = tables.filter((t) => t.table.game === 'jacks-or-better');
const pokerPlus = tables.filter((t) => t.table.game === 'poker-plus');
const stated = (file: string): { returnPct: number; returnBasis: { play: string } } =>
  JSON.parse(readFileSync(file, 'utf8'));

describe('Jacks or Better returns', () => {
  for (const t of jacks) {
    it(`${t.table.id}: the par sheet's return is the one the file states and the one the cabinet works out`, async () => {
      if (t.table.game !== 'jacks-or-better') throw new Error('filtered above');
      const sheet = await jacksParSheet(t.table.table, { threads: 1 });
      const pct = (sheet.rtp * 100).toFixed(4);
      expect(stated(t.file).returnPct.toFixed(4)).toBe(pct);
      expect(stated(t.file).returnBasis.play).toBe('exact');
      expect(t.table.rtp?.pct.toFixed(4)).toBe(pct);
      expect([t.table.rtp?.low, t.table.rtp?.high]).toEqual([t.table.rtp?.pct, t.table.rtp?.pct]);
    });
  }
});

describe('Poker Plus returns', () => {
  for (const t of pokerPlus) {
    it(`${t.table.id}: typical play lies in the middle of its stated interval, from at least 10 million rounds`, () => {
      const r = t.table.rtp!.typical!;
      const rounds = Number(/^simulated: ([\d,]+) rounds/.exec(r.basis)?.[1]?.replace(/,/g, ''));
      expect(rounds).toBeGreaterThanOrEqual(10_000_000);
      expect(r.low).toBeLessThanOrEqual(r.pct);
      expect(r.high).toBeGreaterThanOrEqual(r.pct);
      // The midpoint of a symmetric interval, to the 4 decimals written.
      expect(Math.abs((r.low + r.high) / 2 - r.pct)).toBeLessThanOrEqual(0.0001);
      expect((r.high - r.low) / 2).toBeLessThanOrEqual(0.1);
    });

    it(`${t.table.id}: a short seeded run of the file's table with the default strategy agrees with typical play within its 99.9% interval`, async () => {
      if (t.table.game !== 'poker-plus') throw new Error('filtered above');
      const short = await simulatePokerPlus({
        strategy: DEFAULT_POKER_PLUS_STRATEGY,
        rounds: 100_000,
        seed: `check:${t.table.id}`,
        boxes: 1,
        config: { ...DEFAULT_POKER_PLUS_CONFIG, payTable: t.table.table },
        threads: 1,
      });
      const half999 = ((short.ci95[1] - short.ci95[0]) / 2) * (3.2905 / 1.96);
      expect(Math.abs(short.rtp * 100 - t.table.rtp!.typical!.pct)).toBeLessThanOrEqual(half999 * 100);
    });
  }

  it('the richer stud tables return more at typical play: flush 5 above P-12 (flush 4) above the leaner table', () => {
    expect(pokerPlus.map((t) => t.table.id)).toEqual(['poker-plus-7-5', 'poker-plus-default', 'poker-plus-6-4']);
    const [rich, p12, lean] = pokerPlus.map((t) => t.table.rtp!.typical!);
    expect(p12!.high).toBeLessThan(rich!.low);
    expect(lean!.high).toBeLessThan(p12!.low);
  });
});

describe('Poker Plus best play, the return C-24 judges', () => {
  // Each installed table records what parsheet poker-plus --best measured on it, with the
  // strategy it found, a file of the package; a short seeded run of that strategy on the file's
  // table must agree with the recorded return of the strategy.
  for (const t of pokerPlus) {
    it(`${t.table.id}: best play recorded, and its strategy file replays to the recorded return within its 99.9% interval`, async () => {
      if (t.table.game !== 'poker-plus') throw new Error('filtered above');
      const basis = stated(t.file).returnBasis as { play: string; strategy: string; rtp: number; upper: number };
      expect(basis.play).toBe('best');
      expect(t.table.rtp).toMatchObject({ play: 'best', pct: basis.upper, high: basis.upper });
      const parsed = parseStrategy(
        JSON.parse(readFileSync(new URL(`../../../${basis.strategy}`, import.meta.url), 'utf8')),
      );
      if (!parsed.ok) throw new Error(`${basis.strategy}: ${parsed.error}`);
      expect(parsed.strategy.tables).toBeDefined();
      const short = await simulatePokerPlus({
        strategy: parsed.strategy,
        rounds: 40_000,
        seed: `check-best:${t.table.id}`,
        boxes: 1,
        config: { ...DEFAULT_POKER_PLUS_CONFIG, payTable: t.table.table },
        threads: 1,
      });
      const half999 = ((short.ci95[1] - short.ci95[0]) / 2) * (3.2905 / 1.96);
      expect(Math.abs(short.rtp * 100 - basis.rtp)).toBeLessThanOrEqual(half999 * 100);
    });
  }

  it('P-12: the default table is the richest installed stud table whose best play stays below 99.5%', () => {
    const upper = (id: string): number => pokerPlus.find((t) => t.table.id === id)!.table.rtp!.high;
    const qualifying = pokerPlus.map((t) => t.table.rtp!.high).filter((high) => high < 99.5);
    expect(upper('poker-plus-default')).toBeLessThan(99.5);
    expect(Math.max(...qualifying)).toBe(upper('poker-plus-default'));
  });
});

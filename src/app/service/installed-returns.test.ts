// The returns written in assets/paytables checked against the math: Jacks or Better exactly
// (the par sheet recomputed, to 4 decimals), Poker Plus against its own stated interval and a
// short seeded simulation of the file's table.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POKER_PLUS_CONFIG } from '../../core';
import { jacksParSheet } from '../../math/jacks-parsheet-parallel';
import { DEFAULT_POKER_PLUS_STRATEGY } from '../../math/poker-plus-default-strategy';
import { simulatePokerPlus } from '../../math/poker-plus-sim-parallel';
import { installedPayTables, type CertifiedPayTable } from './installed-pay-tables';

const { tables } = installedPayTables();
const jacks = tables.filter((t) => t.table.game === 'jacks-or-better');
const pokerPlus = tables.filter((t) => t.table.game === 'poker-plus');

describe('Jacks or Better returns', () => {
  for (const t of jacks) {
    it(`${t.table.id}: ${t.returnPct}% is the par sheet's, to 4 decimals`, async () => {
      if (t.table.game !== 'jacks-or-better') throw new Error('filtered above');
      expect(t.returnBasis).toMatch(/^exact/);
      const sheet = await jacksParSheet(t.table.table, { threads: 1 });
      expect((sheet.rtp * 100).toFixed(4)).toBe(t.returnPct?.toFixed(4));
    });
  }
});

/** "N rounds ... 95% CI lo% .. hi%" as every simulated basis states it. */
function statedInterval(t: CertifiedPayTable): { rounds: number; lo: number; hi: number } {
  const m = /^simulated: ([\d,]+) rounds, .*95% CI (\d+\.\d+)% \.\. (\d+\.\d+)%$/.exec(t.returnBasis);
  if (!m) throw new Error(`${t.file}: the basis does not state rounds and a 95% interval: ${t.returnBasis}`);
  return { rounds: Number(m[1].replace(/,/g, '')), lo: Number(m[2]), hi: Number(m[3]) };
}

describe('Poker Plus returns', () => {
  for (const t of pokerPlus) {
    it(`${t.table.id}: ${t.returnPct}% lies in its stated interval, no wider than ±0.1%`, () => {
      const { rounds, lo, hi } = statedInterval(t);
      expect(rounds).toBeGreaterThanOrEqual(1_000_000);
      expect(t.returnPct).toBeGreaterThanOrEqual(lo);
      expect(t.returnPct).toBeLessThanOrEqual(hi);
      // The midpoint of a symmetric interval, to the 4 decimals written.
      expect(Math.abs((lo + hi) / 2 - t.returnPct!)).toBeLessThanOrEqual(0.0001);
      expect((hi - lo) / 2).toBeLessThanOrEqual(0.1);
    });

    it(`${t.table.id}: a short seeded run of the file's table agrees within its 99.9% interval`, async () => {
      if (t.table.game !== 'poker-plus') throw new Error('filtered above');
      const short = await simulatePokerPlus({
        strategy: DEFAULT_POKER_PLUS_STRATEGY,
        rounds: 20_000,
        seed: `check:${t.table.id}`,
        boxes: 1,
        config: { ...DEFAULT_POKER_PLUS_CONFIG, payTable: t.table.table },
        threads: 1,
      });
      const half999 = ((short.ci95[1] - short.ci95[0]) / 2) * (3.2905 / 1.96);
      expect(Math.abs(short.rtp * 100 - t.returnPct!)).toBeLessThanOrEqual(half999 * 100);
    });
  }

  it('the leaner table returns less than the default one', () => {
    const [best, lean] = pokerPlus;
    expect(best.table.id).toBe('poker-plus-default');
    expect(lean.returnPct!).toBeLessThan(best.returnPct!);
  });
});

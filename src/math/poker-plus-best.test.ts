// The audit of `parsheet poker-plus --best` finds a weakness where there is one: the published
// best strategy with one rule made deliberately worse shows a headroom clear of zero at that
// rule's stage, and far above the published strategy's own on the same deals. Small counts: the
// long audit is the command's (docs/poker-plus-strategy.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POKER_PLUS_CONFIG, RANK_CHARS } from '../core';
import { auditTables, type AuditOptions } from './poker-plus-best';
import { parseStrategy } from './poker-plus-strategy';
import type { StrategyTables } from './poker-plus-table-strategy';

const file = new URL('../../docs/poker-plus-best-strategy.json', import.meta.url);
const parsed = parseStrategy(JSON.parse(readFileSync(file, 'utf8')));
if (!parsed.ok || parsed.strategy.tables === undefined) throw new Error('the best strategy file does not parse');
const best = parsed.strategy.tables;

const options = (points: number): AuditOptions => ({
  config: DEFAULT_POKER_PLUS_CONFIG,
  seed: 'audit-test',
  points,
  samples: 6,
  stakeBonus: 0.01,
  stakePerRound: 2.5,
  threads: 1,
});

const worse = (change: (t: StrategyTables) => void): StrategyTables => {
  const t = structuredClone(best);
  change(t);
  return t;
};
const every = <A>(a: A): A[] => [...RANK_CHARS].map(() => a);

describe('the best-play audit', () => {
  it('shows a final-decision headroom clear of zero when two pair is folded', async () => {
    const folded = worse((t) => (t.final['two-pair'] = every('fold')));
    const [own, bad] = await Promise.all([
      auditTables(best, 'final', options(1500)),
      auditTables(folded, 'final', options(1500)),
    ]);
    expect(bad.headroom.points).toBeGreaterThanOrEqual(1500);
    expect(bad.headroom.ci95[0]).toBeGreaterThan(0);
    expect(bad.headroom.rows[0]!.row).toBe('two-pair');
    expect(bad.headroom.ci95[0]).toBeGreaterThan(own.headroom.ci95[1]);
  });

  it('shows a first-action headroom clear of zero when every pair is thrown away whole', async () => {
    const thrown = worse((t) => {
      for (const row of Object.keys(t.exchange.all)) if (row.startsWith('pair-')) t.exchange.all[row] = every(5);
    });
    const [own, bad] = await Promise.all([
      auditTables(best, 'first', options(40)),
      auditTables(thrown, 'first', options(40)),
    ]);
    expect(bad.headroom.ci95[0]).toBeGreaterThan(0);
    expect(bad.headroom.rows[0]!.row).toMatch(/^pair-/);
    expect(bad.headroom.mean).toBeGreaterThan(own.headroom.ci95[1]);
  });
});

import { describe, expect, it } from 'vitest';
import { choose, forEachSubset, subsetIndex } from './combinations';

describe('combinations', () => {
  it('knows the binomials the analyses lean on', () => {
    expect(choose(52, 5)).toBe(2598960);
    expect(choose(47, 5)).toBe(1533939);
    expect(choose(46, 4)).toBe(163185);
    expect(choose(5, 7)).toBe(0);
  });

  it('visits k-subsets in colex order, so the visit count is the subset index', () => {
    for (const [n, k] of [
      [9, 0],
      [9, 1],
      [9, 3],
      [12, 5],
    ] as const) {
      let seen = 0;
      forEachSubset(n, k, (cards) => {
        for (let i = 1; i < k; i++) expect(cards[i]).toBeGreaterThan(cards[i - 1]!);
        expect(subsetIndex(cards)).toBe(seen);
        seen++;
      });
      expect(seen).toBe(choose(n, k));
    }
  });
});

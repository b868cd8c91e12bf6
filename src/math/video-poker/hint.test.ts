import { describe, expect, it } from 'vitest';
import { parseCards, SeededRandom, shuffledDeck } from '../../core';
import { coefficientsAt, DEUCES_WILD_FAMILY, VIDEO_POKER_FAMILIES } from '../../core/video-poker';
import { buildDrawTables } from './draw-tables';
import { compareHolds } from './hold-choice';
import { createFamilyAdvisor } from './hint';
import { bruteForceHold, bruteForceReturns } from './testing/brute-force-holds';

const HELD = (mask: number): number => [0, 1, 2, 3, 4].filter((p) => mask & (1 << p)).length;

// bench/hint-brute-force.ts enumerates every draw of every hold on 300 deals of each family.
for (const family of VIDEO_POKER_FAMILIES) {
  describe(`${family.name} hint`, () => {
    const table = { game: family.game, ...family.defaultTable };
    const coefficients = coefficientsAt(family, table);
    const advise = createFamilyAdvisor(family, table, { tables: buildDrawTables(family) });
    const random = new SeededRandom(`hint-brute:${family.game}`);
    const deals = Array.from({ length: 40 }, () => shuffledDeck(random).slice(0, 5));

    it('gives every hold that keeps two cards or more the counts and return of enumerating its draws, on 40 deals', () => {
      let checked = 0;
      for (const deal of deals) {
        for (const advice of advise(deal)) {
          if (HELD(advice.mask) < 2) continue;
          const brute = bruteForceHold(family, deal, advice.mask);
          const counts = family.categories.map((id) => advice.counts[id]);
          if (counts.join() !== brute.join()) throw new Error(`${deal} hold ${advice.mask}: ${counts} vs ${brute}`);
          const ev = brute.reduce((s, n, w) => s + n * coefficients[w]!, 0) / advice.draws;
          if (Math.abs(ev - advice.ev) > 1e-12 * Math.max(1, ev)) throw new Error(`${deal} hold ${advice.mask}: ev`);
          checked++;
        }
      }
      expect(checked).toBe(40 * 26);
    });

    it('orders all 32 holds as enumerating every draw of each and V-1 do, on two deals', () => {
      for (const deal of deals.slice(0, 2)) {
        const brute = bruteForceReturns(family, table, deal);
        const ranks = deal.map((c) => c >> 2);
        const order = Array.from({ length: 32 }, (_, m) => m).sort((a, b) =>
          compareHolds(brute.returns, brute.squares, ranks, a, b),
        );
        expect(advise(deal).map((a) => a.mask)).toEqual(order);
      }
    });
  });
}

describe('V-1 between holds of equal return', () => {
  it('takes the lower variance, then the hold that discards fewer', () => {
    const returns = new Float64Array(32).fill(5);
    const squares = new Float64Array(32).fill(9);
    squares[3] = 7;
    const ranks = [12, 3, 12, 7, 0];
    expect(Array.from({ length: 32 }, (_, m) => m).sort((a, b) => compareHolds(returns, squares, ranks, a, b))[0]).toBe(
      3,
    );
    squares[3] = 9;
    expect(Array.from({ length: 32 }, (_, m) => m).sort((a, b) => compareHolds(returns, squares, ranks, a, b))[0]).toBe(
      31,
    );
  });

  it('Deuces Wild: four deuces are held, and drawing to them never costs', () => {
    const advise = createFamilyAdvisor(DEUCES_WILD_FAMILY, { game: 'deuces-wild', ...DEUCES_WILD_FAMILY.defaultTable });
    const best = advise(parseCards('2c 2d 2h 2s 9d'))[0]!;
    // Holding the fifth card or not returns 200 either way; no variance, so fewer discards.
    expect(best.ev).toBe(200);
    expect(best.held).toEqual([0, 1, 2, 3, 4]);
  });
});

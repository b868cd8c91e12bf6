import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate5, parsePayTable, SeededRandom, shuffledDeck, type Card, type JacksPayTable } from '../core';
import { choose } from './combinations';
import { buildDrawTables } from './jacks-draw-tables';
import { JACKS_CATEGORY_OF_VALUE, jacksCategoryOf5, maxBetCoefficients } from './jacks-categories';
import { bestHold, DEAL_WEIGHT, holdReturns } from './jacks-hold-choice';
import { HELD_COUNT, holdCounts, JACKS_CATEGORY_COUNT, type DrawTables } from './jacks-hold-counts';

const W = JACKS_CATEGORY_COUNT;

function payTable(input: object): JacksPayTable {
  const parsed = parsePayTable('jacks-or-better', input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.table;
}

/** Plain brute force: every draw of one hold, each final hand through core's evaluator. */
function bruteForceHold(deal: readonly Card[], mask: number): Float64Array {
  const out = new Float64Array(W);
  const held = deal.filter((_, p) => mask & (1 << p));
  const rest: Card[] = [];
  for (let c = 0; c < 52; c++) if (!deal.includes(c)) rest.push(c);
  const need = 5 - held.length;
  const hand = [...held, 0, 0, 0, 0, 0].slice(0, 5);
  const walk = (from: number, depth: number): void => {
    if (depth === need) {
      out[JACKS_CATEGORY_OF_VALUE[evaluate5(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!)]!]!++;
      return;
    }
    for (let i = from; i < rest.length; i++) {
      hand[held.length + depth] = rest[i]!;
      walk(i + 1, depth + 1);
    }
  };
  walk(0, 0);
  return out;
}

function randomDeals(seed: string, n: number): Card[][] {
  const random = new SeededRandom(seed);
  return Array.from({ length: n }, () => shuffledDeck(random).slice(0, 5));
}

let tables: DrawTables;
beforeAll(() => {
  tables = buildDrawTables();
});

describe('draw tables', () => {
  it('count, for a set of k cards, all C(52-k, 5-k) hands that contain it', () => {
    const random = new SeededRandom('rows');
    for (let k = 0; k <= 4; k++) {
      const level = tables.levels[k]!;
      for (let t = 0; t < 50; t++) {
        const row = Math.floor((random.nextUint32() / 2 ** 32) * (level.length / W));
        let sum = 0;
        for (let w = 0; w < W; w++) sum += level[row * W + w]!;
        expect(sum).toBe(choose(52 - k, 5 - k));
      }
    }
  });
});

describe('hold counts by inclusion–exclusion', () => {
  it('equal brute force for every one of the 32 holds of sampled deals', () => {
    const counts = new Float64Array(32 * W);
    for (const deal of randomDeals('all-holds', 8)) {
      holdCounts(tables, deal, jacksCategoryOf5(deal), counts);
      for (let mask = 0; mask < 32; mask++) {
        expect(Array.from(counts.subarray(mask * W, mask * W + W)), `hold ${mask}`).toEqual(
          Array.from(bruteForceHold(deal, mask)),
        );
      }
    }
  });

  it('equal brute force for the holds of up to two discards on 2,000 sampled deals', () => {
    const counts = new Float64Array(32 * W);
    let checked = 0;
    for (const deal of randomDeals('cheap-holds', 2000)) {
      holdCounts(tables, deal, jacksCategoryOf5(deal), counts);
      for (let mask = 0; mask < 32; mask++) {
        if (HELD_COUNT[mask]! < 3) continue;
        const brute = bruteForceHold(deal, mask);
        for (let w = 0; w < W; w++)
          if (counts[mask * W + w] !== brute[w]) throw new Error(`deal ${deal} hold ${mask}: ${w}`);
        checked++;
      }
    }
    expect(checked).toBe(2000 * 16);
  });

  it('equal brute force for the holds of three discards on 200 sampled deals', () => {
    const counts = new Float64Array(32 * W);
    let checked = 0;
    for (const deal of randomDeals('three-discards', 200)) {
      holdCounts(tables, deal, jacksCategoryOf5(deal), counts);
      for (let mask = 0; mask < 32; mask++) {
        if (HELD_COUNT[mask] !== 2) continue;
        const brute = bruteForceHold(deal, mask);
        for (let w = 0; w < W; w++)
          if (counts[mask * W + w] !== brute[w]) throw new Error(`deal ${deal} hold ${mask}: ${w}`);
        checked++;
      }
    }
    expect(checked).toBe(200 * 10);
  });

  it('pick the hold that brute force finds best, on sampled deals and a 9/6 table', () => {
    const coefficients = maxBetCoefficients(payTable({ 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 }));
    const counts = new Float64Array(32 * W);
    const returns = new Float64Array(32);
    const bruteReturns = new Float64Array(32);
    for (const deal of randomDeals('best', 4)) {
      holdCounts(tables, deal, jacksCategoryOf5(deal), counts);
      holdReturns(counts, coefficients, returns);
      const brute = new Float64Array(32 * W);
      for (let mask = 0; mask < 32; mask++) brute.set(bruteForceHold(deal, mask), mask * W);
      holdReturns(brute, coefficients, bruteReturns);
      const ranks = deal.map((c) => c >> 2);
      expect(bestHold(returns, ranks)).toBe(bestHold(bruteReturns, ranks));
    }
  });
});

describe('hold choice', () => {
  it('weighs every deal by the LCM of the draw counts', () => {
    expect(DEAL_WEIGHT).toBe(7669695);
    for (let k = 0; k <= 5; k++) expect(DEAL_WEIGHT % choose(47, k)).toBe(0);
  });

  it('breaks ties by fewest discards, then higher held ranks, then lowest mask', () => {
    const ranks = [12, 3, 12, 7, 0];
    const equal = new Float64Array(32).fill(10);
    expect(bestHold(equal, ranks)).toBe(31);
    equal[31] = 0;
    // Four held: the one without the deuce (position 4) keeps the highest ranks.
    expect(bestHold(equal, ranks)).toBe(0b01111);
    const pairs = new Float64Array(32);
    pairs[0b00001] = 5;
    pairs[0b00100] = 5;
    expect(bestHold(pairs, ranks)).toBe(0b00001);
  });
});

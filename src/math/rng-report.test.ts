import { describe, expect, it } from 'vitest';
import { SeededRandom, type Card, type RandomSource } from '../core';
import { fiveCardCategoryCounts, rngReport, rngReportSteps } from './rng-report';

/** A byte-wide generator scaled by modulo, the classic biased shuffle: low values come 25% more often. */
function moduloByteShuffle(deck: Card[], source: RandomSource): void {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = (source.nextUint32() & 0xff) % (i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
}

class StuckBit implements RandomSource {
  constructor(
    private readonly inner: RandomSource,
    private readonly bit: number,
  ) {}
  nextUint32(): number {
    return (this.inner.nextUint32() | (1 << this.bit)) >>> 0;
  }
}

/** Each value a small random step from the last: uniform enough, but serially dependent. */
class Drifting implements RandomSource {
  private x = 0;
  constructor(private readonly inner: RandomSource) {}
  nextUint32(): number {
    this.x = (this.x + (this.inner.nextUint32() >>> 8)) >>> 0;
    return this.x;
  }
}

const failing = (source: RandomSource, options: Parameters<typeof rngReport>[1]): string[] =>
  rngReport(source, options)
    .tests.filter((t) => !t.pass)
    .map((t) => t.name);

describe('RNG report', () => {
  it('in steps gives the same report, its deals and values reported as they go', () => {
    const seen: string[] = [];
    const steps = rngReportSteps(
      new SeededRandom('steps'),
      { deals: 50_000, values: 2_500_000 },
      {
        stage: (name, total) => seen.push(`${name} of ${total}`),
        done: (n) => seen.push(String(n)),
        note: () => {},
      },
    );
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(step.value).toEqual(rngReport(new SeededRandom('steps'), { deals: 50_000, values: 2_500_000 }));
    expect(seen).toEqual([
      'deals of 50000',
      '20000',
      '40000',
      '50000',
      'values of 2500000',
      '1000000',
      '2000000',
      '2500000',
    ]);
    expect(pauses).toBe(4);
  });

  it('knows the exact five-card category counts', () => {
    expect(Array.from(fiveCardCategoryCounts())).toEqual([
      1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4,
    ]);
  });

  it('passes a sound generator with Fisher–Yates, every test at 99%', () => {
    const report = rngReport(new SeededRandom('rng-report'), { deals: 20_000 });
    expect(report.tests.map((t) => t.name)).toEqual([
      'card by deck position',
      'first-five hand categories',
      'runs above/below the median',
      'runs up and down',
      'serial correlation, lag 1',
    ]);
    for (const t of report.tests) {
      expect(t.pValue).toBeGreaterThanOrEqual(0);
      expect(t.pValue).toBeLessThanOrEqual(1);
    }
    expect(report.tests.find((t) => t.name === 'card by deck position')!.df).toBe(2601);
    expect(report.pass).toBe(true);
    expect(report.values).toBe(200_000);
  });

  it('pools the rarest categories when few deals are dealt', () => {
    const categories = rngReport(new SeededRandom(3), { deals: 500 }).tests[1]!;
    expect(categories.detail).toMatch(
      /pooled: royal-flush\+straight-flush\+four-of-a-kind\+full-house\+flush\+straight/,
    );
    expect(categories.df).toBe(3);
  });

  it('fails a modulo-biased shuffle on card by position', () => {
    expect(failing(new SeededRandom('bias'), { deals: 20_000, shuffle: moduloByteShuffle })).toContain(
      'card by deck position',
    );
  });

  it('fails a stuck bit on the stream tests', () => {
    const names = failing(new StuckBit(new SeededRandom('stuck'), 31), { deals: 2_000 });
    expect(names).toContain('runs above/below the median');
    expect(names).toContain('serial correlation, lag 1');
  });

  it('fails a serially dependent stream', () => {
    expect(failing(new Drifting(new SeededRandom('drift')), { deals: 2_000 })).toEqual(
      expect.arrayContaining(['runs up and down', 'serial correlation, lag 1']),
    );
  });

  it('refuses a senseless number of deals', () => {
    expect(() => rngReport(new SeededRandom(1), { deals: 0 })).toThrow(RangeError);
  });
});

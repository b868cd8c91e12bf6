// The statistical report test labs ask of a game's random source: chi-square of card by deck
// position (52 × 52), chi-square of the first five cards' hand categories against their exact
// probabilities, runs tests (above/below the median, up/down) and lag-1 serial correlation on
// the raw 32-bit stream. Each test passes at 99% confidence (p ≥ 0.01). A large report runs in
// steps (rngReportSteps), reporting its progress and pausing between them, so that a command
// can show how far it is and hear a Ctrl-C; the figures are the same either way.

import {
  CATEGORIES,
  categoryIndexOf,
  evaluate5,
  NO_PROGRESS,
  shuffleInPlace,
  type Card,
  type Progress,
  type RandomSource,
} from '../core';
import { chiSquareSurvival, normalTwoSided } from './stats';

export const ALPHA = 0.01;

export interface RngTest {
  name: string;
  statistic: number;
  /** Degrees of freedom of a chi-square, or absent for a normal z. */
  df?: number;
  pValue: number;
  pass: boolean;
  detail: string;
}

export interface RngReport {
  deals: number;
  values: number;
  alpha: number;
  pass: boolean;
  tests: RngTest[];
}

export interface RngReportOptions {
  deals: number;
  /** Raw 32-bit values for the stream tests; default ten per deal, at least 10,000, at most 10^8. */
  values?: number;
  /** How a deck is shuffled; core's Fisher–Yates by default (tests pass broken ones). */
  shuffle?: (deck: Card[], source: RandomSource) => void;
}

const test = (name: string, statistic: number, pValue: number, detail: string, df?: number): RngTest => ({
  name,
  statistic,
  ...(df === undefined ? {} : { df }),
  pValue,
  pass: pValue >= ALPHA,
  detail,
});

let exactCategoryCounts: Float64Array | null = null;

/** How many of the 2,598,960 five-card hands fall in each category (high card first). */
export function fiveCardCategoryCounts(): Float64Array {
  if (exactCategoryCounts) return exactCategoryCounts;
  const counts = new Float64Array(CATEGORIES.length);
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) counts[categoryIndexOf(evaluate5(a, b, c, d, e))]!++;
  exactCategoryCounts = counts;
  return counts;
}

function chiSquare(observed: ArrayLike<number>, expected: ArrayLike<number>): number {
  let chi = 0;
  for (let i = 0; i < observed.length; i++) chi += (observed[i]! - expected[i]!) ** 2 / expected[i]!;
  return chi;
}

/** Deals and raw values a step of the report takes. */
const DEALS_A_STEP = 20_000;
const VALUES_A_STEP = 1_000_000;

export function rngReport(source: RandomSource, options: RngReportOptions): RngReport {
  const steps = rngReportSteps(source, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The report in steps: it yields between them, its stages ("deals", "values") reported to `progress`. */
export function* rngReportSteps(
  source: RandomSource,
  options: RngReportOptions,
  progress: Progress = NO_PROGRESS,
): Generator<void, RngReport> {
  const deals = options.deals;
  if (!Number.isSafeInteger(deals) || deals < 1)
    throw new RangeError(`deals must be a whole number of 1 or more, got ${deals}`);
  const values = options.values ?? Math.min(100_000_000, Math.max(10_000, deals * 10));
  if (!Number.isSafeInteger(values) || values < 3)
    throw new RangeError(`values must be a whole number of 3 or more, got ${values}`);
  const shuffle = options.shuffle ?? ((deck: Card[], s: RandomSource) => shuffleInPlace(deck, s));

  const byPosition = new Float64Array(52 * 52);
  const categories = new Float64Array(CATEGORIES.length);
  const deck: Card[] = new Array<Card>(52);
  progress.stage('deals', deals, 'deals');
  for (let n = 0; n < deals; n++) {
    if (n > 0 && n % DEALS_A_STEP === 0) {
      progress.done(n);
      yield;
    }
    for (let i = 0; i < 52; i++) deck[i] = i;
    shuffle(deck, source);
    for (let p = 0; p < 52; p++) byPosition[p * 52 + deck[p]!]!++;
    categories[categoryIndexOf(evaluate5(deck[0]!, deck[1]!, deck[2]!, deck[3]!, deck[4]!))]!++;
  }
  const tests: RngTest[] = [];

  const cell = deals / 52;
  const positionChi = chiSquare(byPosition, new Float64Array(52 * 52).fill(cell));
  tests.push(
    test(
      'card by deck position',
      positionChi,
      chiSquareSurvival(positionChi, 51 * 51),
      `52 × 52 cells, ${cell.toFixed(1)} expected in each`,
      51 * 51,
    ),
  );

  progress.done(deals);
  tests.push(categoryTest(categories, deals));
  tests.push(...(yield* streamTests(source, values, progress)));
  return { deals, values, alpha: ALPHA, pass: tests.every((t) => t.pass), tests };
}

/** Categories too rare for the deals are pooled, from the top down, until 5 are expected. */
function categoryTest(observed: Float64Array, deals: number): RngTest {
  const exact = fiveCardCategoryCounts();
  const total = exact.reduce((s, x) => s + x, 0);
  const bins: { names: string[]; observed: number; expected: number }[] = [];
  let open = { names: [] as string[], observed: 0, expected: 0 };
  for (let c = CATEGORIES.length - 1; c >= 0; c--) {
    open.names.push(CATEGORIES[c]!);
    open.observed += observed[c]!;
    open.expected += (exact[c]! / total) * deals;
    if (open.expected >= 5) {
      bins.push(open);
      open = { names: [], observed: 0, expected: 0 };
    }
  }
  if (open.names.length > 0) {
    const last = bins.at(-1);
    if (last) {
      last.names.push(...open.names);
      last.observed += open.observed;
      last.expected += open.expected;
    } else bins.push(open);
  }
  if (bins.length < 2) return test('first-five hand categories', 0, 1, 'too few deals for any category test');
  const chi = chiSquare(
    bins.map((b) => b.observed),
    bins.map((b) => b.expected),
  );
  const pooled = bins.filter((b) => b.names.length > 1).map((b) => b.names.join('+'));
  const detail = `${bins.length} bins${pooled.length ? ` (pooled: ${pooled.join(', ')})` : ''}`;
  return test('first-five hand categories', chi, chiSquareSurvival(chi, bins.length - 1), detail, bins.length - 1);
}

function* streamTests(source: RandomSource, n: number, progress: Progress): Generator<void, RngTest[]> {
  progress.stage('values', n, 'values');
  const HALF = 0x80000000;
  let above = 0;
  let medianRuns = 0;
  let directionRuns = 0;
  let direction = 0;
  let steps = 0;
  let sumLag = 0;
  let sumSquares = 0;
  let previous = source.nextUint32();
  let previousHigh = previous >= HALF;
  let previousCentered = previous / 2 ** 32 - 0.5;
  if (previousHigh) above++;
  medianRuns = 1;
  sumSquares = previousCentered * previousCentered;
  for (let i = 1; i < n; i++) {
    if (i % VALUES_A_STEP === 0) {
      progress.done(i);
      yield;
    }
    const x = source.nextUint32();
    const high = x >= HALF;
    if (high) above++;
    if (high !== previousHigh) medianRuns++;
    // Up/down runs over consecutive differences; equal neighbours (p = 2^-32) are skipped.
    if (x !== previous) {
      const d = x > previous ? 1 : -1;
      steps++;
      if (d !== direction) {
        directionRuns++;
        direction = d;
      }
    }
    const centered = x / 2 ** 32 - 0.5;
    sumLag += previousCentered * centered;
    sumSquares += centered * centered;
    previous = x;
    previousHigh = high;
    previousCentered = centered;
  }
  progress.done(n);
  const out: RngTest[] = [];

  const n1 = above;
  const n2 = n - above;
  if (n1 === 0 || n2 === 0) {
    out.push(
      test('runs above/below the median', Infinity, 0, `every value on one side of 2^31 (${n1} above, ${n2} below)`),
    );
  } else {
    const mean = (2 * n1 * n2) / n + 1;
    const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
    const z = (medianRuns - mean) / Math.sqrt(variance);
    out.push(
      test(
        'runs above/below the median',
        z,
        normalTwoSided(z),
        `${medianRuns} runs, ${mean.toFixed(1)} expected; ${n1} above, ${n2} below`,
      ),
    );
  }

  // Steps + 1 values make (2m − 1)/3 runs up and down on average, variance (16m − 29)/90.
  const m = steps + 1;
  const upDownMean = (2 * m - 1) / 3;
  const zUpDown = (directionRuns - upDownMean) / Math.sqrt((16 * m - 29) / 90);
  out.push(
    test(
      'runs up and down',
      zUpDown,
      normalTwoSided(zUpDown),
      `${directionRuns} runs, ${upDownMean.toFixed(1)} expected`,
    ),
  );

  const r = sumSquares > 0 ? sumLag / sumSquares : 1;
  const zSerial = r * Math.sqrt(n);
  out.push(
    test('serial correlation, lag 1', zSerial, normalTwoSided(zSerial), `r = ${r.toExponential(3)} over ${n} values`),
  );
  return out;
}

// The exact analysis of a family: every deal played by its best hold (V-1), the final hands of
// that hold added up with every deal weighing DEAL_WEIGHT. Only the choice of hold depends on
// the pay table, and it needs each hold's return alone: the return of every row of the draw
// tables is summed once per table (a plan), so the 32 holds' returns come from one Möbius
// transform of 32 numbers, and only the chosen hold's counts by category are worked out. Runs
// over any slice of the suit classes so that workers can share the work; it reads typed arrays
// only (no family, no evaluator), so a worker loads it fast.

import { DRAW_WEIGHT } from '../jacks-hold-choice';
import { HELD_COUNT } from '../jacks-hold-counts';
import type { SuitClasses } from '../suit-classes';
import type { FamilyDrawTables } from './draw-tables';
import { addHoldCounts, dealSubsets, newDealSubsets } from './hold-counts';
import { heldRankKey } from './hold-choice';

/** What the analysis reads whatever the pay table. */
export interface FamilyWork {
  tables: FamilyDrawTables;
  /** The deals, each ascending (so a mask over its cards is a mask over its positions). */
  classes: SuitClasses;
  /** The family's category of each class's deal. */
  dealCategories: Uint8Array;
}

/** What one pay table adds: its coefficients at max bet, their squares, and every row's return. */
export interface TablePlan {
  coefficients: Float64Array;
  squares: Float64Array;
  /** The total coefficient of the hands over each set of 0, 1 or 2 cards (draw tables' rows). */
  low: Float64Array[];
  /**
   * The same over each set of 3 and of 4 cards, in half the memory (the 4-card rows are the
   * analysis's cache misses): at most 1,128 hands of 1,000,000 at most each, below 2^32.
   */
  three: Uint32Array;
  four: Uint32Array;
}

export function tablePlan(
  tables: FamilyDrawTables,
  coefficients: Float64Array,
  allocate: (length: number, bytes: 4 | 8) => ArrayBufferLike = (n, bytes) => new ArrayBuffer(n * bytes),
): TablePlan {
  const W = tables.width;
  const values = tables.levels.map((level, k) => {
    const rows = level.length / W;
    const out = k >= 3 ? new Uint32Array(allocate(rows, 4)) : new Float64Array(allocate(rows, 8));
    for (let row = 0; row < rows; row++) {
      let sum = 0;
      for (let w = 0; w < W; w++) sum += level[row * W + w]! * coefficients[w]!;
      if (k >= 3 && sum > 0xffffffff) throw new RangeError(`par sheet: a row's return ${sum} does not fit 32 bits`);
      out[row] = sum;
    }
    return out;
  });
  return {
    coefficients,
    squares: coefficients.map((c) => c * c),
    low: values.slice(0, 3) as Float64Array[],
    three: values[3] as Uint32Array,
    four: values[4] as Uint32Array,
  };
}

/** The hold masks by the number of cards held. */
const MASKS_OF_SIZE: Int32Array[] = [0, 1, 2, 3, 4, 5].map((k) =>
  Int32Array.from({ length: 32 }, (_, m) => m).filter((m) => HELD_COUNT[m] === k),
);
const [SIZE0, SIZE1, SIZE2, SIZE3, SIZE4] = MASKS_OF_SIZE as [
  Int32Array,
  Int32Array,
  Int32Array,
  Int32Array,
  Int32Array,
];

const subsets = newDealSubsets();
const holdValues = new Float64Array(32);
const ranks = new Int32Array(5);

/**
 * Weighted final-hand counts (one per category) of classes [from, to) for each plan. Every count
 * is an integer below 2^53 (the grand total is 1.99e13), so plain numbers add them exactly.
 */
export function analyzeClasses(
  work: FamilyWork,
  plans: readonly TablePlan[],
  from: number,
  to: number,
): Float64Array[] {
  const { tables, classes, dealCategories } = work;
  const W = tables.width;
  const totals = plans.map(() => new Float64Array(W));
  const deals = classes.deals;
  const index = subsets.index;
  for (let i = from; i < to; i++) {
    const cards = deals.subarray(i * 5, i * 5 + 5);
    dealSubsets(cards, subsets);
    const dealCategory = dealCategories[i]!;
    for (let t = 0; t < plans.length; t++) {
      const plan = plans[t]!;
      const [low0, low1, low2] = plan.low as [Float64Array, Float64Array, Float64Array];
      const { three, four } = plan;
      for (let j = 0; j < 5; j++) {
        const m = SIZE4[j]!;
        holdValues[m] = four[index[m]!]!;
      }
      for (let j = 0; j < 10; j++) {
        const m = SIZE3[j]!;
        holdValues[m] = three[index[m]!]!;
      }
      for (let j = 0; j < 10; j++) {
        const m = SIZE2[j]!;
        holdValues[m] = low2[index[m]!]!;
      }
      for (let j = 0; j < 5; j++) {
        const m = SIZE1[j]!;
        holdValues[m] = low1[index[m]!]!;
      }
      holdValues[SIZE0[0]!] = low0[0]!;
      holdValues[31] = plan.coefficients[dealCategory]!;
      for (let bit = 1; bit < 32; bit <<= 1)
        for (let m = 0; m < 32; m++) if ((m & bit) === 0) holdValues[m]! -= holdValues[m | bit]!;
      let best = 0;
      let bestReturn = -1;
      let ties = 0;
      for (let m = 0; m < 32; m++) {
        const r = holdValues[m]! * DRAW_WEIGHT[m]!;
        if (r > bestReturn) {
          bestReturn = r;
          best = m;
          ties = 1;
        } else if (r === bestReturn) ties++;
      }
      if (ties > 1) {
        for (let p = 0; p < 5; p++) ranks[p] = cards[p]! >> 2;
        best = breakTie(work, plan, dealCategory, bestReturn);
      }
      addHoldCounts(tables, subsets, dealCategory, best, DRAW_WEIGHT[best]! * classes.weights[i]!, totals[t]!);
    }
  }
  return totals;
}

let tieCounts = new Float64Array(16);

/** V-1 among the holds whose return is `bestReturn`: lower second moment, more held, higher ranks, lower mask. */
function breakTie(work: FamilyWork, plan: TablePlan, dealCategory: number, bestReturn: number): number {
  const W = work.tables.width;
  if (tieCounts.length < W) tieCounts = new Float64Array(W);
  let best = -1;
  let bestSquare = 0;
  for (let m = 0; m < 32; m++) {
    if (holdValues[m]! * DRAW_WEIGHT[m]! !== bestReturn) continue;
    const counts = tieCounts.subarray(0, W).fill(0);
    addHoldCounts(work.tables, subsets, dealCategory, m, 1, counts);
    let square = 0;
    for (let w = 0; w < W; w++) square += counts[w]! * plan.squares[w]!;
    square *= DRAW_WEIGHT[m]!;
    if (best < 0 || square < bestSquare) {
      best = m;
      bestSquare = square;
      continue;
    }
    if (square > bestSquare) continue;
    if (HELD_COUNT[m]! > HELD_COUNT[best]!) best = m;
    else if (HELD_COUNT[m] === HELD_COUNT[best] && heldRankKey(ranks, m) > heldRankKey(ranks, best)) best = m;
    // Equal on every count: the lower mask, met first, stays.
  }
  return best;
}

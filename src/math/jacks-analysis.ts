// The exact Jacks or Better analysis: every deal played by its best hold, the final hands of
// that hold added up with every deal weighing DEAL_WEIGHT. Runs over any slice of the suit
// classes so that workers can share the work (jacks-parsheet-parallel.ts). Free of core's
// evaluator so that a worker loads fast: the deals' own categories come in with the classes.

import { bestHold, DRAW_WEIGHT, holdReturns } from './jacks-hold-choice';
import { holdCounts, JACKS_CATEGORY_COUNT, type DrawTables } from './jacks-hold-counts';
import type { SuitClasses } from './suit-classes';

const W = JACKS_CATEGORY_COUNT;

export interface JacksWork {
  tables: DrawTables;
  classes: SuitClasses;
  /** Jacks category of each class's deal. */
  dealCategories: Uint8Array;
  /** Per-chip coefficients at max bet, by Jacks category. */
  coefficients: Float64Array;
}

/**
 * Weighted final-hand counts (one per Jacks category) of classes [from, to). Every count is an
 * integer below 2^53 (the grand total is 1.99e13), so plain numbers add them exactly.
 */
export function analyzeClasses(work: JacksWork, from: number, to: number): Float64Array {
  return analyzeClassesForTables(work, [work.coefficients], from, to)[0]!;
}

/**
 * The same for several pay tables at once: what every hold of a deal draws is counted once,
 * and only the choice of hold, which the table decides, is made per table.
 */
export function analyzeClassesForTables(
  work: Omit<JacksWork, 'coefficients'>,
  coefficients: readonly Float64Array[],
  from: number,
  to: number,
): Float64Array[] {
  const { tables, classes, dealCategories } = work;
  const totals = coefficients.map(() => new Float64Array(W));
  const counts = new Float64Array(32 * W);
  const returns = new Float64Array(32);
  const ranks = new Int32Array(5);
  const deal = classes.deals;
  for (let i = from; i < to; i++) {
    const cards = deal.subarray(i * 5, i * 5 + 5);
    holdCounts(tables, cards, dealCategories[i]!, counts);
    for (let p = 0; p < 5; p++) ranks[p] = cards[p]! >> 2;
    for (let t = 0; t < coefficients.length; t++) {
      holdReturns(counts, coefficients[t]!, returns);
      const best = bestHold(returns, ranks);
      const scale = DRAW_WEIGHT[best]! * classes.weights[i]!;
      const at = best * W;
      const into = totals[t]!;
      for (let w = 0; w < W; w++) into[w]! += counts[at + w]! * scale;
    }
  }
  return totals;
}

// For every set T of 0 to 4 cards, how many five-card hands that contain T fall in each of a
// family's categories. A hold's draws are counted from these by inclusion–exclusion
// (hold-counts.ts), so no draw is enumerated per deal. Built once per family from its own
// category5: 294,204 rows of one count per category.

import type { VideoPokerFamily } from '../../core/video-poker';
import { BINOMIAL, forEachSubset } from '../combinations';

export interface FamilyDrawTables {
  /** Categories per row: the family's category count. */
  width: number;
  /** levels[k]: C(52,k) rows of `width` counts, row = colex index of the k-set. */
  levels: Uint32Array[];
}

const C = BINOMIAL;

/**
 * `allocate` lets the caller put the tables in shared memory (worker_threads); the default is
 * ordinary memory, which keeps this module free of Node APIs for the cabinet's hint.
 */
export function buildDrawTables(
  family: VideoPokerFamily,
  allocate: (length: number) => Uint32Array = (n) => new Uint32Array(n),
): FamilyDrawTables {
  const W = family.categories.length;
  const category5 = family.category5;
  const levels: Uint32Array[] = [];
  for (let k = 0; k <= 4; k++) levels.push(allocate(C[52]![k]! * W));
  const four = levels[4]!;
  // Every hand a < b < c < d < e adds one to each of its five four-card subsets, whose colex
  // indexes are sums of C(card, place); the parts that do not change in an inner loop are
  // added up outside it.
  for (let e = 4; e < 52; e++) {
    const ce4 = C[e]![4]!;
    for (let d = 3; d < e; d++) {
      const cd3 = C[d]![3]!;
      const cd4 = C[d]![4]!;
      const de = cd3 + ce4;
      for (let c = 2; c < d; c++) {
        const cc3 = C[c]![3]!;
        const abcd = cc3 + cd4;
        const abce = cc3 + ce4;
        const cde = C[c]![2]! + de;
        for (let b = 1; b < c; b++) {
          const cb2 = C[b]![2]!;
          const r1 = (cb2 + abcd) * W;
          const r2 = (cb2 + abce) * W;
          const r3 = (cb2 + de) * W;
          const r4 = cde * W;
          const r5 = (b + cde) * W;
          for (let a = 0; a < b; a++) {
            const cat = category5(a, b, c, d, e);
            const aw = a * W + cat;
            four[aw + r1]!++;
            four[aw + r2]!++;
            four[aw + r3]!++;
            four[aw + r4]!++;
            four[r5 + cat]!++;
          }
        }
      }
    }
  }
  // A hand over a k-set T contains 5 - k of the (k+1)-sets over T: every (k+1)-set adds its row
  // to its k+1 subsets of size k, and the sums are divided by 5 - k. The (k+1)-sets are walked in
  // colex order, so their rows are read in order.
  for (let k = 3; k >= 0; k--) lowerLevel(levels[k + 1]!, levels[k]!, k + 1, W);
  return { width: W, levels };
}

/** Fills `lower` (the k-sets, k = size - 1) from `upper` (the sets of `size` cards). */
function lowerLevel(upper: Uint32Array, lower: Uint32Array, size: number, W: number): void {
  const sum = new Float64Array(lower.length);
  const sub = new Int32Array(size);
  let row = 0;
  forEachSubset(52, size, (cards) => {
    // The colex index of the set without card i: the cards above i move down one place.
    for (let i = 0; i < size; i++) {
      let index = 0;
      for (let j = 0; j < size; j++) if (j !== i) index += C[cards[j]!]![j < i ? j + 1 : j]!;
      sub[i] = index * W;
    }
    const at = row * W;
    for (let i = 0; i < size; i++) {
      const to = sub[i]!;
      for (let w = 0; w < W; w++) sum[to + w]! += upper[at + w]!;
    }
    row++;
  });
  const hands = 6 - size;
  for (let i = 0; i < lower.length; i++) lower[i] = sum[i]! / hands;
}

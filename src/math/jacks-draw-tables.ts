// For every set T of 0 to 4 cards, how many five-card hands that contain T fall in each Jacks
// category. A hold's draw counts come from these by inclusion–exclusion (jacks-hold-counts.ts),
// so no draw is ever enumerated per deal. Built once (about 2.9 million rows, 11 MB for T of 4).

import { evaluate5 } from '../core';
import { BINOMIAL, forEachSubset } from './combinations';
import { JACKS_CATEGORY_OF_VALUE } from './jacks-categories';
import { JACKS_CATEGORY_COUNT, type DrawTables } from './jacks-hold-counts';

const C = BINOMIAL;

/**
 * `allocate` lets the caller put the tables in shared memory (worker_threads); the default is
 * ordinary memory, which keeps this module free of Node APIs for the cabinet's hint.
 */
export function buildDrawTables(allocate: (length: number) => Uint32Array = (n) => new Uint32Array(n)): DrawTables {
  const W = JACKS_CATEGORY_COUNT;
  const levels: Uint32Array[] = [];
  for (let k = 0; k <= 4; k++) levels.push(allocate(C[52]![k]! * W));
  const four = levels[4]!;
  // Every hand adds one to each of its five four-card subsets.
  for (let e = 4; e < 52; e++) {
    const ce4 = C[e]![4]!;
    for (let d = 3; d < e; d++) {
      const cd3 = C[d]![3]!;
      const cd4 = C[d]![4]!;
      for (let c = 2; c < d; c++) {
        const cc2 = C[c]![2]!;
        const cc3 = C[c]![3]!;
        for (let b = 1; b < c; b++) {
          const cb1 = b;
          const cb2 = C[b]![2]!;
          for (let a = 0; a < b; a++) {
            const cat = JACKS_CATEGORY_OF_VALUE[evaluate5(a, b, c, d, e)]!;
            four[(a + cb2 + cc3 + cd4) * W + cat]!++;
            four[(a + cb2 + cc3 + ce4) * W + cat]!++;
            four[(a + cb2 + cd3 + ce4) * W + cat]!++;
            four[(a + cc2 + cd3 + ce4) * W + cat]!++;
            four[(cb1 + cc2 + cd3 + ce4) * W + cat]!++;
          }
        }
      }
    }
  }
  // A hand over a k-set T contains 5 - k of the (k+1)-sets T + x: sum those rows, divide.
  for (let k = 3; k >= 0; k--) {
    const upper = levels[k + 1]!;
    const lower = levels[k]!;
    const sum = new Float64Array(W);
    let row = 0;
    forEachSubset(52, k, (cards) => {
      sum.fill(0);
      let j = 0;
      for (let x = 0; x < 52; x++) {
        if (j < k && cards[j] === x) {
          j++;
          continue;
        }
        // Colex index of T + x: cards below x keep their place, those above move up one.
        let index = C[x]![j + 1]!;
        for (let i = 0; i < k; i++) index += C[cards[i]!]![i < j ? i + 1 : i + 2]!;
        const at = index * W;
        for (let w = 0; w < W; w++) sum[w]! += upper[at + w]!;
      }
      for (let w = 0; w < W; w++) lower[row * W + w] = sum[w]! / (5 - k);
      row++;
    });
  }
  return { levels };
}

// The plain way to value a hold, for the hint's checks: every draw enumerated, each final hand
// judged by the family's category5. Loops written out per number of cards drawn, so a check of
// every draw of every hold (1,533,939 hands for the draw of five) runs in a test's time.

import type { Card } from '../../../core';
import { coefficientsAt, type VideoPokerFamily, type VideoPokerPayTable } from '../../../core/video-poker';
import { DRAW_WEIGHT } from '../../jacks-hold-choice';

/** Counts by category of every draw of one hold (bit p = position p held). */
export function bruteForceHold(family: VideoPokerFamily, deal: readonly Card[], mask: number): number[] {
  const out = new Array<number>(family.categories.length).fill(0);
  const f = family.category5;
  const r = Int32Array.from({ length: 52 }, (_, c) => c).filter((c) => !deal.includes(c));
  const n = r.length;
  const h = deal.filter((_, p) => mask & (1 << p));
  const [h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0] = h;
  switch (h.length) {
    case 5:
      out[f(h0, h1, h2, h3, h4)]!++;
      break;
    case 4:
      for (let a = 0; a < n; a++) out[f(h0, h1, h2, h3, r[a]!)]!++;
      break;
    case 3:
      for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) out[f(h0, h1, h2, r[a]!, r[b]!)]!++;
      break;
    case 2:
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++) for (let c = b + 1; c < n; c++) out[f(h0, h1, r[a]!, r[b]!, r[c]!)]!++;
      break;
    case 1:
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++)
          for (let c = b + 1; c < n; c++) for (let d = c + 1; d < n; d++) out[f(h0, r[a]!, r[b]!, r[c]!, r[d]!)]!++;
      break;
    default:
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++)
          for (let c = b + 1; c < n; c++)
            for (let d = c + 1; d < n; d++)
              for (let e = d + 1; e < n; e++) out[f(r[a]!, r[b]!, r[c]!, r[d]!, r[e]!)]!++;
  }
  return out;
}

/** Each hold's total coefficient and total squared coefficient over its draws, times DRAW_WEIGHT (V-1's scale). */
export function bruteForceReturns(
  family: VideoPokerFamily,
  table: VideoPokerPayTable,
  deal: readonly Card[],
): { returns: Float64Array; squares: Float64Array; counts: number[][] } {
  const coefficients = coefficientsAt(family, table);
  const returns = new Float64Array(32);
  const squares = new Float64Array(32);
  const counts: number[][] = [];
  for (let m = 0; m < 32; m++) {
    const brute = bruteForceHold(family, deal, m);
    counts.push(brute);
    returns[m] = brute.reduce((s, k, w) => s + k * coefficients[w]!, 0) * DRAW_WEIGHT[m]!;
    squares[m] = brute.reduce((s, k, w) => s + k * coefficients[w]! ** 2, 0) * DRAW_WEIGHT[m]!;
  }
  return { returns, squares, counts };
}

// Which hold plays best (V-1): the highest expected return, compared exactly, each hold's total
// over its draws scaled to the common denominator DEAL_WEIGHT; among equal returns the lower
// variance (the lower second moment, on the same scale), then the hold that discards fewest
// cards, then the higher held ranks (highest card first), then the lowest mask (bit i =
// position i held).

import { DRAW_WEIGHT } from '../jacks-hold-choice';
import { HELD_COUNT } from '../jacks-hold-counts';

/** Held ranks as one number, highest first, so that higher held ranks compare greater. */
export function heldRankKey(ranks: ArrayLike<number>, mask: number): number {
  const held: number[] = [];
  for (let i = 0; i < 5; i++) if (mask & (1 << i)) held.push(ranks[i]!);
  held.sort((a, b) => b - a);
  let key = 0;
  for (const r of held) key = key * 16 + r + 1;
  return key;
}

/**
 * Negative when hold a plays before hold b. `returns` and `squares` are each hold's total of the
 * coefficient and of its square over the hold's draws, times DRAW_WEIGHT (exact integers).
 */
export function compareHolds(
  returns: ArrayLike<number>,
  squares: ArrayLike<number>,
  ranks: ArrayLike<number>,
  a: number,
  b: number,
): number {
  if (returns[a] !== returns[b]) return returns[b]! - returns[a]!;
  if (squares[a] !== squares[b]) return squares[a]! - squares[b]!;
  if (HELD_COUNT[a] !== HELD_COUNT[b]) return HELD_COUNT[b]! - HELD_COUNT[a]!;
  const ka = heldRankKey(ranks, a);
  const kb = heldRankKey(ranks, b);
  if (ka !== kb) return kb - ka;
  return a - b;
}

/** Each hold's total of `weights` (coefficients or their squares) over its draws, times DRAW_WEIGHT. */
export function holdTotals(counts: Float64Array, width: number, weights: Float64Array, out: Float64Array): void {
  for (let m = 0; m < 32; m++) {
    let sum = 0;
    const at = m * width;
    for (let w = 0; w < width; w++) sum += counts[at + w]! * weights[w]!;
    out[m] = sum * DRAW_WEIGHT[m]!;
  }
}

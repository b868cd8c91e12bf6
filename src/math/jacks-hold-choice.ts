// Which of the 32 holds plays best, compared exactly: each hold's total return over its draws
// is scaled to a common denominator (DEAL_WEIGHT, the LCM of the draw counts C(47,k)), so
// expected returns compare as integers, without rounding.
//
// Tie rule (documented in README "Math"): highest expected return; among equal returns, the
// hold that discards fewest cards; then the one whose held ranks are higher (compared highest
// card first); then the lowest hold mask (bit i = position i held).

import { BINOMIAL } from './combinations';
import { DRAWS_OF_HOLD, HELD_COUNT, JACKS_CATEGORY_COUNT } from './jacks-hold-counts';

const W = JACKS_CATEGORY_COUNT;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** LCM of C(47,k), k = 0..5: what each deal weighs in a published par sheet (7,669,695). */
export const DEAL_WEIGHT: number = [0, 1, 2, 3, 4, 5].reduce(
  (l, k) => (l / gcd(l, BINOMIAL[47]![k]!)) * BINOMIAL[47]![k]!,
  1,
);

/** DEAL_WEIGHT / C(47, discards) per hold mask: the whole-number weight of one draw. */
export const DRAW_WEIGHT: Float64Array = Float64Array.from(DRAWS_OF_HOLD, (draws) => DEAL_WEIGHT / draws);

/** Return of each hold scaled by DEAL_WEIGHT (exact integers below 2^53), into `out[32]`. */
export function holdReturns(counts: Float64Array, coefficients: Float64Array, out: Float64Array): void {
  for (let m = 0; m < 32; m++) {
    let sum = 0;
    const at = m * W;
    for (let w = 0; w < W; w++) sum += counts[at + w]! * coefficients[w]!;
    out[m] = sum * DRAW_WEIGHT[m]!;
  }
}

/** Held ranks as one number, highest first, so that higher held ranks compare greater. */
function heldRankKey(ranks: ArrayLike<number>, mask: number): number {
  const held: number[] = [];
  for (let i = 0; i < 5; i++) if (mask & (1 << i)) held.push(ranks[i]!);
  held.sort((a, b) => b - a);
  let key = 0;
  for (const r of held) key = key * 16 + r + 1;
  return key;
}

/** Negative when hold a plays before hold b by the tie rule above. */
export function compareHolds(returns: ArrayLike<number>, ranks: ArrayLike<number>, a: number, b: number): number {
  if (returns[a] !== returns[b]) return returns[b]! - returns[a]!;
  if (HELD_COUNT[a] !== HELD_COUNT[b]) return HELD_COUNT[b]! - HELD_COUNT[a]!;
  const ka = heldRankKey(ranks, a);
  const kb = heldRankKey(ranks, b);
  if (ka !== kb) return kb - ka;
  return a - b;
}

/** The best hold mask; `ranks` are the deal's ranks in position order (for the tie rule). */
export function bestHold(returns: ArrayLike<number>, ranks: ArrayLike<number>): number {
  let best = 0;
  for (let m = 1; m < 32; m++) {
    if (returns[m]! > returns[best]! || (returns[m] === returns[best] && compareHolds(returns, ranks, m, best) < 0))
      best = m;
  }
  return best;
}

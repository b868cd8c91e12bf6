// Draw outcomes of all 32 holds of one deal, by inclusion–exclusion over the draw tables:
// the final hands of hold S are the five-card hands that contain S and none of the discards,
//   N(S) = sum over S ⊆ T ⊆ deal of (-1)^|T \ S| · hands⊇T,
// a Möbius transform over the 5-bit lattice of the deal (80 row subtractions).

// Kept free of core's evaluator (the caller passes the deal's own category) so that worker
// threads load it without building the evaluator's tables.

import { BINOMIAL } from './combinations';

/** Jacks categories 0 (nothing) .. 9 (royal flush), the length of core's JACKS_CATEGORIES. */
export const JACKS_CATEGORY_COUNT = 10;
const W = JACKS_CATEGORY_COUNT;

/**
 * For every set of 0 to 4 cards, how many five-card hands that contain it fall in each category
 * (built by jacks-draw-tables.ts, read here). levels[k]: C(52,k) rows of JACKS_CATEGORY_COUNT
 * counts, row = colex index of the k-set.
 */
export interface DrawTables {
  levels: Uint32Array[];
}

/** Number of held cards of each 5-bit hold mask. */
export const HELD_COUNT: Uint8Array = (() => {
  const out = new Uint8Array(32);
  for (let m = 0; m < 32; m++) out[m] = (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1);
  return out;
})();

/** C(47, discards) for each hold mask: how many draws the hold has. */
export const DRAWS_OF_HOLD: Float64Array = Float64Array.from(HELD_COUNT, (held) => BINOMIAL[47]![5 - held]!);

/**
 * Fills `out` (32 × JACKS_CATEGORY_COUNT, row = hold mask over the deal's positions) with the
 * number of draws that end in each category. `deal` is five distinct cards in position order;
 * `dealCategory` is its own Jacks category (what holding all five ends in).
 */
export function holdCounts(tables: DrawTables, deal: ArrayLike<number>, dealCategory: number, out: Float64Array): void {
  // Ascending cards with their positions, for colex indices.
  // Five positions, 0..4, throughout (the `!`s below).
  const cards = [deal[0]!, deal[1]!, deal[2]!, deal[3]!, deal[4]!];
  const pos = [0, 1, 2, 3, 4];
  for (let i = 1; i < 5; i++) {
    for (let j = i; j > 0 && cards[j - 1]! > cards[j]!; j--) {
      const t = cards[j]!;
      cards[j] = cards[j - 1]!;
      cards[j - 1] = t;
      const p = pos[j]!;
      pos[j] = pos[j - 1]!;
      pos[j - 1] = p;
    }
  }
  const levels = tables.levels;
  // Subsets by sorted order: index of m = index of m minus its top bit + C(top card, size).
  const index = SCRATCH_INDEX;
  const posMask = SCRATCH_POSMASK;
  index[0] = 0;
  posMask[0] = 0;
  for (let m = 1; m < 32; m++) {
    const top = 31 - Math.clz32(m);
    const rest = m ^ (1 << top);
    index[m] = index[rest]! + BINOMIAL[cards[top]!]![HELD_COUNT[m]!]!;
    posMask[m] = posMask[rest]! | (1 << pos[top]!);
  }
  for (let m = 0; m < 31; m++) {
    const level = levels[HELD_COUNT[m]!]!;
    const from = index[m]! * W;
    const to = posMask[m]! * W;
    for (let w = 0; w < W; w++) out[to + w] = level[from + w]!;
  }
  const full = 31 * W;
  for (let w = 0; w < W; w++) out[full + w] = 0;
  out[full + dealCategory] = 1;
  for (let bit = 1; bit < 32; bit <<= 1) {
    for (let m = 0; m < 32; m++) {
      if (m & bit) continue;
      const a = m * W;
      const b = (m | bit) * W;
      for (let w = 0; w < W; w++) out[a + w]! -= out[b + w]!;
    }
  }
}

const SCRATCH_INDEX = new Int32Array(32);
const SCRATCH_POSMASK = new Int32Array(32);

// Draw outcomes of a deal's holds by inclusion–exclusion over the draw tables: the final hands of
// hold S are the five-card hands that contain S and none of the discards,
//   N(S) = sum over S ⊆ T ⊆ deal of (-1)^|T \ S| · hands⊇T.
// All 32 holds at once (a Möbius transform, for the hint), or one hold alone (the par sheet,
// which needs the counts of the best hold only).

import { BINOMIAL } from '../combinations';
import { HELD_COUNT } from '../jacks-hold-counts';
import type { FamilyDrawTables } from './draw-tables';

/** The deal's 32 subsets: each one's colex index (`index`) and its positions in the deal (`positions`). */
export interface DealSubsets {
  /** By mask over the deal's cards in ascending order. */
  index: Int32Array;
  /** The same subset as a mask over the deal's positions. */
  positions: Int32Array;
}

export const newDealSubsets = (): DealSubsets => ({ index: new Int32Array(32), positions: new Int32Array(32) });

const SORTED = new Int32Array(5);
const POSITION = new Int32Array(5);

/** Fills `into` for five distinct cards in position order. Allocates nothing (a par sheet calls it per deal). */
export function dealSubsets(deal: ArrayLike<number>, into: DealSubsets): void {
  const cards = SORTED;
  const pos = POSITION;
  for (let i = 0; i < 5; i++) {
    let j = i;
    const card = deal[i]!;
    for (; j > 0 && cards[j - 1]! > card; j--) {
      cards[j] = cards[j - 1]!;
      pos[j] = pos[j - 1]!;
    }
    cards[j] = card;
    pos[j] = i;
  }
  // Index of m = index of m without its top card + C(top card, size of m).
  const index = into.index;
  const positions = into.positions;
  index[0] = 0;
  positions[0] = 0;
  for (let m = 1; m < 32; m++) {
    const top = 31 - Math.clz32(m);
    const rest = m ^ (1 << top);
    index[m] = index[rest]! + BINOMIAL[cards[top]!]![HELD_COUNT[m]!]!;
    positions[m] = positions[rest]! | (1 << pos[top]!);
  }
}

/**
 * Fills `out` (32 × width, row = hold mask over the deal's positions) with every hold's number of
 * draws ending in each category; `dealCategory` is the deal's own (what holding all five makes).
 */
export function allHoldCounts(
  tables: FamilyDrawTables,
  subsets: DealSubsets,
  dealCategory: number,
  out: Float64Array,
): void {
  const W = tables.width;
  for (let m = 0; m < 31; m++) {
    const level = tables.levels[HELD_COUNT[m]!]!;
    const from = subsets.index[m]! * W;
    const to = subsets.positions[m]! * W;
    for (let w = 0; w < W; w++) out[to + w] = level[from + w]!;
  }
  const full = 31 * W;
  out.fill(0, full, full + W);
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

/**
 * Adds `scale` × the draw counts of one hold (`held`, a mask over the deal's cards in ascending
 * order) to `into`: the supersets of the hold within the deal, signed.
 */
export function addHoldCounts(
  tables: FamilyDrawTables,
  subsets: DealSubsets,
  dealCategory: number,
  held: number,
  scale: number,
  into: Float64Array,
): void {
  const W = tables.width;
  const levels = tables.levels;
  const index = subsets.index;
  for (let m = held; m < 31; m = (m + 1) | held) {
    const s = (HELD_COUNT[m ^ held]! & 1) === 0 ? scale : -scale;
    const level = levels[HELD_COUNT[m]!]!;
    const at = index[m]! * W;
    for (let w = 0; w < W; w++) into[w]! += s * level[at + w]!;
  }
  into[dealCategory]! += (HELD_COUNT[31 ^ held]! & 1) === 0 ? scale : -scale;
}

// Builds the evaluator's lookup tables once, at load, from the reference statement of the rules
// (hand-reference.ts), so that the fast path and the rules cannot disagree.
//
// Non-flush hands are keyed by a sum of per-rank constants chosen (by a greedy search) so that
// every multiset of five ranks (at most four of each) has its own sum; likewise for six. Flushes
// are keyed by the 13-bit mask of their ranks. Values are dense: 1 (7-5-4-3-2 offsuit) up to
// 7462 (royal flush), higher wins, equal only for hands equal by H-5.

import { referenceKey, referenceRank } from './hand-reference';

export const RANK_KEYS_5 = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415];
export const RANK_KEYS_6 = [0, 1, 5, 22, 98, 422, 1734, 5760, 14270, 37951, 90838, 206930, 436437];

export const HAND_VALUE_COUNT = 7462;

export interface EvaluatorTables {
  rank5: Uint16Array;
  rank6: Uint16Array;
  /** Indexed by rank mask; filled for masks of five or six ranks (best flush of the six). */
  flush: Uint16Array;
  /** Category index of each value, 0..9. */
  category: Uint8Array;
  /** Lowest value that is a pair of jacks or better. */
  jacksMin: number;
}

/** Every multiset of `size` ranks with at most four of a rank, as rank arrays. */
function rankMultisets(size: number): number[][] {
  const out: number[][] = [];
  const current: number[] = [];
  const walk = (rank: number, left: number): void => {
    if (left === 0) {
      out.push([...current]);
      return;
    }
    if (rank > 12) return;
    for (let c = Math.min(4, left); c >= 0; c--) {
      for (let i = 0; i < c; i++) current.push(rank);
      walk(rank + 1, left - c);
      for (let i = 0; i < c; i++) current.pop();
    }
  };
  walk(0, size);
  return out;
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

const sumKeys = (ranks: readonly number[], keys: readonly number[]): number =>
  ranks.reduce((s, r) => {
    const key = keys[r];
    if (key === undefined) throw new RangeError(`evaluator tables: no rank key for rank ${r}`);
    return s + key;
  }, 0);

export function buildEvaluatorTables(): EvaluatorTables {
  const fives = rankMultisets(5);
  const flushMasks: number[] = [];
  for (let m = 0; m < 8192; m++) if (popcount(m) === 5) flushMasks.push(m);
  const maskRanks = (m: number): number[] => [...Array(13).keys()].filter((r) => m & (1 << r));

  // Dense numbering: sort every distinct reference key. Each hand's key is worked out once (the
  // reference ranking is the slow part of the build).
  const fiveKeys = fives.map((ranks) => referenceKey(referenceRank(ranks, false)));
  const flushKeys = flushMasks.map((m) => referenceKey(referenceRank(maskRanks(m), true)));
  const ordered = [...new Set([...fiveKeys, ...flushKeys])].sort((a, b) => a - b);
  if (ordered.length !== HAND_VALUE_COUNT) {
    throw new Error(`evaluator tables: ${ordered.length} hand classes, expected ${HAND_VALUE_COUNT}`);
  }
  const dense = new Map<number, number>(ordered.map((k, i) => [k, i + 1]));

  const category = new Uint8Array(HAND_VALUE_COUNT + 1);
  for (const k of ordered) category[dense.get(k)!] = Math.floor(k / 16 ** 5);

  const rank5 = new Uint16Array(sumKeys([12, 12, 12, 12, 11], RANK_KEYS_5) + 1);
  fives.forEach((ranks, i) => {
    const at = sumKeys(ranks, RANK_KEYS_5);
    if (rank5[at] !== 0) throw new Error('evaluator tables: five-card rank keys collide');
    rank5[at] = dense.get(fiveKeys[i]!)!;
  });

  const flush = new Uint16Array(8192);
  flushMasks.forEach((m, i) => (flush[m] = dense.get(flushKeys[i]!)!));

  const rank6 = new Uint16Array(sumKeys([12, 12, 12, 12, 11, 11], RANK_KEYS_6) + 1);
  for (const ranks of rankMultisets(6)) {
    const at = sumKeys(ranks, RANK_KEYS_6);
    if (rank6[at] !== 0) throw new Error('evaluator tables: six-card rank keys collide');
    // Every five of these six ranks is a multiset rank5 was filled for above: the six's key
    // less the key of the rank left out.
    const all5 = sumKeys(ranks, RANK_KEYS_5);
    let best = 0;
    for (const left of ranks) best = Math.max(best, rank5[all5 - RANK_KEYS_5[left]!]!);
    rank6[at] = best;
  }
  // Six of a suit: the best of the five-card flushes within it.
  for (let m = 0; m < 8192; m++) {
    if (popcount(m) !== 6) continue;
    let best = 0;
    for (let rest = m; rest !== 0; rest &= rest - 1) best = Math.max(best, flush[m & ~(rest & -rest)]!);
    flush[m] = best;
  }

  const jacksMin = rank5[sumKeys([9, 9, 2, 1, 0], RANK_KEYS_5)]!;
  return { rank5, rank6, flush, category, jacksMin };
}

// The plain, readable statement of H-3 to H-5 for five ranks. It builds the evaluator's tables
// and serves tests as the oracle; it is far too slow for hot paths and is never used in them.

/** Category index (see CATEGORIES) and the tie-break ranks, most significant first. */
export interface ReferenceRank {
  category: number;
  tiebreak: number[];
}

/** `ranks`: five ranks 0..12 in any order; `flush`: all five share a suit. */
export function referenceRank(ranks: readonly number[], flush: boolean): ReferenceRank {
  if (ranks.length !== 5) throw new RangeError(`referenceRank needs five ranks, got ${ranks.length}`);
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  // Groups ordered by size, then rank: the H-5 comparison order for pairs, trips and quads.
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const byGroup = groups.map(([r]) => r);
  const top = groups[0]?.[1] ?? 0;
  const next = groups[1]?.[1] ?? 0;
  const sorted = [...ranks].sort((a, b) => b - a);
  // Five ranks, checked above.
  const high = sorted[0]!;
  const distinct = groups.length === 5;
  let straightHigh = -1;
  if (distinct && high - sorted[4]! === 4) straightHigh = high;
  // H-4: the wheel A-2-3-4-5 is the lowest straight, its high card is the five (rank 3).
  if (distinct && high === 12 && sorted[1] === 3) straightHigh = 3;

  if (straightHigh >= 0 && flush) {
    return straightHigh === 12 ? { category: 9, tiebreak: [12] } : { category: 8, tiebreak: [straightHigh] };
  }
  if (top === 4) return { category: 7, tiebreak: byGroup };
  if (top === 3 && next === 2) return { category: 6, tiebreak: byGroup };
  if (flush) return { category: 5, tiebreak: sorted };
  if (straightHigh >= 0) return { category: 4, tiebreak: [straightHigh] };
  if (top === 3) return { category: 3, tiebreak: byGroup };
  if (top === 2 && next === 2) return { category: 2, tiebreak: byGroup };
  if (top === 2) return { category: 1, tiebreak: byGroup };
  return { category: 0, tiebreak: sorted };
}

/** One number that orders reference ranks the way H-5 does (not dense). */
export function referenceKey(rank: ReferenceRank): number {
  let key = rank.category;
  for (let i = 0; i < 5; i++) key = key * 16 + (rank.tiebreak[i] ?? 0);
  return key;
}

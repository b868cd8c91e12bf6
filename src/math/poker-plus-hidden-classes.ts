// The dealer's four hidden cards in Poker Plus by class (P-8 to P-10): against one up rank, the
// 1,820 multisets of four ranks (less the one holding four more of the up rank), each with what
// it makes and, when it makes no game, which four the dealer keeps when the game is bought. A
// class's hands are weighed by how many unseen cards carry its ranks (poker-plus-dealer-counts.ts);
// its suits matter only where all four hidden cards share the up card's suit (a flush).

import { GAME, KEPT_INDEX, plainValue, rankMultisets, suitedValue } from './poker-plus-rank-tables';

export interface HiddenClasses {
  count: number;
  /** Four factors per class, each rank * 5 + copies: the class's hands are the product of
   * C(unseen of that rank, copies). Unused factors are 0 (no copies of rank 0: a factor of 1). */
  factors: Int32Array;
  /** 13-bit rank mask when the four ranks differ, else 0. */
  distinctMask: Int32Array;
  /** Value with the up card, in mixed suits. */
  plain: Int32Array;
  /** Value when all five share the up card's suit (distinct ranks without the up rank), else 0. */
  suited: Int32Array;
  /** For a class making no game: the four kept (0..714), else -1. */
  kept: Int32Array;
  /** For a class making no game: the lowest rank of the five, the card thrown away. */
  low: Int8Array;
  /** The classes holding rank r, and how many copies of it. */
  byRank: Int32Array[];
  byRankCopies: Int8Array[];
}

function hiddenClasses(up: number): HiddenClasses {
  const fours = rankMultisets(4);
  const n = fours.length / 4 - 1; // less the four of the up rank
  const out: HiddenClasses = {
    count: n,
    factors: new Int32Array(n * 4),
    distinctMask: new Int32Array(n),
    plain: new Int32Array(n),
    suited: new Int32Array(n),
    kept: new Int32Array(n),
    low: new Int8Array(n),
    byRank: [],
    byRankCopies: [],
  };
  const byRank: number[][] = Array.from({ length: 13 }, () => []);
  const byRankCopies: number[][] = Array.from({ length: 13 }, () => []);
  let i = 0;
  for (let at = 0; at < fours.length; at += 4) {
    const ranks = [...fours.subarray(at, at + 4)];
    const copies = new Map<number, number>();
    for (const r of ranks) copies.set(r, (copies.get(r) ?? 0) + 1);
    if ((copies.get(up) ?? 0) >= 4) continue; // five of the up rank cannot be dealt
    let f = 0;
    for (const [r, m] of copies) {
      byRank[r]!.push(i);
      byRankCopies[r]!.push(m);
      out.factors[i * 4 + f++] = r * 5 + m;
    }
    const distinct = copies.size === 4;
    const mask = distinct ? ranks.reduce((m, r) => m | (1 << r), 0) : 0;
    const plain = plainValue([...ranks, up]);
    out.distinctMask[i] = mask;
    out.plain[i] = plain;
    out.suited[i] = distinct && !(mask & (1 << up)) ? suitedValue([...ranks, up]) : 0;
    out.kept[i] = -1;
    out.low[i] = -1;
    if (!GAME[plain]) {
      const low = Math.min(ranks[0]!, up);
      out.low[i] = low;
      out.kept[i] = KEPT_INDEX[(mask | (1 << up)) & ~(1 << low)]!;
    }
    i++;
  }
  out.byRank = byRank.map((list) => Int32Array.from(list));
  out.byRankCopies = byRankCopies.map((list) => Int8Array.from(list));
  return out;
}

const CLASSES: HiddenClasses[] = [];

/** The hidden classes against an up card of rank `up` (built once each). */
export const classesFor = (up: number): HiddenClasses => (CLASSES[up] ??= hiddenClasses(up));

// The Jacks or Better par sheet as published: count, probability and share of the return of
// every final hand under optimal play, at max bet, each deal weighing DEAL_WEIGHT.

import { JACKS_CATEGORIES, type JacksCategory, type JacksPayTable, JACKS_OR_BETTER_ID } from '../core';
import { analyzeClassesForTables, type JacksWork } from './jacks-analysis';
import { buildDrawTables } from './jacks-draw-tables';
import { jacksCategoryOf5, maxBetCoefficients } from './jacks-categories';
import { DEAL_WEIGHT } from './jacks-hold-choice';
import { JACKS_CATEGORY_COUNT } from './jacks-hold-counts';
import { suitClasses, type SuitClasses } from './suit-classes';

const W = JACKS_CATEGORY_COUNT;

export interface ParSheetLine {
  count: number;
  probability: number;
  return: number;
}

export interface JacksParSheet {
  game: typeof JACKS_OR_BETTER_ID;
  /** Expected return per chip bet at max bet (0.995439… for 9/6). */
  rtp: number;
  total: number;
  hands: Record<JacksCategory, ParSheetLine>;
}

/** All 2,598,960 deals × DEAL_WEIGHT = 19,933,230,517,200. */
export const PAR_SHEET_TOTAL = 2598960 * DEAL_WEIGHT;

export function dealCategoriesOf(classes: SuitClasses, allocate = (n: number) => new Uint8Array(n)): Uint8Array {
  const out = allocate(classes.count);
  for (let i = 0; i < classes.count; i++) out[i] = jacksCategoryOf5(classes.deals.subarray(i * 5, i * 5 + 5));
  return out;
}

/** Everything the analysis reads, in ordinary memory (the single-threaded path and tests). */
export function jacksWork(table: JacksPayTable, classes: SuitClasses = suitClasses()): JacksWork {
  return {
    tables: buildDrawTables(),
    classes,
    dealCategories: dealCategoriesOf(classes),
    coefficients: maxBetCoefficients(table),
  };
}

/** What the analysis reads whatever the pay table: the draw tables, the suit classes and each deal's own category. */
export type DealWork = Omit<JacksWork, 'coefficients'>;

/** Builds the deal work on this thread (the draw tables take a few hundred ms). */
export function dealWork(): DealWork {
  const classes = suitClasses();
  return { tables: buildDrawTables(), classes, dealCategories: dealCategoriesOf(classes) };
}

/**
 * Par sheets of several tables in one pass over the deals, on this thread: the draw tables and
 * every hold's outcomes are worked out once for all of them (five tables cost about twice one).
 */
export function jacksParSheets(tables: readonly JacksPayTable[], work: DealWork = dealWork()): JacksParSheet[] {
  if (tables.length === 0) return [];
  const counts = analyzeClassesForTables(work, tables.map(maxBetCoefficients), 0, work.classes.count);
  return tables.map((table, i) => parSheetFromCounts(counts[i]!, table));
}

/** Turns summed counts into the par sheet; the RTP is computed in BigInt, then rounded once. */
export function parSheetFromCounts(counts: ArrayLike<number>, table: JacksPayTable): JacksParSheet {
  const coefficients = maxBetCoefficients(table);
  let sum = 0;
  let returned = 0n;
  for (let w = 0; w < W; w++) {
    if (!Number.isSafeInteger(counts[w])) throw new Error(`par sheet: count ${counts[w]} is not an exact integer`);
    sum += counts[w]!;
    returned += BigInt(counts[w]!) * BigInt(coefficients[w]!);
  }
  if (sum !== PAR_SHEET_TOTAL) throw new Error(`par sheet: counts add up to ${sum}, expected ${PAR_SHEET_TOTAL}`);
  const hands = {} as Record<JacksCategory, ParSheetLine>;
  // Highest category first, as par sheets print them.
  for (let w = W - 1; w >= 0; w--) {
    hands[JACKS_CATEGORIES[w]!] = {
      count: counts[w]!,
      probability: counts[w]! / sum,
      return: (counts[w]! * coefficients[w]!) / sum,
    };
  }
  const scale = 10n ** 15n;
  const rtp = Number((returned * scale) / BigInt(sum)) / Number(scale);
  return { game: JACKS_OR_BETTER_ID, rtp, total: sum, hands };
}

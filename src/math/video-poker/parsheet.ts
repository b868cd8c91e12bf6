// A family's par sheet as published: count, probability and share of the return of every final
// hand under optimal play (V-1), at max bet, each deal weighing DEAL_WEIGHT; the same JSON as
// Jacks or Better's (game, rtp, total, hands).

import { coefficientsAt, type VideoPokerPayTable } from '../../core/video-poker/coefficients';
import type { VideoPokerFamily } from '../../core/video-poker/family';
import { DEAL_WEIGHT } from '../jacks-hold-choice';
import { suitClasses, type SuitClasses } from '../suit-classes';
import { analyzeClasses, tablePlan, type FamilyWork } from './analysis';
import { buildDrawTables } from './draw-tables';

export interface ParSheetLine {
  count: number;
  probability: number;
  return: number;
}

export interface FamilyParSheet {
  game: string;
  /** Expected return per chip bet at max bet. */
  rtp: number;
  total: number;
  /** By category id, highest category first. */
  hands: Record<string, ParSheetLine>;
}

/** All 2,598,960 deals × DEAL_WEIGHT = 19,933,230,517,200. */
export const PAR_SHEET_TOTAL = 2598960 * DEAL_WEIGHT;

export function dealCategoriesOf(
  family: VideoPokerFamily,
  classes: SuitClasses,
  allocate = (n: number) => new Uint8Array(n),
): Uint8Array {
  const out = allocate(classes.count);
  const d = classes.deals;
  for (let i = 0, at = 0; i < classes.count; i++, at += 5)
    out[i] = family.category5(d[at]!, d[at + 1]!, d[at + 2]!, d[at + 3]!, d[at + 4]!);
  return out;
}

/** Everything the analysis reads, in ordinary memory (one thread, and the tests). */
export function familyWork(family: VideoPokerFamily, classes: SuitClasses = suitClasses()): FamilyWork {
  return { tables: buildDrawTables(family), classes, dealCategories: dealCategoriesOf(family, classes) };
}

/** Par sheets of several tables in one pass over the deals, on this thread, with work built before (tests, a running cabinet). */
export function familyParSheetsSync(
  family: VideoPokerFamily,
  tables: readonly VideoPokerPayTable[],
  work: FamilyWork = familyWork(family),
): FamilyParSheet[] {
  if (tables.length === 0) return [];
  const plans = tables.map((t) => tablePlan(work.tables, coefficientsAt(family, t)));
  const counts = analyzeClasses(work, plans, 0, work.classes.count);
  return tables.map((table, i) => parSheetFromCounts(family, counts[i]!, table));
}

/** Turns summed counts into the par sheet; the RTP is computed in BigInt, then rounded once. */
export function parSheetFromCounts(
  family: VideoPokerFamily,
  counts: ArrayLike<number>,
  table: VideoPokerPayTable,
): FamilyParSheet {
  const coefficients = coefficientsAt(family, table);
  const W = family.categories.length;
  if (counts.length !== W) throw new Error(`par sheet: ${counts.length} counts, ${family.game} has ${W} categories`);
  let sum = 0;
  let returned = 0n;
  for (let w = 0; w < W; w++) {
    if (!Number.isSafeInteger(counts[w])) throw new Error(`par sheet: count ${counts[w]} is not an exact integer`);
    sum += counts[w]!;
    returned += BigInt(counts[w]!) * BigInt(coefficients[w]!);
  }
  if (sum !== PAR_SHEET_TOTAL) throw new Error(`par sheet: counts add up to ${sum}, expected ${PAR_SHEET_TOTAL}`);
  const hands: Record<string, ParSheetLine> = {};
  // Highest category first, as par sheets print them.
  for (let w = W - 1; w >= 0; w--) {
    hands[family.categories[w]!] = {
      count: counts[w]!,
      probability: counts[w]! / sum,
      return: (counts[w]! * coefficients[w]!) / sum,
    };
  }
  const scale = 10n ** 15n;
  const rtp = Number((returned * scale) / BigInt(sum)) / Number(scale);
  return { game: family.game, rtp, total: sum, hands };
}

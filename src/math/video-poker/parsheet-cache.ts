// A table's par sheet kept under the table's digest, so that a cabinet's start does not grow with
// the tables installed: the cabinet keeps the sheets with its records (the store below), and a
// sheet is worked out again only when its table (or the analysis) changes. A kept sheet is
// checked before it is believed: its lines must be the family's categories, its counts exact
// and adding up to the total, and every figure the one its counts give with the table; else it
// is worked out again and kept anew. (What the counts themselves are, only the analysis can say:
// the records' signature is what guards them.)

import { createHash } from 'node:crypto';
import { coefficientsAt, type VideoPokerPayTable } from '../../core/video-poker/coefficients';
import type { VideoPokerFamily } from '../../core/video-poker/family';
import { parSheetFromCounts, type FamilyParSheet } from './parsheet';
import { familyParSheet } from './parsheet-parallel';

/**
 * The analysis a kept sheet was worked out by: raised whenever the par sheet of some table would
 * change (the tie rule V-1, the weighting), so every kept sheet is worked out again.
 */
export const PAR_SHEET_ANALYSIS = 1;

/** Where the cabinet keeps the sheets (a table of its records): any value may come back, and is checked. */
export interface ParSheetStore {
  get(digest: string): unknown;
  set(digest: string, sheet: FamilyParSheet): void;
}

/**
 * The digest of what a table's par sheet depends on: the analysis, the family and its
 * categories, and the coefficients it plays at max bet (J-6's royal included). Two tables that
 * pay alike at max bet share it, whatever their other fields.
 */
export function parSheetDigest(family: VideoPokerFamily, table: VideoPokerPayTable): string {
  const what = {
    analysis: PAR_SHEET_ANALYSIS,
    game: family.game,
    categories: family.categories,
    coefficients: Array.from(coefficientsAt(family, table)),
  };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** What is wrong with a kept sheet for this family and table, or null. */
export function keptSheetProblem(family: VideoPokerFamily, table: VideoPokerPayTable, kept: unknown): string | null {
  if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return 'is not a par sheet';
  const hands = (kept as { hands?: unknown }).hands;
  if (typeof hands !== 'object' || hands === null || Array.isArray(hands)) return 'has no hands';
  const ids = [...family.categories].reverse();
  if (Object.keys(hands).join() !== ids.join()) return `its hands are not the ${family.game} categories`;
  const counts = family.categories.map((id) => (hands as Record<string, { count?: unknown }>)[id]?.count);
  if (!counts.every((n): n is number => Number.isSafeInteger(n) && (n as number) >= 0))
    return 'has a count that is not a whole number';
  let again: FamilyParSheet;
  try {
    again = parSheetFromCounts(family, counts, table);
  } catch (e) {
    return (e as Error).message;
  }
  return JSON.stringify(again) === JSON.stringify(kept) ? null : 'has figures its counts do not give';
}

export interface CachedParSheet {
  sheet: FamilyParSheet;
  digest: string;
  /** True when the kept sheet was used; false when it was worked out (and kept). */
  kept: boolean;
  /** Why a sheet kept under the digest was not believed, if one was. */
  refused: string | null;
}

/**
 * The table's par sheet from the store, or worked out (on this thread by default, giving the event
 * loop back between slices) and kept there.
 */
export async function cachedParSheet(
  family: VideoPokerFamily,
  table: VideoPokerPayTable,
  store: ParSheetStore,
  compute: (family: VideoPokerFamily, table: VideoPokerPayTable) => Promise<FamilyParSheet> = (f, t) =>
    familyParSheet(f, t),
): Promise<CachedParSheet> {
  const digest = parSheetDigest(family, table);
  const kept = store.get(digest);
  let refused: string | null = null;
  if (kept !== undefined && kept !== null) {
    refused = keptSheetProblem(family, table, kept);
    if (refused === null) return { sheet: kept as FamilyParSheet, digest, kept: true, refused: null };
  }
  const sheet = await compute(family, table);
  store.set(digest, sheet);
  return { sheet, digest, kept: false, refused };
}

// The same par sheets as jacksParSheets, worked out a slice of suit classes at a time with the
// event loop given back between slices. A running cabinet rates its installed tables this way:
// the whole pass holds its thread for a second or more, long enough for the button deck's
// heartbeat to be missed and a SAS poll to go unanswered, while no slice holds it for more than
// a few milliseconds.

import type { JacksPayTable, Progress } from '../core';
import { analyzeClassesForTables } from './jacks-analysis';
import { maxBetCoefficients } from './jacks-categories';
import { JACKS_CATEGORY_COUNT } from './jacks-hold-counts';
import { parSheetFromCounts, type DealWork, type JacksParSheet } from './jacks-parsheet';

export interface TurnOptions {
  /** Suit classes per slice: about 1.5 ms of work per 200 on this machine, per table a little more. */
  classesPerTurn?: number;
  /** Waits for the next turn of the event loop (setImmediate by default; tests count the turns). */
  nextTurn?: () => Promise<void>;
  /** Asked before each slice: true gives up, and the promise resolves to null. */
  cancelled?: () => boolean;
  /** Told the deal classes done, slice by slice (the technician's screens show it). */
  progress?: Progress;
}

const setImmediateTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function jacksParSheetsInTurns(
  tables: readonly JacksPayTable[],
  work: DealWork,
  options: TurnOptions = {},
): Promise<JacksParSheet[] | null> {
  if (tables.length === 0) return [];
  const per = Math.max(1, options.classesPerTurn ?? 400);
  const nextTurn = options.nextTurn ?? setImmediateTurn;
  const coefficients = tables.map(maxBetCoefficients);
  const totals = tables.map(() => new Float64Array(JACKS_CATEGORY_COUNT));
  options.progress?.stage('deal classes', work.classes.count, 'classes');
  for (let from = 0; from < work.classes.count; from += per) {
    options.progress?.done(from);
    await nextTurn();
    if (options.cancelled?.()) return null;
    const slice = analyzeClassesForTables(work, coefficients, from, Math.min(work.classes.count, from + per));
    // Every count is an integer below 2^53, so the slices add up exactly (see analyzeClasses).
    // One total per table and one category count per position: the indexes are all in range.
    slice.forEach((counts, t) => counts.forEach((n, w) => (totals[t]![w]! += n)));
  }
  options.progress?.done(work.classes.count);
  return tables.map((table, t) => parSheetFromCounts(totals[t]!, table));
}

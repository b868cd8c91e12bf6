// A family's par sheets, on this thread or on a pool of workers (worker-pool.ts): the work is
// built once in shared memory, then slices of the suit classes are analyzed and their counts
// add up. One thread is the default: the whole analysis takes less CPU than booting one
// TypeScript worker (docs: bench:parsheet), so workers pay only on a machine with cores to spare.

import type { Progress } from '../../core';
// Family modules by file, not the folder's index: the index brings zod's pay-table shapes too.
import { coefficientsAt, type VideoPokerPayTable } from '../../core/video-poker/coefficients';
import type { VideoPokerFamily } from '../../core/video-poker/family';
import { suitClasses, type SuitClasses } from '../suit-classes';
import { WorkerPool } from '../worker-pool';
import { analyzeClasses, tablePlan, type FamilyWork, type TablePlan } from './analysis';
import { buildDrawTables } from './draw-tables';
import { dealCategoriesOf, parSheetFromCounts, type FamilyParSheet } from './parsheet';
import { analyzeSlice, type SliceRequest } from './parsheet-worker';

export interface FamilyParSheetOptions {
  /** Worker threads; 1 (the default) runs on this thread alone. */
  threads?: number;
  /** Suit classes per slice of work. */
  slice?: number;
  /** The classes analyzed so far, and a stop between slices. */
  progress?: Progress;
  signal?: AbortSignal;
}

const WORKER = new URL('./parsheet-worker.ts', import.meta.url);
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function inShared<T extends Uint8Array | Int32Array | Uint32Array | Float64Array>(
  make: new (buffer: SharedArrayBuffer) => T,
  bytesPer: number,
): (length: number) => T {
  return (length) => new make(new SharedArrayBuffer(length * bytesPer));
}

function sharedClasses(plain: SuitClasses): SuitClasses {
  const deals = inShared(Int32Array, 4)(plain.deals.length);
  const weights = inShared(Uint8Array, 1)(plain.weights.length);
  deals.set(plain.deals);
  weights.set(plain.weights);
  return { deals, weights, count: plain.count };
}

/** The par sheets of `tables` for the family, every deal played by its best hold (V-1). */
export async function familyParSheets(
  family: VideoPokerFamily,
  tables: readonly VideoPokerPayTable[],
  options: FamilyParSheetOptions = {},
): Promise<FamilyParSheet[]> {
  const threads = Math.max(1, options.threads ?? 1);
  // Workers boot while this thread builds the work.
  const pool = threads > 1 ? new WorkerPool<SliceRequest, Float64Array[]>(WORKER, analyzeSlice, threads) : null;
  pool?.warm();
  try {
    options.progress?.stage('draw tables', 0);
    const shared = pool !== null;
    const classes = shared ? sharedClasses(suitClasses()) : suitClasses();
    const work: FamilyWork = {
      tables: buildDrawTables(family, shared ? inShared(Uint32Array, 4) : undefined),
      classes,
      dealCategories: dealCategoriesOf(family, classes, shared ? inShared(Uint8Array, 1) : undefined),
    };
    const plans: TablePlan[] = tables.map((t) =>
      tablePlan(
        work.tables,
        coefficientsAt(family, t),
        shared ? (length, bytes) => new SharedArrayBuffer(length * bytes) : undefined,
      ),
    );
    const count = classes.count;
    const slice = Math.max(1, options.slice ?? (shared ? 8192 : 4096));
    const totals = tables.map(() => new Float64Array(family.categories.length));
    // Every count is an integer below 2^53: slices add up exactly, in any order.
    const add = (counts: readonly Float64Array[]): void =>
      counts.forEach((c, t) => c.forEach((n, w) => (totals[t]![w]! += n)));
    options.progress?.stage('deal classes', count, 'classes');
    if (pool === null) {
      for (let from = 0; from < count; from += slice) {
        add(analyzeClasses(work, plans, from, Math.min(count, from + slice)));
        options.progress?.done(Math.min(count, from + slice));
        await nextTurn();
        options.signal?.throwIfAborted();
      }
    } else {
      const requests: SliceRequest[] = [];
      for (let from = 0; from < count; from += slice)
        requests.push({ work, plans, from, to: Math.min(count, from + slice) });
      let done = 0;
      const results = await pool.run(requests, {
        onResult: (i) => options.progress?.done((done += requests[i]!.to - requests[i]!.from)),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      results.forEach(add);
    }
    return tables.map((table, t) => parSheetFromCounts(family, totals[t]!, table));
  } finally {
    await pool?.close();
  }
}

/** One table's par sheet. */
export async function familyParSheet(
  family: VideoPokerFamily,
  table: VideoPokerPayTable,
  options: FamilyParSheetOptions = {},
): Promise<FamilyParSheet> {
  const [sheet] = await familyParSheets(family, [table], options);
  if (!sheet) throw new Error('par sheet: no sheet for the table');
  return sheet;
}

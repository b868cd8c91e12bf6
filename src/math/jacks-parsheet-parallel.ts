// The full Jacks or Better par sheet on every core. Workers start first (a worker that loads
// TypeScript takes a few hundred ms to boot) while this thread builds the draw tables and the
// suit classes in shared memory; then workers take slices of the classes until none is left
// (slices, not halves, so that a slow core does not hold the others up) and the counts add up.

import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { JacksPayTable, Progress } from '../core';
import { analyzeClasses, type JacksWork } from './jacks-analysis';
import { buildDrawTables } from './jacks-draw-tables';
import { maxBetCoefficients } from './jacks-categories';
import { JACKS_CATEGORY_COUNT } from './jacks-hold-counts';
import { dealCategoriesOf, jacksWork, parSheetFromCounts, type JacksParSheet } from './jacks-parsheet';
import type { WorkerReply, WorkerRequest } from './jacks-parsheet-worker';
import { everyDeal, suitClasses, type SuitClasses } from './suit-classes';
import { startTsWorker } from './ts-worker';

export interface ParSheetOptions {
  /** Threads in all, this one included; default one per core. 1 runs on this thread alone. */
  threads?: number;
  /** Suit classes per slice of work. */
  slice?: number;
  /** Analyze all 2,598,960 deals one by one instead of the suit classes (a check; ~19× the work). */
  everyDeal?: boolean;
  /** The classes analyzed so far (issue 44), and a stop between slices. */
  progress?: Progress;
  signal?: AbortSignal;
}

function shared<T extends Int32Array | Uint32Array | Uint8Array>(
  make: new (buffer: SharedArrayBuffer) => T,
  bytes: number,
): T {
  return new make(new SharedArrayBuffer(bytes));
}

function sharedWork(table: JacksPayTable, plain: SuitClasses): JacksWork {
  const classes: SuitClasses = {
    deals: shared(Int32Array, plain.deals.byteLength),
    weights: shared(Uint8Array, plain.weights.byteLength),
    count: plain.count,
  };
  classes.deals.set(plain.deals);
  classes.weights.set(plain.weights);
  return {
    tables: buildDrawTables((n) => shared(Uint32Array, n * 4)),
    classes,
    dealCategories: dealCategoriesOf(classes, (n) => shared(Uint8Array, n)),
    coefficients: maxBetCoefficients(table),
  };
}

const startWorker = (): Worker => startTsWorker(new URL('./jacks-parsheet-worker.ts', import.meta.url));

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * This thread works too: it takes slices while the workers boot (and between their replies),
 * so a worker that is slow to start costs nothing; once booted, the workers share the rest.
 */
export async function jacksParSheet(table: JacksPayTable, options: ParSheetOptions = {}): Promise<JacksParSheet> {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  if (threads === 1) {
    const work = jacksWork(table, options.everyDeal ? everyDeal() : undefined);
    return parSheetFromCounts(analyzeClasses(work, 0, work.classes.count), table);
  }
  const workers = Array.from({ length: threads - 1 }, startWorker);
  try {
    options.progress?.stage('draw tables', 0);
    const work = sharedWork(table, options.everyDeal ? everyDeal() : suitClasses());
    const count = work.classes.count;
    const slice = options.slice ?? 1024;
    let next = 0;
    let pending = 0;
    let failure: unknown = null;
    const totals = new Float64Array(JACKS_CATEGORY_COUNT);
    const add = (counts: ArrayLike<number>): void => {
      for (let w = 0; w < totals.length; w++) totals[w]! += counts[w]!;
    };
    const give = (worker: Worker): void => {
      if (next >= count) return;
      const from = next;
      next = Math.min(count, next + slice);
      pending++;
      worker.postMessage({ type: 'slice', from, to: next } satisfies WorkerRequest);
    };
    let settle: () => void = () => {};
    for (const worker of workers) {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'counts') {
          add(reply.counts);
          pending--;
        }
        give(worker);
        settle();
      });
      const fail = (e: unknown): void => {
        failure ??= e;
        settle();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`par sheet worker stopped (exit ${code})`)));
      worker.postMessage({ type: 'setup', work } satisfies WorkerRequest);
      // A second slice queued behind the first, so a worker never waits for this thread,
      // which answers only between its own slices.
      give(worker);
    }
    options.progress?.stage('deal classes', count, 'classes');
    // Done: the classes handed out but those of the slices still out (a slice at most each).
    const report = (): void => options.progress?.done(Math.max(0, next - pending * slice));
    while (next < count && failure === null) {
      const from = next;
      next = Math.min(count, next + slice);
      add(analyzeClasses(work, from, next));
      report();
      await nextTurn();
      options.signal?.throwIfAborted();
    }
    while (pending > 0 && failure === null) {
      await new Promise<void>((resolve) => (settle = resolve));
      report();
      options.signal?.throwIfAborted();
    }
    if (failure !== null) throw failure;
    return parSheetFromCounts(totals, table);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

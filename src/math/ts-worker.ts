// Starts a worker thread on a TypeScript module, under `npx tsx` and under vitest alike: the
// module is loaded as an ES module (ts-worker-boot.mjs), as on the main thread.

import { Worker } from 'node:worker_threads';

export function startTsWorker(entry: URL, data: Record<string, unknown> = {}): Worker {
  // execArgv []: a worker inherits the parent's flags, and tsx's loader flags would boot it twice.
  return new Worker(new URL('./ts-worker-boot.mjs', import.meta.url), {
    workerData: { ...data, entryUrl: entry.href },
    execArgv: [],
  });
}

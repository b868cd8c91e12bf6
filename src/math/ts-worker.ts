// Starts a worker thread on a TypeScript module, under `npx tsx` and under vitest alike. The
// module must not use import.meta (it is loaded as CommonJS, see ts-worker-boot.cjs).

import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export function startTsWorker(entry: URL, data: Record<string, unknown> = {}): Worker {
  // execArgv []: a worker inherits the parent's flags, and tsx's ESM loader would boot again.
  return new Worker(new URL('./ts-worker-boot.cjs', import.meta.url), {
    workerData: { ...data, entryPath: fileURLToPath(entry) },
    execArgv: [],
  });
}

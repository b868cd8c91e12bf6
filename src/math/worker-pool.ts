// A pool of worker threads for batches of work that depend on their request alone: each worker
// takes the next request when it answers, and the answers come back by request index, so a
// run's figures never depend on how many threads ran it. One thread runs them here instead.

import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from './ts-worker';

export interface PoolJob<Request, Result> {
  /** The worker module: it answers each request message with one result message. */
  entry: URL;
  requests: readonly Request[];
  /** The same work on this thread, for one thread. */
  local: (request: Request) => Result;
  /** Threads; default one per core. */
  threads?: number;
}

export async function runPool<Request, Result>(job: PoolJob<Request, Result>): Promise<Result[]> {
  const { requests } = job;
  const results: Result[] = new Array<Result>(requests.length);
  const threads = Math.max(1, Math.min(job.threads ?? availableParallelism(), requests.length));
  if (threads === 1) {
    requests.forEach((r, i) => (results[i] = job.local(r)));
    return results;
  }
  const workers: Worker[] = Array.from({ length: threads }, () => startTsWorker(job.entry));
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let at = -1;
            const give = (): void => {
              if (next >= requests.length) return resolve();
              at = next++;
              worker.postMessage(requests[at]);
            };
            worker.on('message', (result: Result) => {
              results[at] = result;
              give();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`worker stopped (exit ${code})`)));
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}

// A pool of worker threads for batches of work that depend on their request alone: each worker
// takes the next request when it answers, and the answers come back by request index, so a
// run's figures never depend on how many threads ran it. One thread runs them here instead,
// a turn of the event loop between requests (so a Ctrl-C is heard). A pool can stay open for
// several runs (the stages of `parsheet poker-plus --best`): a worker boots once.

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
  /** Each result as it comes (in any order), for progress. */
  onResult?: (index: number, result: Result) => void;
  /** Stops the run: its workers end and the run rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RunOptions<Result> {
  onResult?: (index: number, result: Result) => void;
  signal?: AbortSignal;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Slot<Result> {
  worker: Worker;
  answer: ((result: Result) => void) | null;
}

export class WorkerPool<Request, Result> {
  readonly threads: number;
  private slots: Slot<Result>[] | null = null;
  /** The run under way's failure handler: a worker's error or exit ends it. */
  private fail: ((e: unknown) => void) | null = null;
  /** A worker that failed between runs: the next run says so. */
  private broken: Error | null = null;
  private closed = false;

  constructor(
    private readonly entry: URL,
    private readonly local: (request: Request) => Result,
    threads?: number,
  ) {
    this.threads = Math.max(1, threads ?? availableParallelism());
  }

  /** Runs the requests; the results by request index. */
  async run(requests: readonly Request[], options: RunOptions<Result> = {}): Promise<Result[]> {
    if (this.closed) throw new Error('worker pool: closed');
    if (this.broken !== null) throw this.broken;
    const { onResult, signal } = options;
    signal?.throwIfAborted();
    const results = new Array<Result>(requests.length);
    if (this.threads === 1 || requests.length <= 1) {
      for (let i = 0; i < requests.length; i++) {
        results[i] = this.local(requests[i]!);
        onResult?.(i, results[i]!);
        await nextTurn();
        signal?.throwIfAborted();
      }
      return results;
    }
    const slots = this.start();
    return new Promise<Result[]>((resolve, reject) => {
      let next = 0;
      let pending = 0;
      let settled = false;
      const finish = (failure?: unknown): void => {
        if (settled) return;
        settled = true;
        this.fail = null;
        signal?.removeEventListener('abort', onAbort);
        for (const slot of slots) slot.answer = null;
        if (failure === undefined) resolve(results);
        else {
          void this.close();
          reject(failure instanceof Error ? failure : new Error(String(failure)));
        }
      };
      const onAbort = (): void => finish(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.fail = finish;
      const give = (slot: Slot<Result>): void => {
        if (next >= requests.length) {
          if (pending === 0) finish();
          return;
        }
        const at = next++;
        pending++;
        slot.answer = (result) => {
          results[at] = result;
          pending--;
          try {
            onResult?.(at, result);
          } catch (e) {
            finish(e);
            return;
          }
          give(slot);
        };
        slot.worker.postMessage(requests[at]);
      };
      if (requests.length === 0) finish();
      for (const slot of slots) give(slot);
    });
  }

  /** Boots the workers now (they boot at the first run otherwise), so they boot while the caller prepares. */
  warm(): void {
    if (!this.closed && this.threads > 1) this.start();
  }

  /** Ends the workers. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots ?? [];
    this.slots = null;
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private start(): Slot<Result>[] {
    if (this.slots !== null) return this.slots;
    this.slots = Array.from({ length: this.threads }, () => {
      const slot: Slot<Result> = { worker: startTsWorker(this.entry), answer: null };
      slot.worker.on('message', (result: Result) => slot.answer?.(result));
      const failed = (e: Error): void => {
        if (this.closed) return;
        if (this.fail !== null) this.fail(e);
        else this.broken ??= e;
      };
      slot.worker.on('error', failed);
      slot.worker.on('exit', (code) => failed(new Error(`worker stopped (exit ${code})`)));
      return slot;
    });
    return this.slots;
  }
}

/** One run on a pool of its own. */
export async function runPool<Request, Result>(job: PoolJob<Request, Result>): Promise<Result[]> {
  const threads = Math.min(job.threads ?? availableParallelism(), Math.max(1, job.requests.length));
  const pool = new WorkerPool<Request, Result>(job.entry, job.local, threads);
  try {
    return await pool.run(job.requests, {
      ...(job.onResult ? { onResult: job.onResult } : {}),
      ...(job.signal ? { signal: job.signal } : {}),
    });
  } finally {
    await pool.close();
  }
}

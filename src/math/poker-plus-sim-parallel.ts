// Poker Plus simulation on every core. A run is cut into batches of fixed size, each seeded
// from the run's seed and its index, so the figures of a seed are the same on any number of
// threads; workers take batches until none is left.

import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { DEFAULT_POKER_PLUS_CONFIG, type PokerPlusConfig } from '../core';
import {
  addTotals,
  batchSeed,
  emptyTotals,
  reportOf,
  simulateBatch,
  type BatchRequest,
  type PokerPlusReport,
  type SimulationTotals,
} from './poker-plus-sim';
import type { PokerPlusStrategy } from './poker-plus-strategy';
import { startTsWorker } from './ts-worker';

export interface SimulationOptions {
  strategy: PokerPlusStrategy;
  rounds: number;
  seed: string;
  boxes: 1 | 2;
  ante?: number;
  config?: PokerPlusConfig;
  /** Worker threads; default one per core; 1 runs on the calling thread. */
  threads?: number;
  /** Rounds per batch; part of what a seed means, so keep the default to compare runs. */
  batch?: number;
  /** Every round through the engine's state machine instead of the fast path (same figures, slower). */
  engine?: boolean;
}

export const DEFAULT_BATCH = 50_000;

export async function simulatePokerPlus(options: SimulationOptions): Promise<PokerPlusReport> {
  const ante = options.ante ?? 1;
  const config = options.config ?? DEFAULT_POKER_PLUS_CONFIG;
  const batch = options.batch ?? DEFAULT_BATCH;
  const requests: BatchRequest[] = [];
  for (let i = 0, left = options.rounds; left > 0; i++, left -= batch) {
    requests.push({
      strategy: options.strategy,
      seed: batchSeed(options.seed, i),
      rounds: Math.min(batch, left),
      boxes: options.boxes,
      ante,
      config,
      engine: options.engine === true,
    });
  }
  const totals = emptyTotals();
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), requests.length));
  if (threads === 1) {
    for (const request of requests) addTotals(totals, simulateBatch(request));
  } else {
    await runOnWorkers(requests, threads, (t) => addTotals(totals, t));
  }
  return reportOf(totals, options.strategy.name, options.boxes, ante);
}

async function runOnWorkers(
  requests: BatchRequest[],
  threads: number,
  add: (t: SimulationTotals) => void,
): Promise<void> {
  const workers: Worker[] = Array.from({ length: threads }, () =>
    startTsWorker(new URL('./poker-plus-sim-worker.ts', import.meta.url)),
  );
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const give = (): void => {
              if (next >= requests.length) resolve();
              else worker.postMessage(requests[next++]);
            };
            worker.on('message', (totals: SimulationTotals) => {
              add(totals);
              give();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`simulation worker stopped (exit ${code})`)));
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

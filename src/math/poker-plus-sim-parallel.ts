// Poker Plus simulation on every core. A run is cut into batches of fixed size, each seeded
// from the run's seed and its index, so the figures of a seed are the same on any number of
// threads; workers take batches until none is left (worker-pool.ts).

import { DEFAULT_POKER_PLUS_CONFIG, type PokerPlusConfig, type Progress } from '../core';
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
import { runPool, type WorkerPool } from './worker-pool';

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
  /** The rounds played so far, counted in the stage the caller began. */
  progress?: Progress;
  signal?: AbortSignal;
  /** Workers kept open across runs (a caller that runs several); by default, a pool of the run's own. */
  pool?: WorkerPool<BatchRequest, SimulationTotals>;
}

export const DEFAULT_BATCH = 50_000;

/** The run's batches: batch i is the same request whatever the run's length, but the last's rounds. */
export function simulationBatches(options: SimulationOptions): BatchRequest[] {
  const batch = options.batch ?? DEFAULT_BATCH;
  const requests: BatchRequest[] = [];
  for (let i = 0, left = options.rounds; left > 0; i++, left -= batch) {
    requests.push({
      strategy: options.strategy,
      seed: batchSeed(options.seed, i),
      rounds: Math.min(batch, left),
      boxes: options.boxes,
      ante: options.ante ?? 1,
      config: options.config ?? DEFAULT_POKER_PLUS_CONFIG,
      engine: options.engine === true,
    });
  }
  return requests;
}

/** Rounds a run still has to play when `known` batches (simulateBatches) are taken as they are. */
export function roundsToPlay(options: SimulationOptions, known: readonly SimulationTotals[]): number {
  return simulationBatches(options).reduce((n, r, i) => n + (known[i]?.rounds === r.rounds ? 0 : r.rounds), 0);
}

/**
 * Each batch's totals, in batch order. `known`: totals of the same batches from an earlier run
 * of the same seed (a pilot), by index; a batch whose rounds match is taken from there.
 */
export async function simulateBatches(
  options: SimulationOptions,
  known: readonly SimulationTotals[] = [],
): Promise<SimulationTotals[]> {
  const requests = simulationBatches(options);
  const reused = requests.map((r, i) => (known[i]?.rounds === r.rounds ? known[i]! : null));
  const wanted = requests.filter((_, i) => reused[i] === null);
  // The rounds this run plays, not those it takes as they are.
  let played = 0;
  options.progress?.done(played);
  const onResult = (_: number, t: SimulationTotals): void => options.progress?.done((played += t.rounds));
  const signal = options.signal ? { signal: options.signal } : {};
  const done = options.pool
    ? await options.pool.run(wanted, { onResult, ...signal })
    : await runPool({
        entry: new URL('./poker-plus-sim-worker.ts', import.meta.url),
        requests: wanted,
        local: simulateBatch,
        ...(options.threads !== undefined ? { threads: options.threads } : {}),
        onResult,
        ...signal,
      });
  let next = 0;
  return reused.map((t) => t ?? done[next++]!);
}

export function totalsOf(batches: readonly SimulationTotals[]): SimulationTotals {
  const totals = emptyTotals();
  for (const t of batches) addTotals(totals, t);
  return totals;
}

export async function simulatePokerPlus(options: SimulationOptions): Promise<PokerPlusReport> {
  const totals = totalsOf(await simulateBatches(options));
  return reportOf(totals, options.strategy.name, options.boxes, options.ante ?? 1);
}

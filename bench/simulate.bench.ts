// Poker Plus simulation speed: rounds per second of the default strategy on the default table,
// every round through the engine (dealPokerPlus/stepPokerPlus) and by the fast path, on one
// thread and on every core, in the same run and on the same seeded rounds (whose totals must
// agree), with the machine's load average beside them, since a shared machine slows both.
// `ROUNDS=N` sets the fast path's rounds on one thread (default 1,000,000); the engine plays a
// quarter of them, and every core plays twice as many (worker start-up included, as in a run).

import { availableParallelism, loadavg } from 'node:os';
import { DEFAULT_POKER_PLUS_CONFIG } from '../src/core';
import { DEFAULT_POKER_PLUS_STRATEGY } from '../src/math/poker-plus-default-strategy';
import { simulateBatch } from '../src/math/poker-plus-sim';
import { simulatePokerPlus } from '../src/math/poker-plus-sim-parallel';

const rounds = Number(process.env.ROUNDS ?? 1_000_000);
const cores = availableParallelism();
const strategy = DEFAULT_POKER_PLUS_STRATEGY;
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US').padStart(9);

/** One thread, no worker: the path's own speed. Returns rounds/s and the totals' fingerprint. */
function oneThread(engine: boolean, n: number): { perSecond: number; totals: string } {
  const started = performance.now();
  const totals = simulateBatch({
    strategy,
    seed: 'bench',
    rounds: n,
    boxes: 1,
    ante: 1,
    config: DEFAULT_POKER_PLUS_CONFIG,
    engine,
  });
  return { perSecond: n / ((performance.now() - started) / 1000), totals: JSON.stringify(totals) };
}

async function everyCore(engine: boolean, n: number): Promise<number> {
  const started = performance.now();
  await simulatePokerPlus({ strategy, rounds: n, seed: 'bench', boxes: 1, engine });
  return n / ((performance.now() - started) / 1000);
}

console.log(`Poker Plus, default strategy and table, one seen box; ${cores} cores; load average ${load()}`);
oneThread(true, 20_000);
oneThread(false, 20_000);
const engineRounds = Math.max(20_000, Math.round(rounds / 4));
const engine = oneThread(true, engineRounds);
const fast = oneThread(false, rounds);
const agree = oneThread(false, engineRounds).totals === engine.totals;
console.log(
  `1 thread:  engine ${fmt(engine.perSecond)} rounds/s   fast path ${fmt(fast.perSecond)} rounds/s   ×${(fast.perSecond / engine.perSecond).toFixed(1)}` +
    `   (the same ${engineRounds.toLocaleString('en-US')} rounds both ways: totals ${agree ? 'equal' : 'DIFFER'})`,
);
if (!agree) process.exitCode = 1;
if (cores > 1) {
  const engineAll = await everyCore(true, 2 * engineRounds);
  const fastAll = await everyCore(false, 2 * rounds);
  console.log(
    `${cores} threads: engine ${fmt(engineAll)} rounds/s   fast path ${fmt(fastAll)} rounds/s   ×${(fastAll / engineAll).toFixed(1)}`,
  );
  console.log(
    `30,000,000 rounds (the ±0.05% par sheet) at that rate: about ${(30_000_000 / fastAll / 60).toFixed(1)} min (engine: ${(30_000_000 / engineAll / 60).toFixed(1)} min)`,
  );
}
console.log(`load average at the end ${load()}`);

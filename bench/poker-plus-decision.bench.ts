// Poker Plus final decisions per second (P-4, P-6, P-7, every completion of the dealer's hidden
// cards and every replacement card when the game is bought): the plain enumeration
// (finalDecision, poker-plus-ev.ts) against the count by class (fastFinalDecision) on the same
// random hands, whose whole results must be identical; and, as the best-play analysis uses it,
// the decisions after every one-card draw of a box valued together (SecondValuer: the dealer's
// counts shared across the box's draws). Wall and CPU time, with the load average, since the
// machine may be shared. `HANDS=N` sets the hands of the enumeration (default 300). Then the
// decisions within a box by today's code (the tree before issue 44, out of git:
// bench/baseline-tree.ts; `BASELINE=REF` for another) beside this checkout's, in the same run, on
// the main thread and on a worker thread as --best runs them (today's workers loaded their
// TypeScript as CommonJS, this checkout's as ES modules).

import { copyFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { DEFAULT_POKER_PLUS_CONFIG, SeededRandom, shuffledDeck, uniformBelow } from '../src/core';
import { finalDecision, type FinalDecisionInput } from '../src/math/poker-plus-ev';
import { fastFinalDecision } from '../src/math/poker-plus-final';
import { FinalPricer } from '../src/math/poker-plus-final-values';
import { SecondValuer } from '../src/math/poker-plus-second-values';
import { startTsWorker } from '../src/math/ts-worker';
import { baselineTree, BEFORE_ISSUE_44 } from './baseline-tree';
import type { DecisionWork } from './poker-plus-decision-worker';

const hands = Number(process.env.HANDS ?? 300);
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US').padStart(12);

const random = new SeededRandom('bench-poker-plus-decision');
const inputs: FinalDecisionInput[] = [];
for (let i = 0; i < hands; i++) {
  const deck = shuffledDeck(random);
  // A dealt box, or one after draws: five or six cards, up to six exchanged away.
  const held = 5 + uniformBelow(random, 2);
  const seen = uniformBelow(random, 7);
  inputs.push({ box: deck.slice(0, held), upCard: deck[held]!, seen: deck.slice(held + 1, held + 1 + seen), ante: 1 });
}

/** Runs f over the inputs (repeated to at least `minMs`), returns decisions/s by wall and CPU. */
function rate(f: (input: FinalDecisionInput) => unknown, list: FinalDecisionInput[], minMs: number) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  do {
    for (const input of list) f(input);
    n += list.length;
  } while (performance.now() - started < minMs);
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { wall: n / wall, cpu: n / ((used.user + used.system) / 1e6) };
}

console.log(`Poker Plus final decision, ${hands} random hands (five or six cards, 0-6 exchanged away), P-12 table`);
console.log(`load average at start: ${load()}`);
// Warm both up.
for (const input of inputs.slice(0, 20)) {
  finalDecision(input);
  fastFinalDecision(input);
}
const identical = inputs.every(
  (input) => JSON.stringify(finalDecision(input)) === JSON.stringify(fastFinalDecision(input)),
);
const plain = rate(finalDecision, inputs, 0);
const fast = rate(fastFinalDecision, inputs, 3000);
console.log('');
console.log(`${''.padEnd(44)}${'decisions/s (wall)'.padStart(20)}${'(CPU)'.padStart(12)}`);
console.log(`${'enumeration (finalDecision)'.padEnd(44)}${fmt(plain.wall).padStart(20)}${fmt(plain.cpu)}`);
console.log(`${'count by class (fastFinalDecision)'.padEnd(44)}${fmt(fast.wall).padStart(20)}${fmt(fast.cpu)}`);

// The analysis: a box's every one-card exchange and sixth card, each draw's decision; warmed
// like the others, then repeated over the hands for at least as long.
const valuer = new SecondValuer(new FinalPricer(DEFAULT_POKER_PLUS_CONFIG, 1));
const boxes = inputs.map((input) => {
  const isUnseen = new Uint8Array(52).fill(1);
  for (const c of [...input.box, input.upCard, ...(input.seen ?? [])]) isUnseen[c] = 0;
  // Standing, and six options after every card: each position, and a sixth for five cards.
  return { input, isUnseen, decisions: 1 + isUnseen.reduce((n, x) => n + x, 0) * 6 };
});
for (const b of boxes.slice(0, 20)) valuer.valueAll([b.input.box], b.input.upCard, b.isUnseen);
const within = (() => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let decisions = 0;
  do {
    for (const b of boxes) {
      valuer.valueAll([b.input.box], b.input.upCard, b.isUnseen);
      decisions += b.decisions;
    }
  } while (performance.now() - started < 3000);
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { wall: decisions / wall, cpu: decisions / ((used.user + used.system) / 1e6) };
})();
console.log(
  `${'within a box, every draw (SecondValuer)'.padEnd(44)}${fmt(within.wall).padStart(20)}${fmt(within.cpu)}`,
);
console.log('');
const times = (x: number): string => `${x.toFixed(0)}×`;
console.log(
  `fast / enumeration: ${times(fast.wall / plain.wall)} one by one, ${times(within.wall / plain.wall)} within a box (wall); ${times(fast.cpu / plain.cpu)} and ${times(within.cpu / plain.cpu)} (CPU)`,
);
console.log(`results identical on all ${hands} hands: ${identical ? 'yes' : 'NO'}`);
if (!identical) process.exitCode = 1;

// Today's code beside this checkout's: the same boxes, within a box, for 3 s each way.
const work: DecisionWork = {
  boxes: boxes.map((b) => ({
    box: [...b.input.box],
    upCard: b.input.upCard,
    isUnseen: [...b.isUnseen],
    decisions: b.decisions,
  })),
  ms: 3000,
};
const cpuOf = async (f: () => Promise<number>): Promise<number> => {
  const cpu = process.cpuUsage();
  const decisions = await f();
  const used = process.cpuUsage(cpu);
  return decisions / ((used.user + used.system) / 1e6);
};
const ask = (worker: Worker, w: DecisionWork): Promise<number> =>
  new Promise((resolve, reject) => {
    worker.once('message', (r: { decisions: number }) => resolve(r.decisions));
    worker.once('error', reject);
    worker.postMessage(w);
  });
/** On a worker (booted and warmed first, so neither is counted): decisions per CPU second. */
async function onWorker(start: () => Worker): Promise<number> {
  const worker = start();
  try {
    await ask(worker, { ...work, ms: 0 });
    return await cpuOf(() => ask(worker, work));
  } finally {
    await worker.terminate();
  }
}
/** On this thread, by a tree's own SecondValuer. */
async function onMain(modules: { second: string; final: string; core: string }): Promise<number> {
  const { SecondValuer: Valuer } = (await import(
    modules.second
  )) as typeof import('../src/math/poker-plus-second-values');
  const { FinalPricer: Pricer } = (await import(modules.final)) as typeof import('../src/math/poker-plus-final-values');
  const { DEFAULT_POKER_PLUS_CONFIG: config } = (await import(modules.core)) as typeof import('../src/core');
  const v = new Valuer(new Pricer(config, 1));
  const list = work.boxes.map((b) => ({ ...b, isUnseen: Uint8Array.from(b.isUnseen) }));
  for (const b of list.slice(0, 20)) v.valueAll([b.box], b.upCard, b.isUnseen);
  return cpuOf(async () => {
    const started = performance.now();
    let decisions = 0;
    do {
      for (const b of list) {
        v.valueAll([b.box], b.upCard, b.isUnseen);
        decisions += b.decisions;
      }
    } while (performance.now() - started < work.ms);
    return decisions;
  });
}
const tree = baselineTree(process.env.BASELINE ?? BEFORE_ISSUE_44);
try {
  mkdirSync(join(tree.dir, 'bench'));
  const workerFile = join(tree.dir, 'bench', 'poker-plus-decision-worker.ts');
  copyFileSync(new URL('./poker-plus-decision-worker.ts', import.meta.url), workerFile);
  const old = (await import(join(tree.dir, 'src/math/ts-worker.ts'))) as typeof import('../src/math/ts-worker');
  const src = (dir: string, f: string): string => pathToFileURL(join(dir, 'src', f)).href;
  const here = join(import.meta.dirname, '..');
  const at = (dir: string) => ({
    second: src(dir, 'math/poker-plus-second-values.ts'),
    final: src(dir, 'math/poker-plus-final-values.ts'),
    core: src(dir, 'core/index.ts'),
  });
  // Each pair today first, then now, on the same boxes.
  const mainToday = await onMain(at(tree.dir));
  const mainNow = await onMain(at(here));
  const workerToday = await onWorker(() => old.startTsWorker(pathToFileURL(workerFile)));
  const workerNow = await onWorker(() => startTsWorker(new URL('./poker-plus-decision-worker.ts', import.meta.url)));
  console.log('');
  console.log(
    `within a box, every draw: today's code (${tree.commit.slice(0, 10)}) beside this checkout's, decisions per CPU second`,
  );
  console.log(`${''.padEnd(44)}${'today'.padStart(12)}${'now'.padStart(12)}${'now / today'.padStart(14)}`);
  const line = (name: string, a: number, b: number): void =>
    console.log(`${name.padEnd(44)}${fmt(a)}${fmt(b)}${`${(b / a).toFixed(2)}×`.padStart(14)}`);
  line('on the main thread', mainToday, mainNow);
  line('on a worker thread (as --best runs it)', workerToday, workerNow);
} finally {
  tree.remove();
}
console.log(`load average at end: ${load()}`);

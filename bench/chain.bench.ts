// The keyed records on a long log: the start-up check (tables against the latest digests, the
// chain from the latest keyed checkpoint, the mirror) at 200,000 and 1,000,000 event rows, and
// the whole chain walked as the background walk and the event log page walk it (in slices) and
// at once, with the longest time each held up the event loop.
// npm run bench:chain [-- --rows N] [--events-per-commit K]

import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchRecords } from './bench-records';
import { initialState, type CabinetEffect } from '../src/cabinet';
import { Journal } from '../src/store';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const sizes = process.argv.includes('--rows') ? [Number(flag('rows', '200000'))] : [200_000, 1_000_000];
const perCommit = Number(flag('events-per-commit', '2'));
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1) || !Number.isSafeInteger(perCommit) || perCommit < 1) {
  process.stderr.write('usage: npm run bench:chain -- [--rows N] [--events-per-commit K]\n');
  process.exit(2);
}

const { dir, path, machine } = benchRecords('chain-bench-');

/** Runs `work` while a 1 ms timer measures how late the event loop lets it fire. */
async function heldUp<T>(
  work: () => Promise<T> | T,
): Promise<{ ms: number; cpu: number; worstLag: number; result: T }> {
  let worstLag = 0;
  let expected = performance.now() + 1;
  const timer = setInterval(() => {
    const now = performance.now();
    worstLag = Math.max(worstLag, now - expected);
    expected = now + 1;
  }, 1);
  await new Promise((r) => setTimeout(r, 5));
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpuStart);
  await new Promise((r) => setTimeout(r, 5));
  clearInterval(timer);
  return { ms, cpu: (used.user + used.system) / 1000, worstLag, result };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const batch = (i: number): CabinetEffect[] =>
  Array.from({ length: perCommit }, (_, k) => ({
    type: 'log',
    entry: { at: Date.now(), kind: 'door', data: { door: 'main', open: (i + k) % 2 === 0, n: i } },
  }));

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${process.env.HOSTNAME ?? 'this machine'}; events ${perCommit} to a commit`,
);
let store = Journal.open(path, machine);
store.initialize(initialState(), 'bench');
let built = 0;
for (const rows of sizes) {
  // Built through the store itself (every commit signed, mirrored and checkpointed), without
  // waiting for the disk: what is measured is reading it back.
  store.db.pragma('synchronous = OFF');
  const started = performance.now();
  for (; store.eventCount() < rows; built++) store.appendLog(batch(built));
  const buildSeconds = (performance.now() - started) / 1000;
  store.close();

  const opens: number[] = [];
  let walkedAtStart = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    store = Journal.open(path, machine);
    store.load();
    opens.push(performance.now() - t);
    walkedAtStart = store.chain.rows;
    if (!store.records.ok || !store.chain.ok) throw new Error('the bench database did not verify');
    if (i < 4) store.close();
  }
  const background = await heldUp(() => store.reader.walkRecordsInBackground());
  const whole = await heldUp(() => store.reader.walkChain());
  console.log(
    `event log of ${store.eventCount().toLocaleString('en')} rows in ${built.toLocaleString('en')} commits (built in ${buildSeconds.toFixed(0)} s)`,
  );
  console.log(
    `  start-up check: ${median(opens).toFixed(1)} ms (median of 5; ${Math.min(...opens).toFixed(1)}–${Math.max(...opens).toFixed(1)}), walking ${walkedAtStart.toLocaleString('en')} event rows from the latest checkpoint`,
  );
  // CPU time beside wall time: on a shared machine the difference is other processes' turn.
  console.log(
    `  background walk of the whole chain, in slices: ${background.ms.toFixed(0)} ms (CPU ${background.cpu.toFixed(0)} ms), event loop held up to ${background.worstLag.toFixed(0)} ms (${background.result.ok ? 'intact' : 'BROKEN'})`,
  );
  console.log(
    `  the same walk at once: ${whole.ms.toFixed(0)} ms (CPU ${whole.cpu.toFixed(0)} ms), event loop held up to ${whole.worstLag.toFixed(0)} ms`,
  );
}
store.close();
rmSync(dir, { recursive: true, force: true });

// The walk after a start, incremental against full, on a database of a million commits (issue
// 37 §4): the running cabinet's background walk from the latest keyed checkpoint against the
// same walk from the first commit, and `events --verify --incremental` against the full
// `events --verify`; with the start itself and the file's size. The database is built through
// the journal (every commit signed, checkpointed and mirrored), one event row a commit, without
// waiting for the disk: what is measured is reading it back.
// npm run bench:walk [-- --commits N] [--quiet]

import { rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchRecords, doorLog } from './bench-records';
import { reportProgress } from '../src/app/progress-reporter';
import { initialState } from '../src/cabinet';
import type { Progress } from '../src/core';
import { Journal, readMachineKey, RecordsReader } from '../src/store';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const commits = Number(flag('commits', '1000000'));
if (!Number.isSafeInteger(commits) || commits < 10) {
  process.stderr.write('usage: npm run bench:walk -- [--commits N (10 or more)] [--quiet]\n');
  process.exit(2);
}

const { dir, path, machine } = benchRecords('walk-bench-');
const { progress, close: closeProgress } = reportProgress({
  stream: process.stderr,
  quiet: process.argv.includes('--quiet'),
  plan: [
    { name: 'build', weight: 100 },
    { name: 'start', weight: 1 },
    { name: 'background walk, incremental', weight: 1 },
    { name: 'background walk, full', weight: 15 },
    { name: 'keyed chain', weight: 15 },
  ],
});

const door = doorLog;

/** Wall and CPU time of `work`. */
async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; cpu: number; result: T }> {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpuStart);
  return { ms: performance.now() - start, cpu: (used.user + used.system) / 1000, result };
}

/** events --verify as the command drives it: the reader opened in steps, its walk reported. */
function verify(incremental: boolean, p: Progress): RecordsReader {
  const steps = RecordsReader.opening(
    path,
    { requireIntactChain: false, key: readMachineKey(machine.keyFile), incremental },
    p,
  );
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
try {
  let store = Journal.open(path, machine);
  store.initialize(initialState(), 'bench');
  store.db.pragma('synchronous = OFF');
  progress.stage('build', commits, 'commits');
  const built = await timed(() => {
    for (let i = store.headSeq; i < commits; i++) {
      store.appendLog(door(i));
      if (i % 5000 === 0) progress.done(i);
    }
    progress.done(commits);
  });
  store.close();

  progress.stage('start', 3, 'starts');
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = await timed(() => {
      const s = Journal.open(path, machine);
      s.load();
      return s;
    });
    starts.push(t.ms);
    store = t.result;
    if (!store.records.ok || !store.chain.ok) throw new Error('the bench database did not verify');
    if (i < 2) store.close();
    progress.done(i + 1);
  }
  progress.stage('background walk, incremental', 0);
  const incremental = await timed(() => store.reader.walkRecordsInBackground());
  progress.stage('background walk, full', 0);
  const full = await timed(() => store.reader.walkRecordsInBackground(250, 'full'));
  store.close();
  const verifyIncremental = await timed(() => verify(true, progress));
  const verifyFull = await timed(() => verify(false, progress));
  for (const r of [verifyIncremental.result, verifyFull.result]) {
    if (!r.chain.ok) throw new Error(`events --verify found the bench database broken: ${r.chain.problem}`);
    r.close();
  }
  closeProgress();

  const mb = (statSync(path).size / 1e6).toFixed(0);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; ${commits.toLocaleString('en')} commits, one event row each (built in ${seconds(built.ms)}), ${mb} MB`,
  );
  console.log(
    `  start (open, check from the latest checkpoint, load): median ${seconds([...starts].sort((a, b) => a - b)[1]!)}`,
  );
  const line = (name: string, t: { ms: number; cpu: number }, walked: number) =>
    `  ${name}: ${seconds(t.ms)} (CPU ${seconds(t.cpu)}), ${walked.toLocaleString('en')} commits walked`;
  console.log(line('walk after a start, incremental', incremental, incremental.result.commits));
  console.log(line('walk after a start, full       ', full, full.result.commits));
  const from = verifyIncremental.result.walkedFrom;
  console.log(
    `  events --verify --incremental: ${seconds(verifyIncremental.ms)} (CPU ${seconds(verifyIncremental.cpu)}), from commit ${from?.seq ?? 1} (${from?.by ?? 'the first'})`,
  );
  console.log(`  events --verify (full):        ${seconds(verifyFull.ms)} (CPU ${seconds(verifyFull.cpu)})`);
  console.log(
    `  the full walk costs ${(full.cpu / Math.max(incremental.cpu, 0.001)).toFixed(0)}× the incremental one (CPU)`,
  );
} finally {
  closeProgress();
  rmSync(dir, { recursive: true, force: true });
}

// A simulated year of records (issue 37 §4), a script and not a test: a database of N commits
// (15 million by default: a busy cabinet's year, each press its own commit) built through the
// journal, one event row a commit, then measured before and after retention: the file's size,
// the start, the walk the running cabinet makes after it (incremental), and `events --verify`
// (the whole live chain); after retention also the verify across the archive. The retention keeps
// the last `--keep` event rows (a month's, by default) as if the records were a year old (the
// journal dates its commits now: the rule's time floor is met by measuring it a year on).
// Long: run it niced. Progress on standard error.
// npm run -s bench:year -- [--commits N] [--keep ROWS] [--quiet]

import { rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchRecords, doorLog } from './bench-records';
import { reportProgress } from '../src/app/progress-reporter';
import { initialState } from '../src/cabinet';
import type { Progress } from '../src/core';
import { cutDue, Journal, readMachineKey, RecordsReader, verifyWithArchive } from '../src/store';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const commits = Number(flag('commits', '15000000'));
const keep = Number(flag('keep', String(Math.round(commits / 12))));
if (!Number.isSafeInteger(commits) || commits < 30_000 || !Number.isSafeInteger(keep) || keep < 10_000) {
  process.stderr.write(
    'usage: npm run -s bench:year -- [--commits N (30,000 or more)] [--keep ROWS (10,000 or more)]\n',
  );
  process.exit(2);
}

const { dir, path, machine } = benchRecords('simulated-year-');
const archive = join(dir, 'archive');
const { progress, close: closeProgress } = reportProgress({
  stream: process.stderr,
  quiet: process.argv.includes('--quiet'),
  plan: [
    { name: 'build', weight: 100 },
    { name: 'keyed chain', weight: 10 },
    { name: 'archive: commits', weight: 5 },
    { name: 'archive: event rows', weight: 5 },
  ],
});
const door = doorLog;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const size = () => statSync(path).size;

/** The start, the walk after it, and the full verify, as the cabinet and the technician make them. */
async function measure(p: Progress): Promise<{ start: number; walk: number; walked: number; verify: number }> {
  let t = performance.now();
  const store = Journal.open(path, machine);
  store.load();
  const start = performance.now() - t;
  if (!store.records.ok) throw new Error('the simulated year did not verify at start');
  t = performance.now();
  const walked = await store.reader.walkRecordsInBackground();
  const walk = performance.now() - t;
  store.close();
  t = performance.now();
  const steps = RecordsReader.opening(path, { requireIntactChain: false, key: readMachineKey(machine.keyFile) }, p);
  let step = steps.next();
  while (!step.done) step = steps.next();
  const verify = performance.now() - t;
  if (!step.value.chain.ok) throw new Error(`events --verify: ${step.value.chain.problem}`);
  step.value.close();
  return { start, walk, walked: walked.commits, verify };
}

try {
  const store = Journal.open(path, machine);
  store.initialize(initialState(), 'bench');
  store.db.pragma('synchronous = OFF');
  progress.stage('build', commits, 'commits');
  let t = performance.now();
  for (let i = store.headSeq; i < commits; i++) {
    store.appendLog(door(i));
    if (i % 10_000 === 0) progress.done(i);
  }
  progress.done(commits);
  const built = performance.now() - t;
  store.close();
  const before = { size: size(), ...(await measure(progress)) };

  const again = Journal.open(path, machine);
  const aYearOn = Date.now() + 365 * 86_400_000;
  const cut = cutDue(again.db, { events: keep, days: 0 }, aYearOn);
  if (cut === null) throw new Error('nothing due for the archive');
  t = performance.now();
  again.archive(archive, undefined, progress, cut);
  const archived = performance.now() - t;
  again.close();
  const afterCut = size();
  // The pages the cut freed are reused by the commits after it; VACUUM gives them back at once.
  t = performance.now();
  const raw = new Database(path);
  raw.exec('VACUUM');
  raw.close();
  const vacuumed = performance.now() - t;
  const after = { size: size(), ...(await measure(progress)) };
  const reader = RecordsReader.open(path, { requireIntactChain: false, key: readMachineKey(machine.keyFile) });
  t = performance.now();
  const whole = verifyWithArchive(reader.db, readMachineKey(machine.keyFile).bytes, archive, progress);
  const acrossArchive = performance.now() - t;
  reader.close();
  if (!whole.ok) throw new Error(`verify --archive: ${whole.problem}`);
  closeProgress();

  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${commits.toLocaleString('en')} commits, one event row each (built in ${seconds(built)})`,
  );
  const row = (name: string, m: typeof before) =>
    `  ${name}: file ${mb(m.size)}; start ${seconds(m.start)}; walk after the start ${seconds(m.walk)} (${m.walked.toLocaleString('en')} commits); events --verify ${seconds(m.verify)}`;
  console.log(row('before retention', before));
  console.log(
    `  the cut at commit ${cut.toLocaleString('en')} (the last ${keep.toLocaleString('en')} event rows kept): ${seconds(archived)}; the file ${mb(afterCut)} until VACUUM (${seconds(vacuumed)})`,
  );
  console.log(row('after retention ', after));
  console.log(`  events --verify --archive (the archive and the live database, one chain): ${seconds(acrossArchive)}`);
} finally {
  closeProgress();
  rmSync(dir, { recursive: true, force: true });
}

// Soak: `npm run soak -- --games N` plays N games through the cabinet, the runner and the store
// on a real database file (WAL, synchronous=FULL, one transaction per transition), with the
// simulated devices and the seeded bot, then checks the meters, the keyed records, the mirror
// and the device ledger. It does so twice in the same run: with the records anchored to a TPM
// counter (a software TPM, swtpm, started here with its state on the same disk) and without.
//
// Its yardstick, measured in the same run on the same disk: the disk's own rate for the same
// transactions, i.e. every commit the soak made replayed as plain SQLite transactions of the same
// shape (the same rows of the same sizes, no cabinet, no keyed chain, no mirror), and again with
// the mirror's write after each (synced where the soak synced it). The two replays take turns in
// blocks, so both see the same load on a shared machine. And the counter's own cost: its advance
// timed alone on the same TPM, and how many commits asked for one.

import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { SeededRandom } from '../src/core';
import { HANDPAID_METERS, type CabinetEffect, type CabinetState } from '../src/cabinet';
import { parseConfig } from '../src/app/config';
import { startCabinet } from '../src/app/cabinet-app';
import { inspect, type MachinePlaces } from '../test/crash/crash-harness';
import { PlayerBot } from '../src/app/sim/player-bot';
import { Mirror, readCounter, readMachineKey, type MirrorRecord } from '../src/store';
import { counterPassword, NvCounter } from '../src/store/anchor/nv-counter';
import { openTransport } from '../src/store/anchor/transport';
import { startSwtpm, type Swtpm } from '../src/store/testing/swtpm';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const gamesWanted = Number(flag('games', '2000'));
const seed = flag('seed', 'soak');
if (!Number.isSafeInteger(gamesWanted) || gamesWanted < 1) {
  process.stderr.write('usage: npm run soak -- [--games N] [--seed S] [--dir DIR] [--tpm-state DIR]\n');
  process.exit(2);
}

/** What one commit wrote: enough to write the same rows again without the cabinet. */
interface Shape {
  state: number;
  meters: number;
  events: number[];
  recall: number;
  /** The mirror was synced to its device after it (a voucher number issued, money paid by hand). */
  durable: boolean;
}

function shapeOf(prev: CabinetState | null, next: CabinetState | null, effects: readonly CabinetEffect[]): Shape {
  const changed = (a: Record<string, number> = {}, b: Record<string, number> = {}) =>
    new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => a[k] !== b[k])).size;
  const meters =
    prev && next
      ? changed(prev.meters.lifetime, next.meters.lifetime) + changed(prev.meters.period, next.meters.period)
      : 0;
  const durable =
    !!prev &&
    !!next &&
    (prev.voucherSequence !== next.voucherSequence ||
      HANDPAID_METERS.some((m) => prev.meters.lifetime[m] !== next.meters.lifetime[m]));
  return {
    state: next && next !== prev ? JSON.stringify(next).length : 0,
    meters,
    events: effects.flatMap((e) => (e.type === 'log' ? [JSON.stringify(e.entry.data).length] : [])),
    recall: effects.reduce((n, e) => n + (e.type === 'recall' ? JSON.stringify(e.record).length : 0), 0),
    durable,
  };
}

/** The soak's transactions again as plain SQLite, with or without the mirror; transactions per second. */
function replay(
  db: Database.Database,
  shapes: Shape[],
  mirror: { mirror: Mirror; record: MirrorRecord } | null,
  counter: { seq: number },
): number {
  const upState = db.prepare('INSERT INTO state (id, v) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET v = excluded.v');
  const upMeter = db.prepare('INSERT INTO meters (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v');
  const addEvent = db.prepare('INSERT INTO events (seq, data) VALUES (?, ?)');
  const addRecall = db.prepare('INSERT INTO recall (data) VALUES (?)');
  const addCommit = db.prepare('INSERT INTO commits (seq, data) VALUES (?, ?)');
  const write = db.transaction((s: Shape) => {
    const n = ++counter.seq;
    if (s.state) upState.run('s'.repeat(s.state - 8) + String(n).padStart(8, '0'));
    for (let i = 0; i < s.meters; i++) upMeter.run(`meter-${i}`, n);
    s.events.forEach((size, i) => addEvent.run(n * 64 + i, 'e'.repeat(size + 140)));
    if (s.recall) addRecall.run('r'.repeat(s.recall));
    addCommit.run(n, 'c'.repeat(420));
  });
  const started = performance.now();
  for (const s of shapes) {
    write(s);
    if (mirror) mirror.mirror.write({ ...mirror.record, commit: counter.seq }, s.durable);
  }
  return shapes.length / ((performance.now() - started) / 1000);
}

interface SoakRun {
  games: number;
  seconds: number;
  /** This process's CPU time over the games (the TPM's is its own process's), µs. */
  cpuUs: number;
  commits: number;
  shapes: Shape[];
  summary: Awaited<ReturnType<PlayerBot['run']>>;
  problems: string[];
  places: MachinePlaces;
  /** With the anchor: the counter's value before and after the games. */
  counter: { from: number; to: number } | null;
}

/** One soak of `games` games in `dir`, anchored to `tpm`'s counter or not. */
async function soak(dir: string, tpm: Swtpm | null, games = gamesWanted): Promise<SoakRun> {
  mkdirSync(join(dir, 'data'), { recursive: true });
  const db = join(dir, 'data', 'cabinet.db');
  const ledger = join(dir, 'devices.jsonl');
  const places: MachinePlaces = {
    keyFile: join(dir, 'machine.key'),
    mirror: join(dir, 'mirror'),
    ...(tpm ? { anchor: tpm.tcti } : {}),
  };
  const anchor = tpm ? { anchor: { tcti: tpm.tctiText } } : {};
  const config = parseConfig({ store: { keyFile: places.keyFile, mirror: places.mirror, ...anchor } });
  const cabinet = await startCabinet({
    config,
    dataDir: join(dir, 'data'),
    devices: { kind: 'ledger', ledgerPath: ledger, printFailRate: 0.02 },
    dealing: { kind: 'seeded', seed, for: 'bot' },
    // As run --headless: a cabinet without a screen works out the other tables' returns only when asked.
    ratePayTables: 'when asked',
  });
  // Every commit from here on is measured (the start's own are not in the sample).
  const store = cabinet.journal;
  // What each commit wrote is kept by reference and measured after the run (the states are
  // immutable), so that measuring it costs the soak nothing.
  const written: [CabinetState | null, CabinetState | null, readonly CabinetEffect[]][] = [];
  const commit = store.commit.bind(store);
  const appendLog = store.appendLog.bind(store);
  let last: CabinetState | null = cabinet.runner.state;
  store.commit = (prev, next, effects, source, sas) => {
    written.push([prev, next, effects]);
    last = next;
    commit(prev, next, effects, source, sas);
  };
  store.appendLog = (effects) => {
    written.push([last, last, effects]);
    appendLog(effects);
  };
  const random = new SeededRandom(`soak:${seed}`);
  const sim = cabinet.devices.ledger!;
  sim.connect();
  await sim.settled();
  const from = store.anchorStatus.counter;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const summary = await new PlayerBot(cabinet.runner, sim, { games, random }).run();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const to = store.anchorStatus.counter;
  const problem = store.anchorProblem;
  await cabinet.close();
  const shapes = written.map(([prev, next, effects]) => shapeOf(prev, next, effects));
  const { problems } = inspect(db, ledger, true, places);
  if (problem) problems.push(problem);
  return {
    games: summary.games,
    seconds,
    cpuUs: used.user + used.system,
    commits: written.length,
    shapes,
    summary,
    problems,
    places,
    counter: tpm && from !== null && to !== null ? { from, to } : null,
  };
}

/** The counter's advance alone on the same TPM, as the journal makes it: microseconds each. */
function advanceAlone(tpm: Swtpm, keyFile: string, times: number): number {
  const key = readMachineKey(keyFile);
  const counter = new NvCounter(openTransport(tpm.tcti), 0x01800a00, counterPassword(key));
  try {
    if (readCounter(tpm.tcti, key).found !== 'value') throw new Error('the soak left no counter');
    const started = performance.now();
    for (let i = 0; i < times; i++) counter.increment();
    return ((performance.now() - started) * 1000) / times;
  } finally {
    counter.close();
  }
}

// --dir /dev/shm shows what the CPU can do when fsync costs nothing (the TPM's state is there too).
const dir = mkdtempSync(join(flag('dir', tmpdir()), 'cabinet-soak-'));
const load = loadavg();
const started = performance.now();
let tpm: Swtpm | null = null;
try {
  // The software TPM writes its whole state file at every advance, on the soak's disk unless
  // --tpm-state puts it elsewhere (a hardware TPM keeps its own NV memory).
  const tpmState = process.argv.includes('--tpm-state')
    ? mkdtempSync(join(flag('tpm-state', tmpdir()), 'swtpm-'))
    : join(dir, 'tpm');
  tpm = await startSwtpm(tpmState);
  // A first soak warms the code up (the JIT, the modules), so that neither measured one pays for it.
  await soak(join(dir, 'warm-up'), null, Math.min(gamesWanted, 500));
  const off = await soak(join(dir, 'off'), null);
  const on = await soak(join(dir, 'on'), tpm);
  const advanceUs = advanceAlone(tpm, on.places.keyFile, 2000);
  const shapes = on.shapes;
  const commits = on.commits;
  const commitsBefore = 0;

  // The yardstick: the soak's transactions, replayed in turns of 200 with and without the mirror.
  const sample = shapes.slice(commitsBefore, commitsBefore + Math.min(commits, 4000));
  const scratch = new Database(join(dir, 'yardstick.db'));
  scratch.pragma('journal_mode = WAL');
  scratch.pragma('synchronous = FULL');
  scratch.exec(
    'CREATE TABLE state (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE meters (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID; ' +
      'CREATE TABLE events (seq INTEGER PRIMARY KEY, data TEXT); CREATE TABLE recall (id INTEGER PRIMARY KEY, data TEXT); CREATE TABLE commits (seq INTEGER PRIMARY KEY, data TEXT);',
  );
  const mirror = new Mirror(join(dir, 'yardstick-mirror'), readMachineKey(on.places.keyFile));
  const record = (() => {
    const read = new Mirror(on.places.mirror, readMachineKey(on.places.keyFile)).read();
    if (read.found !== 'record') throw new Error('the soak left no mirror');
    return read.record;
  })();
  const counter = { seq: 0 };
  let plainTime = 0;
  let mirroredTime = 0;
  for (let i = 0; i < sample.length; i += 200) {
    const block = sample.slice(i, i + 200);
    // Each goes first in turn, so a WAL checkpoint or a neighbour's burst favours neither.
    const first = (i / 200) % 2 === 0;
    if (first) plainTime += block.length / replay(scratch, block, null, counter);
    mirroredTime += block.length / replay(scratch, block, { mirror, record }, counter);
    if (!first) plainTime += block.length / replay(scratch, block, null, counter);
  }
  mirror.close();
  scratch.close();
  const plainRate = sample.length / plainTime;
  const mirroredRate = sample.length / mirroredTime;
  const durable = sample.filter((s) => s.durable).length;
  const rate = (r: SoakRun) => r.commits / r.seconds;
  const line = (name: string, r: SoakRun) =>
    `  ${name}: ${r.games} games in ${r.seconds.toFixed(2)} s = ${(r.games / r.seconds).toFixed(0)} games/s, ${r.commits} commits (${(r.commits / r.games).toFixed(2)} per game) = ${rate(r).toFixed(0)} commits/s = ${((100 * rate(r)) / plainRate).toFixed(0)}% of the disk's rate; ${(r.cpuUs / r.commits).toFixed(0)} µs of CPU a commit`;
  const advances = on.counter ? on.counter.to - on.counter.from : 0;
  const end = performance.now();
  const problems = [
    ...off.problems.map((p) => `without the anchor: ${p}`),
    ...on.problems.map((p) => `anchored: ${p}`),
  ];
  process.stdout.write(
    [
      `soak: in ${dir}, synchronous=FULL, keyed and mirrored; load average ${load.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end`,
      `  the disk's own rate for the same ${sample.length} transactions (plain SQLite, same rows and sizes): ${plainRate.toFixed(0)} per second`,
      line(`anchored to the TPM counter (swtpm, its state in ${tpm.stateDir})`, on),
      line('not anchored', off),
      `  the counter: ${advances} advances for ${on.commits} commits (${(advances / on.commits).toFixed(2)} per commit: the commits that move money, issue a validation number or log an event); one advance alone ${advanceUs.toFixed(0)} µs on this swtpm, so about ${((advanceUs * advances) / on.commits).toFixed(0)} µs a commit`,
      `  the mirror written after each (${durable} synced to the device): ${mirroredRate.toFixed(0)} per second; the mirror costs ${((100 * (plainRate - mirroredRate)) / plainRate).toFixed(1)}% of the rate`,
      `  notes ${on.summary.notes}, cash-outs ${on.summary.cashOuts}, handpays ${on.summary.handpays}, door opens ${on.summary.doorOpens}, refused wishes ${on.summary.refusals}`,
      `  after each: ${problems.length === 0 ? 'C-9 balanced, notes and vouchers match the devices, records intact under the key, the mirror agrees, the records at the counter' : problems.join('; ')}`,
      `  (${((end - started) / 1000).toFixed(0)} s in all)`,
    ].join('\n') + '\n',
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await tpm?.stop();
  if (tpm && !tpm.stateDir.startsWith(dir)) rmSync(tpm.stateDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}

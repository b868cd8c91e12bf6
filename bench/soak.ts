// Soak: `npm run soak -- --games N` plays N games through the cabinet, the runner and the store
// on a real database file (WAL, synchronous=FULL, one transaction per transition), with the
// simulated devices and the seeded bot, then checks the meters, the keyed records, the mirror
// and the device ledger.
//
// Its yardstick, measured in the same run on the same disk: the disk's own rate for the same
// transactions, i.e. every commit the soak made replayed as plain SQLite transactions of the same
// shape (the same rows of the same sizes, no cabinet, no keyed chain, no mirror), and again with
// the mirror's write after each (synced where the soak synced it). The two replays take turns in
// blocks, so both see the same load on a shared machine.

import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeededRandom } from '../src/core';
import { HANDPAID_METERS, type CabinetEffect, type CabinetState } from '../src/cabinet';
import { parseConfig } from '../src/app/config';
import { startCabinet } from '../src/app/cabinet-app';
import { inspect, type MachinePlaces } from '../test/crash/crash-harness';
import { PlayerBot } from '../src/app/sim/player-bot';
import { Mirror, readMachineKey, type MirrorRecord } from '../src/store';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const games = Number(flag('games', '2000'));
const seed = flag('seed', 'soak');
if (!Number.isSafeInteger(games) || games < 1) {
  process.stderr.write('usage: npm run soak -- [--games N] [--seed S] [--dir DIR]\n');
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

// --dir /dev/shm shows what the CPU can do when fsync costs nothing.
const dir = mkdtempSync(join(flag('dir', tmpdir()), 'cabinet-soak-'));
mkdirSync(join(dir, 'data'));
const db = join(dir, 'data', 'cabinet.db');
const ledger = join(dir, 'devices.jsonl');
const places: MachinePlaces = { keyFile: join(dir, 'machine.key'), mirror: join(dir, 'mirror') };
try {
  const config = parseConfig({ store: places });
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
  const commitsBefore = written.length;
  const started = performance.now();
  const summary = await new PlayerBot(cabinet.runner, sim, { games, random }).run();
  const seconds = (performance.now() - started) / 1000;
  const commits = written.length - commitsBefore;
  await cabinet.close();
  const shapes = written.map(([prev, next, effects]) => shapeOf(prev, next, effects));
  const check = inspect(db, ledger, true, places);

  // The yardstick: the soak's transactions, replayed in turns of 200 with and without the mirror.
  const sample = shapes.slice(commitsBefore, commitsBefore + Math.min(commits, 4000));
  const scratch = new Database(join(dir, 'yardstick.db'));
  scratch.pragma('journal_mode = WAL');
  scratch.pragma('synchronous = FULL');
  scratch.exec(
    'CREATE TABLE state (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE meters (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID; ' +
      'CREATE TABLE events (seq INTEGER PRIMARY KEY, data TEXT); CREATE TABLE recall (id INTEGER PRIMARY KEY, data TEXT); CREATE TABLE commits (seq INTEGER PRIMARY KEY, data TEXT);',
  );
  const mirror = new Mirror(join(dir, 'yardstick-mirror'), readMachineKey(places.keyFile));
  const record = (() => {
    const read = new Mirror(places.mirror, readMachineKey(places.keyFile)).read();
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
  const soakRate = commits / seconds;
  const durable = sample.filter((s) => s.durable).length;
  process.stdout.write(
    [
      `soak: database in ${dir}`,
      `  ${summary.games} games in ${seconds.toFixed(2)} s = ${(summary.games / seconds).toFixed(0)} games/s`,
      `  ${commits} commits (${(commits / summary.games).toFixed(2)} per game) = ${soakRate.toFixed(0)} commits/s, synchronous=FULL, keyed and mirrored`,
      `  the disk's own rate for the same ${sample.length} transactions (plain SQLite, same rows and sizes): ${plainRate.toFixed(0)} per second`,
      `  the soak runs at ${((100 * soakRate) / plainRate).toFixed(0)}% of the disk's rate`,
      `  the same with the mirror written after each (${durable} synced to the device): ${mirroredRate.toFixed(0)} per second; the mirror costs ${((100 * (plainRate - mirroredRate)) / plainRate).toFixed(1)}% of the rate`,
      `  notes ${summary.notes}, cash-outs ${summary.cashOuts}, handpays ${summary.handpays}, door opens ${summary.doorOpens}, refused wishes ${summary.refusals}`,
      `  after the soak: ${check.problems.length === 0 ? 'C-9 balanced, notes and vouchers match the devices, records intact under the key, the mirror agrees' : check.problems.join('; ')}`,
    ].join('\n') + '\n',
  );
  process.exitCode = check.problems.length === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

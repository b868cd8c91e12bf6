// Soak: `npm run soak -- --games N` plays N games through the cabinet, the runner and the store
// on a real database file (WAL, synchronous=FULL, one commit per transition; the bot's batches
// one transaction per group, synced once: group commit, docs/deploy.md), with the
// simulated devices and the seeded bot, then checks the meters, the keyed records, the mirror
// and the device ledger. It does so with two cabinets in the same run, playing the same seeded
// games: one with its records anchored to a TPM counter (a software TPM, swtpm, started here)
// and one without.
//
// Its yardstick, measured in the same run on the same disk: the disk's own rate for the same
// transactions, i.e. every commit the soak made replayed as a plain SQLite transaction of its own
// (FULL, so one sync each, as a store without group commit makes it), of the same
// shape (the same rows of the same sizes, no cabinet, no keyed chain, no mirror), and again with
// the mirror's write after each (synced where the soak synced it). The two cabinets and the two
// replays take turns in rounds, so all four see the same load on a shared machine. And the
// counter's own cost: its advance timed alone on the same TPM, and how many commits asked for one;
// and the NV budget: the counter's writes a game, and how long the TPM's NV lasts at 10,000 games a day.
//
// The software TPM keeps its state in a file and writes it whole (synced) at every advance. A
// cabinet's TPM keeps its counter in its own NV memory, not on the cabinet's disk, so by default
// the state goes to a memory file system (/dev/shm); `--tpm-state DIR` puts it elsewhere, on the
// soak's disk for instance, where every advance costs a second sync of that disk. Likewise the
// simulated devices' ledger is written without a sync of its own: a real acceptor and printer
// keep their memory in their own hardware.
//
// Then real-shaped play on a third anchored cabinet (`--press-games N`, 300 by default), with the
// simulated casino system on its SAS link polling every 200 ms and reading meters every 3 s:
// Jacks or Better by the deck's buttons, one press at a time through the devices' event path
// (`--press-pace MS` apart, 25 by default), each its own commit as a person's presses are, with
// its rate against the disk's, the latency from each press to its commit and to the screen's
// listeners (median, p99, max), and the counter's NV writes a game.
//
// Its progress goes to standard error (`--quiet` for none); Ctrl-C stops it between rounds,
// cleans up and says where it was.

import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { SeededRandom, uniformBelow } from '../src/core';
import { HANDPAID_METERS, HOLD_BUTTONS, type Button, type CabinetEffect, type CabinetState } from '../src/cabinet';
import { parseConfig } from '../src/app/config';
import { startCabinet } from '../src/app/cabinet-app';
import { inspect, type MachinePlaces } from '../test/crash/crash-harness';
import { PlayerBot, type BotSummary } from '../src/app/sim/player-bot';
import { Mirror, readCounter, readMachineKey, type MirrorRecord } from '../src/store';
import { counterPassword, NvCounter } from '../src/store/anchor/nv-counter';
import {
  ADVANCE_EVERY_MS,
  BUSY_GAMES_A_DAY,
  budgetYears,
  INTERVAL_WRITES_A_DAY,
  LIFE_YEARS,
  NUMBERS_PER_ADVANCE,
  NV_WRITE_BUDGET,
} from '../src/store/anchor/nv-budget';
import { openTransport } from '../src/store/anchor/transport';
import { startSwtpm, type Swtpm } from '../src/store/testing/swtpm';
import { reportProgress } from '../src/app/progress-reporter';
import { INTERRUPTED_EXIT, stoppedReport } from '../src/app/commands/long-run';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const gamesWanted = Number(flag('games', '2000'));
const seed = flag('seed', 'soak');
const rounds = Math.max(1, Math.min(Number(flag('rounds', '8')) || 8, gamesWanted));
const pressGames = Math.max(0, Number(flag('press-games', String(Math.min(300, gamesWanted)))) || 0);
/** Milliseconds between one press's end and the next (a person's pace is 150 ms or more; 0: at once). */
const pressPaceMs = Math.max(0, Number(flag('press-pace', '25')) || 0);
if (!Number.isSafeInteger(gamesWanted) || gamesWanted < 1) {
  process.stderr.write(
    'usage: npm run soak -- [--games N] [--rounds R] [--press-games N] [--press-pace MS] [--seed S] [--dir DIR] [--tpm-state DIR] [--quiet]\n',
  );
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
  /** Commits made without waiting for the disk (a hold alone: cabinet/durability.ts). */
  unsynced: number;
  shapes: Shape[];
  summary: BotSummary;
  problems: string[];
  places: MachinePlaces;
  /** With the anchor: the counter's value before and after the bot's games. */
  counter: { from: number; to: number } | null;
}

/** Real-shaped play: a press at a time through the deck's event path, each its own commit. */
interface PressRun {
  games: number;
  presses: number;
  commits: number;
  seconds: number;
  /** From the press to its first commit returned, and to the state it made reaching the screen's listeners, ms. */
  toCommit: number[];
  toScreen: number[];
  /** The counter's advances over the presses (null: not anchored). */
  advances: number | null;
  /** The casino system's meter reads over the presses (null: no SAS link). */
  meterReads: number | null;
}

interface Soaker {
  /** Plays `games` more games; their time and CPU are counted. */
  play(games: number): Promise<void>;
  /** Plays `games` Jacks or Better games by the deck's buttons, one press at a time (after the bot's rounds). */
  presses(games: number): Promise<PressRun>;
  /** The shapes of the commits made since the last call. */
  newShapes(): Shape[];
  /** Stops the cabinet and checks everything it left. */
  finish(): Promise<SoakRun>;
}

/** The cabinets still running, closed before their folder goes when the soak is stopped. */
const running = new Set<{ close(): Promise<void> }>();

/**
 * A cabinet in `dir`, anchored to `tpm`'s counter or not, to be soaked round by
 * round; with `sas`, a SAS link to the simulated casino system, which polls it every 200 ms and
 * reads its meters every 3 s as a casino system does (src/devices/sas/host.ts).
 */
async function soaker(dir: string, tpm: Swtpm | null, options: { sas?: boolean } = {}): Promise<Soaker> {
  mkdirSync(join(dir, 'data'), { recursive: true });
  const db = join(dir, 'data', 'cabinet.db');
  const ledger = join(dir, 'devices.jsonl');
  const places: MachinePlaces = {
    keyFile: join(dir, 'machine.key'),
    mirror: join(dir, 'mirror'),
    ...(tpm ? { anchor: tpm.tcti } : {}),
  };
  const anchor = tpm ? { anchor: { tcti: tpm.tctiText } } : {};
  const config = parseConfig({
    store: { keyFile: places.keyFile, mirror: places.mirror, ...anchor },
    ...(options.sas
      ? { devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: 'simulated' } }
      : {}),
  });
  const cabinet = await startCabinet({
    config,
    dataDir: join(dir, 'data'),
    // The simulated devices' ledger is written, not synced: a real acceptor's and printer's memory
    // is their own, not a cost of the cabinet's disk (device-ledger.ts).
    devices: { kind: 'ledger', ledgerPath: ledger, printFailRate: 0.02, ledgerSynced: false },
    dealing: { kind: 'seeded', seed, for: 'bot' },
    // As run --headless: a cabinet without a screen works out the other tables' returns only when asked.
    ratePayTables: 'when asked',
  });
  running.add(cabinet);
  // Every commit from here on is measured (the start's own are not in the sample).
  const store = cabinet.journal;
  // What each commit wrote is kept by reference and measured after the run (the states are
  // immutable), so that measuring it costs the soak nothing.
  const written: [CabinetState | null, CabinetState | null, readonly CabinetEffect[]][] = [];
  let unsynced = 0;
  /** The press being timed: when it was made, the state's version then, and when its commit and its screen came. */
  let pending: { at: number; version: number; commit: number | null; screen: number | null } | null = null;
  /** The bot's commits: the presses' come after them, and are measured apart. */
  let botCommits: number | null = null;
  /** The counter when the bot's rounds ended (the presses' advances are measured apart). */
  let botCounterTo: number | null = null;
  const commit = store.commit.bind(store);
  const appendLog = store.appendLog.bind(store);
  let last: CabinetState | null = cabinet.runner.state;
  // As the runner commits: a hold alone without waiting for the disk (cabinet/durability.ts).
  store.commit = (prev, next, effects, source, sas, synced) => {
    written.push([prev, next, effects]);
    // The bot's only: the presses after its rounds are measured apart.
    if (synced === false && botCommits === null) unsynced++;
    last = next;
    commit(prev, next, effects, source, sas, synced);
    if (pending && pending.commit === null) pending.commit = performance.now();
  };
  cabinet.runner.onState((state) => {
    if (pending && pending.screen === null && state.version > pending.version) pending.screen = performance.now();
  });
  store.appendLog = (effects) => {
    written.push([last, last, effects]);
    appendLog(effects);
  };
  // The same seed for both cabinets: they play the same games, so they do the same work.
  const random = new SeededRandom(`soak:${seed}`);
  const sim = cabinet.devices.ledger!;
  sim.connect();
  await sim.settled();
  let meterReads = 0;
  cabinet.sas?.host?.on('meters', () => meterReads++);
  const from = store.anchorStatus.counter;
  const summary: BotSummary = { games: 0, notes: 0, tickets: 0, cashOuts: 0, handpays: 0, doorOpens: 0, refusals: 0 };
  let seconds = 0;
  let cpuUs = 0;
  let shaped = 0;
  const shape = ([prev, next, effects]: (typeof written)[number]) => shapeOf(prev, next, effects);
  return {
    async play(games) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const round = await new PlayerBot(cabinet.runner, sim, { games, random }).run();
      seconds += (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      cpuUs += used.user + used.system;
      for (const k of Object.keys(summary) as (keyof BotSummary)[]) summary[k] += round[k];
    },
    async presses(games) {
      botCommits = written.length;
      botCounterTo = store.anchorStatus.counter;
      const runner = cabinet.runner;
      runner.wish({ type: 'selectGame', game: 'jacks-or-better' });
      const run: PressRun = {
        games: 0,
        presses: 0,
        commits: 0,
        seconds: 0,
        toCommit: [],
        toScreen: [],
        advances: null,
        meterReads: null,
      };
      const readsFrom = meterReads;
      const counterFrom = store.anchorStatus.counter;
      const press = async (button: Button): Promise<void> => {
        pending = { at: performance.now(), version: runner.ahead.version, commit: null, screen: null };
        sim.press(button);
        await sim.settled();
        run.presses++;
        if (pending.commit !== null) run.toCommit.push(pending.commit - pending.at);
        if (pending.screen !== null) run.toScreen.push(pending.screen - pending.at);
        pending = null;
        if (pressPaceMs > 0) await new Promise((resolve) => setTimeout(resolve, pressPaceMs));
      };
      const started = performance.now();
      for (let g = 0; g < games; g++) {
        const s = runner.state;
        // A handpay or a tilt waits for people: the real-shaped play ends there.
        if (s.handpay || s.tilts.length > 0) break;
        if (s.balance < 5 * (s.chipValue ?? 100)) {
          sim.insertNote(2000);
          await sim.settled();
        }
        await press('deal');
        for (const hold of HOLD_BUTTONS) if (uniformBelow(random, 5) < 2) await press(hold);
        await press('deal');
        run.games++;
      }
      run.seconds = (performance.now() - started) / 1000;
      run.commits = written.length - botCommits;
      const counterTo = store.anchorStatus.counter;
      if (tpm && counterFrom !== null && counterTo !== null) run.advances = counterTo - counterFrom;
      if (cabinet.sas?.host) run.meterReads = meterReads - readsFrom;
      return run;
    },
    newShapes() {
      const shapes = written.slice(shaped).map(shape);
      shaped = written.length;
      return shapes;
    },
    async finish() {
      const to = botCounterTo ?? store.anchorStatus.counter;
      const problem = store.anchorProblem;
      running.delete(cabinet);
      await cabinet.close();
      const { problems } = inspect(db, ledger, true, places);
      if (problem) problems.push(problem);
      return {
        games: summary.games,
        seconds,
        cpuUs,
        commits: botCommits ?? written.length,
        unsynced,
        shapes: written.slice(0, botCommits ?? written.length).map(shape),
        summary,
        problems,
        places,
        counter: tpm && from !== null && to !== null ? { from, to } : null,
      };
    },
  };
}

/** Median, 99th percentile and largest of `ms`, as a figure. */
function spread(ms: number[]): string {
  if (ms.length === 0) return 'none';
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]!;
  return `median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
}

/** The NV budget's line for `advances` over `games`: writes a game, a day at 10,000 games, and the life. */
function budgetLine(advances: number, games: number): string {
  const perGame = advances / Math.max(1, games);
  const years = budgetYears(perGame);
  return `${advances} advances for ${games} games = ${perGame.toFixed(4)} NV writes a game; at ${BUSY_GAMES_A_DAY.toLocaleString('en')} games a day ${(perGame * BUSY_GAMES_A_DAY).toFixed(0)} a day and at most ${INTERVAL_WRITES_A_DAY} for the interval: the budget of ${NV_WRITE_BUDGET.toLocaleString('en')} writes (ST33GTPMISPI's stated endurance) lasts ${years.toFixed(1)} years (${LIFE_YEARS} asked${years >= LIFE_YEARS ? '' : ': SHORT'})`;
}

function pressLine(p: PressRun, diskRate: number): string {
  const rate = p.commits / p.seconds;
  return [
    `  real-shaped presses on an anchored cabinet (deal, holds, draw through the deck's event path, one at a time, each its own commit; ${p.meterReads === null ? 'no SAS link' : `the casino system polling every 200 ms, ${p.meterReads} reads of 14 meters`}; ${pressPaceMs} ms between presses): ${p.games} games, ${p.presses} presses in ${p.seconds.toFixed(2)} s = ${(p.games / p.seconds).toFixed(0)} games/s, ${p.commits} commits = ${rate.toFixed(0)} commits/s = ${((100 * rate) / diskRate).toFixed(0)}% of the disk's rate`,
    `    press to commit: ${spread(p.toCommit)}; press to screen: ${spread(p.toScreen)}`,
    ...(p.advances === null ? [] : [`    the NV budget with real-shaped play: ${budgetLine(p.advances, p.games)}`]),
  ].join('\n');
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

// --dir /dev/shm shows what the CPU can do when fsync costs nothing.
const dir = mkdtempSync(join(flag('dir', tmpdir()), 'cabinet-soak-'));
const load = loadavg();
const started = performance.now();
const warmUpGames = Math.min(gamesWanted, 500);
const { progress, close: closeProgress } = reportProgress({
  stream: process.stderr,
  quiet: process.argv.includes('--quiet'),
  plan: [
    { name: 'warm-up', weight: warmUpGames },
    { name: 'rounds', weight: 2.5 * gamesWanted },
    { name: 'presses', weight: 20 * pressGames },
    { name: 'checks', weight: 0.1 * gamesWanted },
  ],
});
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
let tpm: Swtpm | null = null;
let pressTpm: Swtpm | null = null;
try {
  const tpmBase = flag('tpm-state', existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
  tpm = await startSwtpm(mkdtempSync(join(tpmBase, 'cabinet-soak-swtpm-')));
  // A first soak warms the code up (the JIT, the modules), so that neither measured one pays for it.
  progress.stage('warm-up', warmUpGames, 'games');
  const warm = await soaker(join(dir, 'warm-up'), null);
  await warm.play(warmUpGames);
  progress.done(warmUpGames);
  const warmed = await warm.finish();
  const off = await soaker(join(dir, 'off'), null);
  const on = await soaker(join(dir, 'on'), tpm);

  // The yardstick: the soak's transactions, replayed with and without the mirror after each.
  const scratch = new Database(join(dir, 'yardstick.db'));
  scratch.pragma('journal_mode = WAL');
  scratch.pragma('synchronous = FULL');
  scratch.exec(
    'CREATE TABLE state (id INTEGER PRIMARY KEY, v TEXT); CREATE TABLE meters (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID; ' +
      'CREATE TABLE events (seq INTEGER PRIMARY KEY, data TEXT); CREATE TABLE recall (id INTEGER PRIMARY KEY, data TEXT); CREATE TABLE commits (seq INTEGER PRIMARY KEY, data TEXT);',
  );
  const key = readMachineKey(warmed.places.keyFile);
  const mirror = new Mirror(join(dir, 'yardstick-mirror'), key);
  const record = (() => {
    const read = new Mirror(warmed.places.mirror, key).read();
    if (read.found !== 'record') throw new Error('the warm-up left no mirror');
    return read.record;
  })();
  const counter = { seq: 0 };
  let plainTime = 0;
  let mirroredTime = 0;
  let sample = 0;
  let durable = 0;
  // Round by round, the two cabinets play the same games (each goes first in turn), then the
  // anchored one's commits of the round are replayed, plain and mirrored in turns of 200: all
  // four share whatever load the machine has.
  progress.stage('rounds', gamesWanted, 'games each');
  for (let r = 0; r < rounds; r++) {
    progress.done(Math.floor((gamesWanted * r) / rounds));
    stop.signal.throwIfAborted();
    const games = Math.floor((gamesWanted * (r + 1)) / rounds) - Math.floor((gamesWanted * r) / rounds);
    for (const s of r % 2 === 0 ? [off, on] : [on, off]) await s.play(games);
    off.newShapes();
    const shapes = on.newShapes();
    sample += shapes.length;
    durable += shapes.filter((s) => s.durable).length;
    for (let i = 0; i < shapes.length; i += 200) {
      const block = shapes.slice(i, i + 200);
      // Each goes first in turn, so a WAL checkpoint or a neighbour's burst favours neither.
      const first = (i / 200) % 2 === 0;
      if (first) plainTime += block.length / replay(scratch, block, null, counter);
      mirroredTime += block.length / replay(scratch, block, { mirror, record }, counter);
      if (!first) plainTime += block.length / replay(scratch, block, null, counter);
    }
  }
  progress.done(gamesWanted);
  // Real-shaped play on the anchored cabinet: one press at a time through the deck's event path.
  progress.stage('presses', pressGames, 'games');
  // A third cabinet for them, on a TPM of its own, with the casino system on its SAS link.
  pressTpm = await startSwtpm(mkdtempSync(join(tpmBase, 'cabinet-soak-swtpm-press-')));
  const pressing = await soaker(join(dir, 'press'), pressTpm, { sas: true });
  const pressed = await pressing.presses(pressGames);
  progress.done(pressed.games);
  progress.stage('checks', 0);
  mirror.close();
  scratch.close();
  const offRun = await off.finish();
  const onRun = await on.finish();
  const pressRun = await pressing.finish();
  const advanceUs = advanceAlone(tpm, onRun.places.keyFile, 2000);
  const plainRate = sample / plainTime;
  const mirroredRate = sample / mirroredTime;
  const rate = (r: SoakRun) => r.commits / r.seconds;
  const line = (name: string, r: SoakRun) =>
    `  ${name}: ${r.games} games in ${r.seconds.toFixed(2)} s = ${(r.games / r.seconds).toFixed(0)} games/s, ${r.commits} commits (${(r.commits / r.games).toFixed(2)} per game, ${r.unsynced} of them holds committed before their sync) = ${rate(r).toFixed(0)} commits/s = ${((100 * rate(r)) / plainRate).toFixed(0)}% of the disk's rate; ${(r.cpuUs / r.commits).toFixed(0)} µs of CPU a commit`;
  const advances = onRun.counter ? onRun.counter.to - onRun.counter.from : 0;
  const end = performance.now();
  const problems = [
    ...offRun.problems.map((p) => `without the anchor: ${p}`),
    ...onRun.problems.map((p) => `anchored: ${p}`),
    ...pressRun.problems.map((p) => `pressed: ${p}`),
  ];
  const perCommit = (r: SoakRun) => (1e6 * r.seconds) / r.commits;
  progress.finish();
  closeProgress();
  process.stdout.write(
    [
      `soak: in ${dir}, synchronous=FULL, keyed and mirrored, ${rounds} rounds; load average ${load.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the end`,
      `  the disk's own rate for the same ${sample} transactions (plain SQLite, same rows and sizes): ${plainRate.toFixed(0)} per second`,
      line(`anchored to the TPM counter (swtpm, its state in ${tpm.stateDir})`, onRun),
      line('not anchored', offRun),
      `  the counter: ${advances} advances for ${onRun.commits} commits (${(advances / onRun.commits).toFixed(4)} per commit: at once for a ticket credited, a handpay, a start and every ${NUMBERS_PER_ADVANCE}th validation number, at most one each ${ADVANCE_EVERY_MS / 60_000} min for the rest); one advance alone ${advanceUs.toFixed(0)} µs on this swtpm; the anchored soak took ${(perCommit(onRun) - perCommit(offRun)).toFixed(0)} µs a commit more than the other`,
      `  the NV budget with the bot's play: ${budgetLine(advances, onRun.games)}`,
      pressLine(pressed, plainRate),
      `  the mirror written after each (${durable} synced to the device): ${mirroredRate.toFixed(0)} per second; the mirror costs ${((100 * (plainRate - mirroredRate)) / plainRate).toFixed(1)}% of the rate`,
      `  notes ${onRun.summary.notes}, cash-outs ${onRun.summary.cashOuts}, handpays ${onRun.summary.handpays}, door opens ${onRun.summary.doorOpens}, refused wishes ${onRun.summary.refusals}`,
      `  after each: ${problems.length === 0 ? 'C-9 balanced, notes and vouchers match the devices, records intact under the key, the mirror agrees, the records at the counter' : problems.join('; ')}`,
      `  (${((end - started) / 1000).toFixed(0)} s in all)`,
    ].join('\n') + '\n',
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
} catch (e) {
  if (!stop.signal.aborted) throw e;
  for (const cabinet of running) await cabinet.close();
  closeProgress();
  process.stderr.write(stoppedReport('soak', 'SIGINT', progress.snapshot(), progress.finished, [`${dir} removed`]));
  process.exitCode = INTERRUPTED_EXIT.SIGINT;
} finally {
  for (const t of [tpm, pressTpm]) {
    await t?.stop();
    if (t) rmSync(t.stateDir, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}

// The crash test (C-13, C-14): the headless cabinet runs as a child process with its real
// drivers on the serial simulators' socat pseudo-terminals (DeviceRig, held by this process so
// the devices outlive every cabinet), is killed with SIGKILL at random instants, and restarted.
// A life is counted in work, not wall time: its kill comes at a random instant after the devices
// have done something in it, so a loaded machine makes lives slower, never emptier.
// After every kill the database is read as the next start will read it, and checked against what
// the devices physically did (their fsynced ledger): every stacked note credited exactly once
// (or about to be, by recovery), every printed voucher debited exactly once or, when the printer
// could not say, voided in the journal and handpaid instead, the meters balanced (C-9), the
// records intact under the machine key and never behind the mirror of critical memory; after every restart the interrupted game is the same game at the same step, and
// when it is finally recalled, it was played with the same cards.
//
// The pieces, for whoever changes one: spawnCabinet (one child, started by `run --headless` through
// the one assembly, src/app/cabinet-app.ts, and its kill), inspect (the checks
// of one database against the ledger), crashTest (the loop of kills, then a clean final run).

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SeededRandom, uniformBelow } from '../../src/core';
import { checkBalance, readLogRow, type CabinetState, type ValidationMode } from '../../src/cabinet';
import type { AcceptorProtocol, PrinterProtocol } from '../../src/devices';
import { readMachineKey, RecordsReader, type Tcti } from '../../src/store';
import { recordsAgainstCounter } from '../../src/store/testing/anchor-check';
import { startSwtpm } from '../../src/store/testing/swtpm';
import { gameView } from '../../src/app/headless';
import { readLedger } from '../../src/app/sim/device-ledger';
import { DeviceRig } from '../support/device-rig';
import { cliBundle } from '../support/cli-bundle';
import { CrashHost, CRASH_SAS_ADDRESS } from './crash-host';
import type { AftFigures } from './crash-aft';
import { handMove } from '../../src/app/sim/hands';

/** Low limits so that handpays, ticket-limit lockups and credit-limit returns all happen. */
/**
 * A crash test's time limit: a safety net for a run that hangs, not a measure. Its lives count
 * work, so a loaded machine makes a run longer (one took 126 s of an earlier 240 s limit beside
 * another crash test); an idle one takes under a minute.
 */
export const CRASH_TEST_TIMEOUT_MS = 600_000;

export const CRASH_CONFIG = {
  chipValues: [1, 5, 25, 100],
  limits: { creditLimit: 30000, ticketLimit: 8000, handpayLimit: 2500 },
};

export interface CrashOptions {
  dir: string;
  kills: number;
  seed: string;
  /**
   * A life runs until the cabinet is ready and the devices have done one to four things (a note or
   * ticket moved, a voucher cut), then is killed at a random instant at most this many ms later:
   * however slow a loaded machine makes each life, every life holds work.
   */
  maxLifeMs?: number;
  /** One kill in this many lands in start-up or recovery instead (default 5). */
  startupKillEvery?: number;
  /**
   * Every restart is a start-up's worth of CPU, so a loaded machine makes each kill slower: once
   * `minKills` are made, no new kill begins after this many ms, and the run ends (the final clean
   * start and every check as always) with the kills it made, in the test's time.
   */
  budgetMs?: number;
  minKills?: number;
  /** Per mille of the bot's rounds between games that insert a ticket (default 0). */
  ticketsPerMille?: number;
  /** A SAS link with the host simulator on it: the host validates every ticket (crash-host.ts). */
  sas?: boolean;
  /** With a SAS link: the host also moves money in and out with AFT (crash-aft.ts). */
  aft?: boolean;
  /**
   * The records anchored to a software TPM's counter (swtpm, started here): after every kill the
   * records must stand at the counter's value or one ahead of it (killed between a commit and
   * its advance), never behind it.
   */
  anchor?: boolean;
  /** The link's validation mode (default secure enhanced): the host polls for it, the checks follow it. */
  validation?: ValidationMode;
  /** The acceptor's family: JCM ID-003 (the default) or MEI/CPI EBDS. */
  acceptor?: AcceptorProtocol;
  /** The printer's family: ESC/POS (the default) or TCL. */
  printer?: PrinterProtocol;
  log?: (line: string) => void;
}

export interface CrashReport {
  kills: number;
  killedBeforeReady: number;
  resumedGames: number;
  gamesPlayed: number;
  notesStacked: number;
  vouchersPrinted: number;
  recoveredNotes: number;
  recoveredVouchers: number;
  /** Tickets the acceptor drew in, stacked (each credited once) and handed back; those settled by a restart. */
  ticketsInserted: number;
  ticketsStacked: number;
  ticketsReturned: number;
  recoveredTickets: number;
  /** Vouchers the printer could not vouch for after a restart: voided and handpaid instead. */
  voidedVouchers: number;
  /** With a SAS link: tickets the host redeemed (final status 00), and final statuses it read. */
  hostRedeemed?: number;
  hostFinalStatuses?: number;
  /** With a SAS link: a ticket credited whose end the host had yet to read when the last run ended (0 or 1). */
  hostUnreadRedeemed?: number;
  /** With the anchor: kills after which the records stood one or two ahead of the counter (between commits and their advances). */
  anchorAhead?: number;
  /** Of those, the kills that left them two ahead (an advance in flight and the next group's value recorded). */
  anchorTwoAhead?: number;
  /** With the anchor: the counter's value at the end. */
  anchorEnd?: number;
  /** Lives ended with SIGTERM and an orderly stop rather than a kill. */
  orderlyStops?: number;
  /** With a SAS link: vouchers the host learnt (4D or 3D), and those printed it had yet to read at the end. */
  hostVouchers?: number;
  hostVouchersUnread?: number;
  /** With a SAS link: records the host was sent again after a SIGKILL before its acknowledgement. */
  hostVoucherRepeats?: number;
  /** With AFT: transfers the host saw done in and out, refused, settled by interrogation after a kill. */
  aft?: AftFigures;
  /** With a SAS link: cash-outs paid by hand instead of printed (the mode's rule, no validation ID, limits). */
  handpaidCashouts?: number;
  discrepancies: string[];
}

type GameView = NonNullable<ReturnType<typeof gameView>>;

interface Run {
  ready: Record<string, unknown> | null;
  /** How long start-up and recovery took, when they ended. */
  readyMs: number | null;
  /** What the devices did in this life, from the cabinet's "ready" on. */
  work: number;
  /** How long after "ready" the kill window opened (once the life's `afterWork` things were done). */
  workedMs: number | null;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * When to kill: `atMs` after the spawn (start-up and recovery), or `thenMs` after the devices have
 * done `afterWork` things since "ready" (a random instant in a life sure to hold work).
 */
/**
 * When a life ends: at a time after the start, or after some work of the devices. `orderly`: with
 * SIGTERM, as systemd stops the service (the bot leaves at its next chance and the cabinet closes
 * in order), so that the next start's records are proven the latest (C-15) and its credits go out
 * by voucher; otherwise SIGKILL, after which they leave by handpay.
 */
type KillPlan = ({ atMs: number } | { afterWork: number; thenMs: number; orderly?: boolean }) | null;

/** How long an orderly stop may take before the life is killed all the same (and counted a discrepancy). */
const ORDERLY_STOP_MS = 20_000;

/**
 * A life whose devices do nothing (a lockup waiting for hands that never come) ends all the same,
 * this long after "ready": a safety net far beyond any life's work, never a measure of it.
 */
const IDLE_LIFE_MS = 30_000;

/** One life in this many (of those not killed in start-up) ends with an orderly stop instead of a kill. */
const ORDERLY_EVERY = 3;

/** A life's kill window opens once the devices have done between one and this many things. */
const WORK_BEFORE_KILL = 4;

/**
 * One cabinet process, started from the bundled CLI (under tsx every child would transpile the
 * program again); its hands on the devices are carried out on the rig as it asks.
 */
async function spawnCabinet(args: string[], plan: KillPlan, rig: DeviceRig): Promise<Run> {
  const cli = await cliBundle();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'run', '--headless', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const spawned = performance.now();
    const run: Run = { ready: null, readyMs: null, work: 0, workedMs: null, code: null, signal: null, stderr: '' };
    let workFrom = rig.work;
    const kill = () => {
      if (!(plan && 'orderly' in plan && plan.orderly)) return child.kill('SIGKILL');
      child.kill('SIGTERM');
      later(ORDERLY_STOP_MS, () => child.kill('SIGKILL'));
      return true;
    };
    const timers: NodeJS.Timeout[] = [];
    let exited = false;
    const later = (ms: number, f: () => void): void => {
      if (!exited) timers.push(setTimeout(f, ms));
    };
    if (plan && 'atMs' in plan) later(plan.atMs, kill);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      let nl: number;
      while ((nl = out.indexOf('\n')) >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        try {
          const msg = JSON.parse(line) as Record<string, unknown>;
          const move = handMove(msg);
          if (move) rig.hand(move);
          else if (msg.type === 'ready') {
            run.ready = msg;
            run.readyMs = performance.now() - spawned;
            workFrom = rig.work;
            if (plan && 'afterWork' in plan) {
              const worked = rig.whenWorked(plan.afterWork);
              void worked.then(() => {
                run.workedMs ??= performance.now() - spawned - run.readyMs!;
                later(plan.thenMs, kill);
              });
              later(IDLE_LIFE_MS, kill);
            }
          }
        } catch {
          run.stderr += `stdout: ${line}\n`;
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
    child.on('exit', (code, signal) => {
      exited = true;
      for (const t of timers) clearTimeout(t);
      if (run.ready) run.work = rig.work - workFrom;
      run.code = code;
      run.signal = signal;
      resolve(run);
    });
  });
}

interface Inspection {
  state: CabinetState;
  problems: string[];
  pendingNoteStacked: boolean;
  pendingVoucherPrinted: boolean;
  pendingTicketStacked: boolean;
  /** With the anchor: how many advances the records stood ahead of the counter (0 to 2). */
  anchorAhead: number;
  anchorCounter: number | null;
}

/** Where the machine key and the mirror of a harness's cabinet are, and its TPM counter if anchored. */
export interface MachinePlaces {
  keyFile: string;
  mirror: string;
  anchor?: Tcti;
}

/**
 * Reads the database as the next start will, and checks it against the device ledger: the keyed
 * records whole under the machine key, and the mirror not ahead of the database.
 */
export function inspect(dbPath: string, ledgerPath: string, final: boolean, places: MachinePlaces): Inspection {
  const problems: string[] = [];
  const store = RecordsReader.open(dbPath, {
    requireIntactChain: false,
    key: readMachineKey(places.keyFile),
    mirror: places.mirror,
  });
  try {
    if (!store.chain.ok) problems.push(`records broken at event row ${store.chain.seq}: ${store.chain.problem}`);
    if (!store.records.ok) problems.push(store.records.reason);
    const state = store.load();
    if (!state) throw new Error('no cabinet state in the database');
    const life = state.meters.lifetime;
    const check = checkBalance(life, state.balance, state.promo);
    if (!check.ok) problems.push(`C-9: meters say ${check.expected}, balance is ${check.actual}`);
    const ledger = readLedger(ledgerPath);
    const vouchers = voucherJournal(store);
    // A note the acceptor stacked but the cabinet has not yet credited must be the pending one.
    const pendingNoteStacked =
      state.note !== null && ledger.lastNote.state === 'stacked' && ledger.lastNote.value === state.note.value;
    const creditedNotes = (life.billsCount ?? 0) + (pendingNoteStacked ? 1 : 0);
    const creditedTotal = (life.billsIn ?? 0) + (pendingNoteStacked ? state.note!.value : 0);
    if (creditedNotes !== ledger.stackedCount || creditedTotal !== ledger.stackedTotal) {
      problems.push(
        `notes: the acceptor stacked ${ledger.stackedCount} (${ledger.stackedTotal}), the cabinet credited ${life.billsCount ?? 0} (${life.billsIn ?? 0})${pendingNoteStacked ? ' + 1 pending' : ''}`,
      );
    }
    const pendingVoucherPrinted = state.voucher !== null && ledger.printed.has(state.voucher.validation);
    // A voucher the printer could not vouch for was voided (or failed) in the journal and its
    // amount handpaid: printed or not, it is redeemable nowhere, so it is not a debit.
    let handpaidCount = 0;
    let handpaidTotal = 0;
    for (const [id, amount] of ledger.printed) {
      if (vouchers.handpaid.has(id)) {
        handpaidCount++;
        handpaidTotal += amount;
        if (vouchers.handpaid.get(id) !== amount)
          problems.push(`voucher ${id}: printed for ${amount}, handpaid for ${vouchers.handpaid.get(id)}`);
      } else if (!vouchers.printed.has(id) && state.voucher?.validation !== id)
        problems.push(`voucher ${id}: printed, but the cabinet neither debited nor voided it`);
    }
    for (const id of vouchers.printed.keys())
      if (!ledger.printed.has(id)) problems.push(`voucher ${id}: debited, but the printer never printed it`);
    const debited = (life.vouchersOutCount ?? 0) + (pendingVoucherPrinted ? 1 : 0);
    const debitedTotal = (life.vouchersOut ?? 0) + (pendingVoucherPrinted ? state.voucher!.amount : 0);
    if (debited !== ledger.printedCount - handpaidCount || debitedTotal !== ledger.printedTotal - handpaidTotal) {
      problems.push(
        `vouchers: the printer printed ${ledger.printedCount} (${ledger.printedTotal}, ${handpaidCount} voided and handpaid), the cabinet debited ${life.vouchersOutCount ?? 0} (${life.vouchersOut ?? 0})${pendingVoucherPrinted ? ' + 1 pending' : ''}`,
      );
    }
    const pendingTicketStacked = checkTickets(store, state, ledger, problems);
    if (final && (state.note || state.voucher || state.ticket))
      problems.push('after a clean stop a note, ticket or voucher is still pending');
    const anchor = places.anchor
      ? recordsAgainstCounter(store, places.anchor, readMachineKey(places.keyFile), problems)
      : null;
    return {
      state,
      problems,
      pendingNoteStacked,
      pendingVoucherPrinted,
      pendingTicketStacked,
      anchorAhead: anchor?.ahead ?? 0,
      anchorCounter: anchor?.counter ?? null,
    };
  } finally {
    store.close();
  }
}

/**
 * Tickets against what the acceptor physically stacked: none stacked twice, each one a voucher
 * this cabinet printed, marked redeemed for what it was printed for, and credited exactly once
 * (or about to be, by recovery: the pending ticket being stacked). Gives whether one is pending.
 */
function checkTickets(
  store: RecordsReader,
  state: CabinetState,
  ledger: ReturnType<typeof readLedger>,
  problems: string[],
): boolean {
  const t = state.ticket ?? null;
  const last = ledger.lastTicket;
  const pending =
    t !== null &&
    t.phase === 'stacking' &&
    last.state === 'stacked' &&
    (last.barcode === t.barcode || last.barcode === null);
  let total = 0;
  for (const [barcode, times] of ledger.ticketsStacked) {
    if (times > 1) problems.push(`ticket ${barcode}: stacked ${times} times`);
    const printed = ledger.printed.get(barcode);
    if (printed === undefined) problems.push(`ticket ${barcode}: stacked, but no voucher of this cabinet`);
    else total += printed * times;
    const v = store.voucher(barcode);
    const isPending = pending && t.barcode === barcode;
    if (!isPending && v?.status !== 'redeemed')
      problems.push(`ticket ${barcode}: stacked, but the voucher is ${v?.status ?? 'unknown'} in the records`);
    if (v && printed !== undefined && v.amount !== printed)
      problems.push(`ticket ${barcode}: printed for ${printed}, kept as ${v.amount}`);
  }
  for (const barcode of ledger.printed.keys()) {
    if (store.voucher(barcode)?.status === 'redeemed' && !ledger.ticketsStacked.has(barcode))
      problems.push(`voucher ${barcode}: redeemed, but the acceptor never stacked it`);
  }
  const life = state.meters.lifetime;
  const credited = (life.vouchersInCount ?? 0) + (pending ? 1 : 0);
  const creditedTotal = (life.vouchersIn ?? 0) + (pending ? (t.amount ?? 0) : 0);
  if (credited !== ledger.ticketsStackedCount || creditedTotal !== total) {
    problems.push(
      `tickets: the acceptor stacked ${ledger.ticketsStackedCount} (${total}), the cabinet credited ${life.vouchersInCount ?? 0} (${life.vouchersIn ?? 0})${pending ? ' + 1 pending' : ''}`,
    );
  }
  return pending;
}

/** The host's view against the database as the next start reads it. */
function checkHost(host: CrashHost, db: string, state: CabinetState): string[] {
  const problems: string[] = [];
  const store = RecordsReader.open(db);
  try {
    host.check(store, state, problems);
    host.aft?.check(store, state, problems, false);
  } finally {
    store.close();
  }
  return problems;
}

/** What the cabinet's journal says of each voucher: debited (printed), or voided/failed and handpaid. */
function voucherJournal(store: RecordsReader): { printed: Map<string, number>; handpaid: Map<string, number> } {
  const printed = new Map<string, number>();
  const handpaid = new Map<string, number>();
  for (const row of store.eventsOfKind(['voucher'], -1)) {
    const d = readLogRow('voucher', row);
    if (d?.event === 'printed') printed.set(d.validation, d.amount);
    else if (d?.event === 'voided' || d?.event === 'failed') handpaid.set(d.validation, d.amount);
  }
  return { printed, handpaid };
}

export async function crashTest(options: CrashOptions): Promise<CrashReport> {
  const { dir, seed } = options;
  const log = options.log ?? (() => {});
  const maxLife = options.maxLifeMs ?? 1500;
  mkdirSync(join(dir, 'data'), { recursive: true });
  const db = join(dir, 'data', 'cabinet.db');
  const ledger = join(dir, 'devices.jsonl');
  const config = join(dir, 'config.json');
  // Bundled before the first spawn, so that no kill's instant counts the build.
  await cliBundle();
  // The devices live here, in the harness: they outlive every cabinet that is killed.
  const rig = await DeviceRig.start({
    dir,
    ledgerPath: ledger,
    paperOutPercent: 5,
    random: new SeededRandom(`rig:${seed}`),
    acceptor: options.acceptor,
    printer: options.printer,
  });
  const tpm = options.anchor ? await startSwtpm(join(dir, 'tpm')) : null;
  // The key beside the config file, the mirror beside the data folder: the defaults.
  const places: MachinePlaces = {
    keyFile: join(dir, 'machine.key'),
    mirror: join(dir, 'data-mirror'),
    ...(tpm ? { anchor: tpm.tcti } : {}),
  };
  const validation = options.validation ?? 'secure-enhanced';
  const host = options.sas ? await CrashHost.start(dir, validation, options.aft ? seed : undefined) : null;
  const sas = host ? { sas: { path: host.machinePath, address: CRASH_SAS_ADDRESS, validation } } : {};
  const store = tpm ? { store: { anchor: { tcti: tpm.tctiText } } } : {};
  writeFileSync(config, JSON.stringify({ ...CRASH_CONFIG, ...store, devices: { ...rig.ports, ...sas } }));
  try {
    return await killAndCheck({ ...options, maxLife, db, ledger, config, log, rig, places, host });
  } finally {
    await host?.close();
    await rig.close();
    await tpm?.stop();
  }
}

interface Loop extends CrashOptions {
  maxLife: number;
  db: string;
  ledger: string;
  config: string;
  log: (line: string) => void;
  rig: DeviceRig;
  places: MachinePlaces;
  host: CrashHost | null;
}

async function killAndCheck({
  kills,
  seed,
  maxLife,
  db,
  ledger,
  config,
  log,
  rig,
  places,
  startupKillEvery,
  ticketsPerMille,
  host,
  budgetMs,
  minKills,
}: Loop): Promise<CrashReport> {
  const common = [
    '--db',
    db,
    '--config',
    config,
    '--money-per-mille',
    '150',
    '--tickets-per-mille',
    String(ticketsPerMille ?? 0),
  ];
  const rnd = new SeededRandom(`crash:${seed}`);
  const report: CrashReport = {
    kills: 0,
    killedBeforeReady: 0,
    resumedGames: 0,
    gamesPlayed: 0,
    notesStacked: 0,
    vouchersPrinted: 0,
    recoveredNotes: 0,
    recoveredVouchers: 0,
    ticketsInserted: 0,
    ticketsStacked: 0,
    ticketsReturned: 0,
    recoveredTickets: 0,
    voidedVouchers: 0,
    discrepancies: [],
  };
  let interrupted: GameView | null = null;
  const decksAtKill = new Map<number, string[]>();
  let startupMs = 1000;

  const began = performance.now();
  for (let k = 0; k < kills; k++) {
    if (budgetMs !== undefined && k >= (minKills ?? kills) && performance.now() - began > budgetMs) break;
    // Some kills land in start-up or recovery (as far as start-up has got by then).
    const plan: KillPlan =
      uniformBelow(rnd, startupKillEvery ?? 5) === 0
        ? { atMs: uniformBelow(rnd, startupMs) }
        : {
            afterWork: 1 + uniformBelow(rnd, WORK_BEFORE_KILL),
            thenMs: uniformBelow(rnd, maxLife),
            orderly: uniformBelow(rnd, ORDERLY_EVERY) === 0,
          };
    await rig.lines();
    await host?.line();
    const run = await spawnCabinet([...common, '--bot', `${seed}-${k}`, '--games', '1000000000'], plan, rig);
    if (run.readyMs !== null) startupMs = Math.max(200, Math.round(run.readyMs));
    report.kills++;
    const orderly = !!plan && 'orderly' in plan && plan.orderly;
    if (orderly ? run.code !== 0 : run.signal !== 'SIGKILL')
      report.discrepancies.push(
        orderly
          ? `run ${k}: did not stop in order on SIGTERM (code ${run.code}, signal ${run.signal}): ${run.stderr.trim().slice(0, 500)}`
          : `run ${k}: exited by itself (code ${run.code}): ${run.stderr.trim().slice(0, 500)}`,
      );
    if (orderly) report.orderlyStops = (report.orderlyStops ?? 0) + 1;
    if (!run.ready) report.killedBeforeReady++;
    else if (interrupted) {
      const resumed = run.ready.game as GameView | null;
      if (
        !resumed ||
        resumed.id !== interrupted.id ||
        resumed.actions !== interrupted.actions ||
        resumed.deck.join() !== interrupted.deck.join()
      ) {
        report.discrepancies.push(
          `run ${k}: game ${interrupted.id} did not resume at the same step with the same cards`,
        );
      } else report.resumedGames++;
    }
    if (!existsSync(db)) {
      if (readLedger(ledger).stackedCount > 0)
        report.discrepancies.push(`after kill ${k}: no database, yet notes were stacked`);
      log(`kill ${k}: before the database was made`);
      continue;
    }
    const seen = inspect(db, ledger, false, places);
    for (const p of seen.problems) report.discrepancies.push(`after kill ${k}: ${p}`);
    if (host) for (const p of checkHost(host, db, seen.state)) report.discrepancies.push(`after kill ${k}: ${p}`);
    if (seen.pendingNoteStacked) report.recoveredNotes++;
    if (seen.pendingVoucherPrinted) report.recoveredVouchers++;
    if (seen.pendingTicketStacked) report.recoveredTickets++;
    if (seen.anchorAhead > 0) report.anchorAhead = (report.anchorAhead ?? 0) + 1;
    if (seen.anchorAhead === 2) report.anchorTwoAhead = (report.anchorTwoAhead ?? 0) + 1;
    // A kill before "ready" leaves the previous interrupted game to be checked by the next start.
    interrupted = gameView(seen.state);
    if (interrupted) decksAtKill.set(interrupted.id, interrupted.deck);
    log(
      `kill ${k}: version ${seen.state.version}, games ${seen.state.meters.lifetime.gamesPlayed ?? 0}${run.ready ? `, ready in ${Math.round(run.readyMs ?? 0)} ms, ${run.work} things done by the devices${run.workedMs === null ? '' : ` (its kill window open ${Math.round(run.workedMs)} ms after ready)`}` : ' (before ready)'}${interrupted ? `, game ${interrupted.id} in progress` : ''}`,
    );
  }

  // The last start runs to a clean stop: then everything must match exactly.
  await rig.lines();
  await host?.line();
  const last = await spawnCabinet([...common, '--bot', `${seed}-final`, '--games', '5'], null, rig);
  if (last.code !== 0)
    report.discrepancies.push(`final run failed (code ${last.code}): ${last.stderr.trim().slice(0, 500)}`);
  if (interrupted && last.ready) {
    const resumed = last.ready.game as GameView | null;
    if (resumed?.id === interrupted.id && resumed.deck.join() === interrupted.deck.join()) report.resumedGames++;
    else report.discrepancies.push(`final run: game ${interrupted.id} did not resume with the same cards`);
  }
  const end = inspect(db, ledger, true, places);
  report.discrepancies.push(...end.problems.map((p) => `at the end: ${p}`));
  if (places.anchor) {
    report.anchorAhead ??= 0;
    report.anchorTwoAhead ??= 0;
    report.anchorEnd = end.anchorCounter ?? -1;
  }
  if (host) {
    const problems: string[] = [];
    const store = RecordsReader.open(db);
    try {
      const seenByHost = host.check(store, end.state, problems);
      report.hostRedeemed = seenByHost.redeemedByHost;
      report.hostFinalStatuses = seenByHost.finals;
      report.hostUnreadRedeemed = seenByHost.unreadRedeemed;
      report.hostVouchers = seenByHost.vouchersToHost;
      report.hostVouchersUnread = seenByHost.vouchersUnread;
      report.hostVoucherRepeats = seenByHost.voucherRepeats;
      if (host.aft) report.aft = host.aft.check(store, end.state, problems, true);
      report.handpaidCashouts = store.eventsOfKind(['handpay'], -1).filter((r) => {
        const d = readLogRow('handpay', r);
        return d?.event === 'locked' && d.kind === 'cancelledCredits';
      }).length;
    } finally {
      store.close();
    }
    report.discrepancies.push(...problems.map((p) => `at the end: ${p}`));
  }
  const store = RecordsReader.open(db);
  try {
    report.voidedVouchers = voucherJournal(store).handpaid.size;
    for (const r of store.recall()) {
      const deck = decksAtKill.get(r.gameId);
      if (deck && (r.replay.deck as string[]).join() !== deck.join())
        report.discrepancies.push(`game ${r.gameId} was recalled with other cards than it was interrupted with`);
    }
  } finally {
    store.close();
  }
  const ledgerEnd = readLedger(ledger);
  report.gamesPlayed = end.state.meters.lifetime.gamesPlayed ?? 0;
  report.notesStacked = ledgerEnd.stackedCount;
  report.vouchersPrinted = ledgerEnd.printedCount;
  report.ticketsInserted = ledgerEnd.ticketsEscrowed;
  report.ticketsStacked = ledgerEnd.ticketsStackedCount;
  report.ticketsReturned = ledgerEnd.ticketsReturned;
  return report;
}

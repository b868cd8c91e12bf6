// `parsheet poker-plus --best`: the strongest Poker Plus strategy found from exact decision
// values, written as tables (poker-plus-table-strategy.ts), played for its return, and audited
// against the exact best action at every stage. docs/poker-plus-strategy.md explains the method.
//
// 1. Derive, stage by stage, each table cell's action: at sampled decisions where the row is
//    met (the first action on fresh deals; the second and the final on deals played by the
//    tables derived so far), every candidate action is valued exactly as followed by the best
//    play after it (the first action's many-card exchanges on sampled draws), and each cell
//    takes the action with the highest mean.
// 2. Play the tables: the return and its 95% interval (poker-plus-sim-parallel.ts).
// 3. Audit on fresh deals: at each stage's decisions, what the exact best action gains over
//    the tables' choice, per round, as a share of the chips staked (the headroom); the return
//    best play is estimated not to exceed is the upper bound of the return plus the upper
//    bounds of the three headrooms.

import { availableParallelism } from 'node:os';
import {
  CATEGORIES,
  NO_PROGRESS,
  RANK_CHARS,
  type Category,
  type PokerPlusConfig,
  type Progress,
  POKER_PLUS_ID,
} from '../core';
import {
  runBest,
  type AuditResult,
  type AuditStage,
  type BestRequest,
  type BestResult,
  type BestSetup,
  type DeriveResult,
  type DeriveStage,
} from './poker-plus-best-work';
import { BestStages, type StageProfile, type StageStore } from './poker-plus-best-stages';
import { representativeWorth } from './poker-plus-final-boxes';
import {
  reportOf,
  simulateBatch,
  type BatchRequest,
  type PokerPlusReport,
  type SimulationTotals,
} from './poker-plus-sim';
import { roundsToPlay, simulateBatches, totalsOf, type SimulationOptions } from './poker-plus-sim-parallel';
import type { PokerPlusStrategy } from './poker-plus-strategy';
import {
  DRAW_CLASSES,
  FINAL_ACTIONS,
  FINAL_CLASSES,
  isFinal,
  isWorth,
  parseTableRows,
  parseTables,
  SECOND_CLASSES,
  UNPAIRED_CLASSES,
  type FinalTableAction,
  type StrategyTables,
} from './poker-plus-table-strategy';
import { WorkerPool } from './worker-pool';

export interface BestOptions {
  config: PokerPlusConfig;
  /** A name for the strategy found. */
  name: string;
  seed: string;
  /** Rounds to play the tables at least; more if the interval is wider than `halfWidth`. */
  rounds: number;
  halfWidth: number;
  /** Deals to derive each table from, and decisions to audit at each stage (at least). */
  derive: Record<DeriveStage, number>;
  audit: number;
  /** First-action draws sampled per number of cards exchanged (derivation, audit). */
  samples: { derive: number; audit: number };
  threads?: number;
  /** Each stage's progress, and a line for what it found. */
  progress?: Progress;
  /** Those lines alone (to stderr), for a caller without a progress. */
  log?: (line: string) => void;
  /** Where finished stages are kept, and taken from when a stopped run is resumed. */
  stages?: StageStore;
  /** Stops the run between batches: its workers end and it rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface Headroom {
  /** Mean gain of the exact best action over the tables' choice, per chip staked. */
  mean: number;
  ci95: [number, number];
  /** Decisions audited and the rounds dealt to meet them. */
  points: number;
  rounds: number;
  /** In antes per round, and where it comes from: the rows with the most gain. */
  perRound: number;
  rows: { row: string; points: number; perRound: number }[];
}

export interface BestReport {
  game: typeof POKER_PLUS_ID;
  strategy: PokerPlusStrategy;
  paytable: Record<Category, number>;
  rtp: number;
  ci95: [number, number];
  rounds: number;
  headroom: Record<AuditStage, Headroom>;
  upper: number;
  /** What is exact and what is sampled, with the numbers. */
  method: {
    derive: Record<DeriveStage, { deals: number; decisions: number }>;
    firstActionDrawsSampled: { derive: number; audit: number; auditMean: number };
    /** Each chip staked counted at this in the audit's values (1 - the tables' return). */
    stakeBonus: number;
  };
  play: PokerPlusReport;
  /** Where the time went, stage by stage (a stage a resumed run took from its store: 0). */
  profile: StageProfile[];
}

const BATCH_DEALS: Record<DeriveStage | AuditStage, number> = {
  exchange: 16,
  first: 8,
  second: 200,
  worth: 4000,
  final: 4000,
};
const WORKER = new URL('./poker-plus-best-worker.ts', import.meta.url);
const SIM_WORKER = new URL('./poker-plus-sim-worker.ts', import.meta.url);

/** Runs batches on the pool; `met` counts each one's part of the stage's progress as it comes. */
type RunBatches = (
  requests: BestRequest[],
  met?: (result: BestResult, request: BestRequest) => void,
) => Promise<BestResult[]>;

function batchRunner(pool: WorkerPool<BestRequest, BestResult>, signal?: AbortSignal): RunBatches {
  return (requests, met) =>
    pool.run(requests, {
      ...(met ? { onResult: (i, r) => met(r, requests[i]!) } : {}),
      ...(signal ? { signal } : {}),
    });
}

function batches(
  kind: 'derive' | 'audit',
  stage: DeriveStage | AuditStage,
  setup: BestSetup,
  seed: string,
  deals: number,
  tables: StrategyTables | undefined,
  from = 0,
): BestRequest[] {
  const out: BestRequest[] = [];
  const size = BATCH_DEALS[stage];
  for (let i = 0, left = deals; left > 0; i++, left -= size) {
    const common = { setup, seed: `${seed}/${kind}/${stage}/${from + i}`, deals: Math.min(size, left) };
    out.push(
      kind === 'derive'
        ? { kind, stage: stage as DeriveStage, ...common, ...(tables ? { tables } : {}) }
        : { kind, stage: stage as AuditStage, ...common, tables: tables! },
    );
  }
  return out;
}

/** Each cell's action: the candidate with the highest mean value where the row was met. */
function chooseCells<A extends string>(
  results: DeriveResult[],
  rows: readonly string[],
  actions: readonly A[],
  fallback: (row: string) => A,
): Record<string, A[]> {
  const sums = new Map<string, { n: number; values: Float64Array }>();
  for (const r of results)
    for (const s of r.samples) {
      for (const key of [`${s.row}|${s.up}`, `${s.row}|*`]) {
        const at = sums.get(key) ?? { n: 0, values: new Float64Array(actions.length) };
        at.n++;
        s.values.forEach((v, i) => (at.values[i]! += v));
        sums.set(key, at);
      }
    }
  const pick = (values: ArrayLike<number>): A => {
    let best = 0;
    // Equal means (two actions doing the same to these boxes) keep the earlier, simpler one.
    for (let i = 1; i < actions.length; i++) if (values[i]! > values[best]! + 1e-12) best = i;
    return actions[best]!;
  };
  const out: Record<string, A[]> = {};
  for (const row of rows) {
    const whole = sums.get(`${row}|*`);
    out[row] = [...RANK_CHARS].map((_, up) => {
      const at = sums.get(`${row}|${up}`);
      // A cell met a few times leans on its row: its mean shrinks toward the row's by
      // SHRINK decisions' weight; a cell never met takes the row's choice, or the default.
      if (!whole) return fallback(row);
      const n = at?.n ?? 0;
      return pick(
        Array.from(
          { length: actions.length },
          (_, i) => ((at?.values[i] ?? 0) + (SHRINK * whole.values[i]!) / whole.n) / (n + SHRINK),
        ),
      );
    });
  }
  return out;
}

/** How many decisions' weight a row's mean has in each of its cells (chooseCells). */
const SHRINK = 2;

const finalFallback = (row: string): (typeof FINAL_ACTIONS)[number] =>
  row.startsWith('high-card') || row.startsWith('ace-high') ? 'fold' : 'bet';

/**
 * A table of worth: each cell the mean of `values[at]` where the row was met against that up
 * card, leaning on a prior (PRIOR decisions' weight): what a representative box of the class is
 * worth exactly where there is one, else the row's mean over every up card; so that a class met
 * rarely (a royal flush) is still worth what it is. A cell met never, with no prior, is `empty`.
 * With `base`, what leans on the row's mean is the part above the base (a box's worth before
 * the second action above what standing on it is worth, which carries the up card's effect).
 */
function meanCells(
  results: DeriveResult[],
  rows: readonly string[],
  at: number,
  prior: (row: string, up: number) => number | null,
  empty: (row: string) => number,
  base: (row: string, up: number) => number = () => 0,
): Record<string, number[]> {
  const sums = new Map<string, { n: number; sum: number }>();
  const add = (key: string, x: number): void => {
    const s = sums.get(key) ?? { n: 0, sum: 0 };
    s.n++;
    s.sum += x;
    sums.set(key, s);
  };
  for (const r of results)
    for (const sample of r.samples) {
      const x = sample.values[at]! - base(sample.row, sample.up);
      if (Number.isNaN(x)) continue;
      add(`${sample.row}|${sample.up}`, x);
      add(`${sample.row}|*`, x);
    }
  const out: Record<string, number[]> = {};
  for (const row of rows) {
    const whole = sums.get(`${row}|*`);
    out[row] = [...RANK_CHARS].map((_, up) => {
      const cell = sums.get(`${row}|${up}`) ?? { n: 0, sum: 0 };
      const b = base(row, up);
      const known = prior(row, up);
      const p = known !== null ? known - b : whole ? whole.sum / whole.n : null;
      if (p === null) return cell.n > 0 ? b + cell.sum / cell.n : empty(row);
      return b + (cell.sum + PRIOR * p) / (cell.n + PRIOR);
    });
  }
  return out;
}

const PRIOR = 4;

function headroomOf(results: AuditResult[], stakePerRound: number): Headroom {
  let deals = 0;
  let points = 0;
  let sum = 0;
  let sum2 = 0;
  const rows = new Map<string, { points: number; sum: number }>();
  for (const r of results) {
    deals += r.deals;
    points += r.points;
    sum += r.sum;
    sum2 += r.sum2;
    for (const [row, x] of Object.entries(r.byRow)) {
      const at = rows.get(row) ?? { points: 0, sum: 0 };
      at.points += x.points;
      at.sum += x.sum;
      rows.set(row, at);
    }
  }
  // Per round: rounds without the decision gain nothing.
  const mean = sum / deals;
  const variance = Math.max(0, sum2 / deals - mean * mean) / (deals - 1);
  const half = 1.959963984540054 * Math.sqrt(variance);
  return {
    mean: mean / stakePerRound,
    ci95: [(mean - half) / stakePerRound, (mean + half) / stakePerRound],
    points,
    rounds: deals,
    perRound: mean,
    rows: [...rows.entries()]
      .map(([row, x]) => ({ row, points: x.points, perRound: x.sum / deals }))
      .sort((a, b) => b.perRound - a.perRound)
      .slice(0, 8),
  };
}

/** Audits a stage on fresh deals until it has met at least `points` decisions. */
async function auditStage(
  stage: AuditStage,
  setup: BestSetup,
  seed: string,
  tables: StrategyTables,
  points: number,
  run: RunBatches,
  progress: (met: number) => void = () => {},
): Promise<AuditResult[]> {
  const results: AuditResult[] = [];
  let met = 0;
  let dealt = 0;
  let round = 0;
  while (met < points) {
    // Deal enough for the decisions still wanted, by the rate met so far (all deals at first).
    const rate = dealt > 0 ? Math.max(met / dealt, 0.01) : stage === 'first' ? 1 : 0.3;
    const deals = Math.ceil(((points - met) / rate) * (dealt > 0 ? 1.05 : 1));
    const from = results.length;
    let arrived = met;
    const done = (await run(batches('audit', stage, setup, `${seed}/${round++}`, deals, tables, from), (r) =>
      progress((arrived += (r as AuditResult).points)),
    )) as AuditResult[];
    for (const r of done) {
      results.push(r);
      met += r.points;
      dealt += r.deals;
    }
  }
  return results;
}

export interface AuditOptions {
  config: PokerPlusConfig;
  seed: string;
  /** Decisions to meet at the stage, at least. */
  points: number;
  /** First-action draws sampled per number of cards exchanged. */
  samples: number;
  /** Each chip staked counted at this (1 - the strategy's return), and the chips staked per round. */
  stakeBonus: number;
  stakePerRound: number;
  threads?: number;
}

export interface Audited {
  headroom: Headroom;
  sampledDraws: number;
  sampledOptions: number;
}

const auditSetup = (options: AuditOptions): BestSetup => ({
  config: options.config,
  ante: 1,
  bonus: options.stakeBonus,
  samples: options.samples,
  refine: AUDIT_REFINE,
});

function auditedOf(results: AuditResult[], stakePerRound: number): Audited {
  return {
    headroom: headroomOf(results, stakePerRound),
    sampledDraws: results.reduce((n, r) => n + r.sampledDraws, 0),
    sampledOptions: results.reduce((n, r) => n + r.sampledOptions, 0),
  };
}

/**
 * What the exact best action gains over the tables' choice at one stage, per chip staked, on
 * fresh deals: the audit of `parsheet poker-plus --best`, for any tables.
 */
export async function auditTables(tables: StrategyTables, stage: AuditStage, options: AuditOptions): Promise<Audited> {
  const pool = new WorkerPool<BestRequest, BestResult>(WORKER, runBest, options.threads ?? availableParallelism());
  try {
    const setup = auditSetup(options);
    const results = await auditStage(stage, setup, options.seed, tables, options.points, batchRunner(pool));
    return auditedOf(results, options.stakePerRound);
  } finally {
    await pool.close();
  }
}

/** Close calls at the audited first action sampled further (FirstValuerOptions.refine). */
const AUDIT_REFINE = { z: 3, error: 0.01, maxSamples: 256 };

/** The pilot's rounds: played first to learn the spread, and the first batches of the run proper. */
const PILOT_ROUNDS = 1_000_000;

export async function bestPlay(options: BestOptions): Promise<BestReport> {
  const threads = options.threads ?? availableParallelism();
  const progress = options.progress ?? NO_PROGRESS;
  const note = (line: string): void => {
    progress.note(line);
    options.log?.(line);
  };
  const { config, seed, signal } = options;
  const stages = new BestStages(progress, options.stages ?? null, signal);
  const pool = new WorkerPool<BestRequest, BestResult>(WORKER, runBest, threads);
  const simPool = new WorkerPool<BatchRequest, SimulationTotals>(SIM_WORKER, simulateBatch, threads);
  const run = batchRunner(pool, signal);
  try {
    const deriveSetup: BestSetup = { config, ante: 1, bonus: 0, samples: options.samples.derive };
    const method: BestReport['method'] = {
      derive: {
        exchange: { deals: 0, decisions: 0 },
        second: { deals: 0, decisions: 0 },
        worth: { deals: 0, decisions: 0 },
        final: { deals: 0, decisions: 0 },
      },
      firstActionDrawsSampled: { derive: options.samples.derive, audit: options.samples.audit, auditMean: 0 },
      stakeBonus: 0,
    };
    /**
     * A table derived from a stage's decisions, or taken from a resumed run: `make` turns the
     * decisions into it, `check` reads a saved one back.
     */
    const derived = async <T>(
      stage: DeriveStage,
      tables: StrategyTables | undefined,
      make: (results: DeriveResult[]) => T,
      check: (saved: unknown) => T | string,
    ): Promise<T> => {
      const deals = options.derive[stage];
      const saved = await stages.run(
        stage,
        deals,
        async (done) => {
          let arrived = 0;
          const results = (await run(batches('derive', stage, deriveSetup, seed, deals, tables), (_, request) =>
            done((arrived += request.deals)),
          )) as DeriveResult[];
          const count = { deals, decisions: results.reduce((n, r) => n + r.samples.length, 0) };
          return { table: make(results), method: count };
        },
        (x) => {
          if (!isRecord(x) || !isCount(x.method)) return 'not a table with its counts';
          const table = check(x.table);
          return typeof table === 'string' ? table : { table, method: x.method };
        },
      );
      method.derive[stage] = saved.method;
      note(`derived the ${stage} table from ${saved.method.decisions} decisions on ${saved.method.deals} deals`);
      return saved.table;
    };
    const every = <A>(rows: readonly string[], a: A): Record<string, A[]> =>
      Object.fromEntries(rows.map((r) => [r, [...RANK_CHARS].map(() => a)]));

    // What boxes are worth: before the first action's several-card exchanges (fee included),
    // before the second action, at the final decision. Then the final table, on boxes the rule
    // with those tables leaves.
    const worthPrior = (row: string, up: number): number | null => representativeWorth(row, up, config);
    const exchange = await derived(
      'exchange',
      undefined,
      (exchanges) => ({
        all: meanCells(
          exchanges,
          DRAW_CLASSES,
          0,
          () => null,
          () => -2,
        ),
        unpaired: meanCells(
          exchanges,
          UNPAIRED_CLASSES,
          1,
          () => null,
          () => -2,
        ),
      }),
      (x) => {
        if (!isRecord(x)) return 'not an exchange table';
        const all = parseTableRows(x.all, 'exchange.all', DRAW_CLASSES, 'worths', isWorth);
        const unpaired = parseTableRows(x.unpaired, 'exchange.unpaired', UNPAIRED_CLASSES, 'worths', isWorth);
        if (typeof all === 'string') return all;
        if (typeof unpaired === 'string') return unpaired;
        return { all, unpaired };
      },
    );
    const worthRows = (x: unknown): Record<string, number[]> | string =>
      parseTableRows(x, 'worth', FINAL_CLASSES, 'worths', isWorth);
    const worth = await derived(
      'worth',
      undefined,
      (results) => meanCells(results, FINAL_CLASSES, 0, worthPrior, () => -1),
      worthRows,
    );
    // Before the second action a box is worth what standing on it is (its final class's worth,
    // or a fold's -1 without a pair), and what a second action adds to that.
    const standing = (row: string, up: number): number => {
      const base = row.slice(0, row.indexOf('/'));
      const held = `${base}-up-held`;
      if (base === `pair-${RANK_CHARS[up]}`) return worth[held]![up]!;
      return FINAL_CLASSES.includes(base) ? worth[base]![up]! : -1;
    };
    const second = await derived(
      'second',
      undefined,
      (results) =>
        meanCells(
          results,
          SECOND_CLASSES,
          0,
          () => null,
          (row) =>
            FINAL_CLASSES.includes(row.slice(0, row.indexOf('/')))
              ? Math.max(...worth[row.slice(0, row.indexOf('/'))]!)
              : -1,
          standing,
        ),
      (x) => parseTableRows(x, 'second', SECOND_CLASSES, 'worths', isWorth),
    );
    const final = await derived(
      'final',
      { exchange, second, worth, final: every(FINAL_CLASSES, 'bet') },
      (results) => chooseCells(results, FINAL_CLASSES, FINAL_ACTIONS, finalFallback),
      (x) => parseTableRows<FinalTableAction>(x, 'final', FINAL_CLASSES, 'actions', isFinal),
    );
    const tables: StrategyTables = { exchange, second, worth, final };
    // A resumed run's tables are read back as a strategy file's are (P-6 among the checks).
    const parsed = parseTables(tables, 'tables');
    if (!parsed.ok) throw new Error(`best: the tables do not read as a strategy's: ${parsed.error}`);
    const strategy: PokerPlusStrategy = {
      name: options.name,
      first: [],
      second: [],
      bet: 'any',
      takeHalf: [],
      buyGame: [],
      tables,
    };

    // Play it: a pilot run for the spread, then enough rounds for the interval asked; the
    // pilot's batches are the run's first (the same seeds), so they are not played again.
    const simulation = (rounds: number, progress: (rounds: number) => void): SimulationOptions => ({
      strategy,
      rounds,
      seed: `${seed}/play`,
      boxes: 1,
      config,
      threads: threads,
      pool: simPool,
      progress: units(progress),
      ...(signal ? { signal } : {}),
    });
    const isReportOrWhy = (x: unknown): PokerPlusReport | string => (isReport(x) ? x : 'not a play report');
    let play: PokerPlusReport;
    if (stages.saved('play')) play = await stages.run('play', 0, () => Promise.reject(), isReportOrWhy);
    else {
      const pilotRounds = Math.min(options.rounds, PILOT_ROUNDS);
      const pilot = await stages.run(
        'pilot',
        pilotRounds,
        (done) => simulateBatches(simulation(pilotRounds, done)),
        (x) => (Array.isArray(x) && x.every(isTotals) ? x : 'not the pilot batches'),
      );
      const pilotReport = reportOf(totalsOf(pilot), strategy.name, 1, 1);
      const pilotHalf = (pilotReport.ci95[1] - pilotReport.ci95[0]) / 2;
      const needed = Math.ceil(pilotReport.rounds * (pilotHalf / options.halfWidth) ** 2 * 1.1);
      const rounds = Math.max(options.rounds, needed);
      const whole = simulation(rounds, () => {});
      play = await stages.run(
        'play',
        roundsToPlay(whole, pilot),
        async (done) =>
          reportOf(totalsOf(await simulateBatches({ ...whole, progress: units(done) }, pilot)), strategy.name, 1, 1),
        isReportOrWhy,
      );
    }
    note(`played ${play.rounds} rounds: ${(play.rtp * 100).toFixed(4)}%`);

    // Audit: gains counted in returned - rtp x staked, what the return ratio responds to.
    const bonus = 1 - play.rtp;
    method.stakeBonus = bonus;
    const stakePerRound = play.staked / play.rounds;
    const headroom = {} as Record<AuditStage, Headroom>;
    for (const stage of ['final', 'second', 'first'] as const) {
      const auditOptions: AuditOptions = {
        config,
        seed: `${seed}/audit`,
        points: options.audit,
        samples: options.samples.audit,
        stakeBonus: bonus,
        stakePerRound,
      };
      const audited = await stages.run(
        `audit-${stage}`,
        options.audit,
        async (done) =>
          auditedOf(
            await auditStage(stage, auditSetup(auditOptions), auditOptions.seed, tables, options.audit, run, done),
            stakePerRound,
          ),
        (x) => (isAudited(x) ? x : 'not an audit'),
      );
      headroom[stage] = audited.headroom;
      if (stage === 'first')
        method.firstActionDrawsSampled.auditMean = audited.sampledDraws / Math.max(1, audited.sampledOptions);
      note(
        `audited the ${stage} action at ${headroom[stage].points} decisions: ${(headroom[stage].mean * 100).toFixed(4)}%`,
      );
    }
    const upper = play.ci95[1] + headroom.first.ci95[1] + headroom.second.ci95[1] + headroom.final.ci95[1];
    const paytable = Object.fromEntries(CATEGORIES.map((c) => [c, config.payTable.coefficients[c]])) as Record<
      Category,
      number
    >;
    return {
      game: POKER_PLUS_ID,
      strategy,
      paytable,
      rtp: play.rtp,
      ci95: play.ci95,
      rounds: play.rounds,
      headroom,
      upper,
      method,
      play,
      profile: stages.profile,
    };
  } finally {
    await Promise.all([pool.close(), simPool.close()]);
  }
}

// What a resumed run reads back is checked before it is used (the store checks the files'
// digests; these, that a saved stage holds what this run saves).

/** A stage's count of units done, as a progress the simulation reports to. */
const units = (done: (n: number) => void): Progress => ({ stage() {}, note() {}, done });

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isCount = (x: unknown): x is { deals: number; decisions: number } =>
  isRecord(x) && Number.isSafeInteger(x.deals) && Number.isSafeInteger(x.decisions);
const isPair = (x: unknown): x is [number, number] => Array.isArray(x) && x.length === 2 && x.every(isNumber);
const numbersIn = (x: unknown, keys: readonly string[]): boolean => isRecord(x) && keys.every((k) => isNumber(x[k]));

function isTotals(x: unknown): x is SimulationTotals {
  return (
    numbersIn(x, [
      'rounds',
      'staked',
      'returned',
      'drawFees',
      'gameFees',
      'sumReturned2',
      'sumStaked2',
      'sumReturnedStaked',
    ]) &&
    isRecord((x as Record<string, unknown>).outcomes) &&
    isRecord((x as Record<string, unknown>).seenHands) &&
    isRecord((x as Record<string, unknown>).actions)
  );
}

function isReport(x: unknown): x is PokerPlusReport {
  return (
    numbersIn(x, ['rounds', 'rtp', 'netPerRound', 'staked', 'returned']) &&
    isPair((x as Record<string, unknown>).ci95) &&
    (x as Record<string, unknown>).game === POKER_PLUS_ID
  );
}

function isAudited(x: unknown): x is Audited {
  if (!numbersIn(x, ['sampledDraws', 'sampledOptions'])) return false;
  const h = (x as Record<string, unknown>).headroom;
  return numbersIn(h, ['mean', 'points', 'rounds', 'perRound']) && isPair((h as Record<string, unknown>).ci95);
}

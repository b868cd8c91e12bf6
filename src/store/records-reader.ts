// The records as the service screens, the command line and the crash test read them: the
// committed state, the game recall (C-11), the event log in pages, the settings log, and walks
// of the chain (C-12), whole, in slices, or in the background from the latest era. A reader
// never writes: the journal (journal.ts) is the one writer, and gives the running cabinet its
// reader on the same connection. Readers opened by themselves (recall, meters, events --verify,
// the crash test's inspection) open the file read-only and check it first.

import type Database from 'better-sqlite3';
import type { Progress } from '../core';
import {
  recalledReplay,
  storedState,
  type CabinetSettings,
  type CabinetState,
  type GameRecord,
  type MeterSet,
  type VoucherRecord,
  type VoucherStatus,
} from '../cabinet';
import { openDatabase, StoreError } from './database';
import type { ChainCheck, EventRow } from './event-chain';
import type { Anchor } from './keyed-chain';
import type { MachineKey } from './machine-key';
import { wholeWalkStart } from './archive';
import { verifyKeyedSteps, walkUnkeyed, type RecordsVerdict } from './records-open';
import { headCommit, latestCheckpoint, walkAll, walkSlices, type RecordsCheck } from './records-walk';
import { KEYED_SCHEMA, RECALL_KEEP } from './schema';
import { COVERED, type RowValues } from './table-digests';

type Scope = 'lifetime' | 'period';

export interface StoredEvent {
  seq: number;
  at: number;
  kind: string;
  data: Record<string, unknown>;
  hash: string;
}

export interface SettingsChange {
  seq: number;
  at: number;
  key: string;
  from: unknown;
  to: unknown;
  source: string;
}

export interface ReaderOptions {
  /** Refuse a broken chain (the default); readers that report it (events --verify) say false. */
  requireIntactChain?: boolean;
  /** Check the keyed records with the machine's key (events --verify --key-file). */
  key?: MachineKey;
  /** Also compare the database with this mirror folder. */
  mirror?: string;
  /** With the key: walk from the latest keyed checkpoint only (events --verify --incremental). */
  incremental?: boolean;
}

/**
 * How much of the chain the running cabinet walks after a start: 'incremental' from the latest
 * keyed checkpoint (what was not verified before), 'full' from the latest era or the first commit.
 */
export type WalkMode = 'incremental' | 'full';

/** What the check at open found. */
export interface OpenCheck {
  chain: ChainCheck;
  /** Whether `chain` is the keyed check (false: only the event log's unkeyed chain was walked). */
  keyed: boolean;
  records: RecordsVerdict;
  /** The commit the keyed walk started from (null: the first, or none walked). */
  from?: Anchor | null;
}

/** Parts of the state that change only with the configuration, stored apart (migration 3), and the AFT history (C-26). */
export const STATE_PARTS = ['configApplied', 'installedPayTables', 'aftHistory'] as const;
type Part = (typeof STATE_PARTS)[number];

function recallRecord(r: Record<string, unknown>): GameRecord {
  return {
    gameId: r.game_id as number,
    game: r.game as GameRecord['game'],
    chipValue: r.chip_value as number,
    startedAt: r.started_at as number,
    endedAt: r.ended_at as number,
    staked: r.staked as number,
    paid: r.paid as number,
    handpaid: r.handpaid === 1,
    replay: recalledReplay(JSON.parse(r.replay as string)),
    result: JSON.parse(r.result as string),
  };
}

/** A row whose data no longer parses (an edited file) is shown as its text, not thrown over. */
function storedEvent(r: Pick<EventRow, 'seq' | 'at' | 'kind' | 'data' | 'hash'>): StoredEvent {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(r.data);
  } catch {
    data = { unreadable: r.data.slice(0, 200) };
  }
  return { seq: r.seq, at: r.at, kind: r.kind, data, hash: r.hash };
}

export const refusedIn = (path: string, e: unknown): StoreError =>
  e instanceof StoreError ? e : new StoreError(`${path} is damaged: ${(e as Error).message}`);

/** The vouchers table's columns, in the order its digest covers them. */
export const VOUCHER_COLUMNS = COVERED.vouchers.columns.join(', ');

/** A vouchers row in VOUCHER_COLUMNS order. */
export function voucherRecord(row: RowValues): VoucherRecord {
  const [validation, sequence, amount, currency, issuedAt, expiresAt, status, redeemedAt, redeemedEvent] = row;
  return {
    validation: String(validation),
    sequence: Number(sequence),
    amount: Number(amount),
    currency: String(currency),
    issuedAt: Number(issuedAt),
    expiresAt: String(expiresAt),
    status: status as VoucherStatus,
    redeemedAt: redeemedAt === null ? null : Number(redeemedAt),
    redeemedEvent: redeemedEvent === null ? null : Number(redeemedEvent),
  };
}

export class RecordsReader {
  /** What the check at open found (for the running cabinet: from the latest checkpoint). */
  readonly chain: ChainCheck;
  readonly keyed: boolean;
  /** What the records are worth: for the running cabinet, its verdict at start; for a reader, against the mirror it was given. */
  readonly records: RecordsVerdict;
  /** The commit the check at open walked from: null for the first (the whole chain). */
  readonly walkedFrom: Anchor | null;
  private lastWalk: ChainCheck;
  private breakFound: string | null = null;

  /**
   * `walkKey` walks the keyed chain (the running cabinet's reader, given by its journal);
   * without it the walks follow the event log's unkeyed chain.
   */
  constructor(
    readonly db: Database.Database,
    readonly path: string,
    found: OpenCheck,
    private readonly walkKey: MachineKey | null = null,
  ) {
    this.chain = found.chain;
    this.keyed = found.keyed;
    this.records = found.records;
    this.walkedFrom = found.from ?? null;
    this.lastWalk = found.chain;
  }

  /**
   * Opens the database read-only: with the key the keyed records are checked whole (and against
   * the mirror folder, if given); without it, only the event log's unkeyed chain (C-12).
   */
  static open(path: string, options: ReaderOptions = {}): RecordsReader {
    const steps = RecordsReader.opening(path, options);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same, yielding between slices of the keyed walk, its stages reported to `progress` (a
   * command's progress, which drives it in turns of the event loop); the database is closed if
   * the walk is given up (`return()`) before it ends.
   */
  static *opening(path: string, options: ReaderOptions = {}, progress?: Progress): Generator<void, RecordsReader> {
    const { db, version } = openDatabase(path, { readonly: true });
    let handed = false;
    try {
      let found: OpenCheck;
      try {
        if (options.key && version >= KEYED_SCHEMA) {
          const checked = yield* verifyKeyedSteps(db, path, options.key, options.mirror, progress, options.incremental);
          found = {
            chain: checked.chain,
            keyed: true,
            records: checked.records ?? { ok: true, mirror: null },
            from: checked.from,
          };
        } else {
          found = { chain: walkUnkeyed(db), keyed: false, records: { ok: true, mirror: null } };
        }
      } catch (e) {
        throw refusedIn(path, e);
      }
      if (options.requireIntactChain !== false && !found.chain.ok) {
        throw new StoreError(`${path}: the records are broken at event row ${found.chain.seq}: ${found.chain.problem}`);
      }
      handed = true;
      return new RecordsReader(db, path, found);
    } finally {
      if (!handed) db.close();
    }
  }

  /** The TPM counter's value the last commit was made at; null: not anchored (or not keyed). */
  anchorValue(): number | null {
    return this.keyed ? (headCommit(this.db)?.anchor ?? null) : null;
  }

  /** The last committed state, or null for a new database. */
  load(): CabinetState | null {
    const row = this.db.prepare('SELECT version, state FROM cabinet_state WHERE id = 1').get() as
      { version: number; state: string } | undefined;
    if (!row) return null;
    let parsed: CabinetState;
    try {
      parsed = JSON.parse(row.state) as CabinetState;
    } catch (e) {
      throw new StoreError(`${this.path}: the stored cabinet state is damaged: ${(e as Error).message}`);
    }
    if (parsed.version !== row.version || !Number.isSafeInteger(parsed.balance)) {
      throw new StoreError(
        `${this.path}: the stored cabinet state is damaged (version ${parsed.version} in row ${row.version})`,
      );
    }
    const settings = this.settings();
    if (!settings) throw new StoreError(`${this.path}: the operator settings are missing`);
    return storedState({ ...parsed, ...this.parts(parsed), meters: this.meters(), settings });
  }

  /** The stored parts; a database written before they were kept apart has them in the state. */
  private parts(parsed: CabinetState): Pick<CabinetState, Part> {
    const rows = new Map(
      (this.db.prepare('SELECT name, value FROM state_parts').all() as { name: string; value: string }[]).map((r) => [
        r.name,
        r.value,
      ]),
    );
    const part = <K extends Part>(name: K, fallback: CabinetState[K]): CabinetState[K] => {
      const text = rows.get(name);
      if (text === undefined) return parsed[name] ?? fallback;
      try {
        return JSON.parse(text) as CabinetState[K];
      } catch (e) {
        throw new StoreError(`${this.path}: the stored ${name} is damaged: ${(e as Error).message}`);
      }
    };
    return {
      configApplied: part('configApplied', null),
      installedPayTables: part('installedPayTables', []),
      aftHistory: part('aftHistory', []),
    };
  }

  meters(): MeterSet {
    const out: Record<Scope, Record<string, number>> = { lifetime: {}, period: {} };
    for (const r of this.db.prepare('SELECT scope, name, value FROM meters').all() as {
      scope: Scope;
      name: string;
      value: number;
    }[])
      out[r.scope][r.name] = r.value;
    return out;
  }

  settings(): CabinetSettings | null {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    if (rows.length === 0) return null;
    try {
      return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)])) as unknown as CabinetSettings;
    } catch (e) {
      throw new StoreError(`${this.path}: the stored settings are damaged: ${(e as Error).message}`);
    }
  }

  /** A voucher this cabinet printed, with what became of it; null for any other number. */
  voucher(validation: string): VoucherRecord | null {
    const row = this.voucherRow(validation);
    return row ? voucherRecord(row) : null;
  }

  /** The vouchers row of `validation` as its digest covers it (VOUCHER_COLUMNS), if there is one. */
  voucherRow(validation: string): RowValues | null {
    // A reader of a database from before the vouchers were kept (only the cabinet migrates).
    if (!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vouchers'").get()) return null;
    const row = this.db.prepare(`SELECT ${VOUCHER_COLUMNS} FROM vouchers WHERE validation = ?`).raw().get(validation);
    return (row as RowValues | undefined) ?? null;
  }

  /** The most recent games first (C-11). */
  recall(last = RECALL_KEEP): GameRecord[] {
    const rows = this.db.prepare('SELECT * FROM recall ORDER BY game_id DESC LIMIT ?').all(last) as Record<
      string,
      unknown
    >[];
    return rows.map(recallRecord);
  }

  /** One game of the recall, or null when it is not (or no longer) kept. */
  recallGame(gameId: number): GameRecord | null {
    const row = this.db.prepare('SELECT * FROM recall WHERE game_id = ?').get(gameId) as
      Record<string, unknown> | undefined;
    return row ? recallRecord(row) : null;
  }

  events(from = 1, limit = -1): StoredEvent[] {
    const rows = this.db
      .prepare('SELECT seq, at, kind, data, hash FROM events WHERE seq >= ? ORDER BY seq LIMIT ?')
      .all(from, limit) as EventRow[];
    return rows.map(storedEvent);
  }

  /** A page of the log, newest first: the `limit` rows before `beforeSeq` (or the newest). */
  eventsNewestFirst(limit: number, beforeSeq = Number.MAX_SAFE_INTEGER): StoredEvent[] {
    const rows = this.db
      .prepare('SELECT seq, at, kind, data, hash FROM events WHERE seq < ? ORDER BY seq DESC LIMIT ?')
      .all(beforeSeq, limit) as EventRow[];
    return rows.map(storedEvent);
  }

  /** The newest `limit` rows of the given kinds (before `beforeSeq` if given), newest first. */
  eventsOfKind(kinds: readonly string[], limit: number, beforeSeq = Number.MAX_SAFE_INTEGER): StoredEvent[] {
    if (kinds.length === 0) return [];
    const marks = kinds.map(() => '?').join(', ');
    const rows = this.db
      .prepare(
        `SELECT seq, at, kind, data, hash FROM events WHERE kind IN (${marks}) AND seq < ? ORDER BY seq DESC LIMIT ?`,
      )
      .all(...kinds, beforeSeq, limit) as EventRow[];
    return rows.map(storedEvent);
  }

  /** Rows in the log as it is on disk (the journal's eventCount counts what it appended to an intact chain). */
  eventRows(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  }

  settingsLog(): SettingsChange[] {
    const rows = this.db
      .prepare('SELECT seq, at, key, old_value, new_value, source FROM settings_log ORDER BY seq')
      .all() as Record<string, unknown>[];
    return rows.map((r) => ({
      seq: r.seq as number,
      at: r.at as number,
      key: r.key as string,
      from: r.old_value === null ? null : JSON.parse(r.old_value as string),
      to: JSON.parse(r.new_value as string),
      source: r.source as string,
    }));
  }

  /** A fresh walk of the whole chain as it is now, not the check made at open. */
  walkChain(): ChainCheck {
    this.lastWalk = this.walkKey
      ? walkAll(this.db, this.walkKey.bytes, wholeWalkStart(this.db, this.walkKey.bytes))
      : walkUnkeyed(this.db);
    return this.lastWalk;
  }

  /**
   * The same walk in slices, giving the event loop back between them, so that reading a long
   * log never holds up the devices or the screen. Each slice is one finished statement: commits
   * go on between slices, and rows they add are walked too.
   */
  async walkChainSliced(commitsPerSlice = 250): Promise<ChainCheck> {
    this.lastWalk = this.walkKey
      ? await this.sliced(this.walkKey, wholeWalkStart(this.db, this.walkKey.bytes), commitsPerSlice)
      : walkUnkeyed(this.db);
    return this.lastWalk;
  }

  /**
   * The background walk a start leaves running, in slices: 'incremental' (the running cabinet's)
   * from the latest keyed checkpoint, so its work is the commits since, not the machine's life;
   * 'full' the whole chain from the latest era (a RAM clear on refused records) or the first
   * commit. A break it finds is kept (recordsBroken) for the runner to tilt on.
   */
  async walkRecordsInBackground(
    commitsPerSlice = 250,
    mode: WalkMode = 'incremental',
    progress?: Progress,
  ): Promise<RecordsCheck> {
    if (!this.walkKey) throw new StoreError(`${this.path} was opened for reading`);
    let era: Anchor | null;
    try {
      era =
        mode === 'full'
          ? wholeWalkStart(this.db, this.walkKey.bytes, true)
          : latestCheckpoint(this.db, this.walkKey.bytes);
    } catch (e) {
      const problem = (e as Error).message;
      this.breakFound = `the records are broken: ${problem}`;
      return { ok: false, rows: 0, seq: 1, problem, commits: 0 };
    }
    const walked = await this.sliced(this.walkKey, era, commitsPerSlice, progress);
    this.lastWalk = walked;
    if (!walked.ok) this.breakFound = `the records are broken at event row ${walked.seq}: ${walked.problem}`;
    return walked;
  }

  /**
   * The journal's walk before a checkpoint: the chain since `anchor`, at once. A break is kept
   * as the background walk's is; a whole walk, being partial, leaves the last whole one standing.
   */
  walkSince(anchor: Anchor | null): RecordsCheck {
    if (!this.walkKey) throw new StoreError(`${this.path} was opened for reading`);
    const walked = walkAll(this.db, this.walkKey.bytes, anchor);
    if (!walked.ok) {
      this.lastWalk = walked;
      this.breakFound = `the records are broken at event row ${walked.seq}: ${walked.problem}`;
    }
    return walked;
  }

  private async sliced(
    key: MachineKey,
    anchor: Anchor | null,
    commitsPerSlice: number,
    progress?: Progress,
  ): Promise<RecordsCheck> {
    const walk = walkSlices(this.db, key.bytes, anchor, commitsPerSlice, progress);
    for (;;) {
      const step = walk.next();
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
      if (!this.db.open) throw new StoreError(`${this.path} was closed during the walk`);
    }
  }

  /**
   * What the latest whole walk found (at open, or the event log page's), without walking again:
   * a walk costs microseconds a row, too much for every meters read.
   */
  lastChainCheck(): ChainCheck {
    return this.lastWalk;
  }

  /** A break in the chain found since open (by a checkpoint's or the background walk), or null. */
  get recordsBroken(): string | null {
    return this.breakFound;
  }

  /** A break the journal found in what it read back (a row changed under it): kept as a walk's is. */
  breakSeen(problem: string): void {
    this.breakFound ??= `the records are broken: ${problem}`;
  }

  /** A RAM clear on refused records starts a new era: what was found before it is history. */
  newEra(): void {
    this.breakFound = null;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

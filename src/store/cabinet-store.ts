// The cabinet's persistence (C-13): every transition is committed with its meter changes, log
// rows and game record in one transaction, before the runner carries out or shows anything.
// Start-up reads the last committed state back whole (C-14).

import type Database from 'better-sqlite3';
import type { CabinetEffect, CabinetSettings, CabinetState, GameRecord, LogEntry, MeterSet, Meters } from '../cabinet';
import { openDatabase, StoreError } from './database';
import { ChainWalker, GENESIS, rowHash, verifyChain, type ChainCheck, type EventRow } from './event-chain';
import { RECALL_KEEP } from './schema';

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

/** Parts of the state that change only with the configuration, stored apart (migration 3). */
const PARTS = ['configApplied', 'installedPayTables'] as const;
type Part = (typeof PARTS)[number];

/** Who changed the settings (the config file, a technician), as the transition logged it. */
function settingsSource(effects: readonly CabinetEffect[]): string | undefined {
  for (const e of effects) {
    if (e.type === 'log' && e.entry.kind === 'config' && typeof e.entry.data.source === 'string') return e.entry.data.source;
  }
  return undefined;
}

/** The state without what has tables of its own. */
function stateJson(state: CabinetState): string {
  return JSON.stringify({ ...state, meters: undefined, settings: undefined, configApplied: undefined, installedPayTables: undefined });
}

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
    replay: JSON.parse(r.replay as string),
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

export class CabinetStore {
  private lastHash = GENESIS;
  private lastSeq = 0;
  private readonly stmt: ReturnType<CabinetStore['prepare']>;
  /** What the chain check found at open. */
  readonly chain: ChainCheck;
  private lastWalk: ChainCheck;

  private constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {
    this.stmt = this.prepare();
    this.chain = verifyChain(this.db.prepare('SELECT seq, at, kind, data, prev_hash, hash FROM events ORDER BY seq').iterate() as Iterable<EventRow>);
    this.lastWalk = this.chain;
    if (this.chain.ok) {
      this.lastHash = this.chain.last;
      this.lastSeq = this.chain.rows;
    }
  }

  /**
   * Opens the database and checks it. With `requireIntactChain` (the default, as the cabinet
   * starts) a broken event chain is refused; the `events --verify` command opens without it to
   * show where the chain breaks.
   */
  static open(path: string, options: { readonly?: boolean; requireIntactChain?: boolean } = {}): CabinetStore {
    const { db } = openDatabase(path, options);
    const store = new CabinetStore(db, path);
    if (options.requireIntactChain !== false && !store.chain.ok) {
      db.close();
      throw new StoreError(`${path}: the event log chain is broken at row ${store.chain.seq}: ${store.chain.problem}`);
    }
    return store;
  }

  private prepare() {
    const db = this.db;
    return {
      getState: db.prepare('SELECT version, state FROM cabinet_state WHERE id = 1'),
      insertState: db.prepare('INSERT INTO cabinet_state (id, version, state, updated_at) VALUES (1, ?, ?, ?)'),
      updateState: db.prepare('UPDATE cabinet_state SET version = ?, state = ?, updated_at = ? WHERE id = 1 AND version = ?'),
      meters: db.prepare('SELECT scope, name, value FROM meters'),
      upsertMeter: db.prepare('INSERT INTO meters (scope, name, value) VALUES (?, ?, ?) ON CONFLICT (scope, name) DO UPDATE SET value = excluded.value'),
      deleteMeter: db.prepare('DELETE FROM meters WHERE scope = ? AND name = ?'),
      insertEvent: db.prepare('INSERT INTO events (seq, at, kind, data, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)'),
      insertRecall: db.prepare(
        'INSERT INTO recall (game_id, game, chip_value, started_at, ended_at, staked, paid, handpaid, replay, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      pruneRecall: db.prepare('DELETE FROM recall WHERE game_id <= ?'),
      settings: db.prepare('SELECT key, value FROM settings'),
      upsertSetting: db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      logSetting: db.prepare('INSERT INTO settings_log (at, key, old_value, new_value, source) VALUES (?, ?, ?, ?, ?)'),
      parts: db.prepare('SELECT name, value FROM state_parts'),
      upsertPart: db.prepare('INSERT INTO state_parts (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value'),
    };
  }

  /** The last committed state, or null for a new database. */
  load(): CabinetState | null {
    const row = this.stmt.getState.get() as { version: number; state: string } | undefined;
    if (!row) return null;
    let parsed: CabinetState;
    try {
      parsed = JSON.parse(row.state) as CabinetState;
    } catch (e) {
      throw new StoreError(`${this.path}: the stored cabinet state is damaged: ${(e as Error).message}`);
    }
    if (parsed.version !== row.version || !Number.isSafeInteger(parsed.balance)) {
      throw new StoreError(`${this.path}: the stored cabinet state is damaged (version ${parsed.version} in row ${row.version})`);
    }
    const settings = this.settings();
    if (!settings) throw new StoreError(`${this.path}: the operator settings are missing`);
    return { ...parsed, ...this.parts(parsed), meters: this.meters(), settings };
  }

  /** The stored parts; a database written before they were kept apart has them in the state. */
  private parts(parsed: CabinetState): Pick<CabinetState, Part> {
    const rows = new Map((this.stmt.parts.all() as { name: string; value: string }[]).map((r) => [r.name, r.value]));
    const part = <K extends Part>(name: K, fallback: CabinetState[K]): CabinetState[K] => {
      const text = rows.get(name);
      if (text === undefined) return parsed[name] ?? fallback;
      try {
        return JSON.parse(text) as CabinetState[K];
      } catch (e) {
        throw new StoreError(`${this.path}: the stored ${name} is damaged: ${(e as Error).message}`);
      }
    };
    return { configApplied: part('configApplied', null), installedPayTables: part('installedPayTables', []) };
  }

  private writeParts(prev: CabinetState | undefined, next: CabinetState): void {
    for (const name of PARTS) {
      if (prev && prev[name] === next[name]) continue;
      this.stmt.upsertPart.run(name, JSON.stringify(next[name]));
    }
  }

  meters(): MeterSet {
    const out: Record<Scope, Record<string, number>> = { lifetime: {}, period: {} };
    for (const r of this.stmt.meters.all() as { scope: Scope; name: string; value: number }[]) out[r.scope][r.name] = r.value;
    return out;
  }

  settings(): CabinetSettings | null {
    const rows = this.stmt.settings.all() as { key: string; value: string }[];
    if (rows.length === 0) return null;
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)])) as unknown as CabinetSettings;
  }

  /** The first state of a new database. */
  initialize(state: CabinetState, source: string): void {
    this.db.transaction(() => {
      this.stmt.insertState.run(state.version, stateJson(state), Date.now());
      this.writeMeters(undefined, state.meters);
      this.writeSettings(undefined, state.settings, source, Date.now());
      this.writeParts(undefined, state);
    })();
  }

  /** C-13: one transition, whole, or nothing. */
  commit(prev: CabinetState, next: CabinetState, effects: readonly CabinetEffect[], source = 'cabinet'): void {
    this.atomically(() => {
      const at = Date.now();
      const changed = this.stmt.updateState.run(next.version, stateJson(next), at, prev.version).changes;
      if (changed !== 1) throw new StoreError(`commit of version ${next.version} found the database not at version ${prev.version}`);
      if (prev.meters !== next.meters) this.writeMeters(prev.meters, next.meters);
      if (prev.settings !== next.settings) this.writeSettings(prev.settings, next.settings, settingsSource(effects) ?? source, at);
      this.writeParts(prev, next);
      this.writeEffects(effects);
    });
  }

  /** Runs a transaction; the chain's head moves only if it commits. */
  private atomically(work: () => void): void {
    const seq = this.lastSeq;
    const hash = this.lastHash;
    try {
      this.db.transaction(work)();
    } catch (e) {
      this.lastSeq = seq;
      this.lastHash = hash;
      throw e;
    }
  }

  /** Log rows of a refused input: no state changed, but the refusal is kept (C-22). */
  appendLog(effects: readonly CabinetEffect[]): void {
    this.atomically(() => this.writeEffects(effects));
  }

  private writeEffects(effects: readonly CabinetEffect[]): void {
    for (const e of effects) {
      if (e.type === 'log') this.appendEvent(e.entry);
      else if (e.type === 'recall') this.writeRecall(e.record);
    }
  }

  private appendEvent(entry: LogEntry): void {
    const seq = this.lastSeq + 1;
    const data = JSON.stringify(entry.data);
    const hash = rowHash(this.lastHash, seq, entry.at, entry.kind, data);
    this.stmt.insertEvent.run(seq, entry.at, entry.kind, data, this.lastHash, hash);
    this.lastSeq = seq;
    this.lastHash = hash;
  }

  private writeRecall(r: GameRecord): void {
    this.stmt.insertRecall.run(
      r.gameId,
      r.game,
      r.chipValue,
      r.startedAt,
      r.endedAt,
      r.staked,
      r.paid,
      r.handpaid ? 1 : 0,
      JSON.stringify(r.replay),
      JSON.stringify(r.result),
    );
    this.stmt.pruneRecall.run(r.gameId - RECALL_KEEP);
  }

  private writeMeters(prev: MeterSet | undefined, next: MeterSet): void {
    for (const scope of ['lifetime', 'period'] as const) {
      const before: Meters = prev?.[scope] ?? {};
      const after = next[scope];
      for (const [name, value] of Object.entries(after)) {
        if (before[name] !== value) this.stmt.upsertMeter.run(scope, name, value);
      }
      for (const name of Object.keys(before)) {
        if (!(name in after)) this.stmt.deleteMeter.run(scope, name);
      }
    }
  }

  private writeSettings(prev: CabinetSettings | undefined, next: CabinetSettings, source: string, at: number): void {
    for (const [key, value] of Object.entries(next)) {
      const json = JSON.stringify(value);
      const old = prev ? JSON.stringify(prev[key as keyof CabinetSettings]) : undefined;
      if (old === json) continue;
      this.stmt.upsertSetting.run(key, json);
      this.stmt.logSetting.run(at, key, old ?? null, json, source);
    }
  }

  /** The most recent games first (C-11). */
  recall(last = RECALL_KEEP): GameRecord[] {
    const rows = this.db.prepare('SELECT * FROM recall ORDER BY game_id DESC LIMIT ?').all(last) as Record<string, unknown>[];
    return rows.map(recallRecord);
  }

  /** One game of the recall, or null when it is not (or no longer) kept. */
  recallGame(gameId: number): GameRecord | null {
    const row = this.db.prepare('SELECT * FROM recall WHERE game_id = ?').get(gameId) as Record<string, unknown> | undefined;
    return row ? recallRecord(row) : null;
  }

  events(from = 1, limit = -1): StoredEvent[] {
    const rows = this.db.prepare('SELECT seq, at, kind, data, hash FROM events WHERE seq >= ? ORDER BY seq LIMIT ?').all(from, limit) as EventRow[];
    return rows.map(storedEvent);
  }

  /** A page of the log, newest first: the `limit` rows before `beforeSeq` (or the newest). */
  eventsNewestFirst(limit: number, beforeSeq = Number.MAX_SAFE_INTEGER): StoredEvent[] {
    const rows = this.db.prepare('SELECT seq, at, kind, data, hash FROM events WHERE seq < ? ORDER BY seq DESC LIMIT ?').all(beforeSeq, limit) as EventRow[];
    return rows.map(storedEvent);
  }

  /** The newest `limit` rows of the given kinds, newest first. */
  eventsOfKind(kinds: readonly string[], limit: number): StoredEvent[] {
    if (kinds.length === 0) return [];
    const marks = kinds.map(() => '?').join(', ');
    const rows = this.db.prepare(`SELECT seq, at, kind, data, hash FROM events WHERE kind IN (${marks}) ORDER BY seq DESC LIMIT ?`).all(...kinds, limit) as EventRow[];
    return rows.map(storedEvent);
  }

  /** Rows in the log as it is on disk (eventCount counts what this store appended to an intact chain). */
  eventRows(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  }

  /** A fresh walk of the whole chain as it is now, not the check made at open. */
  walkChain(): ChainCheck {
    this.lastWalk = verifyChain(this.db.prepare('SELECT seq, at, kind, data, prev_hash, hash FROM events ORDER BY seq').iterate() as Iterable<EventRow>);
    return this.lastWalk;
  }

  /**
   * The same walk in slices of rows, giving the event loop back between them, so that reading a
   * long log (about 3 µs a row) never holds up the devices or the screen. Each slice is one
   * finished statement: commits go on between slices, and rows they add are walked too.
   */
  async walkChainSliced(rowsPerSlice = 2000): Promise<ChainCheck> {
    const walker = new ChainWalker();
    const slice = this.db.prepare('SELECT seq, at, kind, data, prev_hash, hash FROM events WHERE seq > ? ORDER BY seq LIMIT ?');
    let after = 0;
    for (;;) {
      const rows = slice.all(after, rowsPerSlice) as EventRow[];
      const intact = rows.every((r) => walker.add(r));
      if (!intact || rows.length < rowsPerSlice) break;
      after = rows[rows.length - 1].seq;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.lastWalk = walker.result();
    return this.lastWalk;
  }

  /**
   * What the latest whole walk found (at open, or the event log page's), without walking again:
   * a walk costs about 3 µs a row (0.65 s for 200,000 rows here), too much for every meters read.
   * Rows this store appended since are chained by it, so only an outside edit can break them.
   */
  lastChainCheck(): ChainCheck {
    return this.lastWalk;
  }

  eventCount(): number {
    return this.lastSeq;
  }

  settingsLog(): SettingsChange[] {
    const rows = this.db.prepare('SELECT seq, at, key, old_value, new_value, source FROM settings_log ORDER BY seq').all() as Record<string, unknown>[];
    return rows.map((r) => ({
      seq: r.seq as number,
      at: r.at as number,
      key: r.key as string,
      from: r.old_value === null ? null : JSON.parse(r.old_value as string),
      to: JSON.parse(r.new_value as string),
      source: r.source as string,
    }));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

// The cabinet's persistence (C-13): every transition is committed with its meter changes, log
// rows and game record in one transaction, before the runner carries out or shows anything.
// Start-up reads the last committed state back whole (C-14).
//
// Every transaction is one commit of the keyed chain (keyed-chain.ts): it signs where the logs
// end and the digests of the tables it leaves, under the machine key. After it, the mirror of
// critical memory is written outside the database (mirror.ts). What the running cabinet checks
// when it opens the database is records-open.ts's; this is the journal that goes on from there,
// and the records' reads.

import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import {
  meterDef,
  HANDPAID_METERS,
  type CabinetEffect,
  type CabinetSettings,
  type CabinetState,
  type GameRecord,
  type LogEntry,
  type MeterSet,
  type Meters,
} from '../cabinet';
import { openDatabase, StoreError } from './database';
import { GENESIS, rowHash, type ChainCheck, type EventRow } from './event-chain';
import { checkpointMac, commitMac, settingsLogDigest, type Anchor, type CommitRow } from './keyed-chain';
import { createMachineKey, readMachineKey, shortFingerprint, type MachineKey } from './machine-key';
import type { Mirror, MirrorRecord } from './mirror';
import {
  adopt,
  checkPlaces,
  openKeyed,
  readIdentity,
  seedNew,
  verifyKeyed,
  walkUnkeyed,
  type Identity,
  type JournalStart,
  type MachineOptions,
  type Purpose,
  type RecordsVerdict,
} from './records-open';
import { latestCheckpoint, walkAll, walkSlices, type RecordsCheck } from './records-walk';
import { KEYED_SCHEMA, RECALL_KEEP } from './schema';
import { TableDigests, type RowValues } from './table-digests';

export { mirrorMemory, type MachineOptions, type Purpose, type RecordsVerdict } from './records-open';

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

export interface StoreOpenOptions {
  readonly?: boolean;
  /** Refuse a broken chain (the default); readers that report it (events --verify) say false. */
  requireIntactChain?: boolean;
  /** The running cabinet: checks the database is this machine's, and writes. */
  machine?: MachineOptions;
  /** A reader that checks the keyed records with the machine's key (events --verify --key-file). */
  key?: MachineKey;
  /** A reader that also compares the database with this mirror folder. */
  mirror?: string;
}

/** Parts of the state that change only with the configuration, stored apart (migration 3). */
const PARTS = ['configApplied', 'installedPayTables'] as const;
type Part = (typeof PARTS)[number];

/** A checkpoint is written when this many commits and event rows were added since the last one. */
export const CHECKPOINT_EVERY = 2000;

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

const refusedIn = (path: string, e: unknown): StoreError =>
  e instanceof StoreError ? e : new StoreError(`${path} is damaged: ${(e as Error).message}`);

export class CabinetStore {
  private lastHash = GENESIS;
  private lastSeq = 0;
  private settingsTo = 0;
  private settingsHead = GENESIS;
  private statements: ReturnType<CabinetStore['prepare']> | null = null;
  /** What the check at open found (for the running cabinet: from the latest checkpoint). */
  chain: ChainCheck = { ok: true, rows: 0, last: GENESIS };
  private lastWalk: ChainCheck = this.chain;
  /** The running cabinet's view of its records at start. */
  records: RecordsVerdict = { ok: true, mirror: null };
  /** Whether `chain` is the keyed check (false: only the event log's unkeyed chain was walked). */
  keyed = false;

  // The journal's own state: only a store opened for the running cabinet writes.
  private key: MachineKey | null = null;
  private digests: TableDigests | null = null;
  private head: CommitRow | null = null;
  private identity: Identity | null = null;
  private mirror: Mirror | null = null;
  /** False while the records are refused: the mirror keeps what it knew until a RAM clear. */
  private mirroring = false;
  private mirrorWritten = false;
  private current: CabinetState | null = null;
  private checkpointAnchor: Anchor | null = null;
  private sinceCheckpoint = 0;
  private mirrorFailure: string | null = null;
  private breakFound: string | null = null;

  private constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {}

  /** Prepared on first use: a database from before a table existed is migrated first. */
  private get stmt(): ReturnType<CabinetStore['prepare']> {
    this.statements ??= this.prepare();
    return this.statements;
  }

  /**
   * Opens the database. The running cabinet gives `machine` (key file, mirror, machine number,
   * production or simulated) and gets a store that writes; readers open `readonly`, with the key
   * to check the keyed records or without it to walk the unkeyed event chain (C-12) only.
   */
  static open(path: string, options: StoreOpenOptions = {}): CabinetStore {
    if (options.machine && !options.readonly) return CabinetStore.openForCabinet(path, options.machine);
    if (!options.readonly) throw new StoreError(`${path}: only the running cabinet, with its machine key and mirror, writes to the database`);
    const { db, version } = openDatabase(path, { readonly: true });
    const store = new CabinetStore(db, path);
    try {
      if (options.key && version >= KEYED_SCHEMA) {
        const found = verifyKeyed(db, path, options.key, options.mirror);
        store.keyed = true;
        store.chain = found.chain;
        if (found.records) store.records = found.records;
      } else {
        store.chain = walkUnkeyed(db);
      }
      store.lastWalk = store.chain;
    } catch (e) {
      db.close();
      throw refusedIn(path, e);
    }
    if (options.requireIntactChain !== false && !store.chain.ok) {
      db.close();
      throw new StoreError(`${path}: the records are broken at event row ${store.chain.seq}: ${store.chain.problem}`);
    }
    return store;
  }

  private static openForCabinet(path: string, m: MachineOptions): CabinetStore {
    checkPlaces(path, m);
    const fresh = !existsSync(path);
    let key = existsSync(m.keyFile) ? readMachineKey(m.keyFile) : null;
    if (fresh) key ??= createMachineKey(m.keyFile);
    const seedKey = key;
    const { db, version } = openDatabase(path, { seed: seedKey ? (d) => seedNew(d, seedKey, m) : undefined });
    const store = new CabinetStore(db, path);
    try {
      let start: JournalStart;
      if (version >= KEYED_SCHEMA) {
        if (!key) {
          const bound = shortFingerprint(readIdentity(db, path).fingerprint);
          throw new StoreError(`the machine key ${m.keyFile} is missing, and ${path} is bound to the key with fingerprint ${bound}: put that key file back`);
        }
        start = openKeyed(db, path, key, m);
      } else {
        start = adopt(db, path, key ?? createMachineKey(m.keyFile), m, version);
      }
      store.goOnFrom(start);
    } catch (e) {
      db.close();
      throw refusedIn(path, e);
    }
    return store;
  }

  /** The journal goes on from what the check at open found. */
  private goOnFrom(start: JournalStart): void {
    this.key = start.key;
    this.keyed = true;
    this.identity = start.identity;
    this.digests = start.digests;
    this.head = start.head;
    this.mirror = start.mirror;
    this.chain = start.chain;
    this.lastWalk = start.chain;
    this.checkpointAnchor = start.anchor;
    this.sinceCheckpoint = start.chain.commits + start.chain.rows;
    this.lastSeq = start.head.events_to;
    this.lastHash = start.head.events_head;
    this.settingsTo = start.head.settings_to;
    this.settingsHead = start.head.settings_head;
    this.records = start.records;
    // Refused records are not mirrored: the mirror keeps what it knew until a RAM clear.
    this.mirroring = start.records.ok;
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
      upsertDigest: db.prepare('INSERT INTO table_digests (name, digest) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET digest = excluded.digest'),
      insertCommit: db.prepare('INSERT INTO commits (seq, at, events_to, events_head, settings_to, settings_head, tables, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      updateIdentity: db.prepare('UPDATE identity SET fingerprint = ?, machine = ?, purpose = ?, mirrored = ?, created_at = ? WHERE id = 1'),
      insertCheckpoint: db.prepare('INSERT INTO checkpoints (kind, commit_seq, at, mac) VALUES (?, ?, ?, ?)'),
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
    const state = { ...parsed, ...this.parts(parsed), meters: this.meters(), settings };
    this.current = state;
    return state;
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

  meters(): MeterSet {
    const out: Record<Scope, Record<string, number>> = { lifetime: {}, period: {} };
    for (const r of this.stmt.meters.all() as { scope: Scope; name: string; value: number }[]) out[r.scope][r.name] = r.value;
    return out;
  }

  settings(): CabinetSettings | null {
    const rows = this.stmt.settings.all() as { key: string; value: string }[];
    if (rows.length === 0) return null;
    try {
      return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)])) as unknown as CabinetSettings;
    } catch (e) {
      throw new StoreError(`${this.path}: the stored settings are damaged: ${(e as Error).message}`);
    }
  }

  /** The first state of a new database. */
  initialize(state: CabinetState, source: string): void {
    this.journal(state, null, () => {
      const at = Date.now();
      const json = stateJson(state);
      this.stmt.insertState.run(state.version, json, at);
      this.digests!.put('cabinet_state', [1, state.version, json, at]);
      this.writeMeters(undefined, state.meters);
      this.writeSettings(undefined, state.settings, source, at);
      this.writeParts(undefined, state);
    });
  }

  /** C-13: one transition, whole, or nothing. */
  commit(prev: CabinetState, next: CabinetState, effects: readonly CabinetEffect[], source = 'cabinet'): void {
    this.journal(next, prev, () => {
      const at = Date.now();
      const json = stateJson(next);
      const changed = this.stmt.updateState.run(next.version, json, at, prev.version).changes;
      if (changed !== 1) throw new StoreError(`commit of version ${next.version} found the database not at version ${prev.version}`);
      this.digests!.put('cabinet_state', [1, next.version, json, at]);
      if (prev.meters !== next.meters) this.writeMeters(prev.meters, next.meters);
      if (prev.settings !== next.settings) this.writeSettings(prev.settings, next.settings, settingsSource(effects) ?? source, at);
      this.writeParts(prev, next);
      this.writeEffects(effects);
      const machine = next.settings.voucher?.machine;
      if (typeof machine === 'string' && machine !== this.identity!.machine) this.writeIdentity({ ...this.identity!, machine });
    }, effects.some((e) => e.type === 'recordsCleared'));
  }

  /** Log rows of a refused input: no state changed, but the refusal is kept (C-22). */
  appendLog(effects: readonly CabinetEffect[]): void {
    this.journal(this.current, this.current, () => this.writeEffects(effects));
  }

  /**
   * One commit: `work` writes the rows, then the commit row signs them; after it, the mirror.
   * A commit that fails leaves the journal's state where it was.
   */
  private journal(next: CabinetState | null, prev: CabinetState | null, work: () => void, recordsCleared = false): void {
    if (!this.key || !this.head || !this.digests) throw new StoreError(`${this.path} was opened for reading`);
    const key = this.key;
    const before = { head: this.head, lastSeq: this.lastSeq, lastHash: this.lastHash, settingsTo: this.settingsTo, settingsHead: this.settingsHead, identity: this.identity };
    const rowsBefore = this.lastSeq;
    let signed: CommitRow;
    try {
      this.db.transaction(() => {
        work();
        // The first commit after the mirror first held a record says so: from then on a missing
        // mirror means a removed one.
        if (this.identity!.mirrored === 0 && this.mirrorWritten) this.writeIdentity({ ...this.identity!, mirrored: 1 });
        for (const t of this.digests!.settle()) {
          this.stmt.upsertDigest.run(t, this.digests!.digest(t));
        }
        const fields = {
          seq: this.head!.seq + 1,
          at: Date.now(),
          events_to: this.lastSeq,
          events_head: this.lastHash,
          settings_to: this.settingsTo,
          settings_head: this.settingsHead,
          tables: this.digests!.combined(),
        };
        signed = { ...fields, mac: commitMac(key.bytes, this.head!.mac, fields) };
        this.stmt.insertCommit.run(signed.seq, signed.at, signed.events_to, signed.events_head, signed.settings_to, signed.settings_head, signed.tables, signed.mac);
        if (recordsCleared) this.writeCheckpoint('era', signed);
      })();
    } catch (e) {
      Object.assign(this, before);
      this.digests = TableDigests.read(this.db);
      throw e;
    }
    this.head = signed!;
    if (next) this.current = next;
    this.sinceCheckpoint += 1 + this.lastSeq - rowsBefore;
    if (recordsCleared) {
      this.mirroring = true;
      this.checkpointAnchor = { seq: this.head.seq, mac: this.head.mac, by: 'the RAM clear' };
      this.sinceCheckpoint = 0;
      this.breakFound = null;
    }
    this.writeMirror(recordsCleared || paysOut(prev, next));
    this.checkpointIfDue();
  }

  private writeIdentity(identity: Identity): void {
    this.stmt.updateIdentity.run(identity.fingerprint, identity.machine, identity.purpose, identity.mirrored, identity.created_at);
    this.digests!.put('identity', [1, identity.fingerprint, identity.machine, identity.purpose, identity.mirrored, identity.created_at]);
    this.identity = identity;
  }

  private writeCheckpoint(kind: 'verified' | 'era', c: CommitRow): void {
    const at = Date.now();
    this.stmt.insertCheckpoint.run(kind, c.seq, at, checkpointMac(this.key!.bytes, kind, c.seq, c.mac, at));
  }

  /** After every commit, unless the records are refused; synced to the device when paysOut says. */
  private writeMirror(durable: boolean): void {
    if (!this.mirroring || !this.mirror) return;
    try {
      this.mirror.write(this.mirrorRecord(), durable || !this.mirrorWritten);
      this.mirrorWritten = true;
      this.mirrorFailure = null;
    } catch (e) {
      this.mirrorFailure = (e as Error).message;
    }
  }

  private mirrorRecord(): MirrorRecord {
    const s = this.current;
    const currency = s?.settings.currency ?? 'USD';
    const minorDigits = s?.settings.minorDigits ?? 2;
    const lifetime: Meters = s?.meters.lifetime ?? {};
    return {
      format: 1,
      fingerprint: this.key!.fingerprint,
      machine: this.identity!.machine,
      commit: this.head!.seq,
      head: this.head!.mac,
      at: this.head!.at,
      balance: s?.balance ?? 0,
      currency,
      minorDigits,
      voucherSequence: s?.voucherSequence ?? 0,
      lifetime: Object.entries(lifetime).map(([name, value]) => ({ name, code: meterDef(name, currency, minorDigits)?.code ?? null, value })),
    };
  }

  /**
   * Every CHECKPOINT_EVERY rows the chain since the last checkpoint is walked again and, found
   * whole, vouched for by a new one: the next start walks no further back than that.
   */
  private checkpointIfDue(): void {
    if (this.sinceCheckpoint < CHECKPOINT_EVERY || this.breakFound) return;
    this.sinceCheckpoint = 0;
    const walked = walkAll(this.db, this.key!.bytes, this.checkpointAnchor);
    if (!walked.ok) {
      this.breakFound = `the records are broken at event row ${walked.seq}: ${walked.problem}`;
      this.lastWalk = walked;
      return;
    }
    const head = this.head!;
    this.db.transaction(() => this.writeCheckpoint('verified', head))();
    this.checkpointAnchor = { seq: head.seq, mac: head.mac, by: 'the checkpoint' };
  }

  /** What the database was made for; null for a reader. */
  get purpose(): Purpose | null {
    return this.identity?.purpose ?? null;
  }

  /** Why the mirror could not be written after the last commit, or null. */
  get mirrorProblem(): string | null {
    return this.mirrorFailure;
  }

  /** A break in the chain found since open (by a checkpoint's or the background walk), or null. */
  get recordsBroken(): string | null {
    return this.breakFound;
  }

  private writeParts(prev: CabinetState | undefined, next: CabinetState): void {
    for (const name of PARTS) {
      if (prev && prev[name] === next[name]) continue;
      const json = JSON.stringify(next[name]);
      this.stmt.upsertPart.run(name, json);
      this.digests!.put('state_parts', [name, json]);
    }
  }

  private writeEffects(effects: readonly CabinetEffect[]): void {
    for (const e of effects) {
      if (e.type === 'log') this.appendEvent(e.entry);
      else if (e.type === 'recall') this.writeRecall(e.record);
    }
  }

  private appendEvent(entry: LogEntry | { at: number; kind: string; data: Record<string, unknown> }): void {
    const seq = this.lastSeq + 1;
    const data = JSON.stringify(entry.data);
    const hash = rowHash(this.lastHash, seq, entry.at, entry.kind, data);
    this.stmt.insertEvent.run(seq, entry.at, entry.kind, data, this.lastHash, hash);
    this.lastSeq = seq;
    this.lastHash = hash;
  }

  private writeRecall(r: GameRecord): void {
    const values: RowValues = [
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
    ];
    this.stmt.insertRecall.run(...values);
    this.digests!.put('recall', values);
    this.stmt.pruneRecall.run(r.gameId - RECALL_KEEP);
    this.digests!.removeUpTo('recall', r.gameId - RECALL_KEEP);
  }

  private writeMeters(prev: MeterSet | undefined, next: MeterSet): void {
    for (const scope of ['lifetime', 'period'] as const) {
      const before: Meters = prev?.[scope] ?? {};
      const after = next[scope];
      for (const [name, value] of Object.entries(after)) {
        if (before[name] === value) continue;
        this.stmt.upsertMeter.run(scope, name, value);
        this.digests!.put('meters', [scope, name, value]);
      }
      for (const name of Object.keys(before)) {
        if (name in after) continue;
        this.stmt.deleteMeter.run(scope, name);
        this.digests!.remove('meters', [scope, name]);
      }
    }
  }

  private writeSettings(prev: CabinetSettings | undefined, next: CabinetSettings, source: string, at: number): void {
    for (const [key, value] of Object.entries(next)) {
      const json = JSON.stringify(value);
      const old = prev ? JSON.stringify(prev[key as keyof CabinetSettings]) : undefined;
      if (old === json) continue;
      this.stmt.upsertSetting.run(key, json);
      this.digests!.put('settings', [key, json]);
      const seq = Number(this.stmt.logSetting.run(at, key, old ?? null, json, source).lastInsertRowid);
      this.settingsHead = settingsLogDigest(this.settingsHead, [seq, at, key, old ?? null, json, source]);
      this.settingsTo = seq;
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
    this.lastWalk = this.key ? walkAll(this.db, this.key.bytes, null) : walkUnkeyed(this.db);
    return this.lastWalk;
  }

  /**
   * The same walk in slices, giving the event loop back between them, so that reading a long
   * log never holds up the devices or the screen. Each slice is one finished statement: commits
   * go on between slices, and rows they add are walked too.
   */
  async walkChainSliced(commitsPerSlice = 250): Promise<ChainCheck> {
    this.lastWalk = this.key ? await this.sliced(null, commitsPerSlice) : walkUnkeyed(this.db);
    return this.lastWalk;
  }

  /**
   * The background walk a start leaves running: the whole chain from the latest era (a RAM clear
   * on refused records) or the first commit, in slices. A break it finds is kept for the runner
   * to tilt on.
   */
  async walkRecordsInBackground(commitsPerSlice = 250): Promise<RecordsCheck> {
    if (!this.key) throw new StoreError(`${this.path} was opened for reading`);
    let era: Anchor | null;
    try {
      era = latestCheckpoint(this.db, this.key.bytes, 'era');
    } catch (e) {
      const problem = (e as Error).message;
      this.breakFound = `the records are broken: ${problem}`;
      return { ok: false, rows: 0, seq: 1, problem, commits: 0 };
    }
    const walked = await this.sliced(era, commitsPerSlice);
    this.lastWalk = walked;
    if (!walked.ok) this.breakFound = `the records are broken at event row ${walked.seq}: ${walked.problem}`;
    return walked;
  }

  private async sliced(anchor: Anchor | null, commitsPerSlice: number): Promise<RecordsCheck> {
    const walk = walkSlices(this.db, this.key!.bytes, anchor, commitsPerSlice);
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
    this.mirror?.close();
    if (this.db.open) this.db.close();
  }
}

/** A voucher number was issued or money paid by hand: the mirror must reach its device now. */
function paysOut(prev: CabinetState | null, next: CabinetState | null): boolean {
  if (!prev || !next) return prev !== next;
  if (next.voucherSequence !== prev.voucherSequence) return true;
  return HANDPAID_METERS.some((m) => (next.meters.lifetime[m] ?? 0) !== (prev.meters.lifetime[m] ?? 0));
}


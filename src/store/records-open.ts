// What the running cabinet finds when it opens its database, before it writes a byte: whether
// the database is this machine's (the key's fingerprint, the machine number, production or
// simulated: refused in one line otherwise), whether its tables and its chain since the latest
// keyed checkpoint are as signed (refused otherwise), and whether the mirror of critical memory
// vouches for it (a database behind the mirror, off its chain, or whose mirror is missing though
// it was mirrored opens with its records refused). Also how a new database is made, and how one
// from before the keyed records is adopted. The journal (journal.ts) goes on from here.

import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { CabinetSettings, MirrorMemory } from '../cabinet';
import type { Progress } from '../core';
import { migrate, StoreError } from './database';
import { archiveCuts, wholeWalkStart } from './archive';
import { ChainWalker, GENESIS, rowHash, type ChainCheck, type EventRow } from './event-chain';
import { commitMac, settingsLogDigest, type Anchor, type CommitRow, type SettingsLogRow } from './keyed-chain';
import { shortFingerprint, type MachineKey } from './machine-key';
import { Mirror, type MirrorRead, type MirrorRecord } from './mirror';
import {
  checkTables,
  commitAt,
  headCommit,
  latestCheckpoint,
  walkAll,
  walkSlices,
  type RecordsCheck,
} from './records-walk';
import { TableDigests } from './table-digests';
import { RecordsAnchor, type AnchorChoice, type AnchorMemory } from './anchor/records-anchor';

export type Purpose = 'production' | 'simulated';

/** Where the running cabinet's key and mirror are, and what it is. */
export interface MachineOptions {
  keyFile: string;
  /** The mirror's folder. */
  mirror: string;
  /** The cabinet's machine number as its configuration names it. */
  machine: string;
  purpose: Purpose;
  /** The records' counter outside the files; none unless given. */
  anchor?: AnchorChoice;
}

/** No anchor, as a start that names none has. */
export const NO_ANCHOR: AnchorChoice = { kind: 'none', why: 'no TPM counter configured' };

/**
 * What the records are worth to the cabinet at start: ok, or refused for a reason that names the
 * database's commit and the mirror's. `mirror` is what the mirror holds, when it could be read.
 */
export type RecordsVerdict =
  | { ok: true; mirror: MirrorMemory | null }
  | { ok: false; reason: string; mirror: MirrorMemory | null; anchor?: AnchorMemory | null };

export interface Identity {
  fingerprint: string;
  machine: string;
  purpose: Purpose;
  /** 1 once a commit has followed the first mirror record: from then on a missing mirror was removed. */
  mirrored: number;
  created_at: number;
}

/** What the journal goes on from. */
export interface JournalStart {
  key: MachineKey;
  identity: Identity;
  digests: TableDigests;
  head: CommitRow;
  mirror: Mirror;
  /** The walk made at open, and the commit it started from. */
  chain: RecordsCheck;
  anchor: Anchor | null;
  records: RecordsVerdict;
  /** The records' counter outside the files (records-anchor.ts), as it stood at open. */
  counter: RecordsAnchor;
}

/** The commit a mirror record names, as the cabinet reads it. */
export function mirrorMemory(record: MirrorRecord): MirrorMemory {
  return {
    commit: record.commit,
    balance: record.balance,
    voucherSequence: record.voucherSequence,
    lifetime: Object.fromEntries(record.lifetime.map((m) => [m.name, m.value])),
  };
}

const inside = (folder: string, path: string): boolean => {
  const r = relative(resolve(folder), resolve(path));
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};

/** The key and the mirror must be where a copy of the data folder does not take them along. */
export function checkPlaces(path: string, m: MachineOptions): void {
  const data = dirname(resolve(path));
  if (inside(data, m.keyFile))
    throw new StoreError(
      `the machine key ${m.keyFile} must not be in the data folder ${data}: a copy of the folder would carry it`,
    );
  if (inside(data, m.mirror) || inside(m.mirror, path))
    throw new StoreError(`the mirror ${m.mirror} must be a folder apart from the data folder ${data}`);
}

export function readIdentity(db: Database.Database, path: string): Identity {
  const row = db
    .prepare('SELECT fingerprint, machine, purpose, mirrored, created_at FROM identity WHERE id = 1')
    .get() as Identity | undefined;
  if (!row) throw new StoreError(`${path} has keyed records but no identity: damaged or edited`);
  return row;
}

export function walkUnkeyed(db: Database.Database): ChainCheck {
  const rows = db.prepare('SELECT seq, at, kind, data, prev_hash, hash FROM events ORDER BY seq');
  // After an archive cut the log starts where the cut left it (archive.ts); that the rows before
  // are the archive's is the keyed walk's to say.
  const first = archiveCuts(db).length > 0 ? (rows.get() as EventRow | undefined) : undefined;
  const walker = first ? new ChainWalker(first.prev_hash, first.seq) : new ChainWalker();
  for (const r of rows.iterate() as Iterable<EventRow>) if (!walker.add(r)) break;
  return walker.result();
}

/** The records of a keyed database, checked as the running cabinet opens it; refusals throw. */
export function openKeyed(db: Database.Database, path: string, key: MachineKey, m: MachineOptions): JournalStart {
  const identity = readIdentity(db, path);
  if (identity.fingerprint !== key.fingerprint) {
    throw new StoreError(
      `${path} belongs to another machine: it is bound to the key with fingerprint ${shortFingerprint(identity.fingerprint)}, this machine's key (${m.keyFile}) is ${shortFingerprint(key.fingerprint)}`,
    );
  }
  if (identity.purpose !== m.purpose) {
    throw new StoreError(
      identity.purpose === 'simulated'
        ? `${path} is a simulated database (made by run --headless --bot, the soak or the crash test): a production start refuses it`
        : `${path} is a production database: run --headless --bot plays only on a simulated one`,
    );
  }
  const head = headCommit(db);
  if (!head) throw new StoreError(`${path} has keyed records but no commits: damaged or edited`);
  const mirror = new Mirror(m.mirror, key);
  const read = mirror.read();
  let anchor: Anchor | null;
  try {
    anchor = latestCheckpoint(db, key.bytes);
  } catch (e) {
    throw new StoreError(`${path}: ${(e as Error).message}`);
  }
  // A mirror behind the latest checkpoint (it lagged, or lost its last writes in a power cut)
  // is where the walk starts instead: the database's chain must continue from the mirror's head.
  if (read.found === 'record' && anchor && read.record.commit < anchor.seq) {
    const at = commitAt(db, read.record.commit);
    if (at && at.mac === read.record.head)
      anchor = { seq: read.record.commit, mac: read.record.head, by: 'the mirror' };
  }
  const chain = walkAll(db, key.bytes, anchor);
  if (!chain.ok) throw new StoreError(`${path}: the records are broken at event row ${chain.seq}: ${chain.problem}`);
  const tables = checkTables(db, head);
  if (tables.problem) throw new StoreError(`${path}: ${tables.problem}`);
  checkMachineNumber(db, path, identity, m.machine);
  const mirrored = verdict(path, head, identity, read, mirror.file, (seq) => commitAt(db, seq));
  const counter = RecordsAnchor.open(m.anchor ?? NO_ANCHOR, key, head.anchor);
  const records = withAnchor(mirrored, counter);
  return { key, identity, digests: tables.digests, head, mirror, chain, anchor, records, counter };
}

/** The mirror's verdict and the counter's together: refused when either refuses, naming both. */
export function withAnchor(mirrored: RecordsVerdict, counter: RecordsAnchor): RecordsVerdict {
  const found = counter.finding;
  if (!found?.refused) return mirrored;
  const reason = mirrored.ok ? found.refused : `${mirrored.reason}; ${found.refused.replace(/^records refused: /, '')}`;
  return { ok: false, reason, mirror: mirrored.mirror, anchor: found.memory };
}

/**
 * The machine number the configuration names must be the database's: the one it records now,
 * or the one the configuration file gave when it was last applied (a technician may have
 * renumbered the machine at the cabinet since). Anything else is another cabinet's database.
 */
function checkMachineNumber(db: Database.Database, path: string, identity: Identity, machine: string): void {
  if (identity.machine === machine) return;
  const row = db.prepare("SELECT value FROM state_parts WHERE name = 'configApplied'").get() as
    { value: string } | undefined;
  let applied: unknown = null;
  try {
    applied = row ? (JSON.parse(row.value) as CabinetSettings | null)?.voucher?.machine : null;
  } catch {
    applied = null;
  }
  if (applied === machine) return;
  throw new StoreError(
    `${path} belongs to machine "${identity.machine}", and this cabinet's configuration names machine "${machine}" (voucher.machine): another cabinet's database, or renumber the machine at the cabinet first`,
  );
}

/**
 * A database from before the keyed records: its unkeyed chain must be whole; then it is
 * migrated, bound to this machine and signed as it stands, in one first commit. On a machine
 * whose mirror already exists it can only be an old copy: its records are refused.
 */
export function adopt(
  db: Database.Database,
  path: string,
  key: MachineKey,
  m: MachineOptions,
  version: number,
): JournalStart {
  const unkeyed = walkUnkeyed(db);
  if (!unkeyed.ok)
    throw new StoreError(`${path}: the event log chain is broken at row ${unkeyed.seq}: ${unkeyed.problem}`);
  migrate(db, version);
  db.transaction(() => {
    const settingsRows = db
      .prepare('SELECT seq, at, key, old_value, new_value, source FROM settings_log ORDER BY seq')
      .raw()
      .all() as SettingsLogRow[];
    const machine = storedMachine(db) ?? m.machine;
    const at = Date.now();
    db.prepare(
      'INSERT INTO identity (id, fingerprint, machine, purpose, mirrored, created_at) VALUES (1, ?, ?, ?, 0, ?)',
    ).run(key.fingerprint, machine, m.purpose, at);
    const data = {
      event: 'adopted',
      fingerprint: key.fingerprint,
      machine,
      purpose: m.purpose,
      events: unkeyed.rows,
      schema: version,
    };
    const head = recordsEvent(db, unkeyed.rows + 1, unkeyed.last, at, data);
    const settingsTo = settingsRows.at(-1)?.[0] ?? 0;
    signFirst(db, key, at, {
      events_to: unkeyed.rows + 1,
      events_head: head,
      settings_to: settingsTo,
      settings_head: settingsRows.reduce(settingsLogDigest, GENESIS),
    });
  })();
  const start = openKeyed(db, path, key, m);
  const read = start.mirror.read();
  if (read.found === 'none') return start;
  const theirs = read.found === 'record' ? `commit ${read.record.commit}` : 'a record this database cannot match';
  const reason = `records refused: the database has no keyed records of its own (a copy from before them, now at commit ${start.head.seq}), and this machine's mirror is at ${theirs}`;
  const mirrored: RecordsVerdict = {
    ok: false,
    reason,
    mirror: read.found === 'record' ? mirrorMemory(read.record) : null,
  };
  return { ...start, records: withAnchor(mirrored, start.counter) };
}

/** What a reader with the key found, and the commit its walk started from (null: the first). */
export interface KeyedCheck {
  chain: ChainCheck;
  records: RecordsVerdict | null;
  from: Anchor | null;
}

/** The whole check a reader with the key makes: every commit from the first, the tables, the mirror. */
export function verifyKeyed(db: Database.Database, path: string, key: MachineKey, mirrorFolder?: string): KeyedCheck {
  const steps = verifyKeyedSteps(db, path, key, mirrorFolder);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same check, yielding between slices of the walk, its stages reported to `progress`.
 * `incremental`: the walk starts from the latest keyed checkpoint (a forged one is a break), so
 * it costs the commits since; what lies before the checkpoint is left to the whole walk.
 */
export function* verifyKeyedSteps(
  db: Database.Database,
  path: string,
  key: MachineKey,
  mirrorFolder?: string,
  progress?: Progress,
  incremental = false,
): Generator<void, KeyedCheck> {
  const identity = readIdentity(db, path);
  const head = headCommit(db);
  const refused = (problem: string, from: Anchor | null = null): KeyedCheck => ({
    chain: { ok: false, rows: 0, seq: 1, problem },
    records: null,
    from,
  });
  if (identity.fingerprint !== key.fingerprint)
    return refused(
      `the database is bound to the key with fingerprint ${shortFingerprint(identity.fingerprint)}, not this one (${shortFingerprint(key.fingerprint)})`,
    );
  if (!head) return refused('keyed records without a single commit');
  let from: Anchor | null;
  try {
    from = incremental ? latestCheckpoint(db, key.bytes) : wholeWalkStart(db, key.bytes);
  } catch (e) {
    return refused((e as Error).message);
  }
  let chain: ChainCheck = yield* walkSlices(db, key.bytes, from, undefined, progress);
  if (chain.ok) {
    progress?.stage('tables against their digests', 0);
    const tables = checkTables(db, head);
    if (tables.problem) chain = { ok: false, rows: chain.rows, seq: head.events_to, problem: tables.problem };
  }
  if (mirrorFolder === undefined) return { chain, records: null, from };
  progress?.stage('mirror', 0);
  const mirror = new Mirror(mirrorFolder, key);
  return {
    chain,
    records: verdict(path, head, identity, mirror.read(), mirror.file, (seq) => commitAt(db, seq)),
    from,
  };
}

/** The machine number a pre-keyed database's settings name, if they name one. */
function storedMachine(db: Database.Database): string | null {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'voucher'").get() as { value: string } | undefined;
  try {
    const machine = row ? (JSON.parse(row.value) as { machine?: unknown }).machine : undefined;
    return typeof machine === 'string' ? machine : null;
  } catch {
    return null;
  }
}

/** A "records" row of the event log, written by the store itself; gives its hash. */
function recordsEvent(
  db: Database.Database,
  seq: number,
  prev: string,
  at: number,
  data: Record<string, unknown>,
): string {
  const text = JSON.stringify(data);
  const hash = rowHash(prev, seq, at, 'records', text);
  db.prepare('INSERT INTO events (seq, at, kind, data, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)').run(
    seq,
    at,
    'records',
    text,
    prev,
    hash,
  );
  return hash;
}

/** The first commit: signs everything as it stands (a new database, or one adopted). */
function signFirst(
  db: Database.Database,
  key: MachineKey,
  at: number,
  logs: Pick<CommitRow, 'events_to' | 'events_head' | 'settings_to' | 'settings_head'>,
): void {
  const digests = TableDigests.read(db);
  const upsert = db.prepare(
    'INSERT INTO table_digests (name, digest) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET digest = excluded.digest',
  );
  for (const [name, digest] of Object.entries(digests.all())) upsert.run(name, digest);
  const fields = { seq: 1, at, ...logs, tables: digests.combined(), anchor: null };
  db.prepare(
    'INSERT INTO commits (seq, at, events_to, events_head, settings_to, settings_head, tables, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    1,
    at,
    fields.events_to,
    fields.events_head,
    fields.settings_to,
    fields.settings_head,
    fields.tables,
    commitMac(key.bytes, GENESIS, fields),
  );
}

/** A new database: bound to this machine and signed before it appears under its name. */
export function seedNew(db: Database.Database, key: MachineKey, m: MachineOptions): void {
  const at = Date.now();
  db.transaction(() => {
    db.prepare(
      'INSERT INTO identity (id, fingerprint, machine, purpose, mirrored, created_at) VALUES (1, ?, ?, ?, 0, ?)',
    ).run(key.fingerprint, m.machine, m.purpose, at);
    const head = recordsEvent(db, 1, GENESIS, at, {
      event: 'created',
      fingerprint: key.fingerprint,
      machine: m.machine,
      purpose: m.purpose,
      numbering: randomBytes(16).toString('hex'),
    });
    signFirst(db, key, at, { events_to: 1, events_head: head, settings_to: 0, settings_head: GENESIS });
  })();
}

/**
 * The database's own numbering of its vouchers (voucher-numbers.ts), drawn when it was made and
 * kept in its first row, which the keyed chain covers; null for a database made before it had
 * one (adopted ones included).
 */
export function numberingOf(db: Database.Database): string | null {
  const row = db.prepare("SELECT data FROM events WHERE seq = 1 AND kind = 'records'").get() as
    { data: string } | undefined;
  if (!row) return null;
  try {
    const data = JSON.parse(row.data) as { event?: unknown; numbering?: unknown };
    return data.event === 'created' && typeof data.numbering === 'string' ? data.numbering : null;
  } catch {
    return null;
  }
}

/** Whether the mirror vouches for the database: never behind it, and on its chain. */
function verdict(
  path: string,
  head: CommitRow,
  identity: Identity,
  read: MirrorRead,
  file: string,
  commitAt: (seq: number) => CommitRow | undefined,
): RecordsVerdict {
  const db = `the database is at commit ${head.seq}`;
  if (read.found === 'none') {
    if (identity.mirrored === 0) return { ok: true, mirror: null };
    return {
      ok: false,
      reason: `records refused: the mirror ${file} is missing, though ${path} has been mirrored (${db}, the mirror at none)`,
      mirror: null,
    };
  }
  if (read.found === 'unreadable') {
    // Never mirrored yet: nothing it could hold is owed to anyone (a first write cut short).
    if (identity.mirrored === 0) return { ok: true, mirror: null };
    return {
      ok: false,
      reason: `records refused: the mirror ${file} does not verify (${read.problem}); ${db}`,
      mirror: null,
    };
  }
  const r = read.record;
  const memory = mirrorMemory(r);
  if (r.commit > head.seq) {
    return {
      ok: false,
      reason: `records refused: rolled back: ${db}, the mirror at commit ${r.commit} (an older copy put back, or its -wal removed)`,
      mirror: memory,
    };
  }
  if (commitAt(r.commit)?.mac !== r.head) {
    return {
      ok: false,
      reason: `records refused: swapped: ${db}, the mirror at commit ${r.commit}, and at commit ${r.commit} they differ (another database put in its place)`,
      mirror: memory,
    };
  }
  return { ok: true, mirror: memory };
}

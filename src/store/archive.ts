// Records that stay fast for years (issue 37 §4): the commits, event rows and settings-log rows
// before a cut are moved out of the live database into an archive file, and the live chain goes
// on from the archive's last signature. An archive file is an SQLite file of the same three
// tables; a cut is a keyed row of the live database (archive_cuts) that names its file and the
// file's SHA-256, and vouches for the first commit the live chain walks from. The live database
// keeps the commit before that one as the walk's base (read, not trusted: the first commit's MAC,
// chained on it and vouched for by the cut, vouches for it), so the live chain verifies alone,
// from the cut; `events --verify --archive DIR` walks the archive files and the live database as
// one chain (verifyWithArchive). The game recall, the meters, the settings log (a configuration's
// history, small) and every table the commits sign stay whole in the live database: only the
// event log and the commit rows are cut.

import Database from 'better-sqlite3';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Progress } from '../core';
import { StoreError } from './database';
import type { EventRow } from './event-chain';
import {
  BEFORE_FIRST,
  checkpointMac,
  CommitWalker,
  type Anchor,
  type CommitRow,
  type SettingsLogRow,
} from './keyed-chain';
import { commitAt, headCommit, walkSlices, type RecordsCheck } from './records-walk';

/**
 * What the retention keeps in the live database whatever the rule asks (the regulations' floor):
 * the event log's last EVENTS_KEPT_AT_LEAST rows and DAYS_KEPT_AT_LEAST days. The game recall
 * (RECALL_KEEP games) and every meter are never cut.
 */
export const EVENTS_KEPT_AT_LEAST = 10_000;
export const DAYS_KEPT_AT_LEAST = 90;

export interface RetentionRule {
  /** Event rows kept live (at least EVENTS_KEPT_AT_LEAST). */
  events: number;
  /** Days of records kept live (at least DAYS_KEPT_AT_LEAST). */
  days: number;
}

export const DEFAULT_RETENTION: RetentionRule = { events: 1_000_000, days: 365 };

/** The rule with the floor applied: nothing below it is ever cut. */
export function withFloor(rule: RetentionRule): RetentionRule {
  return { events: Math.max(rule.events, EVENTS_KEPT_AT_LEAST), days: Math.max(rule.days, DAYS_KEPT_AT_LEAST) };
}

export interface ArchiveCutRow {
  seq: number;
  commit_seq: number;
  at: number;
  file: string;
  digest: string;
  mac: string;
}

export function archiveCutMac(key: Buffer, c: Omit<ArchiveCutRow, 'seq' | 'mac'>, commitMac: string): string {
  return createHmac('sha256', key)
    .update(['archive cut', c.commit_seq, commitMac, c.at, c.file, c.digest].join('\n'))
    .digest('hex');
}

const sha256File = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

function hasCuts(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'archive_cuts'").get() !== undefined;
}

export function archiveCuts(db: Database.Database): ArchiveCutRow[] {
  if (!hasCuts(db)) return [];
  return db
    .prepare('SELECT seq, commit_seq, at, file, digest, mac FROM archive_cuts ORDER BY seq')
    .all() as ArchiveCutRow[];
}

/**
 * The latest cut, checked against the key: the commit the live chain walks from. A forged cut
 * (or one whose commit is not the one it signed) throws; none: null (the chain starts at 1).
 */
export function latestArchiveCut(db: Database.Database, key: Buffer): Anchor | null {
  const cut = archiveCuts(db).at(-1);
  if (!cut) return null;
  const commit = commitAt(db, cut.commit_seq);
  if (!commit || archiveCutMac(key, cut, commit.mac) !== cut.mac)
    throw new Error(`archive cut ${cut.seq} does not verify under this machine's key (commit ${cut.commit_seq})`);
  return { seq: cut.commit_seq, mac: commit.mac, by: `archive cut ${cut.seq} (${cut.file})` };
}

/**
 * Where a whole walk of the live chain starts: the latest archive cut, or (`era`) the latest era
 * (a RAM clear on refused records) when it is later; null: the first commit. Commits missing at
 * the chain's start that no cut names were removed, not archived: that throws.
 */
export function wholeWalkStart(db: Database.Database, key: Buffer, era = false): Anchor | null {
  const cut = latestArchiveCut(db, key);
  const first = (db.prepare('SELECT min(seq) AS n FROM commits').get() as { n: number | null }).n ?? 1;
  if (!cut && first > 1) throw new Error(`commits 1 to ${first - 1} are missing, and no archive cut names them`);
  if (cut && first < cut.seq - 1) throw new Error(`commits before ${cut.by} are still in the live database`);
  if (!era) return cut;
  const row = db
    .prepare("SELECT seq, commit_seq, at, mac FROM checkpoints WHERE kind = 'era' ORDER BY seq DESC LIMIT 1")
    .get() as { seq: number; commit_seq: number; at: number; mac: string } | undefined;
  // An era in the archive is behind the cut, which the walk starts from.
  if (!row || (cut && row.commit_seq <= cut.seq)) return cut;
  const commit = commitAt(db, row.commit_seq);
  if (!commit || checkpointMac(key, 'era', row.commit_seq, commit.mac, row.at) !== row.mac)
    throw new Error(`checkpoint ${row.seq} does not verify under this machine's key (commit ${row.commit_seq})`);
  return { seq: row.commit_seq, mac: commit.mac, by: `checkpoint ${row.seq}` };
}

/** The live database's rows of a log from `after` on. */
const LOGS = {
  events: 'SELECT seq, at, kind, data, prev_hash, hash FROM events WHERE seq > ? AND seq <= ? ORDER BY seq',
  settings:
    'SELECT seq, at, key, old_value, new_value, source FROM settings_log WHERE seq > ? AND seq <= ? ORDER BY seq',
};

const ARCHIVE_SCHEMA = `
  CREATE TABLE commits (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, events_to INTEGER NOT NULL,
    events_head TEXT NOT NULL, settings_to INTEGER NOT NULL, settings_head TEXT NOT NULL,
    tables TEXT NOT NULL, anchor INTEGER, mac TEXT NOT NULL);
  CREATE TABLE events (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, kind TEXT NOT NULL,
    data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
`;

const TRIGGERS = `
  CREATE TRIGGER events_no_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'the event log is append only'); END;
  CREATE TRIGGER commits_no_delete BEFORE DELETE ON commits
    BEGIN SELECT RAISE(ABORT, 'the commit chain is append only'); END;
`;

/** The commit the live chain would walk from under `rule` now, or null when nothing is due. */
export function cutDue(db: Database.Database, rule: RetentionRule, now = Date.now()): number | null {
  const r = withFloor(rule);
  const head = headCommit(db);
  if (!head) return null;
  const eventsFloor = head.events_to - r.events;
  const timeFloor = now - r.days * 86_400_000;
  // The latest commit old enough on both counts, behind the latest checkpoint (the start walks
  // from it, so it stays live).
  const row = db
    .prepare(
      `SELECT max(seq) AS n FROM commits WHERE events_to <= ? AND at <= ?
         AND seq <= coalesce((SELECT max(commit_seq) FROM checkpoints), 0)`,
    )
    .get(eventsFloor, timeFloor) as { n: number | null };
  const first = (db.prepare('SELECT min(seq) AS n FROM commits').get() as { n: number }).n;
  // The cut's commit must leave at least one archived one before it.
  return row.n !== null && row.n > first + 1 ? row.n : null;
}

/**
 * Moves the records before commit `cut` (which the live chain then walks from) into a new archive
 * file in `dir`: walks them first (a break refuses the cut), writes and syncs the file, then in one
 * transaction of the live database removes them and writes the keyed cut. The live database
 * keeps commit `cut - 1` as the walk's base. Returns the file's path.
 */
export function archiveBefore(
  db: Database.Database,
  key: Buffer,
  cut: number,
  dir: string,
  progress?: Progress,
): string {
  const steps = archiveSteps(db, key, cut, dir, progress);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** What archiveSteps yields: a slice done, or the cut next (the journal's open group committed first). */
export type ArchiveStep = 'slice' | 'cut';

/** Rows copied into the archive file between two yields of archiveSteps. */
const ROWS_PER_SLICE = 5_000;

/**
 * archiveBefore in slices, yielding between them, so that a running cabinet goes on meanwhile
 * (app: CabinetWork 'archive'): the walk and the copy read through `read` (a second connection
 * on the same file: WAL lets it read while the journal commits), the cut is made on `db` once
 * the file is written, in one transaction between two of the journal's.
 */
export function* archiveSteps(
  db: Database.Database,
  key: Buffer,
  cut: number,
  dir: string,
  progress?: Progress,
  read: Database.Database = db,
): Generator<ArchiveStep, string> {
  if (db.inTransaction) throw new StoreError('an archive cut waits for the open group to be committed');
  const previous = latestArchiveCut(read, key);
  const first = (read.prepare('SELECT min(seq) AS n FROM commits').get() as { n: number }).n;
  const base = commitAt(read, cut - 1);
  const vouched = commitAt(read, cut);
  if (!base || !vouched || cut - 1 <= first)
    throw new StoreError(`commit ${cut} cannot be an archive cut: the live chain runs from ${first}`);
  // The start walks from the latest checkpoint: it stays in the live database.
  const checkpoint = (read.prepare('SELECT max(commit_seq) AS n FROM checkpoints').get() as { n: number | null }).n;
  if (checkpoint === null || checkpoint < cut)
    throw new StoreError(
      `commit ${cut} cannot be an archive cut: the latest checkpoint (commit ${checkpoint ?? 0}) is before it`,
    );
  progress?.stage('archive: the chain before the cut', 0);
  // What is moved out must be whole now: the archive is its only copy from here on.
  const walk = walkSlices(read, key, previous, 2_000, progress);
  let walked: RecordsCheck;
  for (;;) {
    const step = walk.next();
    if (step.done) {
      walked = step.value;
      break;
    }
    yield 'slice';
  }
  if (!walked.ok) throw new StoreError(`the records are broken at event row ${walked.seq}: ${walked.problem}`);
  mkdirSync(dir, { recursive: true });
  const file = `records-${String(first).padStart(12, '0')}-${String(cut - 1).padStart(12, '0')}.db`;
  const path = join(dir, file);
  if (existsSync(path)) throw new StoreError(`${path} exists already: an archive file is never written over`);
  const writing = `${path}.part`;
  rmSync(writing, { force: true });
  const out = new Database(writing);
  try {
    out.pragma('journal_mode = DELETE');
    out.pragma('synchronous = FULL');
    out.exec(ARCHIVE_SCHEMA);
    // The first archive holds the log from its first row; a later one from where the one before
    // ended (its last commit, the live base then, is this one's first).
    const eventsFrom = first === 1 ? 0 : commitAt(read, first)!.events_to;
    // Page by page (no statement left open across a yield), one transaction of the file each.
    const copy = function* (
      name: string,
      page: Database.Statement,
      from: number,
      to: number,
      insert: Database.Statement,
    ): Generator<ArchiveStep> {
      progress?.stage(`archive: ${name}`, to - from, 'rows');
      let at = from;
      let n = 0;
      for (;;) {
        const rows = page.all(at, to, ROWS_PER_SLICE) as unknown[][];
        if (rows.length === 0) break;
        out.transaction(() => {
          for (const r of rows) insert.run(...r);
        })();
        at = rows[rows.length - 1]![0] as number;
        n += rows.length;
        progress?.done(n);
        yield 'slice';
      }
    };
    yield* copy(
      'commits',
      read
        .prepare(
          'SELECT seq, at, events_to, events_head, settings_to, settings_head, tables, anchor, mac FROM commits WHERE seq > ? AND seq < ? ORDER BY seq LIMIT ?',
        )
        .raw(),
      first - 1,
      cut,
      out.prepare('INSERT INTO commits VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    );
    yield* copy(
      'event rows',
      read.prepare(`${LOGS.events} LIMIT ?`).raw(),
      eventsFrom,
      base.events_to,
      out.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)'),
    );
  } finally {
    out.close();
  }
  renameSync(writing, path);
  const digest = sha256File(path);
  progress?.stage('archive: the cut', 0);
  // The driver brings whatever the journal has open to its end first.
  yield 'cut';
  if (db.inTransaction) throw new StoreError('an archive cut waits for the open group to be committed');
  const at = Date.now();
  const row = { commit_seq: cut, at, file, digest };
  db.transaction(() => {
    db.exec('DROP TRIGGER events_no_delete; DROP TRIGGER commits_no_delete;');
    db.prepare('DELETE FROM commits WHERE seq < ?').run(cut - 1);
    db.prepare('DELETE FROM events WHERE seq <= ?').run(base.events_to);
    db.exec(TRIGGERS);
    db.prepare('INSERT INTO archive_cuts (commit_seq, at, file, digest, mac) VALUES (?, ?, ?, ?, ?)').run(
      cut,
      at,
      file,
      digest,
      archiveCutMac(key, row, vouched.mac),
    );
  })();
  return path;
}

/** One source of the chain: an archive file or the live database. */
function walkSource(
  walker: CommitWalker,
  db: Database.Database,
  name: string,
  live: Database.Database,
): { problem: string; eventSeq: number } | null {
  const commits = db
    .prepare(
      'SELECT seq, at, events_to, events_head, settings_to, settings_head, tables, anchor, mac FROM commits ORDER BY seq',
    )
    .iterate() as Iterable<CommitRow>;
  const events = db.prepare(LOGS.events);
  // The settings log is never cut (a configuration's history is small): always the live one.
  const settings = live.prepare(LOGS.settings).raw();
  for (const c of commits) {
    const last = walker.last;
    if (c.seq <= last.seq) {
      // The row the sources share: the one before must end where the next begins.
      if (c.seq === last.seq && c.mac !== last.mac)
        return {
          problem: `${name}: commit ${c.seq} is not the one the chain before it ends on`,
          eventSeq: c.events_to,
        };
      continue;
    }
    const problem = walker.step(
      c,
      events.all(last.events_to, c.events_to) as EventRow[],
      settings.all(last.settings_to, c.settings_to) as SettingsLogRow[],
    );
    if (problem) return { problem: `${name}: ${problem.problem}`, eventSeq: problem.eventSeq };
  }
  return null;
}

/**
 * The whole chain across the cuts: every archive file the cuts name (present, with the digest
 * its cut signed), walked in order, then the live database, as one chain from the first commit.
 */
export function verifyWithArchive(db: Database.Database, key: Buffer, dir: string, progress?: Progress): RecordsCheck {
  const cuts = archiveCuts(db);
  const walker = new CommitWalker(key, BEFORE_FIRST, null);
  const broken = (problem: string, seq = 1): RecordsCheck => ({
    ok: false,
    rows: walker.rows,
    seq,
    problem,
    commits: 0,
  });
  try {
    latestArchiveCut(db, key);
  } catch (e) {
    return broken((e as Error).message);
  }
  for (const cut of cuts) {
    progress?.stage(`archive file ${cut.file}`, 0);
    const path = join(dir, cut.file);
    if (!existsSync(path))
      return broken(`the archive file ${cut.file} of archive cut ${cut.seq} is missing from ${dir}`);
    if (sha256File(path) !== cut.digest)
      return broken(`the archive file ${cut.file} is not the one archive cut ${cut.seq} signed (its digest differs)`);
    const archive = new Database(path, { readonly: true });
    try {
      const p = walkSource(walker, archive, cut.file, db);
      if (p) return broken(p.problem, p.eventSeq);
    } finally {
      archive.close();
    }
  }
  progress?.stage('the live database', 0);
  const p = walkSource(walker, db, 'the live database', db);
  if (p) return broken(p.problem, p.eventSeq);
  const head = headCommit(db);
  if (head && walker.last.seq !== head.seq)
    return broken(`the chain ends at commit ${walker.last.seq}, not ${head.seq}`);
  return { ok: true, rows: walker.rows, last: walker.last.mac, commits: walker.last.seq };
}

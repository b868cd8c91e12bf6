// Reading the keyed records back and checking them: from which commit a walk may start (a keyed
// checkpoint, the mirror, or the first commit), the walk itself in slices (so the event loop
// gets the rest between them, as the event log page walks), what lies beyond the last commit,
// and the tables as they stand against the latest commit's digests.

import type Database from 'better-sqlite3';
import type { Progress } from '../core';
import type { ChainCheck, EventRow } from './event-chain';
import {
  BEFORE_FIRST,
  checkpointMac,
  CommitWalker,
  IN_GROUP,
  type Anchor,
  type CheckpointKind,
  type CheckpointRow,
  type CommitProblem,
  type CommitRow,
  type SettingsLogRow,
} from './keyed-chain';
import {
  combinedDigest,
  COVERED_TABLES,
  EMPTY_TABLE_DIGEST,
  LATER_TABLES,
  TableDigests,
  type CoveredTable,
} from './table-digests';

export type RecordsCheck = ChainCheck & { commits: number };

const columnsOf = new WeakMap<Database.Database, string>();

/** The commit columns; a database read before it was migrated to the anchor (schema 8) has none of it. */
function commitColumns(db: Database.Database): string {
  let columns = columnsOf.get(db);
  if (columns === undefined) {
    const anchored = db.prepare("SELECT 1 FROM pragma_table_info('commits') WHERE name = 'anchor'").get() !== undefined;
    columns = `seq, at, events_to, events_head, settings_to, settings_head, tables, ${anchored ? 'anchor' : 'NULL AS anchor'}, mac`;
    columnsOf.set(db, columns);
  }
  return columns;
}

export function commitAt(db: Database.Database, seq: number): CommitRow | undefined {
  return db.prepare(`SELECT ${commitColumns(db)} FROM commits WHERE seq = ?`).get(seq) as CommitRow | undefined;
}

export function headCommit(db: Database.Database): CommitRow | undefined {
  return db.prepare(`SELECT ${commitColumns(db)} FROM commits ORDER BY seq DESC LIMIT 1`).get() as
    CommitRow | undefined;
}

/**
 * The latest checkpoint (of a kind, or of any), checked against its key: a forged one throws,
 * since nobody without the key can have written it.
 */
export function latestCheckpoint(db: Database.Database, key: Buffer, kind?: CheckpointKind): Anchor | null {
  const where = kind ? 'WHERE kind = ?' : '';
  const row = db
    .prepare(`SELECT seq, kind, commit_seq, at, mac FROM checkpoints ${where} ORDER BY seq DESC LIMIT 1`)
    .get(...(kind ? [kind] : [])) as CheckpointRow | undefined;
  if (!row) return null;
  const commit = commitAt(db, row.commit_seq);
  if (!commit || checkpointMac(key, row.kind, row.commit_seq, commit.mac, row.at) !== row.mac) {
    throw new Error(`checkpoint ${row.seq} does not verify under this machine's key (commit ${row.commit_seq})`);
  }
  return { seq: row.commit_seq, mac: commit.mac, by: `checkpoint ${row.seq}` };
}

/** The commit before the anchor: what the walk is given to start from (the anchor vouches for it). */
export function baseFor(db: Database.Database, anchor: Anchor | null): CommitRow {
  if (!anchor || anchor.seq <= 1) return BEFORE_FIRST;
  return commitAt(db, anchor.seq - 1) ?? { ...BEFORE_FIRST, seq: anchor.seq - 1 };
}

const broken = (p: CommitProblem, rows: number, commits: number): RecordsCheck => ({
  ok: false,
  rows,
  seq: p.eventSeq,
  problem: p.problem,
  commits,
});

/**
 * Walks the commits after `anchor`'s predecessor to the head, yielding between slices; the head
 * may move while it walks (commits go on between slices), and what it adds is walked too. With
 * `progress`, a stage of the commits walked of those there were when it began.
 */
export function* walkSlices(
  db: Database.Database,
  key: Buffer,
  anchor: Anchor | null,
  commitsPerSlice = 500,
  progress?: Progress,
): Generator<void, RecordsCheck> {
  const walker = new CommitWalker(key, baseFor(db, anchor), anchor);
  progress?.stage('keyed chain', Math.max(0, (headCommit(db)?.seq ?? 0) - walker.last.seq), 'commits');
  const commits = db.prepare(`SELECT ${commitColumns(db)} FROM commits WHERE seq > ? ORDER BY seq LIMIT ?`);
  const events = db.prepare(
    'SELECT seq, at, kind, data, prev_hash, hash FROM events WHERE seq > ? AND seq <= ? ORDER BY seq',
  );
  const settings = db
    .prepare(
      'SELECT seq, at, key, old_value, new_value, source FROM settings_log WHERE seq > ? AND seq <= ? ORDER BY seq',
    )
    .raw();
  let walked = 0;
  for (;;) {
    const slice = commits.all(walker.last.seq, commitsPerSlice) as CommitRow[];
    if (slice.length > 0) {
      const from = walker.last;
      const eventsTo = Math.max(...slice.map((c) => c.events_to));
      const settingsTo = Math.max(...slice.map((c) => c.settings_to));
      const eventRows = events.all(from.events_to, eventsTo) as EventRow[];
      const settingsRows = settings.all(from.settings_to, settingsTo) as SettingsLogRow[];
      let e = 0;
      let s = 0;
      for (const c of slice) {
        const e0 = e;
        const s0 = s;
        // Each read is bounded by the length test just before it.
        while (e < eventRows.length && eventRows[e]!.seq <= c.events_to) e++;
        while (s < settingsRows.length && settingsRows[s]![0] <= c.settings_to) s++;
        const problem = walker.step(c, eventRows.slice(e0, e), settingsRows.slice(s0, s));
        if (problem) return broken(problem, walker.rows, walked);
        walked++;
      }
    }
    progress?.done(walked);
    if (slice.length < commitsPerSlice) break;
    yield;
    // Meanwhile the commit it stopped on may have been signed again at its group's end.
    const resumed = walker.resume(commitAt(db, walker.last.seq));
    if (resumed) return broken(resumed, walker.rows, walked);
  }
  if (anchor && walker.last.seq < anchor.seq) {
    return {
      ok: false,
      rows: walker.rows,
      seq: walker.last.events_to + 1,
      problem: `commit ${anchor.seq}, which ${anchor.by} vouches for, is missing`,
      commits: walked,
    };
  }
  const tail = tails(db, walker.last);
  if (tail) return broken(tail, walker.rows, walked);
  return { ok: true, rows: walker.rows, last: walker.last.mac, commits: walked };
}

/** The whole walk at once (a start, the command line). */
export function walkAll(db: Database.Database, key: Buffer, anchor: Anchor | null): RecordsCheck {
  const walk = walkSlices(db, key, anchor);
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}

/** The event row the live log starts after: the live base commit's after an archive cut, else 0. */
function cutBase(db: Database.Database): number {
  const cut = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'archive_cuts'").get()
    ? (db.prepare('SELECT max(commit_seq) AS n FROM archive_cuts').get() as { n: number | null }).n
    : null;
  if (cut === null) return 0;
  return commitAt(db, cut - 1)?.events_to ?? 0;
}

/** Rows after the last commit were written by nobody who holds the key. */
function tails(db: Database.Database, last: CommitRow): CommitProblem | null {
  // After an archive cut (archive.ts) the rows up to the live base commit's are in the archive.
  const archived = cutBase(db);
  const maxEvent = (db.prepare('SELECT max(seq) AS n FROM events').get() as { n: number | null }).n ?? archived;
  if (maxEvent !== last.events_to) {
    return {
      commit: last.seq,
      eventSeq: last.events_to + 1,
      problem: `the event log ends at row ${maxEvent}, the last commit (${last.seq}) at row ${last.events_to}`,
    };
  }
  if (last.events_to > archived) {
    const row = db.prepare('SELECT hash FROM events WHERE seq = ?').get(last.events_to) as { hash: string };
    if (row.hash !== last.events_head) {
      return {
        commit: last.seq,
        eventSeq: last.events_to,
        problem: `event row ${last.events_to} is not the row commit ${last.seq} signed: the log was re-hashed`,
      };
    }
  }
  const maxSetting = (db.prepare('SELECT max(seq) AS n FROM settings_log').get() as { n: number | null }).n ?? 0;
  if (maxSetting !== last.settings_to) {
    return {
      commit: last.seq,
      eventSeq: last.events_to + 1,
      problem: `the settings log ends at row ${maxSetting}, the last commit (${last.seq}) at row ${last.settings_to}`,
    };
  }
  return null;
}

/**
 * The covered tables as they stand against the digests `head` signed; null when they agree,
 * otherwise which table differs. Gives the digests read, for the journal to go on from.
 */
export function checkTables(db: Database.Database, head: CommitRow): { digests: TableDigests; problem: string | null } {
  const digests = TableDigests.read(db);
  if (head.tables === IN_GROUP)
    return {
      digests,
      problem: `commit ${head.seq} is not the last of its group, and the commits after it are missing: the records were cut short`,
    };
  const stored = Object.fromEntries(
    (db.prepare('SELECT name, digest FROM table_digests').all() as { name: string; digest: string }[]).map((r) => [
      r.name,
      r.digest,
    ]),
  );
  // A table added since the database was last signed has no digest yet, and must be empty.
  const unsigned = COVERED_TABLES.filter((t) => t in LATER_TABLES && typeof stored[t] !== 'string');
  const signed =
    COVERED_TABLES.every((t) => typeof stored[t] === 'string' || unsigned.includes(t)) &&
    combinedDigest(stored as Partial<Record<CoveredTable, string>>) === head.tables;
  if (!signed) return { digests, problem: `the table digests are not the ones commit ${head.seq} signed` };
  const differs = COVERED_TABLES.filter((t) =>
    unsigned.includes(t) ? digests.digest(t) !== EMPTY_TABLE_DIGEST : !digests.covers(db, t, stored[t]!),
  );
  // Signed since, or in a form before: the next commit writes them in the current one (table-digests.ts).
  for (const t of COVERED_TABLES) if (unsigned.includes(t) || TableDigests.olderForm(stored[t]!)) digests.touch(t);
  if (differs.length > 0) {
    return {
      digests,
      problem: `${differs.join(', ')} ${differs.length === 1 ? 'is' : 'are'} not as commit ${head.seq} left ${differs.length === 1 ? 'it' : 'them'}: a row edited, added or removed by hand`,
    };
  }
  return { digests, problem: null };
}

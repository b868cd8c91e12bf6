// The tables that keep only their latest rows (state, meters, settings, recall, ...) and their
// digests. Each commit of the keyed chain covers the digest of every such table as it left them,
// so at start the tables as they stand are checked against the chain's latest digests: a row
// edited, added or removed by hand since is found, whichever commit last wrote it. The
// append-only tables (events, settings_log) are covered row by row by the chain itself.

import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/** Every covered table with its columns in a fixed order; the first `key` columns are its key. */
export const COVERED = {
  identity: { columns: ['id', 'fingerprint', 'machine', 'purpose', 'mirrored', 'created_at'], key: 1 },
  cabinet_state: { columns: ['id', 'version', 'state', 'updated_at'], key: 1 },
  state_parts: { columns: ['name', 'value'], key: 1 },
  meters: { columns: ['scope', 'name', 'value'], key: 2 },
  settings: { columns: ['key', 'value'], key: 1 },
  recall: {
    columns: [
      'game_id',
      'game',
      'chip_value',
      'started_at',
      'ended_at',
      'staked',
      'paid',
      'handpaid',
      'replay',
      'result',
    ],
    key: 1,
  },
  sas_exceptions: { columns: ['id', 'code', 'priority', 'raised_at'], key: 1 },
  sas_validations: { columns: ['seq', 'record', 'read'], key: 1 },
  vouchers: {
    columns: [
      'validation',
      'sequence',
      'amount',
      'currency',
      'issued_at',
      'expires_at',
      'status',
      'redeemed_at',
      'redeemed_event',
    ],
    key: 1,
  },
} as const;

export type CoveredTable = keyof typeof COVERED;
export const COVERED_TABLES = Object.keys(COVERED) as CoveredTable[];

/**
 * Tables added after the records were first keyed (schema 5), with the schema that made them. A
 * database signed before has no digest for them: its commits' combined digests leave them out
 * until the first commit that writes their digest, which the journal makes at once (`touch`).
 */
export const LATER_TABLES: Partial<Record<CoveredTable, number>> = {
  sas_exceptions: 5,
  sas_validations: 5,
  vouchers: 6,
};

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A row as its column values in COVERED order: the same array whether written or read back. */
export type RowValues = readonly (string | number | null)[];

const rowKey = (table: CoveredTable, values: RowValues): string => JSON.stringify(values.slice(0, COVERED[table].key));

/** The digest of a table: its rows' hashes in key order. */
function digestOf(rows: Map<string, string>): string {
  const lines = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, h]) => `${k}\t${h}\n`);
  return sha256(lines.join(''));
}

/** The digest over all covered tables' digests, as one commit records it. */
export function combinedDigest(digests: Readonly<Partial<Record<CoveredTable, string>>>): string {
  return sha256(
    COVERED_TABLES.filter((t) => digests[t] !== undefined || !(t in LATER_TABLES))
      .map((t) => `${t}\t${digests[t]}\n`)
      .join(''),
  );
}

/** The digest of a table with no rows. */
export const EMPTY_TABLE_DIGEST = sha256('');

/** Every covered table's rows (their hashes), kept in step with what the journal writes. */
export class TableDigests {
  private readonly rows = new Map<CoveredTable, Map<string, string>>();
  private readonly digests = {} as Record<CoveredTable, string>;
  private changed = new Set<CoveredTable>();
  /** What begin() saw of each row changed since: the hash it had, undefined for none. */
  private undo: Map<CoveredTable, Map<string, string | undefined>> | null = null;
  private before: { digests: Record<CoveredTable, string>; changed: Set<CoveredTable> } | null = null;

  private constructor() {
    for (const t of COVERED_TABLES) this.rows.set(t, new Map());
  }

  /** The tables as they stand in the database. */
  static read(db: Database.Database): TableDigests {
    const d = new TableDigests();
    for (const t of COVERED_TABLES) {
      // A reader of a database made before the table existed: it is empty there.
      if (t in LATER_TABLES && !db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t)) {
        d.digests[t] = digestOf(d.rows.get(t)!);
        continue;
      }
      const rows = db
        .prepare(`SELECT ${COVERED[t].columns.join(', ')} FROM ${t}`)
        .raw()
        .iterate() as Iterable<RowValues>;
      for (const values of rows) d.rows.get(t)!.set(rowKey(t, values), sha256(JSON.stringify(values)));
      d.digests[t] = digestOf(d.rows.get(t)!);
    }
    return d;
  }

  /**
   * A commit begins: what it changes can be undone by rollback(). Undone, never read back from
   * the file: a row another process wrote meanwhile must not be taken in (and signed next).
   */
  begin(): void {
    this.undo = new Map();
    this.before = { digests: { ...this.digests }, changed: new Set(this.changed) };
  }

  /** The commit failed: the rows and digests as begin() found them. */
  rollback(): void {
    if (!this.undo || !this.before) throw new Error('TableDigests.rollback without begin');
    for (const [table, keys] of this.undo) {
      const rows = this.rows.get(table)!;
      for (const [key, hash] of keys) {
        if (hash === undefined) rows.delete(key);
        else rows.set(key, hash);
      }
    }
    Object.assign(this.digests, this.before.digests);
    this.changed = this.before.changed;
    this.undo = null;
    this.before = null;
  }

  private remember(table: CoveredTable, key: string): void {
    if (!this.undo) return;
    let keys = this.undo.get(table);
    if (!keys) this.undo.set(table, (keys = new Map()));
    if (!keys.has(key)) keys.set(key, this.rows.get(table)!.get(key));
  }

  put(table: CoveredTable, values: RowValues): void {
    const key = rowKey(table, values);
    this.remember(table, key);
    this.rows.get(table)!.set(key, sha256(JSON.stringify(values)));
    this.changed.add(table);
  }

  /**
   * Whether a row read back is one the journal wrote: a row added, changed or put back by another
   * process since is not, though the next commit's digest would not cover it either.
   */
  holds(table: CoveredTable, values: RowValues): boolean {
    return this.rows.get(table)!.get(rowKey(table, values)) === sha256(JSON.stringify(values));
  }

  remove(table: CoveredTable, key: RowValues): void {
    const k = JSON.stringify(key);
    this.remember(table, k);
    if (this.rows.get(table)!.delete(k)) this.changed.add(table);
  }

  /** Rows whose key is at most `last` (recall pruning: the key is one whole number). */
  removeUpTo(table: CoveredTable, last: number): void {
    for (const k of this.rows.get(table)!.keys()) {
      const [n] = JSON.parse(k) as [number];
      if (n <= last) this.remove(table, [n]);
    }
  }

  /** The table's digest is written with the next commit though no row of it changed. */
  touch(table: CoveredTable): void {
    this.changed.add(table);
  }

  /** Brings the digests of the tables changed since the last call up to date and names those tables. */
  settle(): CoveredTable[] {
    const changed = [...this.changed];
    for (const t of changed) this.digests[t] = digestOf(this.rows.get(t)!);
    this.changed.clear();
    return changed;
  }

  digest(table: CoveredTable): string {
    return this.digests[table];
  }

  all(): Readonly<Record<CoveredTable, string>> {
    return this.digests;
  }

  combined(): string {
    return combinedDigest(this.digests);
  }
}

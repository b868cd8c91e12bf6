// The tables that keep only their latest rows (state, meters, settings, recall, ...) and their
// digests. Each commit of the keyed chain covers the digest of every such table as it left them,
// so at start the tables as they stand are checked against the chain's latest digests: a row
// edited, added or removed by hand since is found, whichever commit last wrote it. The
// append-only tables (events, settings_log) are covered row by row by the chain itself.

import type Database from 'better-sqlite3';
import { sha256Hex as sha256 } from './sha256';

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
  sas_exception_data: { columns: ['id', 'data'], key: 1 },
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
  tickets_credited: { columns: ['validation', 'amount', 'credited_at', 'event'], key: 1 },
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
  sas_exception_data: 7,
  tickets_credited: 10,
};

/** A row as its column values in COVERED order: the same array whether written or read back. */
export type RowValues = readonly (string | number | null)[];

const rowKey = (table: CoveredTable, values: RowValues): string => JSON.stringify(values.slice(0, COVERED[table].key));

/** Key order: the code-unit order of the keys' JSON text. */
const before = (a: string, b: string): boolean => a < b;

/**
 * A table's rows go to this many buckets by their key, each with a digest of its own: a commit
 * that changes a row hashes that bucket's lines and the buckets' digests again, never the whole
 * table (the vouchers table, which only grows, would cost more at every voucher).
 */
const BUCKETS = 16;

/**
 * What a table's digest starts with, by form. The current one: rows hashed as their text
 * (rowText), in buckets. Read only, from databases signed before: 'b16:', rows hashed as their
 * JSON, in buckets; and no prefix, rows hashed as their JSON, every line hashed at once. A
 * commit writes every digest it signs in the current form.
 */
const CURRENT = 'b16t:';
const BUCKETED_JSON = 'b16:';

/**
 * A row as the text its hash is taken over: each value by its kind, a string with its length,
 * so that no two rows read alike. Unlike the JSON form before it, a long text value (the state,
 * a replay) is not escaped again at every commit that writes it.
 */
export function rowText(values: RowValues): string {
  let text = '';
  for (const v of values) {
    if (v === null) text += 'z;';
    else if (typeof v === 'number') text += `n${v};`;
    else if (typeof v === 'string') text += `s${v.length}:${v}`;
    else {
      const json = JSON.stringify(v);
      text += `j${json.length}:${json}`;
    }
  }
  return text;
}

/** Rows whose text is at most this long stand in their bucket's line as themselves, unhashed. */
const INLINE_ROW = 64;

/**
 * What a row's line in its bucket holds (after its key): a short row's text itself, with its
 * length ('t'), a longer one's hash ('h'). The bucket's digest hashes its lines in any case, so a
 * meter's row costs no hash of its own.
 */
const rowLine = (values: RowValues): string => {
  const text = rowText(values);
  return text.length <= INLINE_ROW ? `t${text.length}:${text}` : `h${sha256(text)}`;
};
const jsonRowHash = (values: RowValues): string => sha256(JSON.stringify(values));

/** The bucket of a key: FNV-1a over its code units. */
function bucketOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

/** Where `key` is in `order` (sorted), or where it would go. */
function place(order: readonly string[], key: string): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(order[mid]!, key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Some of a table's rows: each key's line (`key\t` what stands for its row `\n`: rowLine, or the row's hash in the forms before) and the keys in order. */
class Bucket {
  readonly lines = new Map<string, string>();
  readonly order: string[] = [];
  /** The digest of its lines in key order; null once a row changed since. */
  private cached: string | null = null;

  set(key: string, row: string): void {
    if (!this.lines.has(key)) this.order.splice(place(this.order, key), 0, key);
    this.lines.set(key, `${key}\t${row}\n`);
    this.cached = null;
  }

  delete(key: string): boolean {
    if (!this.lines.delete(key)) return false;
    this.order.splice(place(this.order, key), 1);
    this.cached = null;
    return true;
  }

  digest(): string {
    if (this.cached === null) {
      let text = '';
      for (const k of this.order) text += this.lines.get(k)!;
      this.cached = sha256(text);
    }
    return this.cached;
  }
}

/**
 * One table's rows as their digest needs them, in buckets by key. The table's digest is the
 * buckets' digests hashed in bucket order, so a commit that changes one row hashes one bucket
 * again, and never sorts anything again.
 */
class TableRows {
  private readonly buckets = Array.from({ length: BUCKETS }, () => new Bucket());

  private of(key: string): Bucket {
    return this.buckets[bucketOf(key)]!;
  }

  set(key: string, row: string): void {
    this.of(key).set(key, row);
  }

  /** What stands for the row in its line (rowLine), or undefined when the table has no row of that key. */
  get(key: string): string | undefined {
    const line = this.of(key).lines.get(key);
    return line === undefined ? undefined : line.slice(key.length + 1, -1);
  }

  delete(key: string): boolean {
    return this.of(key).delete(key);
  }

  /** How many rows the table has. */
  get size(): number {
    let n = 0;
    for (const b of this.buckets) n += b.order.length;
    return n;
  }

  /** Every key, in no particular order. */
  keys(): string[] {
    return this.buckets.flatMap((b) => b.order);
  }

  /** The table's digest, bucketed, with the prefix of its rows' form. */
  digest(prefix = CURRENT): string {
    return prefix + sha256(this.buckets.map((b) => b.digest()).join('\n'));
  }

  /** The digest in the form before the buckets: every line in key order, hashed at once. */
  unbucketedDigest(): string {
    let text = '';
    for (const k of this.keys().sort()) text += this.of(k).lines.get(k)!;
    return sha256(text);
  }
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
export const EMPTY_TABLE_DIGEST = new TableRows().digest();

/** Every covered table's rows (their hashes), kept in step with what the journal writes. */
export class TableDigests {
  private readonly rows = new Map<CoveredTable, TableRows>();
  private readonly digests = {} as Record<CoveredTable, string>;
  private changed = new Set<CoveredTable>();
  /** What begin() saw of each row changed since: the hash it had, undefined for none. */
  private undo: Map<CoveredTable, Map<string, string | undefined>> | null = null;
  private before: {
    digests: Record<CoveredTable, string>;
    changed: Set<CoveredTable>;
    lowest: Map<CoveredTable, number>;
  } | null = null;
  /** removeUpTo's tables: no row has a whole-number key below this (learnt at its first use). */
  private lowest = new Map<CoveredTable, number>();

  private constructor() {
    for (const t of COVERED_TABLES) this.rows.set(t, new TableRows());
  }

  /** The tables as they stand in the database. */
  static read(db: Database.Database): TableDigests {
    const d = new TableDigests();
    for (const t of COVERED_TABLES) {
      // A reader of a database made before the table existed: it is empty there.
      if (t in LATER_TABLES && !db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t)) {
        d.digests[t] = d.rows.get(t)!.digest();
        continue;
      }
      const rows = db
        .prepare(`SELECT ${COVERED[t].columns.join(', ')} FROM ${t}`)
        .raw()
        .iterate() as Iterable<RowValues>;
      const table = d.rows.get(t)!;
      for (const values of rows) table.set(rowKey(t, values), rowLine(values));
      d.digests[t] = table.digest();
    }
    return d;
  }

  /**
   * A commit begins: what it changes can be undone by rollback(). Undone, never read back from
   * the file: a row another process wrote meanwhile must not be taken in (and signed next).
   */
  begin(): void {
    this.undo = new Map();
    this.before = { digests: { ...this.digests }, changed: new Set(this.changed), lowest: new Map(this.lowest) };
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
    this.lowest = this.before.lowest;
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
    this.rows.get(table)!.set(key, rowLine(values));
    this.changed.add(table);
  }

  /**
   * Whether a row read back is one the journal wrote: a row added, changed or put back by another
   * process since is not, though the next commit's digest would not cover it either.
   */
  holds(table: CoveredTable, values: RowValues): boolean {
    return this.rows.get(table)!.get(rowKey(table, values)) === rowLine(values);
  }

  remove(table: CoveredTable, key: RowValues): void {
    const k = JSON.stringify(key);
    this.remember(table, k);
    if (this.rows.get(table)!.delete(k)) this.changed.add(table);
  }

  /** Rows whose key is at most `last` (recall pruning: the key is one whole number). */
  removeUpTo(table: CoveredTable, last: number): void {
    const rows = this.rows.get(table)!;
    // Only a table with more rows than it keeps can hold one to prune.
    if (last < 1) return;
    const from = this.lowest.get(table);
    // Through remove(), so that a commit that fails puts them back. The keys grow by one a game,
    // so from the lowest one a key at a time; every key is looked at only the first time, when
    // the gap is wider than the table, or when the keys went back (a game number below one pruned).
    if (from !== undefined && from <= last + 1 && last - from < rows.size) {
      for (let n = from; n <= last; n++) this.remove(table, [n]);
    } else {
      // A key of one whole number is its JSON text, "[n]".
      const gone = rows.keys().filter((k) => Number(k.slice(1, -1)) <= last);
      for (const k of gone) this.remove(table, JSON.parse(k) as RowValues);
    }
    this.lowest.set(table, last + 1);
  }

  /** The table's digest is written with the next commit though no row of it changed. */
  touch(table: CoveredTable): void {
    this.changed.add(table);
  }

  /** Brings the digests of the tables changed since the last call up to date and names those tables. */
  settle(): CoveredTable[] {
    const changed = [...this.changed];
    for (const t of changed) this.digests[t] = this.rows.get(t)!.digest();
    this.changed.clear();
    return changed;
  }

  digest(table: CoveredTable): string {
    return this.digests[table];
  }

  /**
   * Whether the table's rows in `db` are the ones a stored digest covers, in any form: a
   * database signed in a form before keeps its digests until its next commit writes them in the
   * current one (`touch` them for it); such a table is read again with its rows as JSON.
   */
  covers(db: Database.Database, table: CoveredTable, stored: string): boolean {
    if (stored.startsWith(CURRENT)) return stored === this.digests[table];
    const json = new TableRows();
    const rows = db
      .prepare(`SELECT ${COVERED[table].columns.join(', ')} FROM ${table}`)
      .raw()
      .iterate() as Iterable<RowValues>;
    for (const values of rows) json.set(rowKey(table, values), jsonRowHash(values));
    return stored.startsWith(BUCKETED_JSON)
      ? stored === json.digest(BUCKETED_JSON)
      : stored === json.unbucketedDigest();
  }

  /** Whether a stored digest is of a form before the current one. */
  static olderForm(stored: string): boolean {
    return !stored.startsWith(CURRENT);
  }

  all(): Readonly<Record<CoveredTable, string>> {
    return this.digests;
  }

  combined(): string {
    return combinedDigest(this.digests);
  }
}

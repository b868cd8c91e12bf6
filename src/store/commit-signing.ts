// The journal's signing of the keyed chain (keyed-chain.ts): each commit row signs where the logs
// end, the tables' digests (or IN_GROUP within a group) and the counter's value, chained on the
// MAC before it. A group's last commit is signed again at the group's end, once its tables'
// digests are known; so the signer keeps the MAC the head was chained on.

import type Database from 'better-sqlite3';
import { commitMac, type CommitRow } from './keyed-chain';
import { ANCHOR_SCHEMA, SCHEMA_VERSION } from './schema';
import type { TableDigests } from './table-digests';

export class CommitSigning {
  private statements: ReturnType<CommitSigning['prepare']> | null = null;
  private headRow: CommitRow;
  /** The MAC of the commit before the head: a group's last commit is signed again at its end. */
  private prevMac = '';

  constructor(
    private readonly db: Database.Database,
    private readonly key: Buffer,
    private readonly digests: TableDigests,
    head: CommitRow,
  ) {
    this.headRow = head;
  }

  /** The last commit signed. */
  get head(): CommitRow {
    return this.headRow;
  }

  /** Prepared on first use: a database from before a table existed is migrated first. */
  private get stmt(): ReturnType<CommitSigning['prepare']> {
    this.statements ??= this.prepare();
    return this.statements;
  }

  private prepare() {
    const db = this.db;
    return {
      // Made once: better-sqlite3 builds a transaction function's variants anew at every call
      // of db.transaction(), a cost every commit would pay.
      transaction: db.transaction((body: () => void) => body()),
      upsertDigest: db.prepare(
        'INSERT INTO table_digests (name, digest) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET digest = excluded.digest',
      ),
      // A build from before the anchor (as the migration tests make one) has no column for it.
      insertCommit: db.prepare(
        SCHEMA_VERSION >= ANCHOR_SCHEMA
          ? 'INSERT INTO commits (seq, at, events_to, events_head, settings_to, settings_head, tables, mac, anchor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
          : 'INSERT INTO commits (seq, at, events_to, events_head, settings_to, settings_head, tables, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      // A group's last commit, signed again at the group's end with the tables' digests.
      finishCommit: db.prepare('UPDATE commits SET tables = ?, mac = ? WHERE seq = ?'),
    };
  }

  /** `body` in one SQLite transaction (a savepoint within a group's). */
  transaction(body: () => void): void {
    this.stmt.transaction(body);
  }

  /** The digests of the tables changed since they were last written. */
  writeDigests(): void {
    for (const t of this.digests.settle()) this.stmt.upsertDigest.run(t, this.digests.digest(t));
  }

  /** The next commit, signed on the head and written; it becomes the head once its transaction is (advance). */
  sign(fields: Omit<CommitRow, 'mac'>): CommitRow {
    const signed = { ...fields, mac: commitMac(this.key, this.headRow.mac, fields) };
    this.stmt.insertCommit.run(
      signed.seq,
      signed.at,
      signed.events_to,
      signed.events_head,
      signed.settings_to,
      signed.settings_head,
      signed.tables,
      signed.mac,
      ...(SCHEMA_VERSION >= ANCHOR_SCHEMA ? [signed.anchor] : []),
    );
    return signed;
  }

  /** The commit `signed` is in the database: the chain goes on from it. */
  advance(signed: CommitRow): void {
    this.prevMac = this.headRow.mac;
    this.headRow = signed;
  }

  /** Where the chain stands, for restore() if a commit fails. */
  snapshot(): { head: CommitRow; prevMac: string } {
    return { head: this.headRow, prevMac: this.prevMac };
  }

  restore(before: { head: CommitRow; prevMac: string }): void {
    this.headRow = before.head;
    this.prevMac = before.prevMac;
  }

  /** The group's last commit signed again, with the tables' digests in place of IN_GROUP. */
  signGroupEnd(): void {
    this.writeDigests();
    const fields = { ...this.headRow, tables: this.digests.combined() };
    const signed = { ...fields, mac: commitMac(this.key, this.prevMac, fields) };
    this.stmt.finishCommit.run(signed.tables, signed.mac, signed.seq);
    this.headRow = signed;
  }
}

// The table digests in buckets (table-digests.ts): a database an earlier build signed with the
// digests of a form before (rows hashed as JSON, every line of a table hashed at once or in
// buckets) still verifies, an edit in it is still found, and its next commit writes the current
// form (rows hashed as their text, in buckets). The earlier build's database
// is made here by hand: its digests computed as that build computed them, and its head commit
// and mirror signed again with the machine key, as that build signed them.

import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from './journal';
import { commitMac, type CommitRow } from './keyed-chain';
import { readMachineKey } from './machine-key';
import { Mirror } from './mirror';
import { combinedDigest, COVERED, COVERED_TABLES, TableDigests, type CoveredTable } from './table-digests';
import { Bench, playedDatabase, testMachine } from './testing/store-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-digests-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The digest of the form before the buckets: each row's key and hash, in key order, hashed at once. */
function unbucketed(db: Database.Database, t: CoveredTable): string {
  const { columns, key } = COVERED[t];
  const rows = db
    .prepare(`SELECT ${columns.join(', ')} FROM ${t}`)
    .raw()
    .all() as unknown[][];
  const lines = rows.map((v) => [JSON.stringify(v.slice(0, key)), sha256(JSON.stringify(v))] as const);
  lines.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(lines.map(([k, h]) => `${k}\t${h}\n`).join(''));
}

const digestsOf = (path: string): Record<string, string> => {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare('SELECT name, digest FROM table_digests').all() as { name: string; digest: string }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
  } finally {
    db.close();
  }
};

/** The digest of the bucketed form with rows hashed as JSON: 16 buckets by FNV-1a of the key, each its lines in key order. */
function bucketedJson(db: Database.Database, t: CoveredTable): string {
  const { columns, key } = COVERED[t];
  const rows = db
    .prepare(`SELECT ${columns.join(', ')} FROM ${t}`)
    .raw()
    .all() as unknown[][];
  const buckets: [string, string][][] = Array.from({ length: 16 }, () => []);
  for (const v of rows) {
    const k = JSON.stringify(v.slice(0, key));
    let h = 0x811c9dc5;
    for (let i = 0; i < k.length; i++) h = Math.imul(h ^ k.charCodeAt(i), 0x01000193);
    buckets[(h >>> 0) % 16]!.push([k, sha256(JSON.stringify(v))]);
  }
  const digests = buckets.map((lines) => {
    lines.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return sha256(lines.map(([k, h]) => `${k}\t${h}\n`).join(''));
  });
  return 'b16:' + sha256(digests.join('\n'));
}

/** A played database as an earlier build left it: its digests and head signed in that build's form. */
function signedBefore(form: (db: Database.Database, t: CoveredTable) => string = unbucketed): string {
  const path = playedDatabase(dir);
  const key = readMachineKey(testMachine(dir).keyFile);
  const db = new Database(path);
  const stored = Object.fromEntries(COVERED_TABLES.map((t) => [t, form(db, t)]));
  const upsert = db.prepare('UPDATE table_digests SET digest = ? WHERE name = ?');
  for (const t of COVERED_TABLES) upsert.run(stored[t], t);
  const head = db.prepare('SELECT * FROM commits ORDER BY seq DESC LIMIT 1').get() as CommitRow;
  const prev = db.prepare('SELECT mac FROM commits WHERE seq = ?').get(head.seq - 1) as { mac: string };
  const fields = { ...head, tables: combinedDigest(stored) };
  const mac = commitMac(key.bytes, prev.mac, fields);
  // The earlier build wrote this row so; here it is written again, past the append-only trigger.
  const trigger = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'commits_no_update'").pluck().get() as string;
  db.exec('DROP TRIGGER commits_no_update');
  db.prepare('UPDATE commits SET tables = ?, mac = ? WHERE seq = ?').run(fields.tables, mac, head.seq);
  db.exec(trigger);
  db.close();
  const mirror = new Mirror(join(dir, 'mirror'), key);
  const read = mirror.read();
  if (read.found !== 'record') throw new Error('the played database left no mirror');
  // Into both slots: the one read first wins a tie of commits.
  for (let slot = 0; slot < 2; slot++) mirror.write({ ...read.record, head: mac }, true);
  mirror.close();
  return path;
}

describe('the table digests in buckets', () => {
  it('a database signed in the form before verifies, and its next commit writes every digest bucketed', () => {
    const path = signedBefore();
    expect(Object.values(digestsOf(path)).every((d) => !d.startsWith('b16'))).toBe(true);
    const b = new Bench(path);
    expect(b.store.records).toMatchObject({ ok: true });
    b.insert(500);
    b.jacks();
    b.store.close();
    const after = digestsOf(path);
    expect(Object.keys(after).sort()).toEqual([...COVERED_TABLES].sort());
    expect(Object.values(after).every((d) => /^b16t:[0-9a-f]{64}$/.test(d))).toBe(true);
    const again = Journal.open(path, testMachine(dir));
    expect(again.records.ok).toBe(true);
    again.close();
  });

  it('a row edited by hand in a database signed in the form before is found', () => {
    const path = signedBefore();
    const db = new Database(path);
    db.prepare("UPDATE meters SET value = value + 100000 WHERE scope = 'lifetime' AND name = 'billsIn'").run();
    db.close();
    expect(() => Journal.open(path, testMachine(dir))).toThrow(/meters is not as commit \d+ left it/);
  });

  it('a database signed in buckets of JSON rows (the form before this one) verifies, an edit in it is found, and its next commit writes the current form', () => {
    const path = signedBefore(bucketedJson);
    expect(Object.values(digestsOf(path)).every((d) => d.startsWith('b16:'))).toBe(true);
    const b = new Bench(path);
    expect(b.store.records).toMatchObject({ ok: true });
    b.insert(500);
    b.store.close();
    expect(Object.values(digestsOf(path)).every((d) => /^b16t:[0-9a-f]{64}$/.test(d))).toBe(true);
    const again = Journal.open(path, testMachine(dir));
    expect(again.records.ok).toBe(true);
    again.close();
    const edited = signedBefore(bucketedJson);
    const db = new Database(edited);
    db.prepare("UPDATE meters SET value = value + 100000 WHERE scope = 'lifetime' AND name = 'billsIn'").run();
    db.close();
    expect(() => Journal.open(edited, testMachine(dir))).toThrow(/meters is not as commit \d+ left it/);
  });

  it('a row edited by hand in a bucketed database is found, whichever bucket it is in', () => {
    const path = playedDatabase(dir);
    expect(Object.values(digestsOf(path)).every((d) => d.startsWith('b16t:'))).toBe(true);
    const db = new Database(path);
    const recall = db.prepare('SELECT game_id FROM recall').pluck().all() as number[];
    expect(recall.length).toBeGreaterThan(1);
    db.prepare('UPDATE recall SET paid = paid + 1 WHERE game_id = ?').run(recall.at(-1));
    db.close();
    expect(() => Journal.open(path, testMachine(dir))).toThrow(/recall is not as commit \d+ left it/);
  });
});

describe('pruning the recall from the digests (removeUpTo)', () => {
  /** Every covered table, empty, in memory: the digests read from it start from nothing. */
  const empty = (): TableDigests => {
    const db = new Database(':memory:');
    for (const t of COVERED_TABLES) db.exec(`CREATE TABLE ${t} (${COVERED[t].columns.join(', ')})`);
    const d = TableDigests.read(db);
    db.close();
    return d;
  };
  const game = (n: number) => [n, 'jacks-or-better', 25, n, n + 1, 25, 0, 0, '{}', '{}'] as const;
  /** The digests with these games in the recall. */
  const holding = (games: number[]): TableDigests => {
    const d = empty();
    for (const n of games) d.put('recall', game(n));
    return d;
  };
  /** The recall's digest with just these games in it. */
  const digestOf = (games: number[]): string => {
    const d = holding(games);
    d.settle();
    return d.digest('recall');
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('removes every game up to the one named, one game a commit or many at once', () => {
    const d = holding(range(1, 10));
    d.removeUpTo('recall', 3);
    d.put('recall', game(11));
    d.removeUpTo('recall', 4);
    d.put('recall', game(12));
    d.removeUpTo('recall', 7);
    d.settle();
    expect(d.digest('recall')).toBe(digestOf(range(8, 12)));
  });

  it('a commit that fails puts back what it pruned, and the next prune takes it again', () => {
    const d = holding(range(1, 10));
    d.removeUpTo('recall', 2);
    d.begin();
    d.removeUpTo('recall', 3);
    d.rollback();
    d.begin();
    d.removeUpTo('recall', 3);
    d.settle();
    expect(d.digest('recall')).toBe(digestOf(range(4, 10)));
  });

  it('game numbers that went back below the ones pruned are still pruned', () => {
    const d = holding(range(50, 60));
    d.removeUpTo('recall', 55);
    for (const n of range(1, 3)) d.put('recall', game(n));
    d.removeUpTo('recall', 2);
    d.settle();
    expect(d.digest('recall')).toBe(digestOf([3, ...range(56, 60)]));
  });
});

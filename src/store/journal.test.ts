// The journal: what it commits reads back exactly, and a database it cannot trust is refused at open.

import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReplay } from '../core';
import { stepCabinet } from '../cabinet';
import { RETURNS_IN_RANGE } from '../cabinet/testing/rig';
import { StoreError } from './database';
import { Journal } from './journal';
import { readMachineKey } from './machine-key';
import { RecordsReader } from './records-reader';
import { APPLICATION_ID, MIGRATIONS, RECALL_KEEP, SCHEMA_VERSION } from './schema';
import { Bench, dataPath, testMachine } from './testing/store-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Opened as the running cabinet opens it. */
const open = (path: string) => Journal.open(path, testMachine(dir));
/** Opened as `events --verify --key-file` reads it. */
const inspectWithKey = (path: string) =>
  RecordsReader.open(path, { requireIntactChain: false, key: readMachineKey(testMachine(dir).keyFile) });

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function expectRefused(path: string, message: RegExp): void {
  const before = existsSync(path) ? sha(path) : null;
  expect(() => open(path)).toThrow(StoreError);
  expect(() => open(path)).toThrow(message);
  expect(existsSync(path) ? sha(path) : null).toBe(before);
}

describe('the journal', () => {
  it('reads back exactly the committed state, meters and settings', () => {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    a.insert(2000);
    a.jacks();
    a.wish({ type: 'deal', bet: 2 });
    const state = a.rig.state;
    a.store.close();
    const b = open(path);
    expect(b.load()).toEqual(state);
    b.close();
  });

  it('keeps the last games for recall, each replaying to its stored result', () => {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    a.insert(100000);
    for (let i = 0; i < RECALL_KEEP + 5; i++) a.jacks();
    const recall = a.store.reader.recall();
    expect(recall).toHaveLength(RECALL_KEEP);
    expect(recall[0]?.gameId).toBe(RECALL_KEEP + 5);
    for (const r of recall) expect(runReplay(r.replay)).toEqual(r.result);
    a.store.close();
  });

  it('writes meters as rows and removes the period ones a clear removed', () => {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    a.insert(500);
    expect(a.store.reader.meters().lifetime.billsIn).toBe(500);
    expect(a.store.reader.meters().period.billsIn).toBe(500);
    a.rig.state = {
      ...a.rig.state,
      access: { ...a.rig.state.access, pinHash: a.rig.env.hashPin('1357'), pinChangeRequired: false },
    };
    a.input({ kind: 'device', event: { device: 'deck', type: 'key', key: 'technician', on: true } });
    a.wish({ type: 'technicianPin', pin: '1357' });
    a.wish({ type: 'clearPeriodMeters', confirm: true });
    expect(a.store.reader.meters().period).toEqual({});
    expect(a.store.reader.meters().lifetime.billsIn).toBe(500);
    a.store.close();
  });

  it('logs operator settings changes with the old and new values', () => {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    const settings = { ...a.rig.state.settings, chipValues: [5, 25] };
    a.input({ kind: 'settings', settings, source: 'config file', installed: [], configReturns: RETURNS_IN_RANGE });
    const log = a.store.reader.settingsLog();
    expect(log[log.length - 1]).toMatchObject({
      key: 'chipValues',
      from: [1, 5, 25, 100],
      to: [5, 25],
      source: 'config file',
    });
    a.store.close();
    expect(open(path).load()?.settings.chipValues).toEqual([5, 25]);
  });

  it('keeps the configuration-only parts of the state apart, and reads them back', () => {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    const installed = [
      {
        id: 'mine',
        game: 'jacks-or-better' as const,
        name: 'Mine',
        table: a.rig.state.settings.payTables.jacks,
        rtp: RETURNS_IN_RANGE['jacks-or-better'],
      },
    ];
    const settings = { ...a.rig.state.settings, chipValues: [5, 25] };
    a.input({ kind: 'settings', settings, source: 'config file', installed, configReturns: RETURNS_IN_RANGE });
    a.insert(100);
    a.jacks();
    const row = a.store.db.prepare('SELECT state FROM cabinet_state').get() as { state: string };
    // Every commit rewrites the state row; the parts that change only with the config are not in it.
    expect(row.state).not.toContain('installedPayTables');
    expect(row.state).not.toContain('configApplied');
    const expected = a.rig.state;
    a.store.close();
    const loaded = open(path).load()!;
    expect(loaded.installedPayTables).toEqual(installed);
    expect(loaded.configApplied).toEqual(expected.configApplied);
    expect(loaded).toEqual(expected);
  });

  it('refuses a commit made against a version the database is not at', () => {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    const prev = a.rig.state;
    a.insert(100);
    const r = stepCabinet(prev, { kind: 'powerUp' }, a.rig.env);
    expect(r.ok && (() => a.store.commit(prev, r.state, r.effects))).toThrow(/not at version/);
    // The failed commit left the chain's head where it was.
    a.input({ kind: 'powerUp' });
    a.store.close();
    expect(open(path).chain.ok).toBe(true);
  });
});

describe('migrations', () => {
  it('brings a version 1 database up to the current schema and keeps what it holds', () => {
    const path = dataPath(dir, 'v1.db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.exec(MIGRATIONS[0]!.sql);
    db.pragma('user_version = 1');
    db.close();
    const a = new Bench(path);
    a.insert(700);
    a.store.close();
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
    expect(open(path).load()?.balance).toBe(700);
  });
});

describe('C-12 event chain', () => {
  function logged(): string {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    a.insert(100);
    a.input({ kind: 'device', event: { device: 'deck', type: 'door', door: 'main', open: true } });
    a.input({ kind: 'device', event: { device: 'deck', type: 'door', door: 'main', open: false } });
    expect(a.store.eventCount()).toBeGreaterThan(4);
    a.store.close();
    return path;
  }

  it('verifies an untouched chain', () => {
    const store = open(logged());
    expect(store.chain).toMatchObject({ ok: true });
    store.close();
  });

  for (const [what, sql] of [
    ['an edited row', 'UPDATE events SET data = \'{"value":100000}\' WHERE seq = 3'],
    ['a removed row', 'DELETE FROM events WHERE seq = 2'],
    ['a re-hashed row', "UPDATE events SET hash = '" + '1'.repeat(64) + "' WHERE seq = 2"],
  ] as const) {
    it(`detects ${what} and refuses to start on it`, () => {
      const path = logged();
      const db = new Database(path);
      expect(() => db.exec(sql)).toThrow(/append only/);
      // Someone with the file and a SQLite shell can drop the guard; the chain still tells.
      db.exec('DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete;');
      db.exec(sql);
      db.close();
      expect(() => open(path)).toThrow(/records are broken at event row/);
      const inspect = inspectWithKey(path);
      expect(inspect.chain.ok).toBe(false);
      inspect.close();
    });
  }
});

describe('bad database files are refused and left as they were', () => {
  let made_ = 0;
  function made(): string {
    const path = dataPath(dir, `made-${++made_}.db`);
    const a = new Bench(path);
    a.insert(100000);
    for (let i = 0; i < 120; i++) a.jacks();
    a.store.close();
    return path;
  }

  it('refuses a file that is not SQLite', () => {
    const path = dataPath(dir, 'junk.db');
    writeFileSync(path, 'this is not a database, it is a shopping list\n'.repeat(100));
    expectRefused(path, /not an SQLite database/);
  });

  it('refuses an empty file rather than starting afresh over it', () => {
    const path = dataPath(dir, 'empty.db');
    writeFileSync(path, '');
    expectRefused(path, /empty/);
  });

  it('refuses a truncated file', () => {
    const path = made();
    truncateSync(path, 4096 * 3);
    expectRefused(path, /truncated/);
    const odd = dataPath(dir, 'odd.db');
    copyFileSync(made(), odd);
    truncateSync(odd, 5000);
    expectRefused(odd, /truncated/);
  });

  it('refuses damaged pages', () => {
    const path = made();
    const bytes = readFileSync(path);
    for (let i = 4096 * 2; i < 4096 * 2 + 2000; i++) bytes[i] = 0x5a;
    writeFileSync(path, bytes);
    expectRefused(path, /damaged|integrity/);
  });

  it("refuses a newer schema, a wrong schema version and another program's database", () => {
    const newer = made();
    let db = new Database(newer);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expectRefused(newer, /newer than this build/);

    const zero = dataPath(dir, 'zero.db');
    copyFileSync(made(), zero);
    db = new Database(zero);
    db.pragma('user_version = 0');
    db.close();
    expectRefused(zero, /schema version 0/);

    const other = dataPath(dir, 'other.db');
    db = new Database(other);
    db.exec('CREATE TABLE notes (x TEXT)');
    db.close();
    expectRefused(other, /not a cabinet database/);
  });

  it('refuses a damaged state row, naming its table', () => {
    const path = made();
    const db = new Database(path);
    db.exec('UPDATE cabinet_state SET state = \'{"version": 1\'');
    db.close();
    expectRefused(path, /cabinet_state is not as commit \d+ left it/);
  });
});

describe('group commit in the journal', () => {
  it("a batch's commits are one transaction: another reader (or a start after a kill) finds none of them before the group's end, then all", async () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(1000);
    const outside = new Database(path, { readonly: true });
    const last = () => outside.prepare('SELECT max(seq) FROM commits').pluck().get() as number;
    const before = b.store.headSeq;
    expect(last()).toBe(before);
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    b.wish({ type: 'toggleHold', position: 1 });
    b.wish({ type: 'draw' });
    expect(b.store.headSeq).toBe(before + 3);
    expect(last()).toBe(before);
    await new Promise<void>((resolve) => b.store.endBatchSoon(resolve));
    expect(last()).toBe(before + 3);
    expect(b.store.durableSeq).toBe(before + 3);
    // A commit outside a batch is a transaction of its own, on the disk when it returns.
    b.insert(500);
    expect(last()).toBe(b.store.headSeq);
    outside.close();
    b.store.close();
    const again = new Bench(path);
    expect(again.store.records.ok).toBe(true);
    again.store.close();
  });

  it("a group's end is told even when a commit from outside the batch synced it first (the runner's held acts are released)", async () => {
    const b = new Bench(dataPath(dir));
    b.insert(1000);
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    let told = 0;
    b.store.endBatchSoon(() => told++);
    // A refusal's log row (as the runner writes one) syncs what waits at once, while the group's own sync runs.
    b.store.appendLog([
      { type: 'log', entry: { at: Date.now(), kind: 'refusal', data: { rule: 'C-22', reason: 'a test refusal' } } },
    ]);
    expect(b.store.durableSeq).toBe(b.store.headSeq);
    for (const limit = Date.now() + 5000; told === 0 && Date.now() < limit;)
      await new Promise<void>((r) => setTimeout(r, 1));
    expect(told).toBe(1);
    b.store.close();
  });
});

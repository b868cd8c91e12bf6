// The records a dishonest technician with a shell cannot forge, roll back or swap (issue 18):
// the database bound to its machine, the keyed chain over every committed table, the mirror.

import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY, Journal } from './journal';
import { GENESIS, rowHash } from './event-chain';
import { readMachineKey, createMachineKey } from './machine-key';
import { RecordsReader } from './records-reader';
import { APPLICATION_ID, MIGRATIONS } from './schema';
import { Bench, dataPath, playedDatabase, testMachine } from './testing/store-rig';
import { RETURNS_IN_RANGE } from '../cabinet/testing/rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-records-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const open = (path: string, machine = {}) => Journal.open(path, testMachine(dir, machine));

const played = (games = 3): string => playedDatabase(dir, games);

/** Door opened and closed until the log holds `rows` rows: two rows and two commits each time. */
function logUntil(b: Bench, rows: number): void {
  // Thousands of commits: durability is not what these tests are about.
  b.store.db.pragma('synchronous = OFF');
  while (b.store.eventCount() < rows) {
    for (const open of [true, false])
      b.input({ kind: 'device', event: { device: 'deck', type: 'door', door: 'main', open } });
  }
}

/** Opens the file with SQLite itself, as a shell would, guards dropped. */
function edit(path: string, work: (db: Database.Database) => void): void {
  const db = new Database(path);
  db.exec(
    'DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete; DROP TRIGGER IF EXISTS commits_no_update;',
  );
  work(db);
  db.close();
}

/** Refused at open with `message`, and the file left exactly as it was. */
function expectRefused(path: string, message: RegExp, machine = {}): void {
  const before = sha(path);
  expect(() => open(path, machine)).toThrow(message);
  expect(sha(path)).toBe(before);
}

/** The attacker's recomputation of the unkeyed chain from row `from` to the end. */
function rehashFrom(db: Database.Database, from: number): void {
  const rows = db.prepare('SELECT seq, at, kind, data FROM events WHERE seq >= ? ORDER BY seq').all(from) as {
    seq: number;
    at: number;
    kind: string;
    data: string;
  }[];
  let prev =
    from === 1 ? GENESIS : (db.prepare('SELECT hash FROM events WHERE seq = ?').get(from - 1) as { hash: string }).hash;
  for (const r of rows) {
    const hash = rowHash(prev, r.seq, r.at, r.kind, r.data);
    db.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?').run(prev, hash, r.seq);
    prev = hash;
  }
}

describe('a database bound to its machine', () => {
  it('is made with a machine key outside the data folder (0600) and records its fingerprint, machine number and purpose', () => {
    const path = played(0);
    const keyFile = testMachine(dir).keyFile;
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    const key = readMachineKey(keyFile);
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT fingerprint, machine, purpose FROM identity').get()).toEqual({
      fingerprint: key.fingerprint,
      machine: '0001',
      purpose: 'production',
    });
    expect(db.prepare('SELECT kind, data FROM events WHERE seq = 1').get()).toMatchObject({
      kind: 'records',
      data: expect.stringContaining('"created"'),
    });
    db.close();
    // The key never appears in the database.
    expect(readFileSync(path).includes(key.bytes.toString('hex'))).toBe(false);
  });

  it("refuses another cabinet's database, naming both keys, and leaves it untouched", () => {
    const path = played();
    const other = join(dir, 'other-machine.key');
    createMachineKey(other);
    expectRefused(
      path,
      /belongs to another machine: it is bound to the key with fingerprint [0-9a-f]{16}, this machine's key .* is [0-9a-f]{16}/,
      { keyFile: other },
    );
  });

  it('refuses to start without the key the database is bound to, and makes no new one', () => {
    const path = played();
    const keyFile = testMachine(dir).keyFile;
    rmSync(keyFile);
    expectRefused(
      path,
      /machine key .* is missing, and .* is bound to the key with fingerprint [0-9a-f]{16}: put that key file back/,
    );
    expect(existsSync(keyFile)).toBe(false);
  });

  it('refuses a key file others can read, a malformed one, and a key kept in the data folder', () => {
    const path = played();
    const keyFile = testMachine(dir).keyFile;
    chmodSync(keyFile, 0o644);
    expectRefused(path, /readable by others \(mode 644\); .*chmod 600/);
    chmodSync(keyFile, 0o600);
    const text = readFileSync(keyFile, 'utf8');
    writeFileSync(keyFile, 'not a key\n', { mode: 0o600 });
    expectRefused(path, /is not a machine key/);
    writeFileSync(keyFile, text, { mode: 0o600 });
    expectRefused(path, /must not be in the data folder/, { keyFile: join(dir, 'data', 'machine.key') });
    expectRefused(path, /must be a folder apart from the data folder/, { mirror: join(dir, 'data') });
  });

  it('refuses a database of another machine number, but not one the technician renumbered at the cabinet', () => {
    const path = played();
    expectRefused(path, /belongs to machine "0001", and this cabinet's configuration names machine "A-18"/, {
      machine: 'A-18',
    });
    const b = new Bench(path);
    b.input({
      kind: 'settings',
      settings: b.rig.state.settings,
      source: 'config file',
      installed: [],
      configReturns: RETURNS_IN_RANGE,
    });
    b.technician();
    b.wish({ type: 'changeSettings', confirm: true, machine: 'A-17' });
    expect(b.rig.state.settings.voucher.machine).toBe('A-17');
    b.store.close();
    // The file still names the number it gave when last applied; the database records the new one.
    open(path, { machine: '0001' }).close();
    open(path, { machine: 'A-17' }).close();
    expectRefused(path, /belongs to machine "A-17"/, { machine: 'A-18' });
  });

  it('refuses a simulated database for production and a production one for the bot', () => {
    const sim = dataPath(dir, 'sim.db');
    new Bench(sim, { purpose: 'simulated' }).store.close();
    expectRefused(sim, /is a simulated database .*: a production start refuses it/);
    const prod = played();
    expectRefused(prod, /is a production database: run --headless --bot plays only on a simulated one/, {
      purpose: 'simulated',
    });
  });
});

describe('the keyed chain over every committed table', () => {
  it('refuses an event row edited with the unkeyed chain recomputed, even behind the latest checkpoint', () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(100000);
    logUntil(b, CHECKPOINT_EVERY * 1.5);
    b.store.close();
    const checkpoint = (() => {
      const db = new Database(path, { readonly: true });
      const row = db
        .prepare(
          'SELECT c.events_to AS e FROM checkpoints k JOIN commits c ON c.seq = k.commit_seq ORDER BY k.seq DESC LIMIT 1',
        )
        .get() as { e: number };
      db.close();
      return row.e;
    })();
    expect(checkpoint).toBeGreaterThan(10);
    edit(path, (db) => {
      db.prepare('UPDATE events SET data = \'{"event":"stacked","value":1000000}\' WHERE seq = 5').run();
      rehashFrom(db, 5);
    });
    // `events --verify` with plain SHA-256 would now say intact: the keyed chain does not.
    expectRefused(path, /records are broken at event row \d+/);
  });

  it('refuses billsIn and the balance raised together (C-9 balanced), naming both tables', () => {
    const path = played();
    edit(path, (db) => {
      db.exec("UPDATE meters SET value = value + 10000 WHERE name = 'billsIn'");
      const row = db.prepare('SELECT state FROM cabinet_state').get() as { state: string };
      const state = JSON.parse(row.state);
      state.balance += 10000;
      db.prepare('UPDATE cabinet_state SET state = ?').run(JSON.stringify(state));
    });
    expectRefused(
      path,
      /cabinet_state, meters are not as commit \d+ left them: a row edited, added or removed by hand/,
    );
  });

  it('refuses a recall row edited, a settings row edited, a meter row added or removed, and a production database made simulated', () => {
    for (const [sql, table, machine] of [
      ['UPDATE recall SET paid = paid + 500 WHERE game_id = (SELECT max(game_id) FROM recall)', 'recall', {}],
      [
        "UPDATE settings SET value = json_set(value, '$.handpayLimit', 9000000000000) WHERE key = 'limits'",
        'settings',
        {},
      ],
      ["INSERT INTO meters (scope, name, value) VALUES ('lifetime', 'jackpotCount', 3)", 'meters', {}],
      ["DELETE FROM meters WHERE name = 'coinIn' AND scope = 'period'", 'meters', {}],
      // So that the bot could play on it: its identity no longer verifies.
      ["UPDATE identity SET purpose = 'simulated'", 'identity', { purpose: 'simulated' }],
    ] as const) {
      const path = played();
      edit(path, (db) => db.exec(sql));
      expectRefused(path, new RegExp(`${table} is not as commit \\d+ left it`), machine);
      rmSync(join(dir, 'data'), { recursive: true });
      rmSync(join(dir, 'mirror'), { recursive: true });
    }
  });

  it('refuses a forged commit, rows appended after the last commit, and a forged checkpoint', () => {
    let path = played();
    edit(path, (db) =>
      db.exec(
        "UPDATE commits SET tables = (CASE substr(tables, 1, 1) WHEN 'f' THEN 'e' ELSE 'f' END) || substr(tables, 2) WHERE seq = (SELECT max(seq) FROM commits)",
      ),
    );
    expectRefused(path, /MAC does not verify under this machine's key/);
    rmSync(join(dir, 'data'), { recursive: true });
    rmSync(join(dir, 'mirror'), { recursive: true });

    path = played();
    edit(path, (db) => {
      const last = db.prepare('SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1').get() as {
        seq: number;
        hash: string;
      };
      const data = '{"event":"stacked","value":5000}';
      db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)').run(
        last.seq + 1,
        1,
        'note',
        data,
        last.hash,
        rowHash(last.hash, last.seq + 1, 1, 'note', data),
      );
    });
    expectRefused(path, /the event log ends at row \d+, the last commit \(\d+\) at row \d+/);
    rmSync(join(dir, 'data'), { recursive: true });
    rmSync(join(dir, 'mirror'), { recursive: true });

    path = played();
    edit(path, (db) =>
      db
        .prepare("INSERT INTO checkpoints (kind, commit_seq, at, mac) VALUES ('verified', 2, 0, ?)")
        .run('0'.repeat(64)),
    );
    expectRefused(path, /checkpoint \d+ does not verify under this machine's key/);
  });

  it('starts from the latest checkpoint, so a start walks no more than the rows since it', () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    logUntil(b, CHECKPOINT_EVERY * 3);
    b.store.close();
    const store = open(path);
    expect(store.chain.ok).toBe(true);
    expect(store.chain.rows).toBeLessThan(CHECKPOINT_EVERY);
    expect(store.eventCount()).toBeGreaterThan(CHECKPOINT_EVERY * 3);
    store.close();
  });

  it('walks after a start only what the checkpoint did not vouch for; an old row edited behind it is left to the full walk and events --verify, which find it', async () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(100000);
    logUntil(b, CHECKPOINT_EVERY * 1.5);
    b.store.close();
    edit(path, (db) => db.prepare("UPDATE events SET data = '{}' WHERE seq = 7").run());
    const store = open(path);
    expect(store.records.ok).toBe(true);
    expect(store.reader.recordsBroken).toBeNull();
    const head = store.headSeq;
    const incremental = await store.reader.walkRecordsInBackground(50);
    expect(incremental.ok).toBe(true);
    // From the latest checkpoint: a part of the chain, not the machine's life.
    expect(incremental.commits).toBeGreaterThan(0);
    expect(incremental.commits).toBeLessThan(head / 2);
    expect(store.reader.recordsBroken).toBeNull();
    const full = await store.reader.walkRecordsInBackground(50, 'full');
    expect(full).toMatchObject({ ok: false, seq: 7, problem: expect.stringMatching(/does not match its hash/) });
    expect(store.reader.recordsBroken).toMatch(/broken at event row 7/);
    store.close();
    const key = readMachineKey(testMachine(dir).keyFile);
    const reader = RecordsReader.open(path, { requireIntactChain: false, key });
    expect(reader.chain).toMatchObject({ ok: false, seq: 7 });
    expect(reader.walkedFrom).toBeNull();
    reader.close();
    const since = RecordsReader.open(path, { requireIntactChain: false, key, incremental: true });
    expect(since.chain.ok).toBe(true);
    expect(since.walkedFrom).toMatchObject({ seq: expect.any(Number), by: expect.stringMatching(/^checkpoint \d+$/) });
    expect(since.walkedFrom!.seq).toBeGreaterThan(head / 2);
    since.close();
  });

  it('finds a forged checkpoint in the incremental verify, and a row edited after the checkpoint', () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(100000);
    logUntil(b, CHECKPOINT_EVERY * 1.5);
    b.store.close();
    const key = readMachineKey(testMachine(dir).keyFile);
    const last = (db: Database.Database) => (db.prepare('SELECT max(seq) AS n FROM events').get() as { n: number }).n;
    const copy = dataPath(dir, 'edited.db');
    writeFileSync(copy, readFileSync(path));
    let lastRow = 0;
    edit(copy, (db) => {
      lastRow = last(db);
      db.prepare("UPDATE events SET data = '{}' WHERE seq = ?").run(lastRow);
    });
    const edited = RecordsReader.open(copy, { requireIntactChain: false, key, incremental: true });
    expect(edited.chain).toMatchObject({ ok: false, seq: lastRow });
    edited.close();
    // A checkpoint at the head, as one without the key would have to write it to skip the walk.
    edit(path, (db) => {
      const head = (db.prepare('SELECT max(seq) AS n FROM commits').get() as { n: number }).n;
      db.prepare("INSERT INTO checkpoints (kind, commit_seq, at, mac) VALUES ('verified', ?, 0, ?)").run(
        head,
        'f'.repeat(64),
      );
    });
    const forged = RecordsReader.open(path, { requireIntactChain: false, key, incremental: true });
    expect(forged.chain).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/checkpoint \d+ does not verify under this machine's key/),
    });
    forged.close();
  });

  it('adopts a database from before the keyed records: walks its chain, binds it and signs it as it stands', () => {
    const path = dataPath(dir);
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma(`application_id = ${APPLICATION_ID}`);
    for (const m of MIGRATIONS.slice(0, 3)) db.exec(m.sql);
    db.pragma('user_version = 3');
    const data = '{"door":"main","open":true}';
    db.prepare('INSERT INTO events VALUES (1, 5, ?, ?, ?, ?)').run(
      'door',
      data,
      GENESIS,
      rowHash(GENESIS, 1, 5, 'door', data),
    );
    db.close();
    const store = open(path);
    expect(store.records.ok).toBe(true);
    expect(store.reader.events().map((e) => [e.kind, e.data.event])).toEqual([
      ['door', undefined],
      ['records', 'adopted'],
    ]);
    store.close();
    open(path).close();
  });

  it('refuses to adopt an old copy on a machine whose mirror already holds records', () => {
    played().toString();
    const old = dataPath(dir, 'old.db');
    const db = new Database(old);
    db.pragma(`application_id = ${APPLICATION_ID}`);
    for (const m of MIGRATIONS.slice(0, 3)) db.exec(m.sql);
    db.pragma('user_version = 3');
    db.close();
    const store = open(old);
    expect(store.records).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no keyed records of its own .* mirror is at commit \d+/),
    });
    store.close();
  });
});

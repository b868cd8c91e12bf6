// The mirror of critical memory (issue 18): a second keyed record of the last commit, in a place
// apart, that a database put back or swapped cannot match. The rest of the records' defences
// are records.test.ts's; the TPM counter that catches both files put back is anchor/'s.

import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Journal } from './journal';
import { readMachineKey } from './machine-key';
import { Mirror, MIRROR_FILE } from './mirror';
import { Bench, dataPath, playedDatabase, testMachine } from './testing/store-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-mirror-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (path: string, machine = {}) => Journal.open(path, testMachine(dir, machine));
const played = (games = 3): string => playedDatabase(dir, games);

describe('the mirror of critical memory', () => {
  const mirrorOf = () => new Mirror(join(dir, 'mirror'), readMachineKey(testMachine(dir).keyFile)).read();

  it('holds the last commit, its head, the balance, the lifetime meters with SAS codes and the voucher sequence, keyed', () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(10000);
    b.jacks();
    b.wish({ type: 'cashOut' });
    const read = mirrorOf();
    if (read.found !== 'record') throw new Error(`the mirror holds no record: ${JSON.stringify(read)}`);
    const m = read.record;
    expect(m.balance).toBe(b.rig.state.balance);
    expect(m.voucherSequence).toBe(1);
    expect(m.lifetime).toContainEqual({ name: 'billsIn', code: '000B', value: 10000 });
    expect(m.lifetime).toContainEqual({ name: 'gamesPlayed', code: '0005', value: 1 });
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT seq, mac FROM commits ORDER BY seq DESC LIMIT 1').get()).toEqual({
      seq: m.commit,
      mac: m.head,
    });
    db.close();
    b.store.close();
  });

  it('a hold shown before its sync leaves the mirror at the commit before; the next synced commit brings it level', () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(1000);
    b.wish({ type: 'deal', bet: 1 });
    const dealt = mirrorOf();
    b.wish({ type: 'toggleHold', position: 2 });
    const head = (j: Bench) => j.store.db.prepare('SELECT max(seq) FROM commits').pluck().get() as number;
    expect(dealt.found === 'record' && dealt.record.commit).toBe(head(b) - 1);
    expect(mirrorOf()).toEqual(dealt);
    const held = b.rig.state;
    b.store.close();
    // A restart (or a power cut that kept the hold) finds the database one commit ahead, and goes on.
    const again = new Bench(path);
    expect(again.store.records.ok).toBe(true);
    expect(again.rig.state).toEqual(held);
    // A hold leaves the connection waiting for no sync (1: NORMAL); a commit that is to be on the
    // disk when it returns is made fully synchronous (2: FULL).
    again.wish({ type: 'toggleHold', position: 3 });
    expect(again.store.db.pragma('synchronous', { simple: true })).toBe(1);
    again.wish({ type: 'draw' });
    expect(again.store.db.pragma('synchronous', { simple: true })).toBe(2);
    const drawn = mirrorOf();
    expect(drawn.found === 'record' && drawn.record.commit).toBe(head(again));
    again.store.close();
  });

  it('falls back to the other slot when one is garbled (a write cut short), and refuses a mirror edited by hand', () => {
    const path = played();
    const file = join(dir, 'mirror', MIRROR_FILE);
    const before = mirrorOf();
    const bytes = readFileSync(file);
    const newest = before.found === 'record' && bytes.indexOf(`"commit":${before.record.commit},`) >= 16384 ? 1 : 0;
    bytes.fill(0x20, newest * 16384 + 40, newest * 16384 + 60);
    writeFileSync(file, bytes);
    const after = mirrorOf();
    expect(after.found === 'record' && before.found === 'record' && after.record.commit).toBe(
      before.found === 'record' && before.record.commit - 1,
    );
    // Lagging by one commit is what a power cut leaves: the database is ahead and continues from it.
    const store = open(path);
    expect(store.records.ok).toBe(true);
    store.close();
    const text = readFileSync(file, 'latin1').replace(/"balance":\d+/g, '"balance":99999999');
    writeFileSync(file, Buffer.from(text, 'latin1'));
    const refused = open(path);
    expect(refused.records).toMatchObject({ ok: false, reason: expect.stringMatching(/mirror .* does not verify/) });
    refused.close();
  });

  it('refuses an older copy of the database put back (rolled back), naming both commits', () => {
    const path = played();
    copyFileSync(path, join(dir, 'backup.db'));
    const b = new Bench(path);
    b.wish({ type: 'cashOut' });
    const head = b.store.eventCount();
    expect(head).toBeGreaterThan(0);
    b.store.close();
    copyFileSync(join(dir, 'backup.db'), path);
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
    const store = open(path);
    expect(store.records).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/rolled back: the database is at commit \d+, the mirror at commit \d+/),
    });
    expect(store.records.mirror?.voucherSequence).toBe(1);
    store.close();
  });

  it('refuses the database whose -wal was removed after a crash: it is behind the mirror', () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(10000);
    b.jacks();
    b.store.db.pragma('wal_checkpoint(TRUNCATE)');
    b.wish({ type: 'cashOut' });
    // The process dies here (nothing closed); then the -wal goes.
    copyFileSync(path, join(dir, 'crashed.db'));
    b.store.close();
    copyFileSync(join(dir, 'crashed.db'), path);
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
    const store = open(path);
    expect(store.records).toMatchObject({ ok: false, reason: expect.stringMatching(/rolled back/) });
    store.close();
  });

  it('refuses a database of this machine whose history went another way (swapped), even when it is further on', () => {
    const path = played();
    copyFileSync(path, join(dir, 'copy.db'));
    const b = new Bench(path);
    b.jacks();
    b.store.close();
    // The copy is put back and played on: its records are refused, and its commits not mirrored.
    copyFileSync(join(dir, 'copy.db'), path);
    const copy = new Bench(path);
    expect(copy.store.records.ok).toBe(false);
    for (let i = 0; i < 10; i++) copy.insert(100);
    copy.store.close();
    const store = open(path);
    expect(store.records).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /swapped: the database is at commit (\d+), the mirror at commit (\d+), and at commit \2 they differ/,
      ),
    });
    store.close();
  });

  it('refuses a database that has been mirrored when its mirror is missing', () => {
    const path = played();
    rmSync(join(dir, 'mirror'), { recursive: true });
    const store = open(path);
    expect(store.records).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/mirror .* is missing, though .* has been mirrored/),
    });
    // Refused records are not mirrored: the mirror stays missing until a RAM clear.
    store.appendLog([{ type: 'log', entry: { at: 1, kind: 'access', data: { event: 'help button' } } }]);
    expect(existsSync(join(dir, 'mirror', MIRROR_FILE))).toBe(false);
    store.close();
  });

  it('accepts a database ahead of its mirror when its chain continues from the mirror head', () => {
    const path = played();
    const file = join(dir, 'mirror', MIRROR_FILE);
    const lagging = readFileSync(file);
    const b = new Bench(path);
    b.jacks();
    b.store.close();
    writeFileSync(file, lagging);
    const store = open(path);
    expect(store.records.ok).toBe(true);
    store.close();
  });

  it('after a RAM clear of refused records, mirrors the database again and starts a keyed era from it', () => {
    const path = played();
    rmSync(join(dir, 'mirror'), { recursive: true });
    const b = new Bench(path);
    expect(b.store.records.ok).toBe(false);
    b.rig.state = { ...b.rig.state, tilts: [{ code: 'records', reason: 'refused', since: 0, technician: true }] };
    b.technician();
    b.wish({ type: 'ramClear', confirm: true });
    expect(b.rig.state.balance).toBe(0);
    expect(existsSync(join(dir, 'mirror', MIRROR_FILE))).toBe(true);
    b.store.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM checkpoints WHERE kind = 'era'").get()).toEqual({ n: 1 });
    db.close();
    const store = open(path);
    expect(store.records.ok).toBe(true);
    store.close();
  });

  it('takes a garbled mirror of a database never yet mirrored (its first write cut short) for none, and writes it anew', () => {
    const path = dataPath(dir);
    new Bench(path).store.close();
    const file = join(dir, 'mirror', MIRROR_FILE);
    writeFileSync(file, Buffer.alloc(32768));
    const b = new Bench(path);
    expect(b.store.records.ok).toBe(true);
    b.insert(100);
    expect(mirrorOf().found).toBe('record');
    b.store.close();
    // Once a commit has followed a mirror record, the same garbling is refused.
    writeFileSync(file, Buffer.alloc(32768));
    const again = open(path);
    expect(again.records).toMatchObject({ ok: false, reason: expect.stringMatching(/does not verify/) });
    again.close();
  });

  it('reports a mirror it cannot write, and writes it again once it can', () => {
    const path = dataPath(dir);
    writeFileSync(join(dir, 'mirror'), 'a file where the folder should be');
    const b = new Bench(path);
    expect(b.store.mirrorProblem).toMatch(/EEXIST|ENOTDIR/);
    rmSync(join(dir, 'mirror'));
    b.insert(100);
    expect(b.store.mirrorProblem).toBeNull();
    expect(mirrorOf().found).toBe('record');
    b.store.close();
  });
});

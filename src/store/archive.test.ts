// Retention and archives (issue 37 §4): the records before a cut moved to an archive file, the
// live chain going on from the archive's last signature; the cut verified on its own and across
// the archive, and tampered with: an archived commit edited, an archive file removed, a cut
// forged, and old rows removed by hand with no cut for them.

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CabinetEffect } from '../cabinet';
import { cutDue, DEFAULT_RETENTION, EVENTS_KEPT_AT_LEAST, verifyWithArchive } from './archive';
import type { Progress } from '../core';
import { CHECKPOINT_EVERY, Journal } from './journal';
import { readMachineKey } from './machine-key';
import { RecordsReader } from './records-reader';
import { Bench, dataPath, testMachine } from './testing/store-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-archive-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A cabinet with a few thousand rows of records, closed; the commit of its first checkpoint. */
function logged(): { path: string; cut: number } {
  const path = dataPath(dir);
  const b = new Bench(path);
  b.insert(10000);
  b.jacks();
  b.store.db.pragma('synchronous = OFF');
  const door = (open: boolean): CabinetEffect => ({
    type: 'log',
    entry: { at: 1, kind: 'door', data: { door: 'main', open } },
  });
  while (b.store.eventCount() < CHECKPOINT_EVERY * 1.5) b.store.appendLog([door(true), door(false)]);
  b.jacks();
  const first = b.store.db.prepare("SELECT min(commit_seq) AS n FROM checkpoints WHERE kind = 'verified'").get() as {
    n: number;
  };
  b.store.close();
  return { path, cut: first.n };
}

const key = () => readMachineKey(testMachine(dir).keyFile);
const archiveDir = () => join(dir, 'archive');
const open = (path: string) => Journal.open(path, testMachine(dir));

describe('an archive cut', () => {
  it('moves the records before the cut to an archive file; the live chain verifies from the cut, and with the archive from the first commit', () => {
    const { path, cut } = logged();
    const store = open(path);
    const before = store.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number };
    const file = store.archive(archiveDir(), undefined, undefined, cut);
    expect(file).toMatch(/records-000000000001-\d{12}\.db$/);
    const after = store.db.prepare('SELECT count(*) AS n, min(seq) AS first FROM events').get() as {
      n: number;
      first: number;
    };
    expect(after.n).toBeLessThan(before.n);
    // The cabinet goes on committing after the cut.
    store.appendLog([{ type: 'log', entry: { at: 1, kind: 'door', data: { door: 'main', open: true } } }]);
    store.close();

    const again = open(path);
    expect(again.records.ok && again.chain.ok).toBe(true);
    again.close();
    const live = RecordsReader.open(path, { requireIntactChain: false, key: key() });
    expect(live.chain.ok).toBe(true);
    expect(live.walkedFrom).toMatchObject({ seq: cut, by: expect.stringMatching(/^archive cut 1 /) });
    const whole = verifyWithArchive(live.db, key().bytes, archiveDir());
    expect(whole).toMatchObject({ ok: true });
    expect(whole.rows).toBeGreaterThanOrEqual(before.n);
    // Readers without the key follow the unkeyed chain from where the live log starts.
    live.close();
    const plain = RecordsReader.open(path);
    expect(plain.chain.ok).toBe(true);
    plain.close();
    expect(after.first).toBeGreaterThan(1);
  });

  it('beside play: the journal commits between its slices, and the cut after them verifies whole', async () => {
    const { path, cut } = logged();
    const store = open(path);
    const stages: string[] = [];
    const progress = {
      stage: (name: string) => void stages.push(name),
      done: () => undefined,
    } as unknown as Progress;
    let finished = false;
    const running = store.archiveInBackground(archiveDir(), DEFAULT_RETENTION, progress, cut).finally(() => {
      finished = true;
    });
    let between = 0;
    while (!finished) {
      store.appendLog([
        { type: 'log', entry: { at: 1, kind: 'door', data: { door: 'main', open: between % 2 === 0 } } },
      ]);
      between++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const file = await running;
    expect(file).toMatch(/records-000000000001-\d{12}\.db$/);
    expect(between).toBeGreaterThanOrEqual(2);
    expect(stages).toEqual(expect.arrayContaining(['archive: commits', 'archive: event rows', 'archive: the cut']));
    store.close();
    const again = open(path);
    expect(again.records.ok && again.chain.ok).toBe(true);
    again.close();
    const live = RecordsReader.open(path, { requireIntactChain: false, key: key() });
    expect(verifyWithArchive(live.db, key().bytes, archiveDir())).toMatchObject({ ok: true });
    live.close();
  });

  it('finds an archived commit edited, an archive file removed and a forged cut', () => {
    const { path, cut } = logged();
    const store = open(path);
    const file = store.archive(archiveDir(), undefined, undefined, cut)!;
    store.close();
    const reader = () => RecordsReader.open(path, { requireIntactChain: false, key: key() });

    const archived = new Database(file);
    archived.prepare('UPDATE commits SET at = at + 1 WHERE seq = 5').run();
    archived.close();
    let r = reader();
    expect(verifyWithArchive(r.db, key().bytes, archiveDir())).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/is not the one archive cut 1 signed/),
    });
    r.close();

    rmSync(file);
    r = reader();
    expect(verifyWithArchive(r.db, key().bytes, archiveDir())).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/archive file records-.*\.db of archive cut 1 is missing/),
    });
    r.close();

    const db = new Database(path);
    db.prepare('INSERT INTO archive_cuts (commit_seq, at, file, digest, mac) VALUES (?, 0, ?, ?, ?)').run(
      cut + 10,
      'forged.db',
      '0'.repeat(64),
      '0'.repeat(64),
    );
    db.close();
    r = reader();
    expect(r.chain).toMatchObject({ ok: false, problem: expect.stringMatching(/archive cut 2 does not verify/) });
    r.close();
  });

  it('finds old rows removed by hand, with no cut for them', () => {
    const { path, cut } = logged();
    const db = new Database(path);
    db.exec('DROP TRIGGER commits_no_delete; DROP TRIGGER events_no_delete;');
    db.prepare('DELETE FROM commits WHERE seq < ?').run(cut - 1);
    db.close();
    const r = RecordsReader.open(path, { requireIntactChain: false, key: key() });
    expect(r.chain).toMatchObject({ ok: false, problem: expect.stringMatching(/commits 1 to \d+ are missing/) });
    r.close();
  });

  it('keeps the floor whatever the rule asks: a small log is never due for a cut', () => {
    const { path } = logged();
    const store = open(path);
    expect(store.eventCount()).toBeLessThan(EVENTS_KEPT_AT_LEAST);
    expect(cutDue(store.db, { events: 10, days: 0 })).toBeNull();
    expect(store.archive(archiveDir(), { events: 10, days: 0 })).toBeNull();
    store.close();
  });
});

// The records reader: the event log in pages and by kind, the recall, and walks of the chain,
// whole and in slices, over what the journal committed.

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bench, dataPath } from './testing/store-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-reader-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('reading for the service screens', () => {
  it('pages the log newest first, and picks rows by kind', () => {
    const a = new Bench(dataPath(dir, 'c.db'));
    for (const value of [1000, 500, 100, 200]) a.insert(value);
    a.jacks();
    const all = a.store.reader.events();
    const total = all.length;
    expect(a.store.reader.eventRows()).toBe(total);
    expect(a.store.reader.eventsNewestFirst(3).map((e) => e.seq)).toEqual([total, total - 1, total - 2]);
    expect(total).toBeGreaterThan(6);
    // Before seq total-2: seqs total-3 to total-5, at indices one lower.
    expect(a.store.reader.eventsNewestFirst(3, total - 2)).toEqual(all.slice(total - 6, total - 3).reverse());
    expect(a.store.reader.eventsNewestFirst(10, 1)).toEqual([]);
    const notes = a.store.reader.eventsOfKind(['note'], 100);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes).toEqual(all.filter((e) => e.kind === 'note').reverse());
    expect(a.store.reader.eventsOfKind(['note'], 1)).toEqual([notes[0]]);
    expect(a.store.reader.eventsOfKind([], 5)).toEqual([]);
    a.store.close();
  });

  it('reads one game of the recall by id, or null', () => {
    const a = new Bench(dataPath(dir, 'c.db'));
    a.insert(1000);
    a.jacks();
    a.jacks();
    expect(a.store.reader.recallGame(2)).toEqual(a.store.reader.recall()[0]);
    expect(a.store.reader.recallGame(3)).toBeNull();
    a.store.close();
  });

  it('walks the chain afresh: an edit made after open shows, and its row still reads', () => {
    const path = dataPath(dir, 'c.db');
    const a = new Bench(path);
    a.insert(1000);
    expect(a.store.reader.walkChain()).toMatchObject({ ok: true, rows: a.store.reader.eventRows() });
    const raw = new Database(path);
    raw.exec('DROP TRIGGER events_no_update');
    raw.prepare('UPDATE events SET data = ? WHERE seq = 2').run('{not json');
    raw.close();
    expect(a.store.chain.ok).toBe(true);
    expect(a.store.reader.walkChain()).toMatchObject({
      ok: false,
      seq: 2,
      problem: 'its content does not match its hash',
    });
    expect(a.store.reader.eventsNewestFirst(1, 3)[0]?.data).toEqual({ unreadable: '{not json' });
    a.store.close();
  });
});

describe('walking the chain in slices', () => {
  it('finds what the whole walk finds, across slice boundaries, and lets commits in between slices', async () => {
    const a = new Bench(dataPath(dir, 'c.db'));
    for (let i = 0; i < 6; i++) a.insert(100);
    const whole = a.store.reader.walkChain();
    expect(whole.ok && whole.rows).toBeGreaterThan(6);
    const walking = a.store.reader.walkChainSliced(3);
    // The connection is free between slices: the cabinet keeps committing while the log is read.
    a.insert(500);
    const sliced = await walking;
    expect(sliced).toMatchObject({ ok: true });
    expect(sliced.rows).toBeGreaterThanOrEqual(whole.rows);
    expect(a.store.reader.lastChainCheck()).toBe(sliced);

    const raw = new Database(a.store.path);
    raw.exec('DROP TRIGGER events_no_update');
    raw.prepare('UPDATE events SET data = ? WHERE seq = 5').run('{"tampered":true}');
    raw.close();
    for (const size of [1, 2, 4, 5000]) {
      expect(await a.store.reader.walkChainSliced(size)).toEqual(a.store.reader.walkChain());
    }
    expect(a.store.reader.lastChainCheck()).toMatchObject({ ok: false, seq: 5 });
    a.store.close();
  });
});

// A disk that fails a sync (wal-sync.ts): the sync is never tried again, since the kernel may
// have dropped the pages it could not write and would call the next sync clean (fsyncgate).
// Nothing waiting on it is taken as on the disk, no commit is taken after it, the owner is told
// once, and a start with a working disk goes on from what the disk holds.

import { fdatasync, fdatasyncSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bench, dataPath } from './testing/store-rig';
import type { DiskSync } from './wal-sync';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-disk-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const eio = (): NodeJS.ErrnoException => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });

/** The file system's sync until `failing()` says otherwise; counts the syncs asked of it. */
function disk(failing: () => boolean) {
  const calls = { async: 0, sync: 0 };
  const sync: DiskSync = {
    fdatasync(fd, done) {
      calls.async++;
      if (failing()) setImmediate(() => done(eio()));
      else fdatasync(fd, done);
    },
    fdatasyncSync(fd) {
      calls.sync++;
      if (failing()) throw eio();
      fdatasyncSync(fd);
    },
  };
  return { sync, calls };
}

/** Until `done`, or 5 s (a safety net for a loaded machine, not a measure). */
const until = async (done: () => boolean) => {
  for (const limit = Date.now() + 5000; !done() && Date.now() < limit;)
    await new Promise<void>((r) => setTimeout(r, 1));
};

describe('a disk that fails a sync', () => {
  it("a group's sync: nothing of it is taken as on the disk, no sync is tried again, no commit follows, and a start goes on", async () => {
    let failing = false;
    const d = disk(() => failing);
    const told: string[] = [];
    const path = dataPath(dir);
    const b = new Bench(path, {}, { sync: d.sync, failed: (p) => told.push(p) });
    b.insert(1000);
    const onDisk = b.store.durableSeq;
    const versionOnDisk = b.rig.state.version;
    failing = true;
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    b.wish({ type: 'draw' });
    let durable = false;
    b.store.endBatchSoon(() => (durable = true));
    await until(() => told.length > 0);
    expect(d.calls.async).toBe(1);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/the disk failed to sync .*-wal \(EIO: i\/o error, fdatasync\)/);
    // The group's end is never told: the runner carries out and shows none of it.
    expect(durable).toBe(false);
    expect(b.store.durableSeq).toBe(onDisk);
    expect(b.store.settled).toBe(false);
    // Every commit and sync from here refuses, and the disk is not asked again.
    expect(() => b.wish({ type: 'deal', bet: 1 })).toThrow(/the disk failed to sync/);
    expect(() => b.store.flush()).toThrow(/the disk failed to sync/);
    expect(() => b.store.endBatch()).toThrow(/the disk failed to sync/);
    expect(d.calls).toEqual({ async: 1, sync: 0 });
    expect(told).toHaveLength(1);
    b.store.close();
    // The next start, on a disk that works, goes on from what it holds.
    failing = false;
    const again = new Bench(path);
    expect(again.store.records.ok).toBe(true);
    expect(again.rig.state.version).toBeGreaterThanOrEqual(versionOnDisk);
    again.store.close();
  });

  it('a sync made at once (a commit that lets money leave after a group) throws, and the commit is not made', () => {
    let failing = false;
    const d = disk(() => failing);
    const told: string[] = [];
    const b = new Bench(dataPath(dir), {}, { sync: d.sync, failed: (p) => told.push(p) });
    b.insert(1000);
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    b.wish({ type: 'draw' });
    const head = b.store.headSeq;
    failing = true;
    // The cash-out syncs what the batch left first: that sync fails, and the cash-out is not committed.
    expect(() => b.wish({ type: 'cashOut' })).toThrow(/the disk failed to sync/);
    expect(b.store.headSeq).toBe(head);
    expect(b.store.durableSeq).toBeLessThan(head);
    expect(told).toHaveLength(1);
    failing = false;
    // A disk that "works" again is not believed: the kernel may have dropped what it could not write.
    expect(() => b.wish({ type: 'cashOut' })).toThrow(/the disk failed to sync/);
    expect(d.calls.sync).toBe(1);
    b.store.close();
  });

  it("a hold's sync in the background that fails: the next commit is refused", async () => {
    let failing = false;
    const d = disk(() => failing);
    const told: string[] = [];
    const b = new Bench(dataPath(dir), {}, { sync: d.sync, failed: (p) => told.push(p) });
    b.insert(1000);
    b.wish({ type: 'deal', bet: 1 });
    failing = true;
    b.wish({ type: 'toggleHold', position: 0 });
    await until(() => told.length > 0);
    expect(told).toHaveLength(1);
    expect(() => b.wish({ type: 'draw' })).toThrow(/the disk failed to sync/);
    b.store.close();
  });
});

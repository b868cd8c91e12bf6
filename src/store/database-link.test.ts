// A database path that is a link (issue 37, "also found"): SQLite keeps the WAL beside the real
// file, so the journal resolves the link once at open and syncs the real `-wal`; the cabinet
// commits, syncs and starts again through the link as through the file. A link to nothing is
// refused by name rather than replaced by a new database.

import { existsSync, lstatSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bench, dataPath } from './testing/store-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-link-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a database path that is a link', () => {
  it("commits, syncs the real file's WAL and starts again through the link", () => {
    const real = dataPath(dir, 'real.db');
    new Bench(real).store.close();
    const link = dataPath(dir, 'c.db');
    symlinkSync(real, link);
    const told: string[] = [];
    const b = new Bench(link, {}, { failed: (p) => told.push(p) });
    try {
      b.insert(1000);
      b.store.beginBatch();
      b.jacks();
      b.jacks();
      // The group's sync, then the WAL's: both of the real file.
      b.store.flush();
      b.insert(500);
      expect(told).toEqual([]);
      expect(b.store.durableSeq).toBeGreaterThan(0);
    } finally {
      b.store.close();
    }
    expect(existsSync(`${link}-wal`)).toBe(false);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const again = new Bench(link);
    try {
      expect(again.store.records.ok).toBe(true);
      expect(again.rig.state.balance).toBe(b.rig.state.balance);
    } finally {
      again.store.close();
    }
  });

  it('a link to nothing is refused, and left as it is', () => {
    const link = dataPath(dir, 'c.db');
    symlinkSync(join(dir, 'data', 'gone.db'), link);
    expect(() => new Bench(link)).toThrow(`${link} is a link to ${join(dir, 'data', 'gone.db')}, which does not exist`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });
});

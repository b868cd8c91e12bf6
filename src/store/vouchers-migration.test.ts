// The vouchers table came with schema 6, after the SAS tables (5); the records' anchor column with
// 8, after the SAS exceptions' event data (7): a database an earlier build made is migrated when
// the cabinet opens it, and its records still hold. The earlier build is this one with its
// migrations cut back, loaded afresh; the database it leaves is read by the current build, as a
// cabinet updated in the field would.

import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSwtpm } from './testing/swtpm';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cabinet-vouchers-migration-'))));
afterEach(() => {
  vi.doUnmock('./schema');
  vi.resetModules();
  rmSync(dir, { recursive: true, force: true });
});

/** The store as a build whose last migration was `version` made it. */
async function storeOfSchema(version: number): Promise<typeof import('./testing/store-rig')> {
  vi.resetModules();
  vi.doMock('./schema', async (actual) => {
    const s = await actual<typeof import('./schema')>();
    return { ...s, MIGRATIONS: s.MIGRATIONS.filter((m) => m.version <= version), SCHEMA_VERSION: version };
  });
  const testing = await import('./testing/store-rig');
  vi.doUnmock('./schema');
  vi.resetModules();
  return testing;
}

const tables = (path: string): string[] => {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
    ).map((r) => r.name);
  } finally {
    db.close();
  }
};
const userVersion = (path: string): number => {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

describe('the vouchers table (schema 6) on a database an earlier build made', () => {
  for (const from of [5, 4]) {
    it(`a database at ${from} gets it, empty and signed, keeps its records, and redeems only what it prints from then on`, async () => {
      const old = await storeOfSchema(from);
      const path = old.dataPath(dir);
      const before = new old.Bench(path);
      before.insert(2000);
      before.store.close();
      expect(userVersion(path)).toBe(from);
      expect(tables(path)).not.toContain('vouchers');
      expect(tables(path).includes('sas_exceptions')).toBe(from >= 5);

      const now = await import('./testing/store-rig');
      const { SCHEMA_VERSION } = await import('./schema');
      const { RecordsReader } = await import('./records-reader');
      const { readMachineKey } = await import('./machine-key');
      // A reader (the technician's inspection) does not migrate: no voucher there is this cabinet's.
      const inspect = RecordsReader.open(path, { key: readMachineKey(now.testMachine(dir).keyFile) });
      expect(inspect.voucher('001234567890123456')).toBeNull();
      inspect.close();

      const after = new now.Bench(path);
      expect(after.store.records.ok).toBe(true);
      expect(after.rig.state.balance).toBe(2000);
      expect(userVersion(path)).toBe(SCHEMA_VERSION);
      expect(tables(path)).toEqual(expect.arrayContaining(['sas_exceptions', 'sas_validations', 'vouchers']));
      after.wish({ type: 'cashOut' });
      const v = after.rig.state.voucher!;
      after.input({ kind: 'device', event: { device: 'printer', type: 'printed', validation: v.validation } });
      expect(after.store.reader.voucher(v.validation)).toMatchObject({ amount: 2000, status: 'issued' });
      after.store.close();

      // Signed as it stands: opened again, its records hold, and a row edited by hand is found.
      const again = new now.Bench(path);
      expect(again.store.records.ok).toBe(true);
      expect(again.store.reader.voucher(v.validation)?.status).toBe('issued');
      again.store.close();
      const db = new Database(path);
      db.prepare('UPDATE vouchers SET amount = 900000 WHERE validation = ?').run(v.validation);
      db.close();
      const edited = now.dataPath(dir);
      expect(() => new now.Bench(edited)).toThrow(/vouchers is not as commit/);
    });
  }
});

const columns = (path: string, table: string): string[] => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
};

describe("the records' anchor (schema 8) on a database a build of schema 7 made", () => {
  it('gets the column, its old commits unanchored and still verified; the first commit on a TPM binds it, and a copy from before is refused', async () => {
    const old = await storeOfSchema(7);
    const path = old.dataPath(dir);
    const before = new old.Bench(path);
    before.insert(2000);
    before.jacks();
    before.store.close();
    expect(userVersion(path)).toBe(7);
    expect(tables(path)).toContain('sas_exception_data');
    expect(columns(path, 'commits')).not.toContain('anchor');
    // The data folder and the mirror as they stood before the update, for putting back later.
    const saved = join(dir, 'before-update');
    cpSync(join(dir, 'data'), join(saved, 'data'), { recursive: true });
    cpSync(join(dir, 'mirror'), join(saved, 'mirror'), { recursive: true });

    const now = await import('./testing/store-rig');
    const { SCHEMA_VERSION } = await import('./schema');
    const tpm = await startSwtpm(join(dir, 'tpm'));
    try {
      const anchor = { kind: 'tpm' as const, tcti: tpm.tcti };
      const after = new now.Bench(path, { anchor });
      expect(after.store.records.ok).toBe(true);
      expect(userVersion(path)).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBe(11);
      const balance = after.rig.state.balance;
      expect(balance).toBeGreaterThan(0);
      after.insert(500);
      const bound = after.store.anchorStatus;
      expect(bound).toMatchObject({ anchored: true });
      expect(bound.records).not.toBeNull();
      expect(bound.counter).toBe(bound.records);
      after.store.close();
      const db = new Database(path, { readonly: true });
      const signed = db.prepare('SELECT count(*) AS n FROM commits WHERE anchor IS NOT NULL').get() as { n: number };
      const unsigned = db.prepare('SELECT max(seq) AS seq FROM commits WHERE anchor IS NULL').get() as { seq: number };
      const first = db.prepare('SELECT min(seq) AS seq FROM commits WHERE anchor IS NOT NULL').get() as { seq: number };
      db.close();
      expect(signed.n).toBeGreaterThan(0);
      // The schema-7 build's commits keep no value; every one since the binding has one.
      expect(unsigned.seq).toBeLessThan(first.seq);

      // Opened again: the whole chain verifies, old commits and new, and the counter agrees.
      const again = new now.Bench(path, { anchor });
      expect(again.store.records.ok).toBe(true);
      expect(again.rig.state.balance).toBe(balance + 500);
      again.store.close();

      // Both copies from before the update put back: they agree with each other, and their
      // records are not anchored while this machine's counter has moved on.
      for (const part of ['data', 'mirror']) {
        rmSync(join(dir, part), { recursive: true, force: true });
        cpSync(join(saved, part), join(dir, part), { recursive: true });
      }
      const restored = new now.Bench(path, { anchor });
      expect(restored.store.records).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/records are not anchored, and this machine's TPM counter .* is at value \d+/),
      });
      restored.store.close();
    } finally {
      await tpm.stop();
    }
  });
});

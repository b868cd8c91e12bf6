import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from './journal';
import { Bench, dataPath, testDir, testMachine } from './testing/store-rig';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cabinet-sas-store-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const reopen = (path: string) => Journal.open(path, testMachine(testDir(path)));

describe('the SAS tables of the store', () => {
  it('keep exceptions and 4D records, written in the commit of their event, across a restart; ids never reused', () => {
    const path = dataPath(dir);
    const bench = new Bench(path);
    const prev = bench.rig.state;
    bench.insert(500);
    const next = bench.rig.state;
    expect(next).not.toBe(prev);
    bench.store.commitSas({
      addExceptions: [
        { code: 0x11, priority: false },
        { code: 0x3d, priority: true },
      ],
      validations: [{ seq: 1, record: { barcode: '00' + '1'.repeat(16) }, read: false }],
    });
    const stored = bench.store.sasExceptions();
    expect(stored).toHaveLength(2);
    const [first, second] = [stored[0]!, stored[1]!];
    bench.store.commitSas({ dropExceptions: [second.id], addExceptions: [{ code: 0x12, priority: false }] });
    bench.store.close();

    const store = reopen(path);
    const pending = store.sasExceptions();
    expect(pending.map((e) => e.code)).toEqual([0x11, 0x12]);
    expect(pending[0]?.id).toBe(first.id);
    expect(pending[1]?.id).toBeGreaterThan(second.id);
    expect(store.sasValidations()).toEqual([{ seq: 1, record: { barcode: '00' + '1'.repeat(16) }, read: false }]);
    store.commitSas({ markRead: [1] });
    expect(store.sasValidations()[0]?.read).toBe(true);
    store.close();
  });

  it("keep an exception's real-time event data beside it, and drop both together", () => {
    const path = dataPath(dir);
    const bench = new Bench(path);
    bench.store.commitSas({
      addExceptions: [
        { code: 0x7f, priority: false, data: [0x00, 0x00, 0x02, 0x50] },
        { code: 0x11, priority: false },
      ],
    });
    bench.store.close();
    const store = reopen(path);
    const [ended, door] = store.sasExceptions();
    expect(ended).toMatchObject({ code: 0x7f, data: [0x00, 0x00, 0x02, 0x50] });
    expect(door).not.toHaveProperty('data');
    store.commitSas({ dropExceptions: [ended!.id] });
    store.close();
    const db = new Database(path);
    expect(db.prepare('SELECT COUNT(*) AS n FROM sas_exception_data').get()).toEqual({ n: 0 });
    db.close();
    expect(
      reopen(path)
        .sasExceptions()
        .map((e) => e.code),
    ).toEqual([0x11]);
  });

  it('are covered by the keyed records: an exception removed or a voucher record marked read by hand refuses the database', () => {
    for (const [i, edit] of [
      'DELETE FROM sas_exceptions',
      'UPDATE sas_validations SET read = 1',
      "UPDATE sas_exception_data SET data = '00000999'",
    ].entries()) {
      const path = dataPath(join(dir, String(i)));
      const bench = new Bench(path);
      bench.store.commitSas({
        addExceptions: [{ code: 0x7e, priority: false, data: [0, 5, 0, 0, 0, 0x10, 0, 0] }],
        validations: [{ seq: 1, record: { n: 1 }, read: false }],
      });
      bench.store.close();
      const db = new Database(path);
      db.exec(edit);
      db.close();
      expect(() => reopen(path)).toThrow(/sas_(exceptions|validations|exception_data) is not as commit \d+ left it/);
    }
  });

  it('keep every unread 4D record, and of the read ones only the buffer of 31', () => {
    const path = dataPath(dir);
    const bench = new Bench(path);
    for (let seq = 1; seq <= 40; seq++)
      bench.store.commitSas({ validations: [{ seq, record: { seq }, read: seq <= 35 }] });
    const kept = bench.store.sasValidations().map((v) => v.seq);
    expect(kept).toContain(36);
    expect(kept).toContain(40);
    expect(kept.length).toBe(31);
    bench.store.close();
    expect(reopen(path).sasValidations().length).toBe(31);
  });
});

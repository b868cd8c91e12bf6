// The store's upgrade from schema 4 (keyed records, no SAS) to 5 (the SAS exception queue and
// 4D records) and on to the current schema (6: the vouchers table of ticket in), on a database the schema-4 release wrote itself: test/fixtures/schema-4 is a
// `run --headless --bot schema4 --games 6` of the commit before SAS came in, with its machine
// key and mirror. The records it signed stay intact, nothing it held is lost, the new tables
// come under the keyed records from the first commit, and the SAS link works on it at once.

import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SocatPair } from '../../devices/shared/socat-pair';
import { SCHEMA_VERSION } from '../../store';
import { parseConfig } from '../config';
import { startCabinet } from '../cabinet-app';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/schema-4', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cabinet-schema-4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Raw {
  version: number;
  tables: string[];
  state: { version: number; state: string };
  meters: { scope: string; name: string; value: number }[];
  events: { seq: number; kind: string; data: string; hash: string }[];
  commits: number;
}

function raw(path: string): Raw {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return {
      version: db.pragma('user_version', { simple: true }) as number,
      tables: (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
      ).filter((t) => !t.startsWith('sqlite_')),
      state: db.prepare('SELECT version, state FROM cabinet_state WHERE id = 1').get() as Raw['state'],
      meters: db.prepare('SELECT scope, name, value FROM meters ORDER BY scope, name').all() as Raw['meters'],
      events: db.prepare('SELECT seq, kind, data, hash FROM events ORDER BY seq').all() as Raw['events'],
      commits: (db.prepare('SELECT COUNT(*) FROM commits').pluck().get() as number) ?? 0,
    };
  } finally {
    db.close();
  }
}

describe('schema 4 → 5 (and on) on a database written by schema 4', () => {
  it('keeps the signed records, the state and meters; the SAS tables are keyed from the first commit and take exceptions', async () => {
    cpSync(FIXTURE, dir, { recursive: true });
    // Git keeps no file modes but the executable bit: the key is made the cabinet user's alone
    // again, as the release that wrote it left it (a key readable by others is refused).
    chmodSync(join(dir, 'machine.key'), 0o600);
    chmodSync(join(dir, 'data-mirror'), 0o700);
    const db = join(dir, 'data', 'cabinet.db');
    const before = raw(db);
    expect(before.version).toBe(4);
    expect(before.tables).not.toContain('sas_exceptions');
    expect(before.commits).toBeGreaterThan(5);

    const pair = new SocatPair(join(dir, 'sas-machine'), join(dir, 'sas-host'));
    await pair.start();
    const config = parseConfig({
      devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: { path: pair.host, address: 1 } },
    });
    const start = () =>
      startCabinet({
        config,
        dataDir: join(dir, 'data'),
        database: 'cabinet.db',
        devices: { kind: 'ledger', ledgerPath: null },
        dealing: { kind: 'seeded', seed: 'schema-5', for: 'test' },
      });
    try {
      let app = await start();
      const state = JSON.parse(before.state.state) as { balance: number };
      try {
        // The records schema 4 signed are accepted as they stand: no tilt, the chain whole.
        expect(app.journal.records).toMatchObject({ ok: true });
        expect(app.runner.state.tilts.map((t) => t.code)).not.toEqual(expect.arrayContaining(['records', 'mirror']));
        expect(app.journal.reader.walkChain()).toMatchObject({ ok: true });
        expect(app.runner.state.balance).toBe(state.balance);
        expect(app.runner.state.version).toBeGreaterThanOrEqual(before.state.version);
        // The SAS link configured on the upgraded store: power-up and the options change queued.
        const codes = app.journal.sasExceptions().map((e) => e.code);
        expect(codes).toEqual(expect.arrayContaining([0x17, 0x18, 0x3c]));
      } finally {
        await app.close();
      }
      const after = raw(db);
      expect(after.version).toBe(SCHEMA_VERSION);
      expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
      expect(after.tables).toEqual(expect.arrayContaining(['sas_exceptions', 'sas_validations']));
      // Nothing schema 4 wrote was lost or rewritten: its events, row for row, and its meters.
      expect(after.events.slice(0, before.events.length)).toEqual(before.events);
      // (A power-up counts itself and starts the games since power-up again, as it should.)
      for (const m of before.meters.filter((x) => !/powerUp/i.test(x.name)))
        expect(after.meters, `${m.scope} ${m.name}`).toContainEqual(m);
      const sasDigests = new Database(db, { readonly: true }).prepare(
        "SELECT COUNT(*) FROM table_digests WHERE name LIKE 'sas_%'",
      );
      expect(sasDigests.pluck().get()).toBeGreaterThan(0);

      // Started again: the SAS tables are under the keyed records now, and still intact.
      app = await start();
      try {
        expect(app.journal.records).toMatchObject({ ok: true });
        expect(app.journal.reader.walkChain()).toMatchObject({ ok: true });
        expect(app.journal.sasExceptions().length).toBeGreaterThanOrEqual(3);
      } finally {
        await app.close();
      }

      // A queued exception removed by hand is found: the new tables are covered.
      const edit = new Database(db);
      edit.exec('DELETE FROM sas_exceptions WHERE id = (SELECT MIN(id) FROM sas_exceptions)');
      edit.close();
      await expect(start()).rejects.toThrow(
        /sas_exceptions is not as commit \d+ left it: a row edited, added or removed by hand/,
      );
    } finally {
      await pair.stop();
    }
  }, 60_000);
});

// Issue 18's attacks by a dishonest technician with a shell, through the whole app: the runner,
// the store, the simulated devices and their ledger (what was physically printed), and the
// command line. Forged rows and the keyed chain itself are src/store/records.test.ts's.

import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDS_TILT, SETTINGS_TILT } from '../cabinet';
import { createMachineKey, readMachineKey, RecordsReader } from '../store';
import { dataPath } from '../store/testing';
import { openJournal, startCabinet, storePlaces } from './cabinet-app';
import { CliError } from './commands/command';
import { runCommand } from './commands/run-command';
import { parseConfig } from './config';
import { runHeadless } from './headless';
import { CRASH_CONFIG } from './sim/crash-harness';
import { readLedger } from './sim/device-ledger';
import { LedgerDevices } from './sim/ledger-devices';
import { RecordedBus } from './testing/recorded-bus';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-attacks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const config = parseConfig({ access: { initialPin: '1234' } });

/** The production cabinet on `db`, its devices connected and settled. */
async function cabinet(db: string, ledger: string) {
  const sim = new LedgerDevices({ ledgerPath: ledger });
  const bus = new RecordedBus(sim);
  const app = await startCabinet({
    config,
    dataDir: dirname(db),
    database: basename(db),
    devices: { kind: 'given', bus },
    dealing: { kind: 'crypto' },
  });
  sim.connect();
  await sim.settled();
  return { app, sim, bus, prints: () => bus.sent.filter((c) => c.device === 'printer' && c.type === 'print') };
}

describe('a copy of the database restored after a cash-out', () => {
  it('is refused with a tilt naming both commits; no money moves, the voucher is never paid twice, and only a RAM clear goes on', async () => {
    const db = dataPath(dir);
    const ledger = join(dir, 'devices.jsonl');
    let c = await cabinet(db, ledger);
    c.sim.insertNote(10000);
    await c.sim.settled();
    expect(c.app.runner.state.balance).toBe(10000);
    await c.app.close();
    copyFileSync(db, join(dir, 'before-cash-out.db'));

    c = await cabinet(db, ledger);
    c.app.runner.wish({ type: 'cashOut' });
    await c.sim.settled();
    expect(c.app.runner.state.balance).toBe(0);
    const first = c.prints()[0];
    await c.app.close();
    expect(readLedger(ledger).printedCount).toBe(1);

    // The technician puts the copy back, -wal and -shm gone with it.
    copyFileSync(join(dir, 'before-cash-out.db'), db);
    rmSync(`${db}-wal`, { force: true });
    rmSync(`${db}-shm`, { force: true });
    c = await cabinet(db, ledger);
    const s = c.app.runner.state;
    const tilt = s.tilts.find((t) => t.code === RECORDS_TILT);
    expect(tilt?.reason).toMatch(/rolled back: the database is at commit \d+, the mirror at commit \d+/);
    expect(s.balance).toBe(10000);
    expect(c.app.runner.wish({ type: 'cashOut' })).toMatchObject({ ok: false, refusal: { rule: 'C-15' } });
    c.sim.key('attendant', true);
    await c.sim.settled();
    expect(c.app.runner.wish({ type: 'creditClear', confirm: true }).ok).toBe(false);
    c.sim.key('attendant', false);
    await c.sim.settled();
    expect(c.prints()).toEqual([]);
    expect(readLedger(ledger).printedCount).toBe(1);

    // The RAM clear: the copy's $100 is discarded (logged), the mirror's voucher numbers stay used.
    c.sim.key('technician', true);
    await c.sim.settled();
    expect(c.app.runner.wish({ type: 'technicianPin', pin: '1234' }).ok).toBe(true);
    // Still the initial PIN: its change comes first, and is allowed on refused records.
    expect(c.app.runner.wish({ type: 'setPin', pin: '97531' }).ok).toBe(true);
    expect(c.app.runner.wish({ type: 'ramClear', confirm: true }).ok).toBe(true);
    expect(c.app.runner.state).toMatchObject({ balance: 0, tilts: [] });
    c.sim.key('technician', false);
    await c.sim.settled();
    c.sim.insertNote(500);
    await c.sim.settled();
    c.app.runner.wish({ type: 'cashOut' });
    await c.sim.settled();
    const second = c.prints()[0];
    expect(second?.type === 'print' && first?.type === 'print' && second.voucher.validation).not.toBe(
      first?.type === 'print' && first.voucher.validation,
    );
    expect(second?.type === 'print' && second.voucher.sequence).toBe(2);
    expect(readLedger(ledger).printedCount).toBe(2);
    await c.app.close();

    // Cleared: the next start trusts its records again.
    c = await cabinet(db, ledger);
    expect(c.app.runner.state.tilts).toEqual([]);
    await c.app.close();
  });
});

describe('the -wal removed after a SIGKILL', () => {
  const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

  it(
    'is refused as rolled back (or, had nothing been lost, accepted whole): never a voucher paid twice',
    { timeout: 60_000 },
    async () => {
      const db = dataPath(dir, 'cabinet.db');
      const ledger = join(dir, 'devices.jsonl');
      const configFile = join(dir, 'config.json');
      writeFileSync(configFile, JSON.stringify(CRASH_CONFIG));
      const args = ['--db', db, '--ledger', ledger, '--config', configFile, '--money-per-mille', '150'];
      await new Promise<void>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', CLI, 'run', '--headless', ...args, '--bot', 'wal', '--games', '1000000000'],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('"ready"')) setTimeout(() => child.kill('SIGKILL'), 1500);
        });
        child.on('exit', () => resolve());
      });
      expect(statSync(`${db}-wal`).size).toBeGreaterThan(0);
      const printed = readLedger(ledger).printedCount;
      rmSync(`${db}-wal`);
      rmSync(`${db}-shm`, { force: true });

      const places = storePlaces(parseConfig(CRASH_CONFIG, configFile), db);
      const reader = RecordsReader.open(db, {
        requireIntactChain: false,
        key: readMachineKey(places.keyFile),
        mirror: places.mirror,
      });
      const refused = !reader.records.ok;
      reader.close();
      const restart = runHeadless({
        dbPath: db,
        ledgerPath: ledger,
        seed: 'wal-2',
        games: 20,
        configFile,
        moneyPerMille: 150,
        write: () => {},
      });
      if (refused) {
        // The bot finds the cabinet locked by a technician's tilt and stops; nothing was printed.
        await expect(restart).rejects.toThrow(
          /the cabinet tilted: records refused: rolled back: the database is at commit \d+, the mirror at commit \d+/,
        );
        expect(readLedger(ledger).printedCount).toBe(printed);
      } else {
        await restart;
      }
      const after = readLedger(ledger);
      expect(new Set(after.printed.keys()).size).toBe(after.printedCount);
    },
  );
});

describe("another cabinet's database, and a simulated one for production or the reverse", () => {
  it('are refused in one line, and left as they were', async () => {
    const bot = dataPath(dir, 'bot.db');
    await runHeadless({ dbPath: bot, ledgerPath: join(dir, 'bot.jsonl'), seed: 'b', games: 3, write: () => {} });
    const before = sha(bot);
    expect(() => openJournal(bot, config)).toThrow(
      /is a simulated database \(made by run --headless --bot, the soak or the crash test\): a production start refuses it$/,
    );

    const production = dataPath(join(dir, 'cabinet'), 'cabinet.db');
    openJournal(production, config).close();
    const silent = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await expect(runCommand.run(['--headless', '--db', production, '--bot', '1'])).rejects.toThrow(
        /is a production database: run --headless --bot plays only on a simulated one/,
      );
      const otherKey = join(dir, 'another-cabinet.key');
      createMachineKey(otherKey);
      const otherConfig = join(dir, 'other.json');
      writeFileSync(otherConfig, JSON.stringify({ store: { keyFile: otherKey } }));
      const refusal = runCommand.run(['--headless', '--db', bot, '--bot', '1', '--config', otherConfig]);
      await expect(refusal).rejects.toThrow(CliError);
      await expect(runCommand.run(['--headless', '--db', bot, '--bot', '1', '--config', otherConfig])).rejects.toThrow(
        /^[^\n]*belongs to another machine[^\n]*$/,
      );
    } finally {
      silent.mockRestore();
    }
    expect(sha(bot)).toBe(before);
  });
});

describe('the stored settings edited', () => {
  it('on a database from before the keyed records: read back through the settings check, the cabinet locks with a tilt', async () => {
    const db = dataPath(dir);
    const ledger = join(dir, 'devices.jsonl');
    let c = await cabinet(db, ledger);
    await c.app.close();
    // As the file was before this change: no keyed records, no mirror; then the settings edited.
    const raw = new Database(db);
    raw.exec(`
      DROP TABLE identity; DROP TABLE commits; DROP TABLE table_digests; DROP TABLE checkpoints; DROP TABLE sas_exceptions; DROP TABLE sas_validations; DROP TABLE vouchers;
      PRAGMA user_version = 3;
      UPDATE settings SET value = json_set(value, '$.handpayLimit', -5, '$.maxBet', 50) WHERE key = 'limits';
    `);
    raw.close();
    rmSync(storePlaces(config, db).mirror, { recursive: true });
    c = await cabinet(db, ledger);
    const tilt = c.app.runner.state.tilts.find((t) => t.code === SETTINGS_TILT);
    expect(tilt?.reason).toMatch(/stored settings fail their check: limits\.handpayLimit .*; limits\.maxBet/);
    // The config file's limits are in force again, the change logged; play waits for a technician.
    expect(c.app.runner.state.settings.limits).toEqual(config.settings.limits);
    expect(
      c.app.journal.reader
        .events()
        .filter((e) => e.kind === 'config')
        .map((e) => e.data.key),
    ).toEqual(expect.arrayContaining(['limits.handpayLimit', 'limits.maxBet']));
    expect(c.app.runner.wish({ type: 'deal' }).ok).toBe(false);
    await c.app.close();
    expect(existsSync(storePlaces(config, db).mirror)).toBe(true);
  });
});

describe('where the machine key and the mirror live', () => {
  it('the key beside the config file, or without one in the folder holding the data folder; the mirror beside the data folder', () => {
    const db = '/var/lib/poker-cabinet/cabinet.db';
    expect(storePlaces(parseConfig({}, '/etc/poker-cabinet/config.json'), db)).toEqual({
      keyFile: '/etc/poker-cabinet/machine.key',
      mirror: '/var/lib/poker-cabinet-mirror',
    });
    expect(storePlaces(parseConfig({}), '/home/dev/poker/data/cabinet.db')).toEqual({
      keyFile: '/home/dev/poker/machine.key',
      mirror: '/home/dev/poker/data-mirror',
    });
    const named = parseConfig(
      { store: { keyFile: '/etc/poker-cabinet/key/machine.key', mirror: '/media/mirror' } },
      '/etc/poker-cabinet/config.json',
    );
    expect(storePlaces(named, db)).toEqual({ keyFile: '/etc/poker-cabinet/key/machine.key', mirror: '/media/mirror' });
  });
});

// Issue 18's attacks by a dishonest technician with a shell, through the whole app: the runner,
// the store, the simulated devices and their ledger (what was physically printed), and the
// command line. Forged rows and the keyed chain itself are src/store/records.test.ts's.

import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { RECORDS_TILT, SETTINGS_TILT, type DeviceCommand } from '../cabinet';
import { createMachineKey, readMachineKey, RecordsReader } from '../store';
import { dataPath } from '../store/testing/store-rig';
import { openJournal, startCabinet, storePlaces } from './cabinet-app';
import { CliError } from './commands/command';
import { runCommand } from './commands/run-command';
import { parseConfig } from './config';
import { runHeadless } from './headless';
import { CRASH_CONFIG } from '../../test/crash/crash-harness';
import { readLedger } from './sim/device-ledger';
import { LedgerDevices } from './sim/ledger-devices';
import { until } from '../devices/testing/event-log';
import { RecordedBus } from './testing/recorded-bus';
import { simulatedCabinet } from './testing/simulated-cabinet';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-attacks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const config = parseConfig({ access: { initialPin: '1234' } });

/** The voucher a print command carries; the command must be one. */
function voucherOf(command: DeviceCommand | undefined) {
  if (command?.device !== 'printer' || command.type !== 'print')
    throw new Error(`not a print: ${JSON.stringify(command)}`);
  return command.voucher;
}

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
    const first = voucherOf(c.prints()[0]);
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
    const second = voucherOf(c.prints()[0]);
    expect(second.validation).not.toBe(first.validation);
    expect(second.sequence).toBe(2);
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
    'holding commits the main file lacks: refused as rolled back, nothing printed; holding none: accepted whole',
    { timeout: 90_000 },
    async () => {
      const db = dataPath(dir, 'cabinet.db');
      const ledger = join(dir, 'devices.jsonl');
      const configFile = join(dir, 'config.json');
      writeFileSync(configFile, JSON.stringify(CRASH_CONFIG));
      const args = ['--db', db, '--ledger', ledger, '--config', configFile, '--money-per-mille', '150'];
      // A reader that holds its snapshot from "ready" on: no checkpoint can move a later commit
      // into the main file, so the -wal certainly holds commits it lacks when the kill comes.
      let peek: Database.Database | null = null;
      await new Promise<void>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', CLI, 'run', '--headless', ...args, '--bot', 'wal', '--games', '1000000000'],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        child.stdout.on('data', (chunk: Buffer) => {
          if (peek || !chunk.toString().includes('"ready"')) return;
          peek = new Database(db, { readonly: true });
          peek.exec('BEGIN');
          const lastCommit = (d: Database.Database) =>
            (d.prepare('SELECT max(seq) AS seq FROM commits').get() as { seq: number }).seq;
          const snapshot = lastCommit(peek);
          // Killed once twenty commits have been made since the snapshot, however loaded the machine.
          const watch = new Database(db, { readonly: true });
          const timer = setInterval(() => {
            if (lastCommit(watch) < snapshot + 20) return;
            clearInterval(timer);
            watch.close();
            child.kill('SIGKILL');
          }, 20);
        });
        child.on('exit', () => resolve());
      });
      expect(peek).not.toBeNull();
      expect(statSync(`${db}-wal`).size).toBeGreaterThan(0);
      const printed = readLedger(ledger).printedCount;
      // The same cabinet twice over: as the kill left it (the -wal whole), and with the -wal lost.
      const whole = `${dir}-whole`;
      cpSync(dir, whole, { recursive: true });
      onTestFinished(() => rmSync(whole, { recursive: true, force: true }));
      const mainOnly = `${db}.main`;
      copyFileSync(db, mainOnly);
      peek!.close();
      copyFileSync(mainOnly, db);
      rmSync(mainOnly);
      rmSync(`${db}-wal`, { force: true });
      rmSync(`${db}-shm`, { force: true });

      const places = storePlaces(parseConfig(CRASH_CONFIG, configFile), db);
      const reader = RecordsReader.open(db, {
        requireIntactChain: false,
        key: readMachineKey(places.keyFile),
        mirror: places.mirror,
      });
      expect(reader.records).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/rolled back: the database is at commit \d+, the mirror at commit \d+/),
      });
      reader.close();
      const restart = (dbPath: string, ledgerPath: string, file: string) =>
        runHeadless({
          dbPath,
          ledgerPath,
          seed: 'wal-2',
          games: 20,
          configFile: file,
          moneyPerMille: 150,
          write: () => {},
        });
      // The bot finds the cabinet locked by a technician's tilt and stops; nothing was printed.
      await expect(restart(db, ledger, configFile)).rejects.toThrow(
        /the cabinet tilted: records refused: rolled back: the database is at commit \d+, the mirror at commit \d+/,
      );
      expect(readLedger(ledger).printedCount).toBe(printed);

      // The -wal checkpointed into the main file before it goes: nothing lost, and nothing refused.
      const wholeDb = join(whole, 'data', 'cabinet.db');
      const wholeLedger = join(whole, 'devices.jsonl');
      rmSync(`${wholeDb}-shm`, { force: true });
      const checkpointed = new Database(wholeDb);
      checkpointed.pragma('wal_checkpoint(TRUNCATE)');
      checkpointed.close();
      rmSync(`${wholeDb}-wal`, { force: true });
      rmSync(`${wholeDb}-shm`, { force: true });
      await restart(wholeDb, wholeLedger, join(whole, 'config.json'));
      const after = readLedger(wholeLedger);
      expect(after.printedCount).toBeGreaterThanOrEqual(printed);
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
      DROP TABLE identity; DROP TABLE commits; DROP TABLE table_digests; DROP TABLE checkpoints; DROP TABLE sas_exceptions; DROP TABLE sas_validations; DROP TABLE vouchers; DROP TABLE sas_exception_data; DROP TABLE tickets_credited; DROP TABLE archive_cuts;
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

describe("issue 23's attacks that held, by a technician with a shell", () => {
  /** The production cabinet on `db` with every device simulated behind its driver: tickets go in. */
  const withTickets = (db: string) => simulatedCabinet({ config, dataDir: dirname(db), database: basename(db) });

  it('the vouchers table un-redeemed by hand: the start is refused naming the table, and the voucher pays nothing twice', async () => {
    const db = dataPath(dir);
    const c = await withTickets(db);
    await until('the note drawn in', () => c.sim.acceptor.insertNote(5000));
    await until('credited', () => c.app.runner.state.balance === 5000);
    expect(c.app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
    await until('printed', () => c.sim.printer.printed.length === 1 && !c.app.runner.state.voucher);
    const voucher = c.sim.printer.printed[0]!.validation!;
    await until('the ticket drawn in', () => c.sim.acceptor.insertTicket(voucher));
    await until('redeemed', () => c.app.runner.state.lastTicket?.outcome === 'redeemed');
    expect(c.app.journal.reader.voucher(voucher)?.status).toBe('redeemed');
    await c.app.close();

    const raw = new Database(db);
    raw
      .prepare("UPDATE vouchers SET status = 'issued', redeemed_at = NULL, redeemed_event = NULL WHERE validation = ?")
      .run(voucher);
    raw.close();
    const before = sha(db);
    await expect(withTickets(db)).rejects.toThrow(/vouchers/);
    expect(sha(db)).toBe(before);
    // Read as events --verify reads it: the vouchers table is not as the last commit signed it.
    const reader = RecordsReader.open(db, {
      requireIntactChain: false,
      key: readMachineKey(storePlaces(config, db).keyFile),
    });
    expect(reader.chain).toMatchObject({ ok: false, problem: expect.stringMatching(/vouchers/) });
    reader.close();
  });

  it('the mirror deleted: the cabinet starts locked with a tilt naming the mirror, and no money moves', async () => {
    const db = dataPath(dir);
    const ledger = join(dir, 'devices.jsonl');
    let c = await cabinet(db, ledger);
    c.sim.insertNote(2000);
    await c.sim.settled();
    await c.app.close();
    rmSync(storePlaces(config, db).mirror, { recursive: true });

    c = await cabinet(db, ledger);
    const s = c.app.runner.state;
    expect(s.tilts.find((t) => t.code === RECORDS_TILT)?.reason).toMatch(
      /mirror .* is missing, though .* has been mirrored/,
    );
    expect(s.balance).toBe(2000);
    expect(c.app.runner.wish({ type: 'cashOut' })).toMatchObject({ ok: false, refusal: { rule: 'C-15' } });
    expect(c.app.runner.wish({ type: 'deal', bet: 1 }).ok).toBe(false);
    c.sim.insertNote(1000);
    await c.sim.settled();
    expect(c.app.runner.state.balance).toBe(2000);
    expect(c.prints()).toEqual([]);
    await c.app.close();
    // Refused records are not mirrored: the mirror stays missing until a RAM clear.
    expect(existsSync(storePlaces(config, db).mirror)).toBe(false);
  });

  it("the key file replaced by another key: the start is refused naming both keys' fingerprints, the database untouched", async () => {
    const db = dataPath(dir);
    const ledger = join(dir, 'devices.jsonl');
    const c = await cabinet(db, ledger);
    c.sim.insertNote(2000);
    await c.sim.settled();
    await c.app.close();
    const { keyFile } = storePlaces(config, db);
    const old = readMachineKey(keyFile).fingerprint;
    rmSync(keyFile);
    const replaced = createMachineKey(keyFile).fingerprint;
    expect(replaced).not.toBe(old);
    const before = sha(db);
    await expect(cabinet(db, ledger)).rejects.toThrow(
      new RegExp(
        `belongs to another machine: it is bound to the key with fingerprint ${old.slice(0, 16)}, this machine's key .* is ${replaced.slice(0, 16)}`,
      ),
    );
    expect(sha(db)).toBe(before);
    expect(readLedger(ledger).printedCount).toBe(0);
  });
});

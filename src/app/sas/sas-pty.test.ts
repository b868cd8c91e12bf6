// The SAS link of a whole cabinet, over a socat pseudo-terminal with the host simulator on the far
// end: a headless bot session killed (SIGKILL) between its events and their report, restarted,
// then read as a casino system reads it. Every door, note, game and voucher raised its exception
// exactly once, every voucher is reported by 4D exactly once, and the meters 2F reads are those
// of `meters --json`.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SocatPair } from '../../devices/shared/socat-pair';
import { SerialEndpoint } from '../../devices/shared/serial-endpoint';
import { SasHost } from '../../devices/sas/host';
import { readMachine } from '../../devices/sas/host-read';
import { BILL_POLLS } from '../../devices/sas/meter-codes';
import { SAS_BAUD_RATE } from '../../devices/sas/port';
import { billAcceptedException } from '../../devices/sas/exception-codes';
import { decodeValidationInfo } from '../../devices/sas/replies';
import { secureEnhancedBarcode } from '../../devices/sas/validation';
import { loadConfig, startCabinet, type AssembledCabinet } from '../cabinet-app';
import { metersReport } from '../service/meters-report';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cabinet-sas-pty-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** One headless cabinet; killed with SIGKILL once `killWhen` says so (polled every 20 ms). */
function cabinet(args: string[], killWhen: (() => boolean) | null = null): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'run', '--headless', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.resume();
    const timer = killWhen
      ? setInterval(() => {
          if (killWhen()) child.kill('SIGKILL');
        }, 20)
      : null;
    child.on('exit', (code, signal) => {
      if (timer) clearInterval(timer);
      resolve({ code, signal, stderr });
    });
  });
}

/** The command line, to its end. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function lifetime(db: string, name: string): number {
  try {
    const r = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (
        (
          r.prepare("SELECT value FROM meters WHERE scope = 'lifetime' AND name = ?").get(name) as
            { value: number } | undefined
        )?.value ?? 0
      );
    } finally {
      r.close();
    }
  } catch {
    return 0;
  }
}

/** Vouchers the cabinet has recorded for 4D (written in the commit of the print). */
function vouchersRecorded(db: string): number {
  try {
    const r = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return r.prepare('SELECT COUNT(*) FROM sas_validations').pluck().get() as number;
    } finally {
      r.close();
    }
  } catch {
    return 0;
  }
}

/** A socat pair with the host simulator on its far end, and a config file naming the machine's end. */
async function sasLine(name: string) {
  const pair = new SocatPair(join(dir, `${name}-machine`), join(dir, `${name}-host`));
  await pair.start();
  const hostEnd = new SerialEndpoint({ path: pair.device, baudRate: SAS_BAUD_RATE });
  const host = new SasHost(hostEnd, { replyTimeoutMs: 300 });
  const configFile = join(dir, `${name}-config.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: { path: pair.host, address: 1 } },
    }),
  );
  return { pair, hostEnd, host, configFile };
}

/** 4D until nothing is left unread: each voucher's system ID and 16 digits, as printed. */
async function readVouchers(host: SasHost): Promise<string[]> {
  const vouchers: string[] = [];
  for (;;) {
    const b = await host.request(1, { command: 0x4d, function: 0 });
    const v = b && decodeValidationInfo(b);
    if (!v) return vouchers;
    vouchers.push(`${String(v.systemId).padStart(2, '0')}${v.validationNumber}`);
  }
}

const count = (list: readonly number[], code: number) => list.filter((c) => c === code).length;
const code4 = (c: number) => c.toString(16).padStart(4, '0').toUpperCase();

describe('a cabinet on a SAS line (socat pseudo-terminal, host simulator)', () => {
  it('raises each event once across a SIGKILL, reports each voucher once, 2F reads meters --json, 01 disables play and 02 enables it', async () => {
    const { pair, hostEnd, host, configFile } = await sasLine('sas');
    const db = join(dir, 'data', 'c.db');
    const setValidation = async () => {
      for (let i = 0; i < 20; i++)
        if (await host.request(1, { command: 0x4c, validationId: 0x0a0b0c, sequence: 100 })) return;
      throw new Error('the machine never answered 4C');
    };
    let app: AssembledCabinet | null = null;
    try {
      // A bot session, killed once a game has been played; the host is silent, so every
      // exception is still waiting when the process dies. Three games keep the queue under its
      // capacity; --stay keeps the process up after them, because on a loaded machine the bot
      // finished all three and exited on its own between two 20 ms looks at the database.
      const killed = await cabinet(
        ['--db', db, '--bot', 'sas', '--games', '3', '--stay', '--config', configFile, '--ledger', join(dir, 'ledger')],
        () => lifetime(db, 'gamesPlayed') >= 1,
      );
      expect(killed.signal, killed.stderr).toBe('SIGKILL');

      // The cabinet again, in this process, and a door, a note, a game and a voucher on it.
      await pair.start();
      const config = loadConfig(configFile);
      app = await startCabinet({
        config,
        dataDir: join(dir, 'data'),
        database: 'c.db',
        devices: { kind: 'ledger', ledgerPath: null },
        dealing: { kind: 'seeded', seed: 'sas-2', for: 'test' },
      });
      const sim = app.devices.ledger!;
      const runner = app.runner;
      sim.connect();
      await sim.settled();
      await setValidation();
      sim.door('main', true);
      sim.door('main', false);
      await sim.settled();
      // The game the kill interrupted is played out, and a handpay left is paid by the attendant.
      const finish = async () => {
        for (let i = 0; i < 20 && runner.state.game && !runner.state.game.outcome; i++) {
          if (runner.state.game.game === 'jacks-or-better') runner.wish({ type: 'draw' });
          else if (!runner.wish({ type: 'fold' }).ok && !runner.wish({ type: 'reveal' }).ok)
            runner.wish({ type: 'bet' });
        }
        await sim.settled();
        if (runner.state.handpay) {
          sim.key('attendant', true);
          await sim.settled();
          expect(runner.wish({ type: 'handpayConfirm' }).ok).toBe(true);
          sim.key('attendant', false);
          await sim.settled();
        }
      };
      await finish();
      expect(sim.insertNote(2000)).toBe(true);
      await sim.settled();
      const deal = runner.wish({ type: 'deal', bet: 1 });
      expect(deal.ok ? null : deal.refusal).toBeNull();
      await finish();
      expect(runner.wish({ type: 'cashOut' }).ok).toBe(true);
      await sim.settled();
      expect(runner.state.voucher).toBeNull();

      // The casino system reads it all: the queue, then 4D until there is nothing unread.
      const reading = await readMachine(host, 1, { maxExceptions: 200 });
      const vouchers = await readVouchers(host);
      expect(await host.generalPoll(1)).toMatchObject({ kind: 'exception', code: 0 });
      expect(app.journal.sasExceptions()).toEqual([]);

      // Each event of the log raised its exception once, through the kill and the restart.
      const events = app.journal.reader.events();
      const rows = (kind: string, pick: (d: Record<string, unknown>) => boolean) =>
        events.filter((e) => e.kind === kind && pick(e.data)).length;
      const got = reading.exceptions;
      expect(count(got, 0x70), 'no overflow').toBe(0);
      expect(count(got, 0x11)).toBe(rows('door', (d) => d.door === 'main' && d.open === true));
      expect(count(got, 0x12)).toBe(rows('door', (d) => d.door === 'main' && d.open === false));
      expect(count(got, 0x11)).toBeGreaterThan(0);
      const notes = events
        .filter((e) => e.kind === 'note' && e.data.event === 'stacked')
        .map((e) => billAcceptedException(e.data.value as number, 2));
      expect(notes.length).toBeGreaterThan(1);
      for (const code of new Set(notes))
        expect(count(got, code), `bill exception ${code.toString(16)}`).toBe(count(notes, code));
      const state = runner.state;
      const started = state.nextGameId - 1;
      expect(started).toBeGreaterThan(1);
      expect(count(got, 0x7e)).toBe(started);
      expect(count(got, 0x7f)).toBe(app.journal.reader.recall().length);
      const printed = events
        .filter((e) => e.kind === 'voucher' && e.data.event === 'printed')
        .map((e) => e.data.validation as string);
      expect(printed.length).toBeGreaterThan(0);
      // Numbered by secure enhanced validation under the host's validation ID, from its sequence 100 on.
      expect(printed).toEqual(printed.map((_, i) => secureEnhancedBarcode(0x0a0b0c, 101 + i)));
      expect(count(got, 0x3d)).toBe(printed.length);
      expect(vouchers).toEqual(printed);
      expect(count(got, 0x17)).toBe(rows('powerUp', () => true));
      expect(count(got, 0x18)).toBe(rows('powerUp', () => true));

      // 2F's meters are meters --json's (USD, accounting denomination 1: credits are cents).
      const report = metersReport(state, true);
      const byCode = new Map<string, number>();
      for (const m of report.meters)
        if (m.code && !m.name.includes('/'))
          for (const code of [m.code, ...m.sameAs]) byCode.set(code, (byCode.get(code) ?? 0) + m.lifetime);
      for (const d of Object.values(report.derived)) byCode.set(d.code, d.value);
      for (const code of ['0000', '0001', '0005', '000B', '000C', '000E', '0012', '0024']) {
        expect(reading.meters[code], `meter ${code}`).toBe(byCode.get(code) ?? 0);
      }
      // And every other meter the host read that the report has.
      const common = [...byCode.keys()].filter((code) => code in reading.meters);
      expect(common.length).toBeGreaterThanOrEqual(8);
      expect(Object.fromEntries(common.map((c) => [c, reading.meters[c]]))).toEqual(
        Object.fromEntries(common.map((c) => [c, byCode.get(c)])),
      );

      // The routine reads of a casino system (issue 27), each against meters --json too.
      const acc = reading.accounting;
      const m = (code: string) => byCode.get(code) ?? 0;
      expect(acc.meters10to15).toEqual(['0004', '0000', '0001', '0024', '0002', '0005'].map(m));
      expect(acc.cancelled).toBe(m('0004'));
      expect(m('0004')).toBe((state.meters.lifetime.vouchersOut ?? 0) + (state.meters.lifetime.handpaidCancelled ?? 0));
      expect(m('0004')).toBeGreaterThan(0);
      expect(acc.handPaidCancelled).toBe(m('0003'));
      for (const [poll, code] of Object.entries(BILL_POLLS))
        expect(acc.bills[Number(poll).toString(16).toUpperCase()], `poll ${poll}`).toBe(m(code4(code)));
      expect(acc.billCredits).toBe(m('000B'));
      expect(acc.lastBill).toEqual({ countryCode: 37, denominationCode: 4, count: m('0044') });
      expect(acc.stacker).toEqual({ bills: null, credits: null });
      expect(acc.validation['00']).toEqual({ validationType: 0, count: m('0012'), amountCents: m('000E') });
      expect(acc.validation['80']).toEqual({ validationType: 0x80, count: m('0011'), amountCents: m('000D') });
      for (const [n, game] of [
        ['1', 'jacks-or-better'],
        ['2', 'poker-plus'],
      ] as const) {
        const g = (name: string) => report.meters.find((r) => r.name === `${game}/${name}`)?.lifetime ?? 0;
        expect(acc.games[n], `game ${n}`).toEqual([g('coinIn'), g('coinOut'), g('jackpot'), g('gamesPlayed')]);
      }
      for (const [code, v] of Object.entries(acc.extended)) {
        expect(v, `extended ${code}`).toEqual({ value: m(code), bytes: 8 });
      }
      expect(Object.keys(acc.extended)).toEqual(expect.arrayContaining(['0000', '0004', '000C', '0024']));
      expect(acc.features).toEqual([0xd0, 0x0c, 0x01, 0x00]);
      expect(acc.cashOutLimit).toBe(Math.min(9999, state.settings.limits.ticketLimit));
      expect(acc.extendedValidation).toMatchObject({ statusBits: 0x8021, cashableExpirationDays: 30 });

      // 01: no new game (refused and logged), the screen out of service; 02: play again.
      expect(await host.command(1, { command: 0x01 })).toBe(true);
      expect(state.sas?.disabledByHost ?? false).toBe(false);
      expect(runner.state.sas?.disabledByHost).toBe(true);
      sim.insertNote(500);
      await sim.settled();
      const refused = runner.wish({ type: 'deal', bet: 1 });
      expect(refused.ok ? null : refused.refusal.rule).toBe('C-25');
      const log = app.journal.reader.events();
      expect(log.some((e) => e.kind === 'refusal' && e.data.rule === 'C-25')).toBe(true);
      expect(log.some((e) => e.kind === 'sas' && e.data.event === 'disabled')).toBe(true);
      expect(runner.state.acceptorEnabled).toBe(false);
      expect(await host.command(1, { command: 0x02 })).toBe(true);
      expect(runner.state.sas?.disabledByHost).toBe(false);
      expect(app.journal.reader.events().some((e) => e.kind === 'sas' && e.data.event === 'enabled')).toBe(true);

      // The technician's check on site: sas-poll prints the meters and takes the queued exceptions.
      host.detach();
      await hostEnd.close();
      sim.door('cashbox', true);
      sim.door('cashbox', false);
      await sim.settled();
      const polled = await cli(['sas-poll', '--port', pair.device, '--address', '1', '--json']);
      expect(polled.code, polled.stderr).toBe(0);
      const printedReading = JSON.parse(polled.stdout) as {
        meters: Record<string, number>;
        exceptions: number[];
        version: string;
      };
      expect(printedReading.version).toBe('602');
      expect(printedReading.meters['000C']).toBe(runner.state.balance);
      expect(printedReading.exceptions).toEqual(expect.arrayContaining([0x19, 0x1a]));
      expect(app.journal.sasExceptions()).toEqual([]);
    } finally {
      await app?.close();
      host.detach();
      await hostEnd.close();
      await pair.stop();
    }
  }, 120_000);

  it('a SIGKILL right after a voucher printed under 4C validation: after the restart 3D is raised once and 4D reports it once', async () => {
    const { pair, hostEnd, host, configFile } = await sasLine('kill');
    const db = join(dir, 'kill', 'c.db');
    let app: AssembledCabinet | null = null;
    try {
      // The bot plays on (it cashes out now and then); the casino system sets validation up with
      // 4C as soon as the machine answers, then stays silent: the kill lands once a voucher has
      // printed under it, before anyone has read its 3D or its 4D record.
      let configured = false;
      let settingUp = true;
      const run = cabinet(
        [
          '--db',
          db,
          '--bot',
          'sas-kill',
          '--games',
          '5000',
          '--config',
          configFile,
          '--ledger',
          join(dir, 'kill-ledger'),
        ],
        () => configured && vouchersRecorded(db) >= 1,
      );
      void run.then(() => (settingUp = false));
      while (settingUp && !configured)
        configured = (await host.request(1, { command: 0x4c, validationId: 0x0a0b0c, sequence: 500 })) !== null;
      const killed = await run;
      expect(configured, 'the machine answered 4C').toBe(true);
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      const printedBeforeKill = vouchersRecorded(db);
      expect(printedBeforeKill).toBeGreaterThanOrEqual(1);

      await pair.start();
      app = await startCabinet({
        config: loadConfig(configFile),
        dataDir: join(dir, 'kill'),
        database: 'c.db',
        devices: { kind: 'ledger', ledgerPath: null },
        dealing: { kind: 'seeded', seed: 'sas-kill-2', for: 'test' },
      });
      app.devices.ledger!.connect();
      await app.devices.ledger!.settled();
      const reading = await readMachine(host, 1, { maxExceptions: 500 });
      const vouchers = await readVouchers(host);
      const printed = app.journal.reader
        .events()
        .filter((e) => e.kind === 'voucher' && e.data.event === 'printed')
        .map((e) => e.data.validation as string);
      expect(printed).toHaveLength(printedBeforeKill);
      // Numbered under the host's validation ID (system ID 00, the 16 digits it can recompute).
      for (const v of printed) expect(v).toMatch(/^00\d{16}$/);
      // The host was silent through a long session, so the queue may have overflowed (70): that
      // drops the oldest ordinary exceptions, never a priority one such as 3D.
      expect(count(reading.exceptions, 0x3d)).toBe(printed.length);
      expect(vouchers).toEqual(printed);
      // Read once, reported once: nothing is left for a second reading.
      expect(
        await host.request(1, { command: 0x4d, function: 0 }).then((b) => b && decodeValidationInfo(b)),
      ).toBeFalsy();
      expect(app.journal.sasExceptions()).toEqual([]);
      expect(app.journal.sasValidations().every((v) => v.read)).toBe(true);
    } finally {
      await app?.close();
      host.detach();
      await hostEnd.close();
      await pair.stop();
    }
  }, 180_000);
});

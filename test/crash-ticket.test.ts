// Issue 23, §3: a SIGKILL while a ticket is in escrow, and while it is stacking (C-3, C-14). The
// headless cabinet runs as a child process with its real drivers on the serial simulators' socat
// pseudo-terminals (held here, so the devices outlive it), and is killed the moment its
// committed state shows the ticket in that phase; the cabinet started again in this process
// asks the acceptor and settles the ticket. Either way the ticket is credited once, never twice.

import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBalance, type CabinetState } from '../src/cabinet';
import type { AcceptorSimulator } from '../src/devices';
import { until } from '../src/devices/testing/event-log';
import { loadConfig, startCabinet, type AssembledCabinet } from '../src/app/cabinet-app';
import { CRASH_TEST_TIMEOUT_MS } from './crash/crash-harness';
import { CRASH_SAS_ADDRESS, CrashHost } from './crash/crash-host';
import { DeviceRig } from './support/device-rig';

const CLI = fileURLToPath(new URL('../src/app/cli.ts', import.meta.url));

let dir: string;
let rig: DeviceRig;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-crash-ticket-'));
  rig = await DeviceRig.start({ dir, ledgerPath: join(dir, 'devices.jsonl') });
});
afterAll(async () => {
  await rig.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The committed ticket of the database at `db`, as the next start reads it. */
function committedTicket(db: string): CabinetState['ticket'] {
  const d = new Database(db, { readonly: true });
  try {
    const row = d.prepare('SELECT state FROM cabinet_state WHERE id = 1').get() as { state: string } | undefined;
    return row ? ((JSON.parse(row.state) as CabinetState).ticket ?? null) : null;
  } finally {
    d.close();
  }
}

/**
 * The cabinet as a child process; the ticket is put in once it is ready, and the child is killed
 * with SIGKILL at `when`: the acceptor told to stack the ticket (its commit made, the ticket not
 * yet in the box: the acceptor moves on only as it is polled), or the committed ticket waiting
 * for its validation. Resolves with the signal it died of (SIGTERM: the moment never came).
 */
function killWhen(
  db: string,
  configFile: string,
  barcode: string,
  when: 'stacking' | 'validating',
): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        CLI,
        'run',
        '--headless',
        '--db',
        db,
        '--config',
        configFile,
        '--bot',
        'k',
        '--games',
        '0',
        '--stay',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const kill = () => child.kill('SIGKILL');
    // The rig's default acceptor speaks ID-003: a stack is its STACK-1 or STACK-2.
    const id003 = rig.acceptor as AcceptorSimulator;
    const onCommand = (c: { type: string }) => {
      if (c.type === 'stack1' || c.type === 'stack2') kill();
    };
    let ready = false;
    let watching: NodeJS.Timeout | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      if (ready || !chunk.toString().includes('"ready"')) return;
      ready = true;
      if (when === 'stacking') id003.on('command', onCommand);
      else watching = setInterval(() => committedTicket(db)?.phase === 'validating' && kill(), 5);
      until('the ticket drawn in', () => rig.acceptor.insertTicket(barcode), 20_000).catch(() => child.kill('SIGTERM'));
    });
    const giveUp = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('exit', (_code, signal) => {
      clearTimeout(giveUp);
      id003.off('command', onCommand);
      if (watching) clearInterval(watching);
      resolve(signal);
    });
  });
}

async function started(configFile: string, db: string): Promise<AssembledCabinet> {
  await rig.lines();
  const app = await startCabinet({
    config: loadConfig(configFile),
    dataDir: join(db, '..'),
    database: 'cabinet.db',
    devices: { kind: 'configured' },
    dealing: { kind: 'crypto' },
    purpose: 'simulated',
  });
  await until('the devices up', () => app.runner.state.acceptorEnabled === true, 20_000);
  return app;
}

/** The host has read how the last ticket ended, or there was none for it to read. */
const statusReadOrNone = (app: AssembledCabinet) => {
  const s = app.runner.state;
  return !s.lastTicket?.validated || s.sas?.ticketStatusRead === s.lastTicket.since;
};

const stackedTimes = (barcode: string) => rig.ledger.summary.ticketsStacked.get(barcode) ?? 0;

describe('a SIGKILL around a ticket', () => {
  it(
    'while it is stacking: after the restart it is credited once, its voucher redeemed once',
    { timeout: CRASH_TEST_TIMEOUT_MS },
    async () => {
      const configFile = join(dir, 'standalone.json');
      writeFileSync(configFile, JSON.stringify({ devices: rig.ports }));
      const db = join(dir, 'standalone', 'data', 'cabinet.db');
      // A voucher of this cabinet's to put in.
      let app = await started(configFile, db);
      await until('the note drawn in', () => rig.acceptor.insertNote(5000), 10_000);
      await until('credited', () => app.runner.state.balance === 5000, 15_000);
      expect(app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
      await until('printed', () => app.runner.state.balance === 0 && !app.runner.state.voucher, 15_000);
      const voucher = [...rig.ledger.summary.printed.keys()].at(-1)!;
      await app.close();

      const signal = await killWhen(db, configFile, voucher, 'stacking');
      expect(signal).toBe('SIGKILL');
      expect(committedTicket(db)).toMatchObject({ barcode: voucher, phase: 'stacking', amount: 5000 });

      app = await started(configFile, db);
      try {
        await until(
          'settled',
          () => !app.runner.state.ticket && app.runner.state.lastTicket?.barcode === voucher,
          20_000,
        );
        const s = app.runner.state;
        expect(s.lastTicket).toMatchObject({ outcome: 'redeemed', amount: 5000 });
        expect(s.balance).toBe(5000);
        expect([s.meters.lifetime.vouchersIn, s.meters.lifetime.vouchersInCount]).toEqual([5000, 1]);
        expect(checkBalance(s.meters.lifetime, s.balance).ok).toBe(true);
        expect(app.journal.reader.voucher(voucher)?.status).toBe('redeemed');
        expect(stackedTimes(voucher)).toBe(1);
        // Put in again: handed back, nothing more.
        await until('drawn in again', () => rig.acceptor.insertTicket(voucher), 10_000);
        await until('returned', () => app.runner.state.lastTicket?.reason === 'alreadyRedeemed', 15_000);
        expect(app.runner.state.balance).toBe(5000);
        expect(stackedTimes(voucher)).toBe(1);
      } finally {
        await app.close();
      }
    },
  );

  it(
    'while it is in escrow, the casino system not yet answering: after the restart, and the ticket put in again, credited once',
    { timeout: CRASH_TEST_TIMEOUT_MS },
    async () => {
      const host = await CrashHost.start(dir);
      try {
        const configFile = join(dir, 'sas.json');
        writeFileSync(
          configFile,
          JSON.stringify({
            devices: { ...rig.ports, sas: { path: host.machinePath, address: CRASH_SAS_ADDRESS } },
            voucher: { validationSeconds: 25 },
          }),
        );
        const db = join(dir, 'sas', 'data', 'cabinet.db');
        const barcode = '007777666655554444';
        host.host.tickets.set(barcode, { amountCents: 1200, state: 'valid' });
        host.host.ticketMode = 'silent';
        const signal = await killWhen(db, configFile, barcode, 'validating');
        expect(signal).toBe('SIGKILL');
        expect(committedTicket(db)).toMatchObject({ barcode, phase: 'validating' });
        expect(rig.acceptor.state.ticket).toBe(barcode);

        host.host.ticketMode = 'accept';
        await host.line();
        const app = await started(configFile, db);
        try {
          // The restart settles it: validated again (if the acceptor named it before the cabinet's
          // power-up disabled it) or handed back unread (after). Then it, or a copy of it, goes in
          // again: whichever way, one credit in all.
          const settled = () => !app.runner.state.ticket && rig.acceptor.state.ticket === null && statusReadOrNone(app);
          await until('the restart settled', settled, 30_000);
          const before = app.journal.eventCount();
          await until('put in again', () => rig.acceptor.insertTicket(barcode), 15_000);
          await until('decided', () => app.journal.eventCount() > before && settled(), 30_000);
          const s = app.runner.state;
          expect(s.balance).toBe(1200);
          expect([s.meters.lifetime.vouchersIn, s.meters.lifetime.vouchersInCount]).toEqual([1200, 1]);
          expect(checkBalance(s.meters.lifetime, s.balance).ok).toBe(true);
          expect(stackedTimes(barcode)).toBe(1);
          expect(host.host.redemptions.filter((r) => r.barcode === barcode && r.finalStatus === 0x00)).toHaveLength(1);
          expect(host.host.tickets.get(barcode)?.state).toBe('redeemed');
        } finally {
          await app.close();
        }
      } finally {
        await host.close();
      }
    },
  );
});

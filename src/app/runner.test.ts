import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SeededRandom } from '../core';
import { initialState, type DeviceBus } from '../cabinet';
import { CHECKPOINT_EVERY } from '../store';
import { dataPath } from '../store/testing/store-rig';
import { openJournal, startCabinet, type CabinetPlan, type DevicePlan } from './cabinet-app';
import { parseConfig } from './config';
import { CabinetRunner } from './runner';
import { nodeEnv } from './node-env';
import { installedPayTables } from './service/installed-pay-tables';
import { LedgerDevices } from './sim/ledger-devices';
import { HeldDevices } from './testing/held-devices';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-runner-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const config = parseConfig({ access: { initialPin: '1234' } });
/**
 * A database in a data folder of the test's (`machine`: another folder, another machine's), its
 * key and mirror the defaults beside it: one database to a machine, as on a cabinet.
 */
const dbIn = (name = 'c.db', machine = '.') => dataPath(join(dir, machine), name);

/** The one assembly on `db`: the production cabinet on a bus the test holds, unless the plan says otherwise. */
const assemble = (db: string, devices: DevicePlan, plan: Partial<CabinetPlan> = {}) =>
  startCabinet({ config, dataDir: dirname(db), database: basename(db), devices, dealing: { kind: 'crypto' }, ...plan });
const start = (db: string, bus: DeviceBus) => assemble(db, { kind: 'given', bus });

describe('the cabinet runner', () => {
  it('commits every transition before it sends a command (C-13)', async () => {
    const db = dbIn();
    const reader = () => {
      const r = new Database(db, { readonly: true });
      const row = r.prepare('SELECT state FROM cabinet_state').get() as { state: string };
      r.close();
      return JSON.parse(row.state);
    };
    const seen: string[] = [];
    const sim = new LedgerDevices({ ledgerPath: null });
    const bus = new HeldDevices(sim, (c) => {
      if (c.device === 'acceptor' && c.type === 'stack') seen.push(`stack with note ${reader().note?.value} committed`);
      if (c.device === 'printer') seen.push(`print with voucher ${reader().voucher?.amount} committed`);
    });
    const app = await start(db, bus);
    bus.connect();
    bus.emit({ device: 'acceptor', type: 'escrow', value: 500, denomination: '5' });
    bus.emit({ device: 'acceptor', type: 'stacked', value: 500, denomination: '5' });
    app.runner.wish({ type: 'cashOut' });
    expect(seen).toEqual(['stack with note 500 committed', 'print with voucher 500 committed']);
    await app.close();
  });

  it("hands the cabinet the installed pay tables with the config file's settings", async () => {
    const app = await start(dbIn('c.db'), new HeldDevices(new LedgerDevices({ ledgerPath: null })));
    const atStart = app.runner.state.installedPayTables;
    expect(atStart.map((t) => t.id)).toEqual(installedPayTables().installed.map((t) => t.id));
    // At start, the returns of the tables in play and the recorded Poker Plus ones; a par
    // sheet for each other video-poker table is worked out in turns after the start (C-24).
    const later = [
      'bonus-poker-7-5',
      'deuces-wild-full-pay',
      'deuces-wild-illinois',
      'double-double-bonus-9-5',
      'jacks-or-better-7-5',
      'jacks-or-better-8-5',
      'jacks-or-better-9-6',
    ];
    expect(
      atStart
        .filter((t) => t.rtp === null)
        .map((t) => t.id)
        .sort(),
    ).toEqual(later);
    expect(app.ratedPayTables().installed.filter((t) => t.rtp === null)).toHaveLength(later.length);
    // Every return known once the pass is done, and handed to the cabinet for the technician's choice.
    const rated = (await app.payTablesRated())!;
    expect(app.ratedPayTables()).toEqual(rated);
    expect(rated.installed.map((t) => t.id).sort()).toEqual(
      installedPayTables()
        .installed.map((t) => t.id)
        .sort(),
    );
    expect(rated.installed.every((t) => t.rtp !== null)).toBe(true);
    expect(app.runner.state.installedPayTables).toEqual(rated.installed);
    await app.close();
    // A runner told of other tables hands those on.
    const store = openJournal(dbIn('d.db', 'second'), config);
    // The tables the config file names among them, or their returns would be unknown (C-24).
    const mine = installedPayTables().installed.filter((t) => t.id.endsWith('-default'));
    const runner = await CabinetRunner.start({
      store,
      bus: new HeldDevices(new LedgerDevices({ ledgerPath: null })),
      env: nodeEnv(new SeededRandom('t'), store),
      settings: config.settings,
      installed: mine,
      initialPin: '1234',
    });
    expect(runner.state.installedPayTables.map((t) => t.id)).toEqual(mine.map((t) => t.id));
    expect(runner.state.installedPayTables.every((t) => t.rtp !== null)).toBe(true);
    await runner.close();
    store.close();
  });

  it('refuses a stale wish from the screen and logs it through the screen port (C-22)', async () => {
    const bus = new HeldDevices(new LedgerDevices({ ledgerPath: null }));
    const app = await start(dbIn('c.db'), bus);
    const store = app.journal;
    bus.connect();
    const counter = app.runner.state.version;
    expect(app.runner.wishAgainst(counter, { type: 'selectGame', game: 'poker-plus' }).ok).toBe(true);
    const stale = app.runner.wishAgainst(counter, { type: 'selectGame', game: 'jacks-or-better' });
    expect(stale.ok).toBe(false);
    // The runner leaves a screen's refusal to the screen port, which logs it per connection.
    const staleRows = () =>
      store.reader.events().filter((e) => e.kind === 'refusal' && String(e.data.reason).startsWith('stale wish'));
    expect(staleRows()).toEqual([]);
    const conn = app.port.connect('test');
    expect(await conn.wish(counter, { type: 'selectGame', game: 'jacks-or-better' })).toMatchObject({
      ok: false,
      rule: 'C-22',
    });
    expect(staleRows().map((e) => e.data.carrier)).toEqual(['test']);
    await app.close();
  });

  it('stores only the salted hash of the initial PIN, and it opens the technician functions', async () => {
    const sim = new LedgerDevices({ ledgerPath: null });
    const bus = new HeldDevices(sim);
    const app = await start(dbIn('c.db'), bus);
    expect(app.runner.state.access.pinHash).toMatch(/^scrypt\$/);
    expect(app.runner.state.access.pinChangeRequired).toBe(true);
    bus.connect();
    bus.emit({ device: 'deck', type: 'key', key: 'technician', on: true });
    expect(app.runner.wish({ type: 'technicianPin', pin: '1234' }).ok).toBe(true);
    expect(app.runner.state.access.technicianSession).toBe(true);
    // The initial PIN opens only its own change.
    expect(app.runner.wish({ type: 'clearPeriodMeters', confirm: true }).ok).toBe(false);
    expect(app.runner.wish({ type: 'setPin', pin: '97531' }).ok).toBe(true);
    expect(app.runner.wish({ type: 'clearPeriodMeters', confirm: true }).ok).toBe(true);
    await app.close();
  });

  it('seeded dealing is refused with anything but the simulated devices and a simulated database', async () => {
    const db = dbIn('c.db');
    openJournal(db, config, 'simulated').close();
    const fake = new HeldDevices(new LedgerDevices({ ledgerPath: null }));
    const seeded = { kind: 'seeded', seed: '1', for: 'test' } as const;
    await expect(assemble(db, { kind: 'given', bus: fake }, { dealing: seeded })).rejects.toThrow(
      /only with simulated devices/,
    );
    // The production start: the store refuses a database made for the bot.
    await expect(start(db, fake)).rejects.toThrow(/a production start refuses it/);
    const production = dbIn('p.db', 'second');
    openJournal(production, config).close();
    await expect(
      assemble(production, { kind: 'ledger', ledgerPath: null }, { dealing: seeded, purpose: 'production' }),
    ).rejects.toThrow(/only on a simulated database/);
  });
});

describe('C-14 restart recovery through the runner', () => {
  async function crashAfter(setup: (bus: HeldDevices, app: Awaited<ReturnType<typeof startCabinet>>) => void) {
    const db = dbIn();
    const ledger = join(dir, 'devices.jsonl');
    const sim = new LedgerDevices({ ledgerPath: ledger });
    const bus = new HeldDevices(sim);
    const app = await start(db, bus);
    bus.connect();
    setup(bus, app);
    // The crash: nothing is closed, nothing more is delivered.
    app.journal.close();
    await sim.close();
    const app2 = await assemble(db, { kind: 'ledger', ledgerPath: ledger });
    const sim2 = app2.devices.ledger!;
    sim2.connect();
    await sim2.settled();
    return { app2, sim2, bus };
  }

  it('a note stacked while the cabinet was down is credited once', async () => {
    const { app2 } = await crashAfter((bus, app) => {
      bus.emit({ device: 'acceptor', type: 'escrow', value: 2000, denomination: '20' });
      bus.sim.insertNote(2000);
      // The acceptor stacks it (its ledger says so); the report never reaches the cabinet.
      bus.sim.ledger.record({ e: 'stacked', v: 2000 });
      expect(app.runner.state.balance).toBe(0);
    });
    expect(app2.runner.state.balance).toBe(2000);
    expect(app2.runner.state.meters.lifetime.billsCount).toBe(1);
    await app2.close();
  });

  it('a voucher printed while the cabinet was down is debited once', async () => {
    let validation = '';
    const { app2 } = await crashAfter((bus, app) => {
      bus.emit({ device: 'acceptor', type: 'escrow', value: 1000, denomination: '10' });
      bus.emit({ device: 'acceptor', type: 'stacked', value: 1000, denomination: '10' });
      app.runner.wish({ type: 'cashOut' });
      const print = bus.sent.find((c) => c.device === 'printer');
      validation = print?.type === 'print' ? print.voucher.validation : '';
      bus.sim.ledger.record({ e: 'printed', id: validation, v: 1000 });
    });
    expect(app2.runner.state.balance).toBe(0);
    expect(app2.runner.state.meters.lifetime.vouchersOut).toBe(1000);
    await app2.close();
  });

  it('a game in progress resumes at the same step with the same cards', async () => {
    let before: unknown;
    const { app2 } = await crashAfter((bus, app) => {
      bus.emit({ device: 'acceptor', type: 'escrow', value: 1000, denomination: '10' });
      bus.emit({ device: 'acceptor', type: 'stacked', value: 1000, denomination: '10' });
      app.runner.wish({ type: 'selectGame', game: 'poker-plus' });
      app.runner.wish({ type: 'deal', boxes: [{ ante: 5 }] });
      app.runner.wish({ type: 'exchange', positions: [0] });
      before = app.runner.state.game;
    });
    expect(app2.runner.state.game).toEqual(before);
    expect(app2.runner.wish({ type: 'bet' }).ok).toBe(true);
    await app2.close();
  });

  it('plays a seeded bot session through the simulated devices with the meters balanced', async () => {
    const app = await assemble(
      dbIn('c.db'),
      { kind: 'ledger', ledgerPath: join(dir, 'devices.jsonl'), printFailRate: 0.2 },
      { dealing: { kind: 'seeded', seed: 'test', for: 'test' } },
    );
    const sim = app.devices.ledger!;
    sim.connect();
    const { PlayerBot } = await import('./sim/player-bot');
    const summary = await new PlayerBot(app.runner, sim, {
      games: 60,
      random: new SeededRandom(4),
      moneyPerMille: 150,
    }).run();
    expect(summary.games).toBe(60);
    const s = app.runner.state;
    const life = s.meters.lifetime;
    // A meter never moved is not stored: it reads as 0.
    const meter = (name: string): number => life[name] ?? 0;
    expect(
      meter('billsIn') - meter('vouchersOut') - meter('handpaidCancelled') + meter('coinOut') - meter('coinIn'),
    ).toBe(s.balance);
    expect(sim.ledger.summary.stackedTotal).toBe(life.billsIn);
    expect(sim.ledger.summary.printedTotal).toBe(life.vouchersOut ?? 0);
    await app.close();
  });
});

describe('the records while the cabinet runs', () => {
  it('a mirror it cannot write stops play with a tilt and holds back the voucher, until a write succeeds again', async () => {
    let failing: string | null = null;
    const bus = new HeldDevices(new LedgerDevices({ ledgerPath: null }));
    const app = await start(dbIn(), bus);
    Object.defineProperty(app.journal, 'mirrorProblem', { get: () => failing });
    bus.connect();
    bus.emit({ device: 'acceptor', type: 'escrow', value: 1000, denomination: '10' });
    bus.emit({ device: 'acceptor', type: 'stacked', value: 1000, denomination: '10' });
    failing = 'EIO: i/o error, write';
    expect(app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
    // Committed, but its number is not in the mirror: no voucher goes to the printer.
    expect(app.runner.state.voucher).not.toBeNull();
    expect(bus.sent.filter((c) => c.device === 'printer')).toEqual([]);
    expect(app.runner.state.tilts.map((t) => t.code)).toContain('mirror');
    failing = null;
    bus.emit({ device: 'deck', type: 'door', door: 'main', open: true });
    bus.emit({ device: 'deck', type: 'door', door: 'main', open: false });
    expect(app.runner.state.tilts.map((t) => t.code)).not.toContain('mirror');
    await app.close();
  });

  it('the walk after a start covers the commits since the checkpoint; a break a full walk finds in old records locks the cabinet with the refused-records tilt', async () => {
    const db = dbIn();
    const setup = openJournal(db, config);
    setup.initialize(initialState(config.settings), 'test');
    setup.db.pragma('synchronous = OFF');
    while (setup.eventCount() < CHECKPOINT_EVERY * 1.5)
      setup.appendLog([{ type: 'log', entry: { at: 1, kind: 'door', data: { door: 'main', open: true } } }]);
    setup.close();
    const raw = new Database(db);
    raw.exec("DROP TRIGGER events_no_update; UPDATE events SET data = '{}' WHERE seq = 9");
    raw.close();
    const bus = new HeldDevices(new LedgerDevices({ ledgerPath: null }));
    const app = await start(db, bus);
    const store = app.journal;
    // Behind the latest checkpoint: the start does not walk there, and opens.
    expect(store.records.ok && store.chain.ok).toBe(true);
    bus.connect();
    // The incremental walk after the start ends (its check replaces the start's) without reaching row 9.
    await vi.waitFor(() => expect(store.reader.lastChainCheck()).not.toBe(store.chain), {
      timeout: 20_000,
      interval: 50,
    });
    expect(store.reader.lastChainCheck()).toMatchObject({ ok: true });
    expect(store.reader.lastChainCheck()).toMatchObject({ commits: expect.any(Number) });
    expect((store.reader.lastChainCheck() as unknown as { commits: number }).commits).toBeLessThan(CHECKPOINT_EVERY);
    expect(app.runner.state.tilts.map((t) => t.code)).not.toContain('records');
    // The full walk (as events --verify makes it) finds it; the cabinet hears of it at its next input.
    expect(await store.reader.walkRecordsInBackground(250, 'full')).toMatchObject({ ok: false, seq: 9 });
    bus.emit({ device: 'deck', type: 'door', door: 'main', open: true });
    await vi.waitFor(() => expect(app.runner.state.tilts.map((t) => t.code)).toContain('records'), {
      timeout: 20_000,
      interval: 50,
    });
    expect(app.runner.state.tilts.find((t) => t.code === 'records')?.reason).toMatch(/broken at event row 9/);
    expect(app.runner.wish({ type: 'cashOut' }).ok).toBe(false);
    await app.close();
  });
});

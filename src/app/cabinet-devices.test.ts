// The cabinet on its real drivers (issue 17): the simulators sit behind the same drivers a
// cabinet runs on its serial ports, over in-memory lines. A missing, silent or stuck device is a
// tilt and never a failed start; notes are worth what the configured currency says; the keys are
// what the deck reports after a restart, not what the database remembers.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDevices, EbdsSimulator, type AcceptorSimulator, type DeviceSet } from '../devices';
import { until } from '../devices/testing/event-log';
import { startCabinet, type AssembledCabinet } from './cabinet-app';
import { configuredDevices } from './cabinet-devices';
import { parseConfig, type AppConfig } from './config';

let dir: string;
const running: { app: AssembledCabinet | null; devices: DeviceSet | null }[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-devices-'));
});
afterEach(async () => {
  for (const r of running.splice(0)) {
    if (r.app) await r.app.close();
    else await r.devices?.bus.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** On a database in the test's data folder; its key and mirror the defaults beside it. */
async function start(config: AppConfig, devices: DeviceSet, database = 'cabinet.db'): Promise<AssembledCabinet> {
  const slot: (typeof running)[number] = { app: null, devices };
  running.push(slot);
  slot.app = await startCabinet({
    config,
    dataDir: join(dir, 'data'),
    database,
    devices: { kind: 'given', bus: devices.bus, sim: devices.sim },
    dealing: { kind: 'crypto' },
  });
  return slot.app;
}

const tilts = (app: AssembledCabinet): string[] => app.runner.state.tilts.map((t) => t.code);
const upAndReported = (app: AssembledCabinet): boolean => app.runner.state.tilts.length === 0;

describe('notes are worth what the currency says (finding 4)', () => {
  it('credits a 1000-yen note as 1000 in a JPY cabinet with no minor digits', async () => {
    const config = parseConfig({
      currency: 'JPY',
      minorDigits: 0,
      chipValues: [1, 5, 25, 100],
      limits: { creditLimit: 100000, ticketLimit: 100000, handpayLimit: 100000 },
    });
    const devices = configuredDevices(config);
    const app = await start(config, devices);
    await until('devices up', () => upAndReported(app), 10_000);
    await until('the acceptor takes the note', () => devices.sim.acceptor!.insertNote(1000), 10_000);
    await until('the note credited', () => app.runner.state.balance > 0, 10_000);
    expect(app.runner.state.balance).toBe(1000);
    expect(app.runner.state.meters.lifetime.billsIn).toBe(1000);
  });

  it('takes nothing from an acceptor assigned for another country: a tilt, never a credit', async () => {
    const config = parseConfig({
      currency: 'JPY',
      minorDigits: 0,
      chipValues: [1, 5, 25, 100],
      limits: { creditLimit: 100000, ticketLimit: 100000, handpayLimit: 100000 },
    });
    const devices = createDevices(config.devices, { acceptorSim: { currency: 'USD', minorDigits: 0 } });
    const app = await start(config, devices);
    await until('the currency fault', () => tilts(app).includes('acceptor:fault:currency'), 10_000);
    expect(app.runner.state.tilts.find((t) => t.code === 'acceptor:fault:currency')?.reason).toMatch(
      /assigned for USA, the cabinet's currency is JPY/,
    );
    expect(devices.sim.acceptor!.insertNote(2000)).toBe(false);
    expect(app.runner.state.balance).toBe(0);
  });
});

describe('a missing or silent device is a tilt, never a failed start (finding 5)', () => {
  it('starts with a silent acceptor, shows its tilt, and credits a note once it answers', async () => {
    const config = parseConfig({});
    const devices = configuredDevices(config);
    devices.sim.acceptor!.powerOff();
    const app = await start(config, devices);
    // The start was not refused; the screen shows why there is no play.
    expect(tilts(app)).toContain('acceptor:offline');
    await until('the other devices up', () => tilts(app).join() === 'acceptor:offline', 10_000);
    devices.sim.acceptor!.powerOn();
    await until('the acceptor back', () => upAndReported(app) && app.runner.state.acceptorEnabled === true, 10_000);
    await until('acceptor enabled', () => devices.sim.acceptor!.insertNote(2000), 10_000);
    await until('the note credited', () => app.runner.state.balance === 2000, 10_000);
    expect(app.runner.state.meters.lifetime.billsCount).toBe(1);
  });

  it('starts with a wrong port path: a tilt naming the port, the rest of the cabinet up', async () => {
    const config = parseConfig({
      devices: { acceptor: join(dir, 'no-such-port'), printer: 'simulated', deck: 'simulated' },
    });
    const devices = configuredDevices(config);
    const app = await start(config, devices);
    await until(
      'the acceptor tilt with its reason',
      () =>
        /cannot open .*no-such-port/.test(
          app.runner.state.tilts.find((t) => t.code === 'acceptor:offline')?.reason ?? '',
        ),
      10_000,
    );
    await until('the others up', () => tilts(app).join() === 'acceptor:offline', 10_000);
  });
});

describe('the acceptor powers up in the public order, with a time limit (finding 6)', () => {
  it('an acceptor stuck initialising is a tilt', async () => {
    const config = parseConfig({});
    const devices = createDevices(config.devices, { acceptor: { initializeTimeoutMs: 300 } });
    const acceptor = devices.sim.acceptor as AcceptorSimulator;
    acceptor.setStuckInitializing(true);
    const app = await start(config, devices);
    await until('the initialise tilt', () => tilts(app).includes('acceptor:fault:initializeTimeout'), 10_000);
    expect(devices.sim.acceptor!.insertNote(100)).toBe(false);
    acceptor.setStuckInitializing(false);
    await until('the tilt gone', () => upAndReported(app), 10_000);
  });
});

describe('key switches come from the deck (finding 3)', () => {
  it('a restart with the attendant key turned off meanwhile refuses creditClear', async () => {
    const config = parseConfig({});
    const db = 'keys.db';
    const first = configuredDevices(config);
    const app = await start(config, first, db);
    await until('devices up', () => upAndReported(app), 10_000);
    await until('note in', () => first.sim.acceptor!.insertNote(10000), 10_000);
    await until('credited', () => app.runner.state.balance === 10000, 10_000);
    first.sim.deck!.turnKey('attendant', true);
    await until('attendant key on', () => app.runner.state.keys.attendant, 10_000);
    await app.close();
    running.length = 0;
    // Meanwhile the key is turned off: the new deck reports it off.
    const second = configuredDevices(config);
    const again = await start(config, second, db);
    expect(again.runner.state.keys.attendant).toBe(false);
    expect(again.runner.wish({ type: 'creditClear', confirm: true }).ok).toBe(false);
    await until('the deck reported', () => upAndReported(again), 10_000);
    const r = again.runner.wish({ type: 'creditClear', confirm: true });
    expect(r).toMatchObject({ ok: false, refusal: { rule: 'C-21', reason: 'the attendant key is needed' } });
    expect(again.runner.state.balance).toBe(10000);
  });
});

describe('an MEI/CPI acceptor over EBDS in the cabinet (issue 25)', () => {
  const EBDS = { acceptor: { path: 'simulated', protocol: 'ebds' }, printer: 'simulated', deck: 'simulated' };

  it('credits a note at what the unit reports; a jam and a removed cash box are tilts that clear; silence too', async () => {
    const config = parseConfig({ devices: EBDS });
    const devices = configuredDevices(config, join(dir, 'data'));
    const acceptor = devices.sim.acceptor as EbdsSimulator;
    expect(acceptor).toBeInstanceOf(EbdsSimulator);
    const app = await start(config, devices);
    await until('devices up', () => upAndReported(app) && app.runner.state.acceptorEnabled === true, 10_000);
    await until('the acceptor takes the note', () => acceptor.insertNote(5000), 10_000);
    await until('the note credited', () => app.runner.state.balance === 5000, 10_000);
    expect(app.runner.state.meters.lifetime.billsCount).toBe(1);
    acceptor.jam();
    acceptor.setStackerOpen(true);
    await until('the jam tilt', () => tilts(app).join() === 'acceptor:fault:jam,acceptor:fault:stackerOpen', 10_000);
    expect(acceptor.insertNote(2000)).toBe(false);
    acceptor.clearJam();
    acceptor.setStackerOpen(false);
    await until('the tilts gone', () => upAndReported(app), 10_000);
    acceptor.powerOff();
    await until('the silent acceptor', () => tilts(app).join() === 'acceptor:offline', 10_000);
    acceptor.powerOn();
    await until('back, read again and enabled', () => upAndReported(app) && acceptor.drawsIn, 10_000);
    expect(app.runner.state.balance).toBe(5000);
  });

  it('takes nothing from a unit with notes of another currency (C-16): a tilt, never a credit', async () => {
    const config = parseConfig({ currency: 'EUR', devices: EBDS });
    const devices = createDevices(config.devices, { ebdsSim: { currency: 'USD' } });
    const app = await start(config, devices);
    await until('the currency fault', () => tilts(app).includes('acceptor:fault:currency'), 10_000);
    expect(app.runner.state.tilts.find((t) => t.code === 'acceptor:fault:currency')?.reason).toMatch(
      /a USD note; the cabinet's currency is EUR/,
    );
    expect(devices.sim.acceptor!.insertNote(2000)).toBe(false);
    expect(app.runner.state.balance).toBe(0);
  });
});

// Tickets in through a casino system (issue 15, "SAS host present"), all over socat pseudo-terminals:
// the cabinet runs its real acceptor driver against the device rig's serial simulator and its SAS
// link against the host simulator, which polls like a casino system (67 → 70 → 71, 68 → 71 FF).
// The host validates and the ticket is credited; the host refuses and it goes back; the host says
// nothing and it goes back on the operator's time-out. Each redemption ends with 68, raised until
// the host has read the final status, and the host's records agree with the cabinet's meters.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import { checkBalance } from '../../cabinet';
import { createDevices } from '../../devices';
import { SasHost, type RedemptionRecord } from '../../devices/sas/host';
import { SAS_BAUD_RATE } from '../../devices/sas/port';
import { SerialEndpoint } from '../../devices/shared/serial-endpoint';
import { SocatPair } from '../../devices/shared/socat-pair';
import { until } from '../../devices/testing/event-log';
import type { Journal } from '../../store';
import { openJournal } from '../cabinet-app';
import { parseConfig } from '../config';
import { nodeEnv } from '../node-env';
import { CabinetRunner } from '../runner';
import { DeviceRig } from '../../../test/support/device-rig';
import { sasJournal } from './sas-journal';
import { startSas, type SasService } from './sas-service';
import { HostTicketValidator } from './ticket-in';

let dir: string;
let rig: DeviceRig;
/** The same rig with an MEI/CPI acceptor over EBDS (issue 25). */
let ebdsRig: DeviceRig;
let pair: SocatPair;
let hostEnd: SerialEndpoint;
let host: SasHost;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-tickets-sas-'));
  rig = await DeviceRig.start({ dir, ledgerPath: join(dir, 'devices.jsonl') });
  mkdirSync(join(dir, 'ebds'), { recursive: true });
  ebdsRig = await DeviceRig.start({ dir: join(dir, 'ebds'), ledgerPath: join(dir, 'ebds.jsonl'), acceptor: 'ebds' });
  pair = new SocatPair(join(dir, 'sas-machine'), join(dir, 'sas-host'));
  await pair.start();
  hostEnd = new SerialEndpoint({ path: pair.device, baudRate: SAS_BAUD_RATE });
  host = new SasHost(hostEnd, { replyTimeoutMs: 300 });
  host.runCasino({ addresses: [1], cycleMs: 40, metersEveryMs: 60_000 });
});
afterAll(async () => {
  await host.stop();
  host.detach();
  await hostEnd.close();
  await pair.stop();
  await rig.close();
  await ebdsRig.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Cabinet {
  runner: CabinetRunner;
  store: Journal;
  sas: SasService;
  close(): Promise<void>;
}

/** A cabinet as cabinet-app assembles one with a SAS link: the host validates, standalone never. */
async function cabinet(name: string, settings: Record<string, unknown> = {}, devices = rig): Promise<Cabinet> {
  const config = parseConfig(
    { devices: { ...devices.ports, sas: { path: pair.host, address: 1 } }, ...settings },
    join(dir, `${name}.json`),
  );
  const store = openJournal(join(dir, name, 'data', 'cabinet.db'), config);
  const bus = createDevices(config.devices).bus;
  const hostValidator = new HostTicketValidator();
  const runner = await CabinetRunner.start({
    store,
    bus,
    env: nodeEnv(new SeededRandom(name), store),
    settings: config.settings,
    initialPin: config.initialPin,
    sas: config.sas!.settings,
    journal: sasJournal(store),
    validator: hostValidator.validate,
  });
  const sas = await startSas(config.sas!, runner, store, hostValidator);
  await until('the devices up', () => runner.state.tilts.length === 0 && runner.state.acceptorEnabled === true, 15_000);
  return {
    runner,
    store,
    sas,
    async close() {
      await sas.close();
      await runner.close();
      store.close();
    },
  };
}

// A ticket's outcome is a new object: the same barcode twice can be decided within one millisecond.
const ended = (c: Cabinet, barcode: string, before: Before) => {
  const t = c.runner.state.lastTicket;
  return t !== before && t?.barcode === barcode;
};
/** The final status read by the host: the cabinet has committed that it was read. */
const statusRead = (c: Cabinet) =>
  c.runner.state.lastTicket !== null && c.runner.state.sas?.ticketStatusRead === c.runner.state.lastTicket.since;

type Before = Cabinet['runner']['state']['lastTicket'];

async function insertTicket(c: Cabinet, barcode: string, devices = rig): Promise<Before> {
  const before = c.runner.state.lastTicket;
  await until('the acceptor draws the ticket in', () => devices.acceptor.insertTicket(barcode), 10_000);
  return before;
}

const lastRedemption = (barcode: string): RedemptionRecord | undefined =>
  host.redemptions.findLast((r) => r.barcode === barcode);
const exceptionsSince = (n: number, code: number) => host.exceptions.slice(n).filter((e) => e.code === code).length;

describe('tickets in through the SAS host, over socat ptys', () => {
  it(
    'credits what the host validates (71 with and without the restricted fields), once; the same ticket again is refused by the host',
    { timeout: 90_000 },
    async () => {
      host.ticketMode = 'accept';
      const A = '001111222233334444';
      const B = '005555666677778888';
      host.tickets.set(A, { amountCents: 1500, state: 'valid' });
      host.tickets.set(B, { amountCents: 700, state: 'valid' });
      const c = await cabinet('accept');
      try {
        const seen = host.exceptions.length;
        let since: Before = await insertTicket(c, A);
        await until('A credited', () => c.runner.state.balance === 1500, 15_000);
        await until('the host read how A ended', () => statusRead(c), 10_000);
        expect(lastRedemption(A)).toMatchObject({
          transferCode: 0,
          amountCents: 1500,
          replyStatus: 0x40,
          finalStatus: 0x00,
        });
        expect(host.tickets.get(A)!.state).toBe('redeemed');
        expect(rig.acceptor.ticketBox).toContain(A);
        expect(exceptionsSince(seen, 0x67)).toBe(1);
        expect(exceptionsSince(seen, 0x68)).toBeGreaterThanOrEqual(1);

        since = await insertTicket(c, B);
        await until('B credited', () => c.runner.state.balance === 2200, 15_000);
        await until('the host read how B ended', () => statusRead(c), 10_000);
        expect(lastRedemption(B)).toMatchObject({ amountCents: 700, finalStatus: 0x00 });

        // A again: the host has it redeemed (84), the cabinet hands it back and credits nothing.
        since = await insertTicket(c, A);
        await until(
          'A returned',
          () => ended(c, A, since) && c.runner.state.lastTicket?.outcome === 'returned',
          15_000,
        );
        expect(c.runner.state.lastTicket?.reason).toBe('alreadyRedeemed');
        await until('the host read how it ended', () => statusRead(c), 10_000);
        expect(lastRedemption(A)).toMatchObject({ transferCode: 0x84, finalStatus: 0x80 });
        expect(c.runner.state.balance).toBe(2200);

        const life = c.runner.state.meters.lifetime;
        expect([life.vouchersIn, life.vouchersInCount]).toEqual([2200, 2]);
        expect(checkBalance(life, c.runner.state.balance).ok).toBe(true);
        // The host's view: what it redeemed (final status 00) is what the cabinet's meter took in.
        const credited = host.redemptions.filter((r) => r.finalStatus === 0x00).reduce((a, r) => a + r.amountCents, 0);
        expect(credited).toBe(life.vouchersIn);
        // The link answered both forms of the host's 71 (it alternates them).
        expect(c.sas.link.status().malformedPolls).toBe(0);
      } finally {
        await c.close();
      }
    },
  );

  it(
    'returns a ticket the host refuses, and one over the credit limit; 68 until the host reads each',
    { timeout: 90_000 },
    async () => {
      const C = '002222333344445555';
      const D = '009999888877776666';
      host.tickets.set(C, { amountCents: 900, state: 'valid', answer: 'reject' });
      host.tickets.set(D, { amountCents: 2_000_000, state: 'valid' });
      host.ticketMode = 'accept';
      const c = await cabinet('reject', { limits: { creditLimit: 100_000 } });
      try {
        let since: Before = await insertTicket(c, C);
        await until('C returned', () => ended(c, C, since), 15_000);
        expect(c.runner.state.lastTicket).toMatchObject({ outcome: 'returned', reason: 'notValidHere', code: 0x80 });
        await until('the host read how C ended', () => statusRead(c), 10_000);
        expect(lastRedemption(C)).toMatchObject({ transferCode: 0x80, finalStatus: 0x80 });
        expect(host.tickets.get(C)!.state).toBe('valid');

        since = await insertTicket(c, D);
        await until('D returned', () => ended(c, D, since), 15_000);
        expect(c.runner.state.lastTicket).toMatchObject({ outcome: 'returned', reason: 'creditLimit' });
        await until('the host read how D ended', () => statusRead(c), 10_000);
        // Refused at once in the 71 reply (84), and so its final status.
        expect(lastRedemption(D)).toMatchObject({ transferCode: 0, replyStatus: 0x84, finalStatus: 0x84 });
        expect(host.tickets.get(D)!.state).toBe('valid');
        expect(c.runner.state.balance).toBe(0);
        expect(c.runner.state.meters.lifetime.vouchersInCount ?? 0).toBe(0);
      } finally {
        await c.close();
      }
    },
  );

  it(
    "returns a ticket the host never answers on the operator's time-out, and tells the host so (88)",
    { timeout: 60_000 },
    async () => {
      const E = '004444555566667777';
      host.tickets.set(E, { amountCents: 300, state: 'valid', answer: 'silent' });
      const c = await cabinet('silent', { voucher: { validationSeconds: 3 } });
      try {
        const seen = host.exceptions.length;
        const drawnAt = Date.now();
        const since = await insertTicket(c, E);
        await until('validating', () => c.runner.state.ticket?.barcode === E, 10_000);
        await until('returned on the time-out', () => ended(c, E, since), 10_000);
        expect(Date.now() - drawnAt).toBeGreaterThanOrEqual(2900);
        expect(c.runner.state.lastTicket?.reason).toBe('timedOut');
        await until('the host read how it ended', () => statusRead(c), 10_000);
        expect(exceptionsSince(seen, 0x67)).toBe(1);
        expect(exceptionsSince(seen, 0x68)).toBeGreaterThanOrEqual(1);
        expect(c.runner.state.balance).toBe(0);
        expect(host.tickets.get(E)!.state).toBe('valid');
      } finally {
        await c.close();
      }
    },
  );

  it(
    'with an EBDS acceptor: the host validates, the ticket is credited once, and the same ticket again is refused',
    { timeout: 90_000 },
    async () => {
      host.ticketMode = 'accept';
      const E = '009999888877776666';
      host.tickets.set(E, { amountCents: 1200, state: 'valid' });
      const c = await cabinet('ebds', {}, ebdsRig);
      try {
        await insertTicket(c, E, ebdsRig);
        await until('E credited', () => c.runner.state.balance === 1200, 15_000);
        await until('the host read how E ended', () => statusRead(c), 10_000);
        expect(lastRedemption(E)).toMatchObject({ amountCents: 1200, finalStatus: 0x00 });
        expect(ebdsRig.acceptor.ticketBox).toEqual([E]);
        const since = await insertTicket(c, E, ebdsRig);
        await until(
          'E returned',
          () => ended(c, E, since) && c.runner.state.lastTicket?.outcome === 'returned',
          15_000,
        );
        expect(c.runner.state.lastTicket?.reason).toBe('alreadyRedeemed');
        expect(c.runner.state.balance).toBe(1200);
        expect(ebdsRig.acceptor.ticketBox).toEqual([E]);
      } finally {
        await c.close();
      }
    },
  );
});

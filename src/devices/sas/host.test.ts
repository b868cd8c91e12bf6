// The host simulator against the link, end to end through serialport: over an in-memory line and
// over a socat pseudo-terminal pair (socat missing is a failure, not a skip: CI installs it).

import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../testing/event-log';
import { MemoryExceptionStore } from './exception-queue';
import { FakeMachine, type FakeMachineOptions } from '../testing/fake-machine';
import { formatReading, readMachine, sasPoll } from './host-read';
import type { SasLinkOptions } from './link';
import { createSimulatedSas, type SasSimulation } from './simulated';
import { toSasUnits } from './meter-codes';

const MONEY = { accountingDenomination: 5, minorDigits: 2 };
const sims: SasSimulation[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) {
    await s.host.stop();
    await s.close();
  }
});

async function setup(
  transport: 'memory' | 'pty',
  machineOptions: FakeMachineOptions = {},
  link: Partial<SasLinkOptions> = {},
) {
  const store = new MemoryExceptionStore();
  const machine = new FakeMachine(store, machineOptions);
  const sim = await createSimulatedSas({
    transport,
    link: { address: 3, machine, exceptions: store, money: MONEY, ...link },
    host: { replyTimeoutMs: transport === 'pty' ? 250 : 100 },
  });
  sims.push(sim);
  return { store, machine, sim, host: sim.host, link: sim.link };
}

describe.each(['memory', 'pty'] as const)('SAS host simulator and link over %s', (transport) => {
  it('reads the meters with 2F as the machine keeps them, in credits of the accounting denomination', async () => {
    const { machine, host } = await setup(transport);
    machine.setMeter(0x00, 12_345);
    machine.setMeter(0x05, 321);
    machine.setMeter(0x0c, 995);
    machine.setMeter(0x0d, 4_000);
    host.runCasino({ addresses: [2, 3], cycleMs: 10, metersEveryMs: 50 });
    await until('meters read', () => host.meterReads.has(3), 10_000);
    const read = host.meterReads.get(3)!;
    expect(read.get(0x00)).toBe(toSasUnits(12_345, 'credits', MONEY));
    expect(read.get(0x05)).toBe(321);
    expect(read.get(0x0c)).toBe(199);
    expect(read.get(0x0d)).toBe(4_000); // cents
    expect(read.has(0x01)).toBe(false); // not kept, not reported
    expect(host.meterReads.has(2)).toBe(false); // nobody at address 2
  });

  it('takes every exception once, in order, and every voucher once with 4D after its 3D', async () => {
    const { machine, host, store } = await setup(transport);
    host.runCasino({
      addresses: [3],
      cycleMs: 5,
      metersEveryMs: 1e9,
      validation: { validationId: 0x00abcd, sequence: 100 },
    });
    await until('validation ID set', () => machine.validation.current !== null, 10_000);
    const raised = [0x11, 0x12, 0x4a, 0x7e, 0x7f];
    for (const c of raised) machine.raise(c);
    const printed = [machine.printVoucher(500), machine.printVoucher(1500), machine.printVoucher(2500)];
    await until('all reported', () => host.vouchers.length === 3 && store.pending().length === 0, 15_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(host.exceptions.map((e) => e.code)).toEqual([0x3d, 0x3d, 0x3d, ...raised]);
    expect(host.vouchers.map((v) => v.barcode)).toEqual(printed);
    expect(host.vouchers.map((v) => '00' + v.record?.validationNumber)).toEqual(printed);
    expect(host.vouchers.map((v) => v.amountCents)).toEqual([500, 1500, 2500]);
    expect(machine.records.every((r) => r.read)).toBe(true);
  });

  it('validates a ticket from its table: accepted and credited once, the same ticket again refused', async () => {
    const { machine, host } = await setup(transport, { settleAfterMs: 20 });
    const barcode = '001111222233334444';
    host.tickets.set(barcode, { amountCents: 2_000, state: 'valid' });
    host.runCasino({ addresses: [3], cycleMs: 5, metersEveryMs: 1e9 });
    machine.insertTicket(barcode);
    await until('ticket redeemed', () => host.redemptions[0]?.finalStatus !== undefined, 15_000);
    expect(host.redemptions[0]).toMatchObject({
      barcode,
      transferCode: 0x00,
      amountCents: 2_000,
      replyStatus: 0x40,
      finalStatus: 0x00,
    });
    expect(host.tickets.get(barcode)!.state).toBe('redeemed');
    expect(machine.meter(0x0c, 0)).toBe(2_000);
    await until('final status read', () => machine.ticket!.statusRead === true, 5_000);
    machine.insertTicket(barcode);
    await until('second answer', () => host.redemptions[1]?.finalStatus !== undefined, 15_000);
    expect(host.redemptions[1]).toMatchObject({ transferCode: 0x84, finalStatus: 0x80 });
    expect(machine.meter(0x0c, 0)).toBe(2_000);
    expect(machine.calls.filter((c) => c.startsWith('redeem'))).toHaveLength(2);
  });

  it('rejects every ticket when told to, and says nothing when silent (the cabinet times out)', async () => {
    const { machine, host } = await setup(transport, { settleAfterMs: 10 });
    host.tickets.set('002222333344445555', { amountCents: 100, state: 'valid' });
    host.ticketMode = 'reject';
    host.runCasino({ addresses: [3], cycleMs: 5, metersEveryMs: 1e9 });
    machine.insertTicket('002222333344445555');
    await until('rejected', () => host.redemptions[0]?.finalStatus !== undefined, 15_000);
    expect(host.redemptions[0]).toMatchObject({ transferCode: 0x80, finalStatus: 0x80 });
    host.ticketMode = 'silent';
    machine.insertTicket('002222333344445555');
    await until('67 seen twice', () => host.exceptions.filter((e) => e.code === 0x67).length === 2, 15_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(machine.ticket!.state).toBe('awaitingHost');
    machine.timeOutTicket();
    await until('68 after the time-out', () => host.exceptions.filter((e) => e.code === 0x68).length === 2, 15_000);
    expect(host.redemptions).toHaveLength(1);
    expect(host.tickets.get('002222333344445555')!.state).toBe('valid');
  });

  it('recovers a lost reply by polling again: the machine repeats it and dequeues the exception once', async () => {
    const { machine, host, link, store, sim } = await setup(transport);
    machine.raise(0x19);
    // Swallow the machine's next reply on its way to the host, as a noisy line would.
    const realWrite = sim.port.write.bind(sim.port);
    let swallow = true;
    sim.port.write = (bytes: Uint8Array) => {
      if (swallow) swallow = false;
      else realWrite(bytes);
    };
    const r1 = await host.generalPoll(3);
    expect(r1).toEqual({ kind: 'exception', code: 0x19 });
    expect(host.stats.timeouts).toBe(1);
    expect(link.status().retransmissions).toBe(1);
    expect(store.pending()).toHaveLength(1);
    expect(await host.generalPoll(3)).toEqual({ kind: 'exception', code: 0x00 }); // sync acknowledged the 19 first
    expect(store.pending()).toHaveLength(0);
  });

  it('reads a whole machine once (the sas-poll read): identity, meters, games, queued exceptions', async () => {
    const { machine, host, store } = await setup(transport);
    machine.setMeter(0x00, 1_000);
    machine.setMeter(0x05, 4, 1);
    machine.raise(0x11);
    machine.raise(0x12);
    const reading = await readMachine(host, 3);
    expect(reading).toMatchObject({ address: 3, version: '602', serial: 'PC-000042', exceptions: [0x11, 0x12] });
    expect(reading.meters['0000']).toBe(200);
    expect(reading.games.map((g) => g.config.paytableId)).toEqual(['JB96', 'PP12']);
    expect(reading.games[0]!.meters['0005']).toBe(4);
    expect(store.pending()).toEqual([]);
    const text = formatReading(reading);
    expect(text).toContain('0000  total coin in');
    expect(text).toContain('queued exceptions: 11 slot door was opened; 12 slot door was closed');
  });

  it('sets play off and on, and the clock, with acknowledged polls', async () => {
    const { machine, host, link } = await setup(transport);
    expect(await host.command(3, { command: 0x01 })).toBe(true);
    expect(link.status().disabledByHost).toBe(true);
    expect(await host.command(3, { command: 0x02 })).toBe(true);
    expect(machine.calls).toEqual(['shutdown', 'startup']);
    await host.broadcast({ command: 0x7f, at: { year: 2030, month: 6, day: 1, hour: 12, minute: 0, second: 0 } });
    await until('clock set by broadcast', () => machine.clock().year === 2030, 5_000);
  });
});

describe('SAS over a socat pseudo-terminal', () => {
  it('answers every one of a run of polls, and sas-poll reads the machine through the host end', async () => {
    const { machine, host, sim, store } = await setup('pty');
    machine.setMeter(0x0c, 5_000);
    let answered = 0;
    for (let i = 0; i < 300; i++) {
      const r = i % 2 ? await host.generalPoll(3) : await host.request(3, { command: 0x1a });
      if (r && (!('kind' in r) || r.kind !== 'none')) answered++;
    }
    expect(answered).toBe(300);
    machine.raise(0x17);
    host.detach(); // let sas-poll own the host end's traffic
    await sim.hostEndpoint.close();
    const reading = await sasPoll({ port: sim.hostPath!, address: 3 });
    expect(reading.meters['000C']).toBe(1_000);
    expect(reading.exceptions).toEqual([0x17]);
    expect(reading.clock).toEqual(machine.clock());
    expect(store.pending()).toEqual([]); // the last one was acknowledged before the line closed
  });

  it('refuses to poll a path that is not a pseudo-terminal', async () => {
    await expect(sasPoll({ port: '/dev/null', address: 1 })).rejects.toThrow(/not a pseudo-terminal/);
  });
});

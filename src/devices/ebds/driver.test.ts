// The EBDS driver against the EBDS simulator over socat pseudo-terminals (7 data bits, even parity),
// the bytes crossing the kernel's tty layer as over a real serial line. socat missing is a failure.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { SerialEndpoint } from '../shared/serial-endpoint';
import { SocatPair } from '../shared/socat-pair';
import { EventLog, until } from '../testing/event-log';
import { decodeReply, type EbdsCommand } from './codec';
import { EbdsDriver, type EbdsDriverOptions } from './driver';
import { EbdsSimulator, type EbdsSimOptions } from './simulator';

// Timeouts wide enough for a loaded machine: a slow pseudo-terminal must not read as an outage.
const FAST = { pollMs: 5, responseTimeoutMs: 200, retries: 2, reconnectMs: 20, currency: 'USD', minorDigits: 2 };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A line between the simulator and drivers, and a way to lose the simulator's next replies. */
async function line(simOptions: EbdsSimOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ebds-line-'));
  const pair = new SocatPair(join(dir, 'host'), join(dir, 'device'));
  await pair.start();
  const endpoint = new SerialEndpoint({ path: pair.device, baudRate: 9600, dataBits: 7, parity: 'even' });
  let lose: ((reply: Buffer) => boolean) | null = null;
  const lossy: DeviceEndpoint = {
    write: (bytes) => {
      if (lose?.(Buffer.from(bytes))) return;
      endpoint.write(bytes);
    },
    onData: (l) => endpoint.onData(l),
    close: () => endpoint.close(),
  };
  const sim = new EbdsSimulator(simOptions).attach(lossy);
  const commands: EbdsCommand[] = [];
  sim.on('command', (c) => commands.push(c));
  const drivers: EbdsDriver[] = [];
  cleanups.push(async () => {
    for (const d of drivers) await d.stop();
    sim.detach();
    await endpoint.close();
    await pair.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  /** A driver on the line; its toggle is kept in `toggleFile` (the cabinet's data folder). */
  const driver = (extra: Partial<EbdsDriverOptions> = {}, toggleFile: string | null = join(dir, 'toggle')) => {
    const d = new EbdsDriver({ path: pair.host, ...FAST, ...(toggleFile ? { toggle: toggleFile } : {}), ...extra });
    const log = new EventLog();
    d.on('event', log.push);
    d.start();
    drivers.push(d);
    return { driver: d, log };
  };
  return { dir, pair, sim, commands, driver, loseReplies: (f: typeof lose) => (lose = f) };
}

async function enabled(sim: EbdsSimulator, driver: EbdsDriver) {
  await until('note table', () => driver.noteTable !== null);
  driver.send({ device: 'acceptor', type: 'enable', enabled: true });
  await until('acceptor enabled', () => sim.state.enabled);
}

const settle = (ms = 60) => new Promise((r) => setTimeout(r, ms));

describe('EBDS driver over socat pseudo-terminals', () => {
  it('reads the note table from the unit, credits each note once, at the stacked report', async () => {
    const { sim, driver } = await line();
    const { driver: d, log } = driver();
    await enabled(sim, d);
    expect(d.noteTable!.map((n) => n.value)).toEqual([100, 200, 500, 1000, 2000, 5000, 10000]);
    for (const value of [2000, 500, 10000]) {
      const from = log.events.length;
      expect(sim.insertNote(value)).toBe(true);
      await log.next({ type: 'escrow', value }, from);
      await settle(30);
      // Without the cabinet's word the note stays in escrow.
      expect(sim.state.phase).toBe('escrow');
      d.send({ device: 'acceptor', type: 'stack' });
      await log.next({ type: 'stacked', value }, from);
      await until('idle', () => sim.state.phase === 'idle');
    }
    await settle();
    expect(log.of('stacked').map((e) => (e as { value: number }).value)).toEqual([2000, 500, 10000]);
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000, 500, 10000]);
    expect(await d.recovery.acceptorNote()).toEqual({ state: 'stacked', value: 10000 });
    // The page reads what the unit reports: idle once the reply after the stacked report is read twice.
    await until('idle reported', () => d.identity.state === 'idling');
    expect(d.identity).toMatchObject({
      protocol: 'ebds',
      model: 'SC Advance / Cashflow SC 83 or 85',
      revision: '33',
      software: '286100R21, CRC 3B7E',
      state: 'idling',
      lastDocument: { kind: 'note', label: 'USD 100', outcome: 'stacked' },
    });
  });

  it('takes its value from what the unit reports: an odd note of 3 is 300, never a table of ours', async () => {
    const { sim, driver } = await line({ notes: [3, 25] });
    const { driver: d, log } = driver();
    await enabled(sim, d);
    sim.insertNote(300);
    expect(await log.next({ type: 'escrow' })).toMatchObject({ value: 300, denomination: 'USD 3' });
    d.send({ device: 'acceptor', type: 'stack' });
    expect(await log.next({ type: 'stacked' })).toMatchObject({ value: 300 });
  });

  it('refuses notes while the cabinet cannot take money, and returns one in escrow it refuses', async () => {
    const { sim, driver } = await line();
    const { driver: d, log } = driver();
    await until('note table', () => d.noteTable !== null);
    await settle();
    // Never enabled: the unit is polled disabled and draws nothing in.
    expect(sim.state.enabled).toBe(false);
    expect(sim.insertNote(2000)).toBe(false);
    await enabled(sim, d);
    sim.insertNote(5000);
    await log.next({ type: 'escrow' });
    d.send({ device: 'acceptor', type: 'return' });
    expect(await log.next({ type: 'returned' })).toMatchObject({ value: 5000 });
    // Disabled while a note waits in escrow: it goes back, unasked.
    await until('idle', () => sim.state.phase === 'idle');
    expect(sim.insertNote(1000)).toBe(true);
    await log.next({ type: 'escrow', value: 1000 });
    d.send({ device: 'acceptor', type: 'enable', enabled: false });
    await log.next({ type: 'returned', value: 1000 });
    await until('disabled', () => !sim.state.enabled);
    expect(sim.cashbox).toEqual([]);
    expect(log.of('stacked')).toEqual([]);
  });

  it('a reply lost on the line: the command goes again with the same toggle, the unit repeats its reply, nothing twice', async () => {
    const { sim, driver, commands, loseReplies } = await line();
    const { driver: d, log } = driver();
    await enabled(sim, d);
    sim.insertNote(2000);
    await log.next({ type: 'escrow' });
    let lost = 0;
    loseReplies((bytes) => {
      // The reply that reports the stack is lost, once: the unit has acted, the host has not heard.
      const r = decodeReply(bytes);
      if (lost > 0 || r.type === 'auxiliary' || r.status.event !== 'stacked') return false;
      lost++;
      return true;
    });
    const before = commands.length;
    d.send({ device: 'acceptor', type: 'stack' });
    await log.next({ type: 'stacked' });
    await settle();
    expect(lost).toBe(1);
    // The command after the lost reply carried the same toggle: a repeat, answered with the same reply.
    const sent = commands.slice(before);
    const repeats = sent.filter((c, i) => i > 0 && c.toggle === sent[i - 1]!.toggle);
    expect(repeats.length).toBeGreaterThanOrEqual(1);
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000]);
    expect(log.of('stacked')).toHaveLength(1);
  });

  it('the port lost mid-session and back: offline once, online once, the note in escrow and the one stacking credited once', async () => {
    const { sim, pair, driver } = await line({ stepPolls: 3 });
    const { driver: d, log } = driver();
    await enabled(sim, d);
    sim.insertNote(2000);
    await log.next({ type: 'escrow' });
    await pair.stop();
    await log.next({ type: 'offline' });
    await settle(100);
    await pair.start();
    await log.next({ type: 'online' }, 1);
    d.send({ device: 'acceptor', type: 'stack' });
    await log.next({ type: 'stacked' });
    // Now one lost while it is stacking (the unit read again after the reconnection first).
    await until('idle and enabled', () => sim.drawsIn);
    const from = log.events.length;
    expect(sim.insertNote(500)).toBe(true);
    await log.next({ type: 'escrow', value: 500 }, from);
    d.send({ device: 'acceptor', type: 'stack' });
    await until('stacking', () => sim.state.phase === 'stacking');
    await pair.stop();
    await log.next({ type: 'offline' }, from);
    await pair.start();
    await log.next({ type: 'stacked', value: 500 }, from);
    await settle();
    expect(log.of('offline')).toHaveLength(2);
    expect(log.of('online')).toHaveLength(3);
    expect(log.of('stacked').map((e) => (e as { value: number }).value)).toEqual([2000, 500]);
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000, 500]);
  });

  it('a jam is a fault (a tilt) while the unit reports it, cleared when it is freed; the note caught goes back', async () => {
    const { sim, driver } = await line();
    const { driver: d, log } = driver();
    await enabled(sim, d);
    sim.insertNote(2000);
    await log.next({ type: 'escrow' });
    sim.jam();
    expect(await log.next({ type: 'fault' })).toEqual({
      device: 'acceptor',
      type: 'fault',
      code: 'jam',
      message: 'the note path is jammed',
    });
    sim.setStackerOpen(true);
    await log.next({ type: 'fault', code: 'stackerOpen' });
    sim.setStackerOpen(false);
    sim.clearJam();
    await log.next({ type: 'faultCleared', code: 'jam' });
    await log.next({ type: 'faultCleared', code: 'stackerOpen' });
    await log.next({ type: 'returned', value: 2000 });
    expect(sim.cashbox).toEqual([]);
  });

  it('power lost with a note in escrow: handed back at power-up; returned (same driver) or none (a new one)', async () => {
    const { sim, driver } = await line();
    const first = driver();
    await enabled(sim, first.driver);
    sim.insertNote(2000);
    await first.log.next({ type: 'escrow' });
    await sim.powerCycle(30);
    await first.log.next({ type: 'returned', value: 2000 });
    await until('idle', () => sim.state.phase === 'idle');
    expect(await first.driver.recovery.acceptorNote()).toEqual({ state: 'returned', value: 2000 });
    // Power lost to both: the cabinet restarts with a new driver while the unit hands the note back.
    await first.driver.stop();
    sim.powerOff();
    sim.powerOn();
    const second = driver();
    expect(await second.driver.recovery.acceptorNote()).toEqual({ state: 'none', value: 0 });
    expect(sim.cashbox).toEqual([]);
    expect(second.log.of('stacked')).toEqual([]);
  });

  it('power lost with a note stacking: stacked at power-up (policy A), credited once; a new driver answers stacked', async () => {
    const { sim, driver } = await line({ stepPolls: 4 });
    const first = driver();
    await enabled(sim, first.driver);
    sim.insertNote(2000);
    await first.log.next({ type: 'escrow' });
    first.driver.send({ device: 'acceptor', type: 'stack' });
    await until('stacking', () => sim.state.phase === 'stacking');
    await settle(10);
    await sim.powerCycle(30);
    await first.log.next({ type: 'stacked' });
    // The driver credits at the power-up report; the unit boxes the note a few polls later, and a
    // loaded machine may take longer than any fixed wait to make them.
    await until('in the cash box', () => sim.cashbox.length > 0);
    await settle(100);
    expect(first.log.of('stacked')).toEqual([
      { device: 'acceptor', type: 'stacked', value: 2000, denomination: 'USD 20' },
    ]);
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000]);
    // Again, the cabinet and the unit both losing power: the new driver cannot name the note (the
    // unit reports it stacked without its value) and says so; the journal names it.
    await until('enabled again', () => sim.state.phase === 'idle' && sim.state.enabled);
    expect(sim.insertNote(500)).toBe(true);
    await first.log.next({ type: 'escrow', value: 500 });
    first.driver.send({ device: 'acceptor', type: 'stack' });
    await until('stacking', () => sim.state.phase === 'stacking');
    await first.driver.stop();
    sim.powerOff();
    sim.powerOn();
    const second = driver();
    expect(await second.driver.recovery.acceptorNote()).toEqual({ state: 'stacked', value: 0 });
    second.driver.recovery.committed();
    await until('the second note in the cash box', () => sim.cashbox.length > 1);
    await settle(100);
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000, 500]);
    expect(second.log.of('stacked')).toEqual([]);
  });

  it('a cabinet restarted between the stacked report and its commit hears it again: the toggle is kept', async () => {
    const { sim, driver, loseReplies } = await line();
    const first = driver();
    await enabled(sim, first.driver);
    sim.insertNote(2000);
    await first.log.next({ type: 'escrow' });
    // The cabinet dies as the stacked report arrives: here, the report never reaches it.
    let dead = false;
    loseReplies((bytes) => {
      const r = decodeReply(bytes);
      if (r.type !== 'auxiliary' && r.status.event === 'stacked') dead = true;
      return dead;
    });
    first.driver.send({ device: 'acceptor', type: 'stack' });
    await until('stacked in the unit', () => sim.cashbox.length === 1);
    await first.driver.stop();
    loseReplies(null);
    const second = driver();
    // Its first command carries the toggle the first driver last sent: the unit repeats the report.
    expect(await second.driver.recovery.acceptorNote()).toEqual({ state: 'stacked', value: 0 });
    expect(await second.driver.recovery.acceptorTicket()).toEqual({ state: 'stacked', barcode: null });
    second.driver.recovery.committed();
    await settle(100);
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000]);
  });

  it('C-16: a unit with notes of another currency is a fault and takes nothing; told the right currency, it clears', async () => {
    const { sim, driver } = await line({ currency: 'EUR' });
    const { driver: d, log } = driver();
    const fault = await log.next({ type: 'fault' });
    expect(fault).toMatchObject({ code: 'currency', message: expect.stringMatching(/EUR note.*currency is USD/) });
    d.send({ device: 'acceptor', type: 'enable', enabled: true });
    await settle();
    expect(sim.state.enabled).toBe(false);
    d.send({ device: 'acceptor', type: 'currency', currency: 'EUR', minorDigits: 2 });
    await log.next({ type: 'faultCleared', code: 'currency' });
    await until('enabled', () => sim.state.enabled);
    sim.insertNote(5000);
    expect(await log.next({ type: 'escrow' })).toMatchObject({ value: 5000, denomination: 'EUR 50' });
  });

  it('takes only the notes the operator takes: the others are disabled in the unit', async () => {
    const { sim, driver } = await line();
    const { driver: d, log } = driver({ acceptValues: [500, 2000] });
    await enabled(sim, d);
    expect(sim.state.enables).toEqual([false, false, true, false, true, false, false]);
    sim.insertNote(10000);
    expect(await log.next({ type: 'rejected' })).toMatchObject({ reason: 'the acceptor rejected the document' });
    expect(log.of('escrow')).toEqual([]);
  });

  it('tickets: an 18-digit barcode is offered once and stacked on its word; any other goes back unasked', async () => {
    const { sim, driver } = await line({ anyBarcode: true });
    const { driver: d, log } = driver();
    await enabled(sim, d);
    expect(sim.state.barcodes).toBe(true);
    sim.insertTicket('001234567890123456');
    expect(await log.next({ type: 'ticket' })).toMatchObject({ barcode: '001234567890123456' });
    // A note's word never moves a ticket.
    d.send({ device: 'acceptor', type: 'stack' });
    await settle();
    expect(sim.state.phase).toBe('escrow');
    d.send({ device: 'acceptor', type: 'stackTicket', barcode: '001234567890123456' });
    await log.next({ type: 'ticketStacked', barcode: '001234567890123456' });
    await until('idle', () => sim.state.phase === 'idle');
    sim.insertTicket('12345');
    expect(await log.next({ type: 'ticketRejected' })).toMatchObject({ reason: 'the barcode has 5 digits, not 18' });
    await until('handed back', () => sim.state.phase === 'idle');
    await settle();
    expect(sim.ticketBox).toEqual(['001234567890123456']);
    expect(log.of('ticket')).toHaveLength(1);
    expect(log.of('ticketStacked')).toHaveLength(1);
  });
});

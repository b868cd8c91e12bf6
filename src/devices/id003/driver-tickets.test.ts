// Barcode tickets through the acceptor driver: set up at power-up, passed up as tickets (never
// notes), stacked or returned only on the cabinet's word for that very ticket, reported once,
// answered for after a restart (C-14), and anything hostile returned and reported.

import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceEvent } from '../../cabinet/device-events';
import { MemoryLink } from '../shared/memory-link';
import { EventLog, until } from '../testing/event-log';
import { buildFrame, encodeCommand, type Id003Command } from './codec';
import { AcceptorDriver } from './driver';
import { ScriptedAcceptor } from '../testing/scripted-acceptor';
import { AcceptorSimulator, type AcceptorSimOptions } from './simulator';

const FAST = { pollMs: 5, responseTimeoutMs: 40, retries: 1, reconnectMs: 20, currency: 'USD', minorDigits: 2 };
const A = '001234567890123456';
const B = '009876543210987654';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

function driverOn(link: MemoryLink, extra: Partial<ConstructorParameters<typeof AcceptorDriver>[0]> = {}) {
  const driver = new AcceptorDriver({ path: link.path, binding: link.binding, ...FAST, ...extra });
  const log = new EventLog();
  driver.on('event', log.push);
  driver.start();
  stops.push(() => driver.stop());
  return { driver, log };
}

function withSimulator(simOptions: AcceptorSimOptions = {}) {
  const link = new MemoryLink('acceptor');
  const sim = new AcceptorSimulator(simOptions).attach(link.device);
  return { link, sim, ...driverOn(link) };
}

async function ready(sim: AcceptorSimulator, driver: AcceptorDriver) {
  driver.send({ device: 'acceptor', type: 'enable', enabled: true });
  await until(
    'acceptor idle and enabled',
    () => sim.state.phase === 'idle' && !sim.state.inhibited && driver.ticketReading === 'set',
  );
}

const ofType = (log: EventLog, ...types: DeviceEvent['type'][]) => log.events.filter((e) => types.includes(e.type));
const settle = () => new Promise((r) => setTimeout(r, 60));

describe('tickets through the driver and the simulator', () => {
  it('passes a ticket up as a ticket, stacks it on the word for that barcode and reports it stacked once', async () => {
    const { sim, driver, log } = withSimulator();
    await ready(sim, driver);
    expect(sim.insertTicket(A)).toBe(true);
    expect(await log.next({ type: 'ticket' })).toEqual({ device: 'acceptor', type: 'ticket', barcode: A });
    expect(log.of('escrow')).toEqual([]);
    // A note's word, or a word for another ticket, leaves it where it is.
    driver.send({ device: 'acceptor', type: 'stack' });
    driver.send({ device: 'acceptor', type: 'stackTicket', barcode: B });
    await settle();
    expect(sim.state).toMatchObject({ phase: 'escrow', ticket: A });
    driver.send({ device: 'acceptor', type: 'stackTicket', barcode: A });
    expect(await log.next({ type: 'ticketStacked' })).toEqual({
      device: 'acceptor',
      type: 'ticketStacked',
      barcode: A,
    });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    await settle();
    expect(ofType(log, 'ticketStacked', 'stacked', 'escrow', 'returned', 'ticketReturned')).toEqual([
      { device: 'acceptor', type: 'ticketStacked', barcode: A },
    ]);
    expect(sim.ticketBox).toEqual([A]);
    expect(sim.cashbox).toEqual([]);
    expect(await driver.recovery.acceptorTicket()).toEqual({ state: 'stacked', barcode: A });
    expect(await driver.recovery.acceptorNote()).toEqual({ state: 'none', value: 0 });
  });

  it('returns a ticket on the word for that barcode and reports it returned', async () => {
    const { sim, driver, log } = withSimulator();
    await ready(sim, driver);
    const returned: string[] = [];
    sim.on('ticketReturned', (b) => returned.push(b));
    sim.insertTicket(A);
    await log.next({ type: 'ticket' });
    driver.send({ device: 'acceptor', type: 'returnTicket', barcode: A });
    expect(await log.next({ type: 'ticketReturned' })).toEqual({
      device: 'acceptor',
      type: 'ticketReturned',
      barcode: A,
    });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    expect(returned).toEqual([A]);
    expect(sim.ticketBox).toEqual([]);
    expect(await driver.recovery.acceptorTicket()).toEqual({ state: 'returned', barcode: A });
  });

  it('a note and a ticket in turn: each on its own path, each credited or returned once', async () => {
    const { sim, driver, log } = withSimulator();
    await ready(sim, driver);
    sim.insertNote(2000);
    await log.next({ type: 'escrow' });
    driver.send({ device: 'acceptor', type: 'stackTicket', barcode: A });
    await settle();
    expect(sim.state.phase).toBe('escrow');
    driver.send({ device: 'acceptor', type: 'stack' });
    await log.next({ type: 'stacked' });
    await until('idle', () => sim.state.phase === 'idle');
    sim.insertTicket(A);
    await log.next({ type: 'ticket' });
    driver.send({ device: 'acceptor', type: 'returnTicket', barcode: A });
    await log.next({ type: 'ticketReturned' });
    await until('idle', () => sim.state.phase === 'idle');
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000]);
    expect(sim.ticketBox).toEqual([]);
    expect(log.of('stacked')).toHaveLength(1);
  });

  it('returns a barcode that is not 18 digits without asking, and reports it for the log', async () => {
    // A unit that passes on whatever it reads: the driver's own check is all that stands.
    const { sim, driver, log } = withSimulator({ anyBarcode: true });
    await ready(sim, driver);
    for (const [raw, reason] of [
      ['12345', 'the barcode has 5 digits, not 18'],
      ['0012345678901234567', 'the barcode has 19 digits, not 18'],
      ['00123456789012345\u00ff', 'the barcode has characters other than digits (18 bytes)'],
      ['\u001b[2J\r\nDROP TABLE', 'the barcode has characters other than digits (16 bytes)'],
    ] as const) {
      const from = log.events.length;
      sim.insertTicket(raw);
      const rejected = await log.next({ type: 'ticketRejected' }, from);
      expect(rejected).toMatchObject({ reason });
      expect((rejected as { barcode: string }).barcode).toMatch(/^[\x20-\x7e]*$/);
      await until('handed back', () => sim.state.phase === 'idle');
    }
    await settle();
    expect(ofType(log, 'ticket', 'ticketStacked', 'ticketReturned', 'stacked')).toEqual([]);
    expect(log.of('ticketRejected').map((e) => (e as { barcode: string }).barcode)).toEqual([
      '12345',
      '0012345678901234567',
      '00123456789012345\\xff',
      '\\x1b[2J\\x0d\\x0aDROP TABLE',
    ]);
    expect(sim.ticketBox).toEqual([]);
    expect(await driver.recovery.acceptorTicket()).toEqual({ state: 'none', barcode: null });
  });

  it('keeps the ticket across a lost port mid-stack: reported stacked once', async () => {
    const { sim, driver, log, link } = withSimulator();
    await ready(sim, driver);
    sim.insertTicket(A);
    await log.next({ type: 'ticket' });
    const pull = (c: { type: string }) => {
      if (c.type !== 'stack1') return;
      sim.off('command', pull);
      queueMicrotask(() => link.unplug());
    };
    sim.on('command', pull);
    const from = log.events.length;
    driver.send({ device: 'acceptor', type: 'stackTicket', barcode: A });
    await log.next({ type: 'offline' }, from);
    link.plug();
    await log.next({ type: 'online' }, from);
    await log.next({ type: 'ticketStacked' });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    await settle();
    expect(log.of('ticketStacked')).toEqual([{ device: 'acceptor', type: 'ticketStacked', barcode: A }]);
    expect(sim.ticketBox).toEqual([A]);
  });
});

describe('the acceptor simulator reads barcodes only as set up', () => {
  /** The simulator alone, driven by frames: power-up, RESET, enabled. */
  function bareSimulator(options: AcceptorSimOptions = {}) {
    const sim = new AcceptorSimulator(options);
    let deliver: (b: Buffer) => void = () => undefined;
    sim.attach({
      write: () => undefined,
      onData: (l) => ((deliver = l), () => undefined),
      close: async () => undefined,
    });
    const send = (...cmds: Id003Command[]) => {
      for (const c of cmds) deliver(encodeCommand(c));
    };
    const rejected: number[] = [];
    const escrowed: string[] = [];
    sim.on('rejected', (r) => rejected.push(r));
    sim.on('ticketEscrow', (b) => escrowed.push(b));
    send(
      { type: 'statusRequest' },
      { type: 'reset' },
      { type: 'statusRequest' },
      { type: 'setInhibit', inhibited: false },
    );
    /** Runs the acceptor until it is idle again or holds something in escrow. */
    const run = () => {
      for (let i = 0; i < 5 && sim.state.phase !== 'escrow'; i++) send({ type: 'statusRequest' });
    };
    return { sim, send, run, rejected, escrowed };
  }

  it('rejects a ticket until the barcode function and the bar inhibit allow it, with JCM reasons', () => {
    const { sim, send, run, rejected, escrowed } = bareSimulator();
    expect(sim.state).toMatchObject({
      phase: 'idle',
      barcodeFunction: { symbology: 0, characters: 0 },
      barInhibit: 0xfe,
    });
    expect(sim.insertTicket(A)).toBe(true);
    run();
    send({ type: 'setBarcodeFunction', symbology: 0x01, characters: 18 });
    sim.insertTicket(A);
    run();
    send({ type: 'setBarInhibit', mask: 0xfc });
    sim.insertTicket('12345');
    run();
    sim.insertTicket('00123456789012345A');
    run();
    expect(rejected).toEqual([0x91, 0x79, 0x9d, 0x92]); // not set up, inhibited, length, not a digit
    expect(escrowed).toEqual([]);
    sim.insertTicket(A);
    run();
    expect(escrowed).toEqual([A]);
    expect(sim.state).toMatchObject({ phase: 'escrow', ticket: A, note: null });
  });

  it('takes nothing with notes and tickets both inhibited by C7, and forgets the set-up at power-up', () => {
    const { sim, send } = bareSimulator();
    send({ type: 'setBarcodeFunction', symbology: 0x01, characters: 18 }, { type: 'setBarInhibit', mask: 0xff });
    expect(sim.insertNote(100)).toBe(false);
    expect(sim.insertTicket(A)).toBe(false);
    send({ type: 'setBarInhibit', mask: 0xfd }); // tickets only: a note is drawn in and refused
    expect(sim.insertNote(100)).toBe(true);
    sim.powerOff();
    sim.powerOn();
    expect(sim.state).toMatchObject({ barcodeFunction: { symbology: 0, characters: 0 }, barInhibit: 0xfe });
  });

  it('refuses a barcode no escrow frame could carry', () => {
    const { sim } = bareSimulator({ anyBarcode: true });
    expect(() => sim.insertTicket('9'.repeat(250))).toThrow(/249/);
    expect(() => sim.insertTicket('12\u0100')).toThrow(/single bytes/);
  });
});

describe('a ticket while something else is pending, and other things no honest acceptor does', () => {
  async function scripted(extra: Partial<ConstructorParameters<typeof AcceptorDriver>[0]> = {}) {
    const link = new MemoryLink('acceptor');
    const acceptor = new ScriptedAcceptor(link.device);
    stops.push(async () => acceptor.detach());
    const { driver, log } = driverOn(link, extra);
    driver.send({ device: 'acceptor', type: 'enable', enabled: true });
    await until('settings sent and acceptor enabled', () =>
      acceptor.sent('setInhibit').some((c) => c.type === 'setInhibit' && !c.inhibited),
    );
    acceptor.status = { type: 'idling' };
    return { acceptor, driver, log };
  }
  const escrowTicket = (barcode: string) => ({ type: 'escrow' as const, code: 0x6f, barcode });
  const returnsSent = (a: ScriptedAcceptor) => a.sent('return').length;

  it('a second ticket over a pending one: the first is reported returned, the second goes back unasked', async () => {
    const { acceptor, log } = await scripted();
    acceptor.status = escrowTicket(A);
    await log.next({ type: 'ticket' });
    acceptor.status = escrowTicket(B);
    expect(await log.next({ type: 'ticketRejected' })).toEqual({
      device: 'acceptor',
      type: 'ticketRejected',
      barcode: B,
      reason: 'another ticket was still pending',
    });
    expect(log.of('ticketReturned')).toEqual([{ device: 'acceptor', type: 'ticketReturned', barcode: A }]);
    await until('return sent', () => returnsSent(acceptor) > 0);
    acceptor.status = { type: 'returning' };
    await settle();
    acceptor.status = { type: 'idling' };
    await settle();
    // B was never the cabinet's: no ticket event for it, and no returned report either.
    expect(log.of('ticket')).toEqual([{ device: 'acceptor', type: 'ticket', barcode: A }]);
    expect(log.of('ticketReturned')).toHaveLength(1);
  });

  it('a ticket over a pending note, and a note over a pending ticket: the pending one returned, the new one back', async () => {
    const { acceptor, log } = await scripted();
    acceptor.status = { type: 'escrow', code: 0x64 };
    await log.next({ type: 'escrow' });
    acceptor.status = escrowTicket(A);
    expect(await log.next({ type: 'ticketRejected' })).toMatchObject({
      barcode: A,
      reason: 'a note was still pending',
    });
    expect(log.of('returned')).toEqual([{ device: 'acceptor', type: 'returned', value: 2000 }]);
    acceptor.status = { type: 'idling' };
    await settle();
    acceptor.status = escrowTicket(B);
    await log.next({ type: 'ticket' });
    const from = log.events.length;
    acceptor.status = { type: 'escrow', code: 0x62 };
    expect(await log.next({ type: 'rejected' }, from)).toMatchObject({
      reason: 'USD 5 returned: a ticket was still pending',
    });
    expect(log.events.slice(from).filter((e) => e.type === 'ticketReturned')).toEqual([
      { device: 'acceptor', type: 'ticketReturned', barcode: B },
    ]);
    expect(log.events.slice(from).some((e) => e.type === 'escrow')).toBe(false);
  });

  it('a ticket drawn in while the cabinet was disabling the acceptor goes back, reported', async () => {
    const { acceptor, driver, log } = await scripted();
    driver.send({ device: 'acceptor', type: 'enable', enabled: false });
    acceptor.status = escrowTicket(A);
    expect(await log.next({ type: 'ticketRejected' })).toMatchObject({
      barcode: A,
      reason: 'the acceptor was being disabled',
    });
    await until('return sent', () => returnsSent(acceptor) > 0);
    expect(log.of('ticket')).toEqual([]);
  });

  it('a ticket the driver refused but the acceptor stacks all the same is reported stacked, never offered', async () => {
    const { acceptor, log } = await scripted();
    acceptor.status = escrowTicket('12345');
    await log.next({ type: 'ticketRejected' });
    acceptor.next.push({ type: 'stacking' });
    acceptor.status = { type: 'vendValid' };
    expect(await log.next({ type: 'ticketStacked' })).toEqual({
      device: 'acceptor',
      type: 'ticketStacked',
      barcode: '12345',
    });
    await until('vend valid acknowledged', () => acceptor.sent('ack').length > 0);
    acceptor.status = { type: 'idling' };
    await settle();
    expect(log.of('ticketStacked')).toHaveLength(1);
    expect(log.of('ticket')).toEqual([]);
  });

  it('a ticket nobody answers for goes back after the ticket time limit', async () => {
    const { acceptor, log } = await scripted({ ticketDecisionMs: 100 });
    acceptor.status = escrowTicket(A);
    await log.next({ type: 'ticket' });
    await until('return sent', () => returnsSent(acceptor) > 0);
    acceptor.status = { type: 'returning' };
    expect(await log.next({ type: 'ticketReturned' })).toMatchObject({ barcode: A });
  });

  it('reads an acceptor that refuses the barcode settings (no reader) as such and still takes notes', async () => {
    const link = new MemoryLink('acceptor');
    const acceptor = new ScriptedAcceptor(link.device);
    stops.push(async () => acceptor.detach());
    // This one answers C6 and C7 with invalid command.
    const write = link.device.write.bind(link.device);
    link.device.write = (bytes) => write(bytes[2] === 0xc6 || bytes[2] === 0xc7 ? buildFrame(0x4b) : bytes);
    const { driver, log } = driverOn(link);
    await until('barcode settings refused', () => driver.ticketReading === 'refused');
    driver.send({ device: 'acceptor', type: 'enable', enabled: true });
    acceptor.status = { type: 'escrow', code: 0x61 };
    expect(await log.next({ type: 'escrow' })).toMatchObject({ value: 100 });
    expect(log.of('fault')).toEqual([]);
  });
});

describe('after a restart the driver answers for a ticket (C-14)', () => {
  /** A cabinet that stopped, and a new one on the same line. */
  function restart(link: MemoryLink) {
    return driverOn(link);
  }

  it('still in escrow: escrow with its barcode, offered again, and no note', async () => {
    const first = withSimulator();
    await ready(first.sim, first.driver);
    first.sim.insertTicket(A);
    await first.log.next({ type: 'ticket' });
    await first.driver.stop();
    const { driver, log } = restart(first.link);
    expect(await driver.recovery.acceptorTicket()).toEqual({ state: 'escrow', barcode: A });
    expect(await driver.recovery.acceptorNote()).toEqual({ state: 'none', value: 0 });
    expect(await log.next({ type: 'ticket' })).toMatchObject({ barcode: A });
    driver.send({ device: 'acceptor', type: 'returnTicket', barcode: A });
    await log.next({ type: 'ticketReturned' });
    expect(first.sim.ticketBox).toEqual([]);
  });

  it('stacked across the restart (vend valid unanswered): stacked, unnamed, and the ACK held until the cabinet has committed', async () => {
    const first = withSimulator();
    await ready(first.sim, first.driver);
    first.sim.insertTicket(A);
    await first.log.next({ type: 'ticket' });
    first.sim.once('ticketStacked', () => first.link.unplug());
    first.driver.send({ device: 'acceptor', type: 'stackTicket', barcode: A });
    await first.log.next({ type: 'offline' });
    await first.driver.stop();
    expect(first.sim.state.phase).toBe('vendValid');
    first.link.plug();
    const { driver, log } = restart(first.link);
    expect(await driver.recovery.acceptorTicket()).toEqual({ state: 'stacked', barcode: null });
    expect(await driver.recovery.acceptorNote()).toEqual({ state: 'stacked', value: 0 });
    await settle();
    expect(first.sim.state.phase).toBe('vendValid');
    driver.recovery.committed();
    await until('acceptor idle', () => first.sim.state.phase === 'idle');
    expect(first.sim.ticketBox).toEqual([A]);
    expect(ofType(log, 'ticketStacked', 'ticket')).toEqual([]);
  });

  it('power lost mid-stack: the acceptor finishes it into the box; stacked', async () => {
    const first = withSimulator();
    await ready(first.sim, first.driver);
    first.sim.insertTicket(A);
    await first.log.next({ type: 'ticket' });
    const cut = (c: { type: string }) => {
      if (c.type !== 'stack1') return;
      first.sim.off('command', cut);
      queueMicrotask(() => {
        first.link.unplug();
        first.sim.powerOff();
      });
    };
    first.sim.on('command', cut);
    first.driver.send({ device: 'acceptor', type: 'stackTicket', barcode: A });
    await first.log.next({ type: 'offline' });
    await first.driver.stop();
    first.sim.powerOn();
    first.link.plug();
    const { driver } = restart(first.link);
    expect(await driver.recovery.acceptorTicket()).toEqual({ state: 'stacked', barcode: null });
    await until('acceptor idle', () => first.sim.state.phase === 'idle');
    expect(first.sim.ticketBox).toEqual([A]);
  });

  it('power lost in escrow: handed back at power-up; returned (the same driver) or none (a new one)', async () => {
    const first = withSimulator();
    await ready(first.sim, first.driver);
    first.sim.insertTicket(A);
    await first.log.next({ type: 'ticket' });
    first.sim.powerOff();
    await first.log.next({ type: 'offline' });
    first.sim.powerOn();
    expect(await first.log.next({ type: 'ticketReturned' })).toMatchObject({ barcode: A });
    expect(await first.driver.recovery.acceptorTicket()).toEqual({ state: 'returned', barcode: A });
    await until('acceptor idle', () => first.sim.state.phase === 'idle');
    expect(first.sim.ticketBox).toEqual([]);

    // The same again with the cabinet gone meanwhile: its new driver has nothing to name.
    await ready(first.sim, first.driver);
    first.sim.insertTicket(B);
    await first.log.next({ type: 'ticket', barcode: B } as never);
    await first.driver.stop();
    first.sim.powerOff();
    first.sim.powerOn();
    const { driver } = restart(first.link);
    expect(await driver.recovery.acceptorTicket()).toEqual({ state: 'none', barcode: null });
    await until('acceptor idle', () => first.sim.state.phase === 'idle');
    expect(first.sim.ticketBox).toEqual([]);
  });
});

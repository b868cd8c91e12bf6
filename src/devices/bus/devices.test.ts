// The whole byte-level path, driver to simulator, over both carriers: the in-memory mock binding
// and real pseudo-terminals made by socat. socat missing is a failure, not a skip (CI installs it).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceEvent } from '../../cabinet/device-events';
import { EventLog, until } from '../testing/event-log';
import { legacyValidation } from '../../cabinet/testing/rig';
import { VOUCHER } from '../testing/test-voucher';
import { createSimulatedDevices, type SimulatedSet } from './factory';

const TUNING = {
  acceptor: { pollMs: 10, responseTimeoutMs: 200, retries: 1, reconnectMs: 30 },
  printer: { pollMs: 10, responseTimeoutMs: 200, retries: 1, reconnectMs: 30, printTimeoutMs: 3000 },
  deck: { heartbeatMs: 30, ackTimeoutMs: 30, deadAfterMs: 300, reconnectMs: 30 },
  deckSim: { heartbeatMs: 30, ackTimeoutMs: 30 },
};

describe.each(['memory', 'pty'] as const)('simulated devices over %s', (transport) => {
  let set: SimulatedSet;
  const log = new EventLog();
  let seq = 100;
  const voucher = () => {
    seq++;
    return { ...VOUCHER, sequence: seq, validation: legacyValidation(1234, seq) };
  };
  const online = (d: string) => log.next((e: DeviceEvent) => e.type === 'online' && e.device === d, 0, 8000);

  beforeAll(async () => {
    set = await createSimulatedDevices({ transport, ...TUNING });
    set.bus.onEvent(log.push);
    await Promise.all([online('acceptor'), online('printer'), online('deck')]);
    // As the cabinet does after its power-up: the currency, then the enable.
    set.bus.send({ device: 'acceptor', type: 'currency', currency: 'USD', minorDigits: 2 });
    set.bus.send({ device: 'acceptor', type: 'enable', enabled: true });
    await until('acceptor enabled', () => set.sim.acceptor.state.phase === 'idle' && !set.sim.acceptor.state.inhibited);
  });
  afterAll(async () => {
    await set?.bus.close();
  });

  it("takes a note: escrow, stack on the cabinet's word, vend valid, stacked, credited once", async () => {
    const from = log.events.length;
    expect(set.sim.acceptor.insertNote(2000)).toBe(true);
    expect(await log.next({ type: 'escrow' }, from)).toMatchObject({ value: 2000 });
    set.bus.send({ device: 'acceptor', type: 'stack' });
    await log.next({ type: 'stacked' }, from);
    await until('acceptor idle', () => set.sim.acceptor.state.phase === 'idle');
    expect(log.events.slice(from).filter((e) => e.type === 'stacked')).toEqual([
      { device: 'acceptor', type: 'stacked', value: 2000, denomination: 'USD 20' },
    ]);
    expect(set.sim.acceptor.cashbox.map((n) => n.value)).toEqual([2000]);
  });

  it('returns a note the cabinet refuses', async () => {
    const from = log.events.length;
    const box = set.sim.acceptor.cashbox.length;
    set.sim.acceptor.insertNote(500);
    await log.next({ type: 'escrow' }, from);
    set.bus.send({ device: 'acceptor', type: 'return' });
    expect(await log.next({ type: 'returned' }, from)).toMatchObject({ value: 500 });
    await until('acceptor idle', () => set.sim.acceptor.state.phase === 'idle');
    expect(set.sim.acceptor.cashbox.length).toBe(box);
    expect(log.events.slice(from).some((e) => e.type === 'stacked')).toBe(false);
  });

  it('takes a ticket as a ticket: stacked on the word for its barcode, once, and answered for by the bus', async () => {
    const from = log.events.length;
    const barcode = '001234567890123456';
    expect(set.sim.acceptor.insertTicket(barcode)).toBe(true);
    expect(await log.next({ type: 'ticket' }, from)).toEqual({ device: 'acceptor', type: 'ticket', barcode });
    set.bus.send({ device: 'acceptor', type: 'stackTicket', barcode });
    await log.next({ type: 'ticketStacked' }, from);
    await until('acceptor idle', () => set.sim.acceptor.state.phase === 'idle');
    const events = log.events
      .slice(from)
      .filter((e) => e.device === 'acceptor' && !['online', 'offline'].includes(e.type));
    expect(events).toEqual([
      { device: 'acceptor', type: 'ticket', barcode },
      { device: 'acceptor', type: 'ticketStacked', barcode },
    ]);
    expect(set.sim.acceptor.ticketBox).toEqual([barcode]);
    expect(await set.bus.recovery.acceptorTicket()).toEqual({ state: 'stacked', barcode });
  });

  it('returns a ticket on the word for its barcode, and one that is not 18 digits unasked', async () => {
    const from = log.events.length;
    const box = set.sim.acceptor.ticketBox.length;
    const barcode = '009876543210987654';
    set.sim.acceptor.insertTicket(barcode);
    await log.next({ type: 'ticket' }, from);
    set.bus.send({ device: 'acceptor', type: 'returnTicket', barcode });
    expect(await log.next({ type: 'ticketReturned' }, from)).toMatchObject({ barcode });
    await until('acceptor idle', () => set.sim.acceptor.state.phase === 'idle');
    expect(await set.bus.recovery.acceptorTicket()).toEqual({ state: 'returned', barcode });
    // A real reader set for 18 characters refuses a shorter barcode itself (reject 0x9D).
    set.sim.acceptor.insertTicket('1234567890');
    expect(await log.next({ type: 'rejected' }, from)).toMatchObject({ reason: 'ticket: barcode length out of range' });
    await until('acceptor idle', () => set.sim.acceptor.state.phase === 'idle');
    expect(set.sim.acceptor.ticketBox.length).toBe(box);
    expect(log.events.slice(from).some((e) => e.type === 'ticketStacked')).toBe(false);
  });

  it('reports a jam and its clearing', async () => {
    const from = log.events.length;
    set.sim.acceptor.insertNote(100);
    await log.next({ type: 'escrow' }, from);
    set.sim.acceptor.jam('stacker');
    expect(await log.next({ type: 'fault' }, from)).toMatchObject({ device: 'acceptor', code: 'jamInStacker' });
    set.sim.acceptor.clearJam();
    await log.next({ type: 'faultCleared' }, from);
    await log.next({ type: 'returned' }, from);
    await until('acceptor idle', () => set.sim.acceptor.state.phase === 'idle');
  });

  it('loses the acceptor port mid-stack and gets it back: the note is credited exactly once', async () => {
    const from = log.events.length;
    const box = set.sim.acceptor.cashbox.length;
    set.sim.acceptor.insertNote(5000);
    await log.next({ type: 'escrow' }, from);
    let pulled: Promise<void> | null = null;
    const onStack = (c: { type: string }) => {
      if (c.type !== 'stack1') return;
      set.sim.acceptor.off('command', onStack);
      pulled = set.cables.acceptor.unplug();
    };
    set.sim.acceptor.on('command', onStack);
    set.bus.send({ device: 'acceptor', type: 'stack' });
    await log.next((e) => e.device === 'acceptor' && e.type === 'offline', from, 8000);
    await pulled;
    const back = log.events.length;
    await set.cables.acceptor.plug();
    await log.next((e) => e.device === 'acceptor' && e.type === 'online', back, 8000);
    await log.next({ type: 'stacked' }, from);
    await until('acceptor idle', () => set.sim.acceptor.state.phase === 'idle');
    await new Promise((r) => setTimeout(r, 50));
    expect(log.events.slice(from).filter((e) => e.type === 'stacked')).toHaveLength(1);
    expect(set.sim.acceptor.cashbox.slice(box).map((n) => n.value)).toEqual([5000]);
    expect(await set.bus.recovery.acceptorNote()).toEqual({ state: 'stacked', value: 5000 });
  });

  it('prints a voucher and confirms it after the cut', async () => {
    const from = log.events.length;
    const v = voucher();
    set.bus.send({ device: 'printer', type: 'print', voucher: v });
    expect(await log.next({ type: 'printed' }, from)).toEqual({
      device: 'printer',
      type: 'printed',
      validation: v.validation,
    });
    const t = set.sim.printer.printed.at(-1)!;
    expect(t.validation).toBe(v.validation);
    expect(t.text.replace(/\s+/g, ' ')).toContain('ONE HUNDRED TWENTY-THREE DOLLARS AND FORTY-FIVE CENTS');
    expect(await set.bus.recovery.voucherPrinted(v.validation)).toBe('printed');
  });

  it('fails a voucher when the paper is out before printing and when it runs out during', async () => {
    const from = log.events.length;
    const count = set.sim.printer.printed.length;
    set.sim.printer.setPaperOut(true);
    await log.next({ type: 'fault', code: 'paperOut' } as never, from);
    const before = voucher();
    set.bus.send({ device: 'printer', type: 'print', voucher: before });
    expect(await log.next({ type: 'printFailed' }, from)).toMatchObject({ validation: before.validation });
    set.sim.printer.setPaperOut(false);
    const cleared = log.events.length;
    await log.next({ type: 'faultCleared', code: 'paperOut' } as never, cleared);
    set.sim.printer.runOutAfter(4);
    const during = voucher();
    set.bus.send({ device: 'printer', type: 'print', voucher: during });
    expect(
      await log.next((e) => e.type === 'printFailed' && e.validation === during.validation, cleared),
    ).toMatchObject({ reason: expect.stringMatching(/paper/) });
    expect(set.sim.printer.printed.length).toBe(count);
    expect(await set.bus.recovery.voucherPrinted(during.validation)).toBe('not-printed');
    set.sim.printer.setPaperOut(false);
  });

  it('reports button presses and sets lamps', async () => {
    const from = log.events.length;
    set.sim.deck.tap('deal');
    set.sim.deck.tap('hold4');
    await until('four button events', () => log.events.slice(from).filter((e) => e.type === 'button').length === 4);
    expect(log.events.slice(from).filter((e) => e.type === 'button')).toEqual([
      { device: 'deck', type: 'button', button: 'deal', pressed: true },
      { device: 'deck', type: 'button', button: 'deal', pressed: false },
      { device: 'deck', type: 'button', button: 'hold4', pressed: true },
      { device: 'deck', type: 'button', button: 'hold4', pressed: false },
    ]);
    set.bus.send({ device: 'deck', type: 'lamps', lamps: { deal: 'blink', cashOut: 'on' } });
    await until('lamps', () => set.sim.deck.lamps.deal === 'blink' && set.sim.deck.lamps.cashOut === 'on');
  });

  it('reports key switches and doors', async () => {
    const from = log.events.length;
    set.sim.deck.turnKey('attendant', true);
    set.sim.deck.setDoor('main', true);
    await log.next({ type: 'door', door: 'main', open: true } as never, from);
    set.sim.deck.setDoor('main', false);
    set.sim.deck.turnKey('attendant', false);
    await log.next({ type: 'key', key: 'attendant', on: false } as never, from);
    expect(log.events.slice(from).filter((e) => e.device === 'deck')).toEqual([
      { device: 'deck', type: 'key', key: 'attendant', on: true },
      { device: 'deck', type: 'door', door: 'main', open: true },
      { device: 'deck', type: 'door', door: 'main', open: false },
      { device: 'deck', type: 'key', key: 'attendant', on: false },
    ]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLink } from '../shared/memory-link';
import { EventLog, until } from '../testing/event-log';
import { AcceptorDriver } from './driver';
import { AcceptorSimulator } from './simulator';

const FAST = { pollMs: 5, responseTimeoutMs: 40, retries: 1, reconnectMs: 20, currency: 'USD', minorDigits: 2 };

function setup(
  extra: Partial<ConstructorParameters<typeof AcceptorDriver>[0]> = {},
  simOptions: ConstructorParameters<typeof AcceptorSimulator>[0] = {},
) {
  const link = new MemoryLink('acceptor');
  const sim = new AcceptorSimulator(simOptions).attach(link.device);
  const driver = new AcceptorDriver({ path: link.path, binding: link.binding, ...FAST, ...extra });
  const log = new EventLog();
  driver.on('event', log.push);
  driver.start();
  stops.push(() => driver.stop());
  return { link, sim, driver, log };
}
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

async function ready(sim: AcceptorSimulator, driver: AcceptorDriver) {
  driver.send({ device: 'acceptor', type: 'enable', enabled: true });
  await until('acceptor idle and enabled', () => sim.state.phase === 'idle' && !sim.state.inhibited);
}

describe('acceptor driver over the mock binding', () => {
  it('comes online, learns the note values from the acceptor and enables it when asked', async () => {
    const { sim, driver, log } = setup();
    await log.next({ type: 'online' });
    await until('note table', () => driver.noteTable !== null);
    expect(driver.noteTable!.map((n) => n.value)).toEqual(sim.values.map((n) => n.value));
    await until('acceptor reset', () => sim.state.phase === 'idle');
    expect(sim.state.inhibited).toBe(true);
    await ready(sim, driver);
    driver.send({ device: 'acceptor', type: 'enable', enabled: false });
    await until('inhibited again', () => sim.state.inhibited);
  });

  it('stacks an escrowed note only when told, acknowledges vend valid and credits it once', async () => {
    const { sim, driver, log } = setup();
    await ready(sim, driver);
    expect(sim.insertNote(2000)).toBe(true);
    const escrow = await log.next({ type: 'escrow' });
    expect(escrow).toMatchObject({ value: 2000, denomination: 'USD 20' });
    // Without the cabinet's word the note stays in escrow.
    await new Promise((r) => setTimeout(r, 60));
    expect(sim.state.phase).toBe('escrow');
    driver.send({ device: 'acceptor', type: 'stack' });
    await log.next({ type: 'stacked' });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    await new Promise((r) => setTimeout(r, 40));
    expect(log.of('stacked')).toEqual([{ device: 'acceptor', type: 'stacked', value: 2000, denomination: 'USD 20' }]);
    expect(sim.cashbox.map((n) => n.value)).toEqual([2000]);
    expect(await driver.recovery.acceptorNote()).toEqual({ state: 'stacked', value: 2000 });
  });

  it('returns the note when the cabinet refuses it', async () => {
    const { sim, driver, log } = setup();
    await ready(sim, driver);
    sim.insertNote(10000);
    await log.next({ type: 'escrow' });
    driver.send({ device: 'acceptor', type: 'return' });
    const ret = await log.next({ type: 'returned' });
    expect(ret).toMatchObject({ value: 10000 });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    expect(sim.cashbox).toEqual([]);
    expect(log.of('stacked')).toEqual([]);
    expect(await driver.recovery.acceptorNote()).toEqual({ state: 'returned', value: 10000 });
  });

  it('reports a rejected note with its reason and a denomination the cabinet does not take', async () => {
    const { sim, driver, log } = setup({ acceptValues: [100, 500] });
    await ready(sim, driver);
    await until('mask set', () => sim.state.inhibitMask !== 0);
    sim.insertCounterfeit();
    expect((await log.next({ type: 'rejected' })).type).toBe('rejected');
    await until('idle', () => sim.state.phase === 'idle');
    sim.insertNote(2000);
    const r2 = await log.next((e) => e.type === 'rejected' && /inhibit/.test((e as { reason: string }).reason));
    expect(r2.type).toBe('rejected');
    expect(log.of('escrow')).toEqual([]);
  });

  it('reports a jam as a fault and its clearing, and the jammed note comes back', async () => {
    const { sim, driver, log } = setup();
    await ready(sim, driver);
    sim.insertNote(500);
    await log.next({ type: 'escrow' });
    sim.jam();
    const fault = await log.next({ type: 'fault' });
    expect(fault).toMatchObject({ device: 'acceptor', code: 'jamInAcceptor' });
    driver.send({ device: 'acceptor', type: 'stack' });
    sim.clearJam();
    await log.next({ type: 'faultCleared', code: 'jamInAcceptor' } as never);
    await log.next({ type: 'returned' });
    expect(log.of('stacked')).toEqual([]);
    expect(sim.cashbox).toEqual([]);
  });

  it('reports stacker full and open until they are cleared', async () => {
    const { sim, driver, log } = setup();
    await ready(sim, driver);
    sim.setStackerOpen(true);
    await log.next({ type: 'fault', code: 'stackerOpen' } as never);
    expect(sim.insertNote(100)).toBe(false);
    sim.setStackerOpen(false);
    sim.setStackerFull(true);
    await log.next({ type: 'fault', code: 'stackerFull' } as never);
    sim.setStackerFull(false);
    await log.next({ type: 'faultCleared', code: 'stackerFull' } as never);
  });

  it('keeps the note across a lost port mid-stack: credited once, never lost', async () => {
    const { sim, driver, log, link } = setup();
    await ready(sim, driver);
    sim.insertNote(5000);
    await log.next({ type: 'escrow' });
    // Pull the cable the moment the acceptor has taken the stack command.
    const pull = (c: { type: string }) => {
      if (c.type !== 'stack1') return;
      sim.off('command', pull);
      queueMicrotask(() => link.unplug());
    };
    sim.on('command', pull);
    const offlineFrom = log.events.length;
    driver.send({ device: 'acceptor', type: 'stack' });
    await log.next({ type: 'offline' }, offlineFrom);
    expect(log.of('stacked')).toEqual([]);
    // The acceptor keeps going on its own side and waits in vend valid for an ACK.
    link.plug();
    await log.next({ type: 'online' }, offlineFrom);
    await log.next({ type: 'stacked' });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    await new Promise((r) => setTimeout(r, 40));
    expect(log.of('stacked')).toHaveLength(1);
    expect(log.of('stacked')[0]).toMatchObject({ value: 5000 });
    expect(sim.cashbox.map((n) => n.value)).toEqual([5000]);
  });

  it('credits once when the acceptor lost power mid-stack and powers up with the note in the stacker', async () => {
    const { sim, driver, log, link } = setup();
    await ready(sim, driver);
    sim.insertNote(1000);
    await log.next({ type: 'escrow' });
    const pull = (c: { type: string }) => {
      if (c.type !== 'stack1') return;
      sim.off('command', pull);
      queueMicrotask(() => {
        link.unplug();
        sim.powerOff();
      });
    };
    sim.on('command', pull);
    driver.send({ device: 'acceptor', type: 'stack' });
    await log.next({ type: 'offline' });
    sim.powerOn();
    link.plug();
    await log.next({ type: 'stacked' });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    await new Promise((r) => setTimeout(r, 40));
    expect(log.of('stacked')).toHaveLength(1);
    expect(sim.cashbox.map((n) => n.value)).toEqual([1000]);
  });

  it('answers the restart question from what the acceptor says (C-14)', async () => {
    const first = setup();
    await ready(first.sim, first.driver);
    first.sim.insertNote(2000);
    await first.log.next({ type: 'escrow' });
    await first.driver.stop();
    // A new cabinet process: a fresh driver finds the note still in escrow.
    const driver = new AcceptorDriver({ path: first.link.path, binding: first.link.binding, ...FAST });
    const log = new EventLog();
    driver.on('event', log.push);
    driver.start();
    stops.push(() => driver.stop());
    expect(await driver.recovery.acceptorNote()).toEqual({ state: 'escrow', value: 2000 });
    driver.send({ device: 'acceptor', type: 'enable', enabled: true });
    driver.send({ device: 'acceptor', type: 'stack' });
    expect(await log.next({ type: 'stacked' })).toMatchObject({ value: 2000 });
    await until('note in the cash box', () => first.sim.cashbox.length > 0);
    expect(first.sim.cashbox.map((n) => n.value)).toEqual([2000]);
  });

  it('goes offline when the acceptor stops answering and online when it is back', async () => {
    const { sim, driver, log } = setup();
    await ready(sim, driver);
    sim.powerOff();
    const off = await log.next({ type: 'offline' });
    expect((off as { reason: string }).reason).toMatch(/stopped answering/);
    const from = log.events.length;
    sim.powerOn();
    await log.next({ type: 'online' }, from);
    await until('acceptor idle after reset', () => sim.state.phase === 'idle');
    // The driver re-applies the cabinet's wish after the acceptor's power-up.
    await until('enabled again', () => !sim.state.inhibited);
  });
});

describe('acceptor power-up, currency and restart (C-15, C-16, C-14)', () => {
  it('powers up in the public order: RESET, the settings while it initialises, then DISABLE', async () => {
    const link = new MemoryLink('acceptor');
    const sim = new AcceptorSimulator({ stepPolls: 3 }).attach(link.device);
    const seen: string[] = [];
    sim.on('command', (c) => {
      if (c.type !== 'statusRequest') seen.push(`${c.type}@${sim.state.phase}`);
    });
    const driver = new AcceptorDriver({ path: link.path, binding: link.binding, ...FAST });
    driver.start();
    stops.push(() => driver.stop());
    await until(
      'acceptor disabled after initialising',
      () => sim.state.phase === 'idle' && seen.some((c) => c.startsWith('getCurrencyAssignment')),
    );
    const order = seen.map((c) => c.split('@')[0]);
    expect(order.slice(0, 6)).toEqual([
      'reset',
      'setDenominations',
      'setSecurity',
      'setBarcodeFunction',
      'setBarInhibit',
      'setInhibit',
    ]);
    // Every setting went while it was initialising, after the RESET; nothing before the RESET.
    expect(seen.slice(1, 6).every((c) => c.endsWith('@initializing'))).toBe(true);
    expect(sim.state.inhibited).toBe(true);
    // Barcodes: 18 interleaved 2 of 5 characters, notes and tickets both taken (C6 01 12, C7 FC).
    expect(sim.state.barcodeFunction).toEqual({ symbology: 0x01, characters: 18 });
    expect(sim.state.barInhibit).toBe(0xfc);
    expect(driver.ticketReading).toBe('set');
  });

  it('an acceptor stuck initialising is a fault after the time limit, cleared when it finishes', async () => {
    const { sim, log } = setup({ initializeTimeoutMs: 150 });
    sim.setStuckInitializing(true);
    const fault = await log.next({ type: 'fault', code: 'initializeTimeout' } as never);
    expect(fault).toMatchObject({ device: 'acceptor', message: expect.stringMatching(/initialising for more than/) });
    sim.setStuckInitializing(false);
    await log.next({ type: 'faultCleared', code: 'initializeTimeout' } as never);
  });

  it('reads a 1000-yen note as 1000 in a JPY cabinet with no minor digits', async () => {
    const { sim, driver, log } = setup({ currency: undefined }, { currency: 'JPY', minorDigits: 0 });
    driver.send({ device: 'acceptor', type: 'currency', currency: 'JPY', minorDigits: 0 });
    await ready(sim, driver);
    expect(sim.insertNote(1000)).toBe(true);
    expect(await log.next({ type: 'escrow' })).toMatchObject({ value: 1000, denomination: 'JPY 1000' });
  });

  it('takes no note from an acceptor assigned for another country: a fault, and it stays inhibited', async () => {
    const { sim, driver, log } = setup({ currency: undefined }, { currency: 'USD' });
    driver.send({ device: 'acceptor', type: 'currency', currency: 'JPY', minorDigits: 0 });
    driver.send({ device: 'acceptor', type: 'enable', enabled: true });
    const fault = await log.next({ type: 'fault', code: 'currency' } as never);
    expect(fault).toMatchObject({ message: "the acceptor is assigned for USA, the cabinet's currency is JPY" });
    await until('acceptor idle', () => sim.state.phase === 'idle');
    await new Promise((r) => setTimeout(r, 60));
    expect(sim.state.inhibited).toBe(true);
    expect(sim.insertNote(2000)).toBe(false);
    expect(driver.noteTable).toBeNull();
    // Told the currency it is assigned for, it is no fault any more and takes notes.
    driver.send({ device: 'acceptor', type: 'currency', currency: 'USD', minorDigits: 2 });
    await log.next({ type: 'faultCleared', code: 'currency' } as never);
    await until('enabled', () => !sim.state.inhibited);
  });

  it('holds the ACK of a vend valid it cannot name until the cabinet has committed its restart answer', async () => {
    const first = setup();
    await ready(first.sim, first.driver);
    first.sim.insertNote(5000);
    await first.log.next({ type: 'escrow' });
    // The cabinet dies as the acceptor reaches vend valid, before it can see it or ACK it.
    first.sim.once('stacked', () => first.link.unplug());
    first.driver.send({ device: 'acceptor', type: 'stack' });
    await first.log.next({ type: 'offline' });
    await first.driver.stop();
    expect(first.sim.state.phase).toBe('vendValid');
    first.link.plug();
    const driver = new AcceptorDriver({ path: first.link.path, binding: first.link.binding, ...FAST });
    const log = new EventLog();
    driver.on('event', log.push);
    driver.start();
    stops.push(() => driver.stop());
    expect(await driver.recovery.acceptorNote()).toEqual({ state: 'stacked', value: 0 });
    await new Promise((r) => setTimeout(r, 80));
    // Not acknowledged yet: a crash now still finds the acceptor saying vend valid.
    expect(first.sim.state.phase).toBe('vendValid');
    driver.recovery.committed();
    await until('acceptor idle', () => first.sim.state.phase === 'idle');
    expect(first.sim.cashbox.map((n) => n.value)).toEqual([5000]);
    expect(log.of('stacked')).toEqual([]);
  });
});

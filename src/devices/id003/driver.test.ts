import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLink } from '../shared/memory-link';
import { EventLog, until } from '../shared/test-support';
import { AcceptorDriver } from './driver';
import { AcceptorSimulator } from './simulator';

const FAST = { pollMs: 5, responseTimeoutMs: 40, retries: 1, reconnectMs: 20 };

function setup(extra: Partial<ConstructorParameters<typeof AcceptorDriver>[0]> = {}) {
  const link = new MemoryLink('acceptor');
  const sim = new AcceptorSimulator().attach(link.device);
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

import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLink } from '../shared/memory-link';
import { EventLog, until } from '../testing/event-log';
import { DeckDriver } from './driver';
import { DeckSimulator } from './simulator';
import { applyKey } from './keyboard';

const T = { heartbeatMs: 20, ackTimeoutMs: 15, maxTries: 4 };
const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

function setup(prepare?: (sim: DeckSimulator) => void) {
  const link = new MemoryLink('deck');
  const sim = new DeckSimulator(T);
  prepare?.(sim);
  sim.attach(link.device);
  const driver = new DeckDriver({ path: link.path, binding: link.binding, ...T, deadAfterMs: 120, reconnectMs: 20 });
  const log = new EventLog();
  driver.on('event', log.push);
  driver.start();
  stops.push(
    () => driver.stop(),
    () => sim.detach(),
  );
  return { link, sim, driver, log };
}

describe('deck driver over the mock binding', () => {
  it('reads the whole state when it connects and reports it whole: every key and door, as the deck says', async () => {
    const { log, driver } = setup((sim) => {
      sim.setDoor('main', true);
      sim.turnKey('attendant', true);
    });
    await log.next({ type: 'online' });
    expect(await log.next({ type: 'switches' })).toEqual({
      device: 'deck',
      type: 'switches',
      keys: { attendant: true, technician: false },
      doors: { main: true, logic: false, cashbox: false },
    });
    expect(driver.inputs.doors.logic).toBe(false);
  });

  it('reports presses and releases in order, once each', async () => {
    const { sim, log } = setup();
    await log.next({ type: 'online' });
    sim.tap('deal');
    sim.press('hold3');
    sim.release('hold3');
    sim.tap('cashOut');
    await until('all presses', () => log.of('button').length === 6);
    await new Promise((r) => setTimeout(r, 60));
    expect(
      log.of('button').map((e) => [(e as { button: string }).button, (e as { pressed: boolean }).pressed]),
    ).toEqual([
      ['deal', true],
      ['deal', false],
      ['hold3', true],
      ['hold3', false],
      ['cashOut', true],
      ['cashOut', false],
    ]);
  });

  it('sets lamps, and sets them again after the deck power-cycles', async () => {
    const { sim, driver, log } = setup();
    await log.next({ type: 'online' });
    driver.send({ device: 'deck', type: 'lamps', lamps: { deal: 'blink', hold1: 'on' } });
    await until('lamps lit', () => sim.lamps.deal === 'blink' && sim.lamps.hold1 === 'on');
    expect(sim.lamps.maxBet).toBe('off');
    await sim.powerCycle(20);
    await until('lamps restored after power cycle', () => sim.lamps.deal === 'blink' && sim.lamps.hold1 === 'on');
  });

  it('reports keys and doors, and a door opened while the deck was dead', async () => {
    const { sim, log } = setup();
    await log.next({ type: 'online' });
    sim.turnKey('technician', true);
    sim.setDoor('cashbox', true);
    await log.next({ type: 'door', door: 'cashbox', open: true } as never);
    expect(log.events).toContainEqual({ device: 'deck', type: 'key', key: 'technician', on: true });
    sim.powerOff();
    const off = await log.next({ type: 'offline' });
    expect((off as { reason: string }).reason).toMatch(/heartbeat/);
    sim.setDoor('logic', true); // no power, no report...
    sim.turnKey('technician', false);
    const from = log.events.length;
    sim.powerOn(); // ...until the deck's whole report on power-up, which says both
    await log.next({ type: 'online' }, from);
    expect(await log.next({ type: 'switches' }, from)).toMatchObject({
      keys: { attendant: false, technician: false },
      doors: { main: false, logic: true, cashbox: true },
    });
    expect(log.events.slice(from).filter((e) => e.type === 'door' || e.type === 'key')).toEqual([]);
  });

  it("counts a pause of the cabinet's own process as no silence of the deck", async () => {
    const { log, driver } = setup();
    await log.next({ type: 'online' });
    // Longer than deadAfterMs: a loaded machine, or a commit waiting on a slow disk.
    const end = Date.now() + 400;
    while (Date.now() < end);
    const frames = driver.lineStats().frames;
    await until('heartbeats heard after the pause', () => driver.lineStats().frames >= frames + 5);
    expect(log.of('offline')).toEqual([]);
  });

  it('survives the port vanishing and answers the keyboard map', async () => {
    const { sim, log, link } = setup();
    await log.next({ type: 'online' });
    link.unplug();
    await log.next({ type: 'offline' });
    const from = log.events.length;
    link.plug();
    await log.next({ type: 'online' }, from);
    expect(applyKey(sim, 'Digit2', true)).toBe(true);
    applyKey(sim, 'Digit2', false);
    applyKey(sim, 'F3', true);
    await log.next({ type: 'door', door: 'cashbox', open: true } as never, from);
    expect(log.events.slice(from)).toContainEqual({ device: 'deck', type: 'button', button: 'hold2', pressed: false });
  });
});

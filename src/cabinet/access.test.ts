import { describe, expect, it } from 'vitest';
import { Rig } from './testing/rig';

function withPin(pin: string): Rig {
  const rig = new Rig();
  rig.state = {
    ...rig.state,
    access: { ...rig.state.access, pinHash: rig.env.hashPin(pin), pinChangeRequired: false },
  };
  return rig;
}

describe('C-21 access', () => {
  it('technician functions need the key and the PIN', () => {
    const rig = withPin('4321');
    expect(rig.refuse({ type: 'technicianPin', pin: '4321' })).toBe('C-21');
    rig.key('technician', true);
    expect(rig.refuse({ type: 'clearPeriodMeters', confirm: true })).toBe('C-21');
    rig.play({ type: 'technicianPin', pin: '4321' });
    expect(rig.state.access.technicianSession).toBe(true);
    rig.play({ type: 'clearPeriodMeters', confirm: true });
    rig.key('technician', false);
    expect(rig.state.access.technicianSession).toBe(false);
    expect(rig.log.filter((l) => l.kind === 'key')).toHaveLength(2);
    expect(rig.log.filter((l) => l.kind === 'access').map((l) => l.data.event)).toEqual([
      'technician login',
      'technician logout',
    ]);
  });

  it('locks PIN entry after repeated wrong PINs, for a while', () => {
    const rig = withPin('4321');
    rig.key('technician', true);
    for (let i = 0; i < 3; i++) rig.play({ type: 'technicianPin', pin: '0000' });
    expect(rig.refuse({ type: 'technicianPin', pin: '4321' })).toBe('C-21');
    rig.now += rig.state.settings.access.lockoutMs - 1;
    expect(rig.refuse({ type: 'technicianPin', pin: '4321' })).toBe('C-21');
    rig.now += 1;
    rig.play({ type: 'technicianPin', pin: '4321' });
    expect(rig.state.access.technicianSession).toBe(true);
    expect(rig.log.filter((l) => l.data.event === 'wrong PIN')).toHaveLength(3);
  });

  it('locks longer after each run of wrong PINs, up to a day; a right PIN starts over; a 6-digit PIN works', () => {
    const rig = withPin('246810');
    rig.key('technician', true);
    const base = rig.state.settings.access.lockoutMs;
    const run = () => {
      for (let i = 0; i < rig.state.settings.access.maxPinFailures; i++)
        rig.play({ type: 'technicianPin', pin: '000000' });
      return rig.state.access.lockedUntil - rig.now;
    };
    const lockouts: number[] = [];
    for (let i = 0; i < 12; i++) {
      lockouts.push(run());
      rig.now = rig.state.access.lockedUntil;
    }
    expect(lockouts.slice(0, 4)).toEqual([base, 2 * base, 4 * base, 8 * base]);
    expect(lockouts.at(-1)).toBe(24 * 3600_000);
    expect(rig.log.filter((l) => l.kind === 'access').at(-1)?.data).toEqual({
      event: 'wrong PIN',
      failures: 3,
      locked: true,
      lockouts: 12,
      until: rig.state.access.lockedUntil,
    });
    rig.play({ type: 'technicianPin', pin: '246810' });
    expect(rig.state.access).toMatchObject({ technicianSession: true, lockouts: 0 });
    rig.key('technician', false);
    rig.key('technician', true);
    expect(run()).toBe(base);
  });

  it('stores only the hash of a new PIN', () => {
    const rig = withPin('4321');
    rig.key('technician', true);
    rig.play({ type: 'technicianPin', pin: '4321' });
    rig.play({ type: 'setPin', pin: '97531' });
    expect(rig.state.access.pinHash).toBe(rig.env.hashPin('97531'));
    expect(JSON.stringify(rig.state)).not.toContain('97531');
  });

  it('the technician key stops play (service mode)', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.key('technician', true);
    expect(rig.refuse({ type: 'deal' })).toBe('C-21');
  });

  it('clears period meters but not lifetime meters', () => {
    const rig = withPin('4321');
    rig.insert(500);
    rig.key('technician', true);
    rig.play({ type: 'technicianPin', pin: '4321' });
    rig.play({ type: 'clearPeriodMeters', confirm: true });
    expect(rig.state.meters.period).toEqual({});
    expect(rig.lifetime('billsIn')).toBe(500);
  });
});

describe('C-18, C-21 keys come from the deck', () => {
  const closed = { main: false, logic: false, cashbox: false };

  it('a restart forgets the keys: the attendant key turned off meanwhile clears no credits', () => {
    const rig = new Rig();
    rig.insert(10000);
    rig.key('attendant', true);
    // Power goes; meanwhile the attendant key is turned off. The stored state still says on.
    rig.ok({ kind: 'powerUp' });
    expect(rig.state.keys).toEqual({ attendant: false, technician: false });
    expect(rig.wish({ type: 'creditClear', confirm: true })).toMatchObject({
      ok: false,
      refusal: { rule: 'C-21', reason: expect.stringMatching(/reported its switches/) },
    });
    rig.event({ device: 'deck', type: 'switches', keys: { attendant: false, technician: false }, doors: closed });
    expect(rig.refuse({ type: 'creditClear', confirm: true })).toBe('C-21');
    expect(rig.state.balance).toBe(10000);
    // The deck's own report of the key turned on is what opens the attendant's functions.
    rig.event({ device: 'deck', type: 'switches', keys: { attendant: true, technician: false }, doors: closed });
    rig.play({ type: 'creditClear', confirm: true });
    expect(rig.state.balance).toBe(0);
  });

  it('a key reported on before the full report still counts for nothing', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.ok({ kind: 'powerUp' });
    rig.key('attendant', true);
    expect(rig.refuse({ type: 'creditClear', confirm: true })).toBe('C-21');
  });

  it('a deck that goes silent drops both keys, ends the technician session and tilts', () => {
    const rig = withPin('4321');
    rig.insert(1000);
    rig.key('attendant', true);
    rig.key('technician', true);
    rig.play({ type: 'technicianPin', pin: '4321' });
    rig.event({ device: 'deck', type: 'offline', reason: 'no heartbeat' });
    expect(rig.state.keys).toEqual({ attendant: false, technician: false });
    expect(rig.state.access.technicianSession).toBe(false);
    expect(rig.state.tilts.map((t) => t.code)).toEqual(['deck:offline', 'deck:switches']);
    rig.event({ device: 'deck', type: 'online' });
    expect(rig.refuse({ type: 'creditClear', confirm: true })).toBe('C-21');
    expect(rig.state.tilts.map((t) => t.code)).toEqual(['deck:switches']);
    rig.event({ device: 'deck', type: 'switches', keys: { attendant: true, technician: false }, doors: closed });
    expect(rig.state.tilts).toEqual([]);
    rig.play({ type: 'creditClear', confirm: true });
  });

  it("the deck's report is the truth for every door: closed at power-up until it says otherwise", () => {
    const rig = new Rig();
    rig.event({ device: 'deck', type: 'door', door: 'logic', open: true });
    rig.ok({ kind: 'powerUp' });
    expect(rig.state.doors.logic).toBe(false);
    expect(rig.state.tilts.map((t) => t.code)).not.toContain('door:logic');
    rig.devicesAnswer({ doors: { cashbox: true } });
    expect(rig.state.doors).toEqual({ main: false, logic: false, cashbox: true });
    expect(rig.state.tilts.map((t) => t.code)).toEqual(['door:cashbox']);
  });
});

describe('C-21 the initial PIN must be changed', () => {
  it('a technician logged in with the initial PIN may only change it, and not to the same', () => {
    const rig = new Rig();
    rig.state = {
      ...rig.state,
      access: { ...rig.state.access, pinHash: rig.env.hashPin('0000'), pinChangeRequired: true },
    };
    rig.key('technician', true);
    rig.play({ type: 'technicianPin', pin: '0000' });
    expect(rig.state.access.technicianSession).toBe(true);
    for (const wish of [
      { type: 'clearPeriodMeters', confirm: true },
      { type: 'deviceTest', on: true },
      { type: 'changeSettings', confirm: true, venue: 'X' },
      { type: 'ramClear', confirm: true },
    ]) {
      expect(rig.wish(wish)).toMatchObject({
        ok: false,
        refusal: { rule: 'C-21', reason: 'the initial PIN must be changed first' },
      });
    }
    expect(rig.wish({ type: 'setPin', pin: '0000' })).toMatchObject({ ok: false, refusal: { reason: /must differ/ } });
    rig.play({ type: 'setPin', pin: '8642' });
    expect(rig.state.access.pinChangeRequired).toBe(false);
    rig.play({ type: 'clearPeriodMeters', confirm: true });
    expect(rig.log.filter((l) => l.kind === 'access').map((l) => l.data)).toEqual([
      { event: 'technician login', pinChangeRequired: true },
      { event: 'PIN changed', initial: true },
    ]);
  });

  it('a state saved before the rule still on the factory PIN must change it; another PIN need not', () => {
    const old = new Rig();
    const { pinChangeRequired: _, ...legacy } = { ...old.state.access, pinHash: old.env.hashPin('0000') };
    old.state = { ...old.state, access: legacy as typeof old.state.access };
    old.restart();
    expect(old.state.access.pinChangeRequired).toBe(true);
    const changed = new Rig();
    const { pinChangeRequired: __, ...legacy2 } = { ...changed.state.access, pinHash: changed.env.hashPin('5555') };
    changed.state = { ...changed.state, access: legacy2 as typeof changed.state.access };
    changed.restart();
    expect(changed.state.access.pinChangeRequired).toBe(false);
  });
});

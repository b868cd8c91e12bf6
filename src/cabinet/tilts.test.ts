import { describe, expect, it } from 'vitest';
import { stepCabinet } from './cabinet';
import { METER_TILT } from './vocabulary/tilts';
import { Rig } from './testing/rig';

describe('C-15 tilts', () => {
  it('a door open stops play mid-game, is metered and logged, and play resumes when it closes', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.play({ type: 'deal', bet: 1 });
    rig.event({ device: 'deck', type: 'door', door: 'main', open: true });
    expect(rig.state.tilts.map((t) => t.reason)).toEqual(['main door open']);
    expect(rig.refuse({ type: 'draw' })).toBe('C-15');
    expect(rig.lifetime('doorOpens.main')).toBe(1);
    expect(rig.log.some((l) => l.kind === 'door' && l.data.open === true)).toBe(true);
    rig.event({ device: 'deck', type: 'door', door: 'main', open: false });
    rig.play({ type: 'draw' });
    expect(rig.lifetime('gamesSinceDoorClose')).toBe(1);
  });

  it('device faults and offline devices stop play until cleared', () => {
    const rig = new Rig();
    rig.insert(1000);
    const from = rig.log.length;
    rig.event({ device: 'acceptor', type: 'fault', code: 'jamInAcceptor', message: 'stacker jam' });
    rig.event({ device: 'deck', type: 'offline', reason: 'no answer' });
    expect(rig.refuse({ type: 'deal' })).toBe('C-15');
    rig.event({ device: 'acceptor', type: 'faultCleared', code: 'jamInAcceptor' });
    expect(rig.refuse({ type: 'deal' })).toBe('C-15');
    rig.event({ device: 'deck', type: 'online' });
    // Back online, the deck must still say where its keys and doors are before play resumes.
    expect(rig.refuse({ type: 'deal' })).toBe('C-15');
    rig.event({
      device: 'deck',
      type: 'switches',
      keys: { attendant: false, technician: false },
      doors: { main: false, logic: false, cashbox: false },
    });
    rig.play({ type: 'deal' });
    expect(rig.log.slice(from).filter((l) => l.kind === 'fault')).toHaveLength(4);
  });

  it('a meter mismatch tilts at power-up and only a technician clears it, once the meters balance', () => {
    const rig = new Rig();
    rig.state = {
      ...rig.state,
      settings: rig.state.settings,
      access: { ...rig.state.access, pinHash: rig.env.hashPin('2468'), pinChangeRequired: false },
    };
    rig.insert(1000);
    // Someone added money to the balance behind the meters' back.
    rig.state = { ...rig.state, balance: rig.state.balance + 500 };
    rig.restart();
    expect(rig.state.tilts.map((t) => t.code)).toEqual([METER_TILT]);
    expect(rig.refuse({ type: 'deal' })).toBe('C-15');
    expect(rig.refuse({ type: 'clearTilt', code: METER_TILT })).toBe('C-21');
    rig.key('technician', true);
    rig.play({ type: 'technicianPin', pin: '2468' });
    expect(rig.refuse({ type: 'clearTilt', code: METER_TILT })).toBe('C-9');
    expect(rig.refuse({ type: 'ramClear', confirm: true })).toBe('C-8');
    rig.key('attendant', true);
    rig.play({ type: 'creditClear', confirm: true });
    rig.play({ type: 'ramClear', confirm: true });
    expect(rig.state.tilts).toEqual([]);
    expect(rig.state.meters.lifetime).toEqual({});
    expect(rig.log.some((l) => l.kind === 'meterClear' && l.data.scope === 'ram')).toBe(true);
  });

  it('a meter mismatch found after a game tilts too', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.play({ type: 'deal', bet: 1 });
    rig.state = {
      ...rig.state,
      meters: { ...rig.state.meters, lifetime: { ...rig.state.meters.lifetime, coinIn: 0 } },
    };
    rig.play({ type: 'draw' });
    expect(rig.state.tilts.map((t) => t.code)).toEqual([METER_TILT]);
  });
});

describe('C-22 refusals', () => {
  it('refuses malformed and stale wishes, logs them and changes nothing', () => {
    const rig = new Rig();
    rig.insert(1000);
    const before = rig.state;
    for (const w of [
      null,
      7,
      { type: 'teleport' },
      { type: 'deal', bet: 'all' },
      { type: 'hold', positions: 'all' },
      { type: 'cashOut', amount: 5 },
    ]) {
      expect(rig.refuse(w)).toBe('C-22');
    }
    expect(rig.refused({ kind: 'wish', counter: rig.state.version - 1, wish: { type: 'deal' } })).toBe('C-22');
    expect(rig.state).toBe(before);
    expect(rig.log.filter((l) => l.kind === 'refusal')).toHaveLength(7);
  });

  it('never throws, even for an input that is not one', () => {
    const rig = new Rig();
    const r = stepCabinet(rig.state, { kind: 'device', event: null } as never, rig.env);
    expect(r.ok).toBe(false);
    const r2 = stepCabinet(rig.state, { kind: 'nonsense' } as never, rig.env);
    expect(r2.ok).toBe(false);
  });

  it('logs a wish with a PIN without the PIN', () => {
    const rig = new Rig();
    rig.refuse({ type: 'technicianPin', pin: '1234' });
    expect(JSON.stringify(rig.log)).not.toContain('1234');
  });
});

describe('repeated device reports', () => {
  it('a door, key or online state already known changes nothing and logs nothing', () => {
    const rig = new Rig();
    const version = rig.state.version;
    const logged = rig.log.length;
    rig.event({ device: 'deck', type: 'door', door: 'main', open: false });
    rig.event({ device: 'deck', type: 'key', key: 'attendant', on: false });
    rig.event({ device: 'printer', type: 'online' });
    // A code the printer never reported (nor any printer could: the vocabulary has none such).
    rig.event({ device: 'printer', type: 'faultCleared', code: 'none' as never });
    expect(rig.state.version).toBe(version);
    expect(rig.log.length).toBe(logged);
  });
});

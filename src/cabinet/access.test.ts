import { describe, expect, it } from 'vitest';
import { Rig } from './testing';

function withPin(pin: string): Rig {
  const rig = new Rig();
  rig.state = { ...rig.state, access: { ...rig.state.access, pinHash: rig.env.hashPin(pin) } };
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
    expect(rig.log.filter((l) => l.kind === 'access').map((l) => l.data.event)).toEqual(['technician login', 'technician logout']);
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

import { describe, expect, it } from 'vitest';
import { checkBalance } from './meters';
import { Rig } from './testing/rig';

const escrow = (value: number) => ({
  device: 'acceptor' as const,
  type: 'escrow' as const,
  value,
  denomination: String(value),
});
const stacked = (value: number) => ({
  device: 'acceptor' as const,
  type: 'stacked' as const,
  value,
  denomination: String(value),
});

describe('C-3 bills', () => {
  it('stacks an accepted note and credits it only when stacked', () => {
    const rig = new Rig();
    const cmds = rig.event(escrow(2000));
    expect(cmds).toContainEqual({ device: 'acceptor', type: 'stack' });
    expect(rig.state.balance).toBe(0);
    expect(rig.state.note?.value).toBe(2000);
    rig.event(stacked(2000));
    expect(rig.state.balance).toBe(2000);
    expect(rig.lifetime('billsIn')).toBe(2000);
    expect(rig.lifetime('billsCount')).toBe(1);
    expect(rig.lifetime('bills.2000')).toBe(1);
  });

  it('never credits a stacked report twice, nor one it did not ask for', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.event(stacked(500));
    rig.event(stacked(10000));
    expect(rig.state.balance).toBe(500);
    expect(rig.lifetime('billsIn')).toBe(500);
    expect(rig.log.filter((l) => l.kind === 'anomaly')).toHaveLength(2);
  });

  it('returns a note above the credit limit', () => {
    const rig = new Rig({ limits: { creditLimit: 5000 } });
    rig.insert(2000);
    expect(rig.event(escrow(5000))).toContainEqual({ device: 'acceptor', type: 'return' });
    expect(rig.state.note).toBeNull();
    expect(rig.event(escrow(2000))).toContainEqual({ device: 'acceptor', type: 'stack' });
  });

  it('returns a disabled note', () => {
    const rig = new Rig({ settings: { disabledNotes: [100] } });
    expect(rig.event(escrow(100))).toContainEqual({ device: 'acceptor', type: 'return' });
    expect(rig.state.balance).toBe(0);
  });

  it('returns a note while locked up, tilted or printing, and while another is stacking', () => {
    const rig = new Rig();
    rig.event(escrow(100));
    expect(rig.event(escrow(500))).toContainEqual({ device: 'acceptor', type: 'return' });
    rig.event(stacked(100));
    rig.event({ device: 'deck', type: 'door', door: 'main', open: true });
    expect(rig.event(escrow(500))).toContainEqual({ device: 'acceptor', type: 'return' });
    rig.event({ device: 'deck', type: 'door', door: 'main', open: false });
    rig.play({ type: 'cashOut' });
    expect(rig.event(escrow(500))).toContainEqual({ device: 'acceptor', type: 'return' });
  });

  it('a returned note leaves nothing pending and credits nothing', () => {
    const rig = new Rig();
    rig.event(escrow(1000));
    rig.event({ device: 'acceptor', type: 'returned', value: 1000 });
    expect(rig.state.note).toBeNull();
    expect(rig.state.balance).toBe(0);
    expect(checkBalance(rig.state.meters.lifetime, rig.state.balance).ok).toBe(true);
  });

  it('disables the acceptor at the credit limit and while tilted, and enables it after', () => {
    const rig = new Rig({ limits: { creditLimit: 1000 } });
    expect(rig.event(escrow(1000))).not.toContainEqual({ device: 'acceptor', type: 'enable', enabled: true });
    expect(rig.event(stacked(1000))).toContainEqual({ device: 'acceptor', type: 'enable', enabled: false });
    const rig2 = new Rig();
    expect(rig2.event({ device: 'deck', type: 'door', door: 'logic', open: true })).toContainEqual({
      device: 'acceptor',
      type: 'enable',
      enabled: false,
    });
    expect(rig2.event({ device: 'deck', type: 'door', door: 'logic', open: false })).toContainEqual({
      device: 'acceptor',
      type: 'enable',
      enabled: true,
    });
  });
});

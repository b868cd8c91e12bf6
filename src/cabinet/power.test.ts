import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../core/testing/decks';
import { DEFAULT_SETTINGS } from './settings';
import { Rig, RETURNS_IN_RANGE } from './testing/rig';

const escrow = (value: number) => ({
  device: 'acceptor' as const,
  type: 'escrow' as const,
  value,
  denomination: String(value),
});

describe('C-14 recovery', () => {
  it('credits a note the acceptor stacked while the cabinet was down, once', () => {
    const rig = new Rig();
    rig.event(escrow(2000));
    rig.ok({ kind: 'powerUp' });
    rig.ok({ kind: 'recovered', acceptor: { state: 'stacked', value: 2000 }, voucher: null });
    expect(rig.state.balance).toBe(2000);
    rig.ok({ kind: 'powerUp' });
    rig.ok({ kind: 'recovered', acceptor: { state: 'stacked', value: 2000 }, voucher: null });
    expect(rig.state.balance).toBe(2000);
    expect(rig.lifetime('billsCount')).toBe(1);
  });

  it('stacks again a note still in escrow, and forgets a returned one', () => {
    const rig = new Rig();
    rig.event(escrow(500));
    expect(rig.ok({ kind: 'recovered', acceptor: { state: 'escrow', value: 500 }, voucher: null })).toContainEqual({
      device: 'acceptor',
      type: 'stack',
    });
    expect(rig.state.note?.value).toBe(500);
    rig.ok({ kind: 'recovered', acceptor: { state: 'returned', value: 500 }, voucher: null });
    expect(rig.state.note).toBeNull();
    expect(rig.state.balance).toBe(0);
  });

  it('credits the pending note when the acceptor finished stacking one it cannot name (value 0)', () => {
    const rig = new Rig();
    rig.event(escrow(5000));
    rig.ok({ kind: 'powerUp' });
    rig.ok({ kind: 'recovered', acceptor: { state: 'stacked', value: 0 }, voucher: null });
    expect([rig.state.balance, rig.state.note, rig.lifetime('billsCount')]).toEqual([5000, null, 1]);
  });

  it('keeps a pending note when the acceptor does not answer, and settles it when it does', () => {
    const rig = new Rig();
    rig.event(escrow(2000));
    rig.ok({ kind: 'powerUp' });
    rig.ok({ kind: 'recovered', acceptor: null, voucher: null });
    expect(rig.state.note?.value).toBe(2000);
    expect(rig.log.at(-1)).toMatchObject({ kind: 'recovery', data: { reported: 'no answer' } });
    rig.ok({ kind: 'recovered', acceptor: { state: 'stacked', value: 2000 }, voucher: null });
    expect([rig.state.balance, rig.state.note]).toEqual([2000, null]);
  });

  it('leaves a voucher being printed alone when the printer was not asked', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.play({ type: 'cashOut' });
    rig.ok({ kind: 'recovered', acceptor: { state: 'none', value: 0 }, voucher: null });
    expect(rig.state.voucher?.amount).toBe(1000);
    expect(rig.state.handpay).toBeNull();
  });

  it('decides an escrow that arrived before the crash', () => {
    const rig = new Rig();
    expect(rig.ok({ kind: 'recovered', acceptor: { state: 'escrow', value: 1000 }, voucher: null })).toContainEqual({
      device: 'acceptor',
      type: 'stack',
    });
  });

  it('settles an interrupted voucher by asking the printer', () => {
    const printed = new Rig();
    printed.insert(1000);
    printed.play({ type: 'cashOut' });
    printed.ok({ kind: 'powerUp' });
    printed.ok({ kind: 'recovered', acceptor: null, voucher: 'printed' });
    expect(printed.state.balance).toBe(0);
    expect(printed.lifetime('vouchersOut')).toBe(1000);

    const notPrinted = new Rig();
    notPrinted.insert(1000);
    const first = notPrinted.play({ type: 'cashOut' }).find((c) => c.device === 'printer');
    const again = notPrinted
      .ok({ kind: 'recovered', acceptor: null, voucher: 'not-printed' })
      .find((c) => c.device === 'printer');
    expect(again).toEqual(first);
    expect(notPrinted.state.balance).toBe(1000);

    const unknown = new Rig();
    unknown.insert(1000);
    unknown.play({ type: 'cashOut' });
    unknown.ok({ kind: 'recovered', acceptor: null, voucher: 'unknown' });
    expect(unknown.state.voucher).toBeNull();
    expect(unknown.state.handpay).toMatchObject({ kind: 'cancelledCredits', amount: 1000 });
  });

  it('a game in progress survives a power-up at the same step, and power-ups are metered', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.decks.push(stackedDeck('Ah Kh Qh Jh 2c Th'));
    rig.play({ type: 'deal', bet: 5 });
    rig.play({ type: 'hold', positions: [0, 1, 2, 3] });
    const game = rig.state.game;
    rig.restart();
    expect(rig.state.game).toEqual(game);
    expect(rig.lifetime('powerUps')).toBe(2);
    rig.play({ type: 'draw' });
    expect(rig.record(0).result).toMatchObject({ hand: 'royal-flush' });
  });

  it('resends the acceptor and lamp commands after a power-up, the currency first', () => {
    const rig = new Rig();
    const cmds = rig.ok({ kind: 'powerUp' });
    expect(cmds.map((c) => `${c.device}:${c.type}`)).toEqual(['acceptor:currency', 'acceptor:enable', 'deck:lamps']);
    expect(cmds[0]).toEqual({ device: 'acceptor', type: 'currency', currency: 'USD', minorDigits: 2 });
  });
});

describe('C-15 power-up: no device is trusted until it answers', () => {
  it('every device is a tilt until heard from, its old faults are forgotten, and play waits for the deck', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.event({ device: 'printer', type: 'fault', code: 'paperOut', message: 'printer is out of paper' });
    rig.ok({ kind: 'powerUp' });
    expect(rig.state.tilts.map((t) => t.code)).toEqual([
      'deck:switches',
      'acceptor:offline',
      'printer:offline',
      'deck:offline',
    ]);
    expect(rig.state.devices.printer).toEqual({ online: false, faults: {} });
    expect(rig.refuse({ type: 'deal', bet: 1 })).toBe('C-15');
    for (const device of ['acceptor', 'printer', 'deck'] as const) rig.event({ device, type: 'online' });
    expect(rig.state.tilts.map((t) => t.code)).toEqual(['deck:switches']);
    rig.devicesAnswer();
    expect(rig.state.tilts).toEqual([]);
    rig.play({ type: 'deal', bet: 1 });
  });
});

describe('C-7 settings', () => {
  it('logs each changed setting and keeps the chip value of a game in progress', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.play({ type: 'chipValue', value: 5 });
    rig.play({ type: 'deal', bet: 1 });
    const settings = {
      ...DEFAULT_SETTINGS,
      chipValues: [10, 50],
      limits: { ...DEFAULT_SETTINGS.limits, ticketLimit: 5000 },
    };
    rig.ok({ kind: 'settings', settings, source: 'config file', installed: [], configReturns: RETURNS_IN_RANGE });
    expect(rig.log.filter((l) => l.kind === 'config').map((l) => l.data.key)).toEqual([
      'chipValues',
      'limits.ticketLimit',
    ]);
    expect(rig.state.game?.chipValue).toBe(5);
    rig.play({ type: 'draw' });
    expect(rig.refuse({ type: 'deal', bet: 1 })).toBe('C-2');
    rig.ok({
      kind: 'settings',
      settings: { ...settings, chipValues: [25] },
      source: 'config file',
      installed: [],
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.chipValue).toBe(25);
  });
});

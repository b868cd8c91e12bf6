import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../core/testing/decks';
import { BUTTONS, type DeviceCommand, type Voucher } from './device-events';
import { SPECIMEN_SEQUENCE_BASE } from './device-test';
import { lampsFor } from './outputs';
import { Rig } from './testing/rig';

/** A technician in a device test, with money on the machine that must not move. */
function testing(): Rig {
  const rig = new Rig();
  rig.insert(2000);
  rig.technician();
  rig.play({ type: 'deviceTest', on: true });
  return rig;
}

const testRows = (rig: Rig) => rig.log.filter((l) => l.kind === 'deviceTest').map((l) => l.data);
const printed = (cmds: DeviceCommand[]): Voucher | undefined =>
  cmds.flatMap((c) => (c.device === 'printer' && c.type === 'print' ? [c.voucher] : []))[0];
const why = (rig: Rig, wish: unknown): string => {
  const r = rig.wish(wish);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(wish)}`);
  return `${r.refusal.rule} ${r.refusal.reason}`;
};

describe('C-21 device test mode', () => {
  it('is for a logged-in technician with nothing pending', () => {
    const rig = new Rig({ limits: { handpayLimit: 1000 } });
    expect(rig.refuse({ type: 'deviceTest', on: true })).toBe('C-21');
    rig.insert(1000);
    rig.decks.push(stackedDeck('As Ks Qs Js Ts'));
    rig.play({ type: 'deal', bet: 5 });
    rig.technician();
    expect(why(rig, { type: 'deviceTest', on: true })).toMatch(/^C-22 .*no game/);
    rig.key('technician', false);
    rig.play({ type: 'draw' });
    expect(rig.state.handpay).not.toBeNull();
    rig.technician();
    expect(why(rig, { type: 'deviceTest', on: true })).toMatch(/^C-22 .*handpay/);
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    rig.play({ type: 'deviceTest', on: true });
    expect(rig.state.deviceTest).toMatchObject({
      since: rig.now,
      pressed: [],
      seen: [],
      acceptor: { enabled: false, notes: [] },
      printer: { state: 'idle' },
    });
    expect(why(rig, { type: 'deviceTest', on: true })).toMatch(/^C-22 .*already/);
    expect(testRows(rig)).toEqual([{ event: 'start' }]);
  });

  it('stops play: player wishes are refused and deck buttons are recorded, acting on nothing', () => {
    const rig = testing();
    for (const wish of [
      { type: 'deal', bet: 1 },
      { type: 'cashOut' },
      { type: 'selectGame', game: 'poker-plus' },
      { type: 'language', language: 'ru' },
    ]) {
      expect(why(rig, wish)).toBe('C-21 device test in progress');
    }
    const before = rig.state;
    rig.event({ device: 'deck', type: 'button', button: 'deal', pressed: true });
    rig.event({ device: 'deck', type: 'button', button: 'cashOut', pressed: true });
    expect(rig.state.deviceTest).toMatchObject({ pressed: ['deal', 'cashOut'], seen: ['deal', 'cashOut'] });
    rig.event({ device: 'deck', type: 'button', button: 'deal', pressed: false });
    rig.event({ device: 'deck', type: 'button', button: 'cashOut', pressed: false });
    rig.event({ device: 'deck', type: 'button', button: 'deal', pressed: true });
    expect(rig.state.deviceTest).toMatchObject({ pressed: ['deal'], seen: ['deal', 'cashOut'] });
    expect([rig.state.game, rig.state.voucher, rig.state.balance, rig.state.meters]).toEqual([
      null,
      null,
      2000,
      before.meters,
    ]);
    expect(testRows(rig).filter((r) => r.event === 'button')).toHaveLength(5);
  });

  it('lights the lamps the technician sets, and gives the normal lamps back afterwards', () => {
    const rig = testing();
    const cmds = rig.play({ type: 'testLamps', lamps: { deal: 'on', hold3: 'blink' } });
    const lamps = cmds.find((c) => c.device === 'deck' && c.type === 'lamps');
    expect(lamps).toEqual({
      device: 'deck',
      type: 'lamps',
      lamps: { ...Object.fromEntries(BUTTONS.map((b) => [b, 'off'])), deal: 'on', hold3: 'blink' },
    });
    rig.play({ type: 'testLamps', lamps: { deal: 'off', service: 'on' } });
    expect(rig.state.lamps).toMatchObject({ deal: 'off', hold3: 'blink', service: 'on' });
    expect(rig.refuse({ type: 'testLamps', lamps: { spin: 'on' } })).toBe('C-22');
    expect(rig.refuse({ type: 'testLamps', lamps: { deal: 'bright' } })).toBe('C-22');
    rig.play({ type: 'deviceTest', on: false });
    expect(rig.state.lamps).toEqual(lampsFor(rig.state));
    expect(rig.state.lamps?.hold3).toBe('off');
  });

  it('identifies test notes and hands them back, never crediting them', () => {
    const rig = testing();
    expect(rig.play({ type: 'testAcceptor', enabled: true })).toContainEqual({
      device: 'acceptor',
      type: 'enable',
      enabled: true,
    });
    const cmds = rig.event({ device: 'acceptor', type: 'escrow', value: 5000, denomination: 'USD 50' });
    expect(cmds).toEqual([{ device: 'acceptor', type: 'return' }]);
    rig.event({ device: 'acceptor', type: 'returned', value: 5000 });
    rig.event({ device: 'acceptor', type: 'rejected', reason: 'not a known note' });
    expect(rig.state.deviceTest?.acceptor.notes).toEqual([
      { value: 0, denomination: '', at: rig.now, result: 'rejected', reason: 'not a known note' },
      { value: 5000, denomination: 'USD 50', at: rig.now, result: 'returned', reason: null },
    ]);
    // A stack nobody asked for is an anomaly, never money.
    rig.event({ device: 'acceptor', type: 'stacked', value: 5000, denomination: 'USD 50' });
    expect([rig.state.balance, rig.state.note, rig.lifetime('billsIn')]).toEqual([2000, null, 2000]);
    expect(rig.log.at(-1)).toMatchObject({ kind: 'anomaly' });
    expect(rig.play({ type: 'testAcceptor', enabled: false })).toContainEqual({
      device: 'acceptor',
      type: 'enable',
      enabled: false,
    });
    rig.play({ type: 'testAcceptor', enabled: true });
    // Leaving the test: the acceptor goes back to what the state allows (off, the key is still on).
    expect(rig.play({ type: 'deviceTest', on: false })).toContainEqual({
      device: 'acceptor',
      type: 'enable',
      enabled: false,
    });
    rig.key('technician', false);
    expect(rig.state.acceptorEnabled).toBe(true);
  });

  it('prints a specimen voucher worth nothing, numbered apart from the real vouchers', () => {
    const rig = testing();
    const first = printed(rig.play({ type: 'testVoucher' }))!;
    expect(first).toMatchObject({
      amount: 0,
      specimen: true,
      sequence: SPECIMEN_SEQUENCE_BASE + 1,
      venue: rig.state.settings.voucher.venue,
    });
    expect(rig.state.deviceTest?.printer).toEqual({ state: 'printing', validation: first.validation, reason: null });
    expect(why(rig, { type: 'testVoucher' })).toMatch(/^C-22 .*already printing/);
    rig.event({ device: 'printer', type: 'printed', validation: first.validation });
    expect(rig.state.deviceTest?.printer).toEqual({ state: 'printed', validation: first.validation, reason: null });
    const second = printed(rig.play({ type: 'testVoucher' }))!;
    expect(second.sequence).toBe(SPECIMEN_SEQUENCE_BASE + 2);
    expect(second.validation).not.toBe(first.validation);
    rig.event({ device: 'printer', type: 'printFailed', validation: second.validation, reason: 'paper out' });
    expect(rig.state.deviceTest?.printer).toEqual({
      state: 'failed',
      validation: second.validation,
      reason: 'paper out',
    });
    expect([
      rig.state.balance,
      rig.state.voucher,
      rig.state.voucherSequence,
      rig.state.handpay,
      rig.lifetime('vouchersOut'),
    ]).toEqual([2000, null, 0, null, 0]);
    // The real voucher sequence goes on where it was.
    rig.play({ type: 'deviceTest', on: false });
    rig.key('technician', false);
    expect(printed(rig.play({ type: 'cashOut' }))).toMatchObject({ sequence: 1, amount: 2000 });
  });

  it('shows a printer that is offline or faults as failed', () => {
    const rig = testing();
    rig.event({ device: 'printer', type: 'offline', reason: 'no answer' });
    expect(printed(rig.play({ type: 'testVoucher' }))).toBeUndefined();
    expect(rig.state.deviceTest?.printer).toEqual({ state: 'failed', validation: null, reason: 'printer offline' });
    rig.event({ device: 'printer', type: 'online' });
    const v = printed(rig.play({ type: 'testVoucher' }))!;
    rig.event({ device: 'printer', type: 'fault', code: 'coverOpen', message: 'cover open' });
    expect(rig.state.deviceTest?.printer).toEqual({
      state: 'failed',
      validation: v.validation,
      reason: 'printer fault: cover open',
    });
    expect(
      testRows(rig)
        .filter((r) => r.event === 'voucher')
        .map((r) => r.result),
    ).toEqual(['failed', 'printing', 'failed']);
  });

  it("ends with the technician's session: wish, logout, key off or power-up, each logged", () => {
    const ends: string[] = [];
    const rig = testing();
    rig.play({ type: 'deviceTest', on: false });
    expect(why(rig, { type: 'deviceTest', on: false })).toMatch(/^C-22 no device test/);
    rig.play({ type: 'deviceTest', on: true });
    rig.play({ type: 'technicianLogout' });
    expect(rig.state.deviceTest).toBeNull();
    rig.play({ type: 'technicianPin', pin: '2468' });
    rig.play({ type: 'deviceTest', on: true });
    rig.key('technician', false);
    rig.technician();
    rig.play({ type: 'deviceTest', on: true });
    const v = printed(rig.play({ type: 'testVoucher' }))!;
    rig.ok({ kind: 'powerUp' });
    expect(rig.state.deviceTest).toBeNull();
    for (const r of testRows(rig)) if (r.event === 'end') ends.push(String(r.why));
    expect(ends).toEqual(['requested', 'technician logged out', 'technician key turned off', 'power-up']);
    // The specimen's late report after the test is only an anomaly: no money, no voucher state.
    rig.event({ device: 'printer', type: 'printed', validation: v.validation });
    expect(rig.log.at(-1)).toMatchObject({ kind: 'anomaly' });
    expect([rig.state.balance, rig.state.voucher]).toEqual([2000, null]);
    expect(rig.refuse({ type: 'testVoucher' })).toBe('C-21');
  });

  it('hands back a test note still in escrow at power-up (C-14), never stacking or crediting it', () => {
    const rig = testing();
    rig.play({ type: 'testAcceptor', enabled: true });
    rig.event({ device: 'acceptor', type: 'escrow', value: 5000, denomination: 'USD 50' });
    // The cabinet crashes before the acceptor hands the note back: at start it is still in escrow.
    rig.ok({ kind: 'powerUp' });
    const cmds = rig.ok({ kind: 'recovered', acceptor: { state: 'escrow', value: 5000 }, voucher: null });
    expect(cmds).toContainEqual({ device: 'acceptor', type: 'return' });
    expect(cmds).not.toContainEqual({ device: 'acceptor', type: 'stack' });
    expect([rig.state.balance, rig.state.note, rig.lifetime('billsIn'), rig.state.deviceTest]).toEqual([
      2000,
      null,
      2000,
      null,
    ]);
    expect(
      testRows(rig)
        .filter((r) => r.event === 'end')
        .map((r) => r.why),
    ).toEqual(['power-up']);
  });
});

import { describe, expect, it } from 'vitest';
import type { MirrorMemory } from './inputs';
import { RECORDS_TILT, MIRROR_TILT, SETTINGS_TILT } from './vocabulary/tilts';
import { DEFAULT_SETTINGS, type CabinetSettings } from './settings';
import { Rig, RETURNS_IN_RANGE } from './testing/rig';

const mirror = (voucherSequence: number): MirrorMemory => ({
  commit: 135,
  balance: 0,
  voucherSequence,
  lifetime: { vouchersOut: 10000 },
});
const refused = 'the database is at commit 120, the mirror at commit 135: rolled back';

/** A cabinet holding money, a pending voucher and a technician PIN, then told its records are refused. */
function refusedRig(): Rig {
  const rig = new Rig();
  rig.insert(10000);
  rig.play({ type: 'cashOut' });
  expect(rig.state.voucher).not.toBeNull();
  rig.state = { ...rig.state, access: { ...rig.state.access, pinHash: rig.env.hashPin('2468') } };
  rig.ok({ kind: 'records', refused, mirror: mirror(7) });
  return rig;
}

describe('refused records (C-12 to C-15)', () => {
  it('lock the cabinet with a technician tilt naming why, and log what the mirror held', () => {
    const rig = refusedRig();
    expect(rig.state.tilts).toContainEqual(
      expect.objectContaining({ code: RECORDS_TILT, reason: refused, technician: true }),
    );
    const on = rig.log.find((l) => l.kind === 'tilt' && l.data.code === RECORDS_TILT);
    expect(on?.data).toMatchObject({ event: 'on', reason: refused, mirror: mirror(7) });
  });

  it('take the voucher sequence from the mirror when it is further on, so no number is issued twice', () => {
    const rig = new Rig();
    rig.ok({ kind: 'records', refused: null, mirror: mirror(41) });
    expect(rig.state.voucherSequence).toBe(41);
    expect(rig.state.tilts).toEqual([]);
    // A mirror behind the database changes nothing.
    rig.ok({ kind: 'records', refused: null, mirror: mirror(3) });
    expect(rig.state.voucherSequence).toBe(41);
  });

  it('move no money: no play, cash-out, handpay, credit clear, settings change or period clear', () => {
    const rig = refusedRig();
    rig.key('attendant', true);
    for (const wish of [
      { type: 'deal' },
      { type: 'cashOut' },
      { type: 'handpayConfirm' },
      { type: 'creditClear', confirm: true },
      { type: 'selectGame', game: 'poker-plus' },
    ]) {
      expect(rig.refuse(wish)).toBe('C-15');
    }
    rig.key('attendant', false);
    rig.technician();
    expect(rig.refuse({ type: 'changeSettings', confirm: true, venue: 'Elsewhere' })).toBe('C-15');
    expect(rig.refuse({ type: 'clearPeriodMeters', confirm: true })).toBe('C-15');
    expect(rig.refuse({ type: 'clearTilt', code: RECORDS_TILT })).toBe('C-8');
  });

  it('credit no stacked note and debit no printed voucher; a note in escrow goes back', () => {
    const rig = refusedRig();
    const balance = rig.state.balance;
    const voucher = rig.state.voucher!;
    rig.event({ device: 'printer', type: 'printed', validation: voucher.validation });
    expect(rig.state.balance).toBe(balance);
    expect(rig.state.voucher).toEqual(voucher);
    expect(rig.event({ device: 'acceptor', type: 'escrow', value: 2000, denomination: '20' })).toContainEqual({
      device: 'acceptor',
      type: 'return',
    });
    rig.state = { ...rig.state, note: { value: 500, denomination: '5', since: 0 } };
    rig.event({ device: 'acceptor', type: 'stacked', value: 500, denomination: '5' });
    expect(rig.state.balance).toBe(balance);
    expect(rig.log.filter((l) => l.kind === 'anomaly').map((l) => l.data.reason)).toEqual([
      'the records are refused: not settled',
      'the records are refused: not settled',
    ]);
  });

  it('settle nothing at recovery: the devices are heard and logged, nothing printed, nothing credited', () => {
    const rig = refusedRig();
    rig.state = { ...rig.state, note: { value: 500, denomination: '5', since: 0 } };
    const balance = rig.state.balance;
    const sent = rig.ok({ kind: 'recovered', acceptor: { state: 'escrow', value: 500 }, voucher: 'not-printed' });
    expect(sent.filter((c) => c.device === 'printer' && c.type === 'print')).toEqual([]);
    expect(sent).toContainEqual({ device: 'acceptor', type: 'return' });
    expect(rig.state.balance).toBe(balance);
    expect(rig.log.filter((l) => l.kind === 'recovery').map((l) => l.data.settled)).toEqual([false, false]);
  });

  it('are cleared by a RAM clear alone, which discards what they held, logs it and starts the records afresh', () => {
    const rig = refusedRig();
    const held = { balance: rig.state.balance, voucher: rig.state.voucher };
    expect(rig.refuse({ type: 'ramClear', confirm: true })).toBe('C-21');
    rig.technician();
    const r = rig.wish({ type: 'ramClear', confirm: true });
    expect(r).toMatchObject({ ok: true, effects: expect.arrayContaining([{ type: 'recordsCleared' }]) });
    expect(rig.state).toMatchObject({
      balance: 0,
      voucher: null,
      note: null,
      handpay: null,
      game: null,
      meters: { lifetime: {}, period: {} },
    });
    expect(rig.state.tilts.map((t) => t.code)).not.toContain(RECORDS_TILT);
    const clear = rig.log.find((l) => l.kind === 'meterClear');
    expect(clear?.data).toMatchObject({
      scope: 'ram',
      records: refused,
      discarded: { balance: held.balance, voucher: held.voucher },
    });
    // The mirror's voucher numbers stay used; the next voucher takes the one after.
    expect(rig.state.voucherSequence).toBe(7);
    rig.key('technician', false);
    rig.insert(500);
    rig.play({ type: 'cashOut' });
    expect(rig.state.voucher?.sequence).toBe(8);
  });

  it('an ordinary RAM clear still needs a zero balance and emits nothing for the store', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.technician();
    expect(rig.refuse({ type: 'ramClear', confirm: true })).toBe('C-8');
  });
});

describe('the mirror of critical memory', () => {
  it('not written stops play with a tilt that lifts when it is written again', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.ok({ kind: 'mirror', problem: 'EACCES: permission denied' });
    expect(rig.state.tilts).toContainEqual(expect.objectContaining({ code: MIRROR_TILT, technician: false }));
    expect(rig.refuse({ type: 'deal' })).toBe('C-15');
    rig.ok({ kind: 'mirror', problem: null });
    expect(rig.state.tilts).toEqual([]);
  });
});

describe('C-7 stored settings checked when they are read back', () => {
  const config = DEFAULT_SETTINGS;

  it('a stored value that fails the check locks the cabinet; the file replaces the group, and a technician clears the tilt', () => {
    const rig = new Rig();
    const forged = {
      ...rig.state.settings,
      limits: { ...rig.state.settings.limits, maxBet: 50, handpayLimit: -1 },
    } as CabinetSettings;
    rig.state = { ...rig.state, settings: forged, configApplied: config };
    rig.ok({
      kind: 'settings',
      settings: config,
      source: 'config file',
      installed: [],
      configReturns: RETURNS_IN_RANGE,
    });
    const tilt = rig.state.tilts.find((t) => t.code === SETTINGS_TILT);
    expect(tilt?.technician).toBe(true);
    expect(tilt?.reason).toMatch(/limits\.handpayLimit.*limits\.maxBet/);
    expect(rig.state.settings.limits).toEqual(config.limits);
    expect(rig.log.filter((l) => l.kind === 'config').map((l) => l.data.key)).toEqual([
      'limits.handpayLimit',
      'limits.maxBet',
    ]);
    expect(rig.refuse({ type: 'deal' })).toBe('C-15');
    rig.technician();
    rig.play({ type: 'clearTilt', code: SETTINGS_TILT });
    expect(rig.state.tilts).toEqual([]);
  });

  it('the tilt cannot be cleared while the settings still fail', () => {
    const rig = new Rig();
    rig.state = {
      ...rig.state,
      tilts: [{ code: SETTINGS_TILT, reason: 'x', since: 0, technician: true }],
      settings: { ...rig.state.settings, currency: 'usd' },
    };
    rig.technician();
    expect(rig.refuse({ type: 'clearTilt', code: SETTINGS_TILT })).toBe('C-7');
  });

  it('sound stored settings raise nothing', () => {
    const rig = new Rig();
    rig.ok({
      kind: 'settings',
      settings: config,
      source: 'config file',
      installed: [],
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.tilts).toEqual([]);
  });
});

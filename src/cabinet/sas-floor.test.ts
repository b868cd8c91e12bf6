// The cabinet on a casino floor's link (issue 27): its vouchers in each validation mode and each
// mode's rule for a cash-out the host cannot take, the host's controls and ticket text, and what
// the cabinet does while the host is away.

import { describe, expect, it } from 'vitest';
import { Rig } from './testing/rig';
import type { SasCommand, SasSettings } from './sas-state';
import type { Voucher } from './device-events';

const SAS: SasSettings = {
  address: 1,
  accountingDenomination: 1,
  allowClockSet: false,
  allowRemoteHandpayReset: false,
};

function sasRig(settings: Partial<SasSettings> = {}, unread = { n: 0 }): Rig {
  const rig = new Rig();
  const env = rig.env;
  env.sasValidation = (id, seq) => `00${String(id).padStart(8, '0')}${String(seq).padStart(8, '0')}`;
  env.sasStandardValidation = (credits, at) => String((credits + at) % 1e8).padStart(18, '0');
  env.sasUnreadVouchers = () => unread.n;
  // As the journal's vouchers table: every number a voucher was sent to the printer with.
  env.voucherIssued = (validation) =>
    rig.tickets.some((e) => e.type === 'voucherIssued' && e.voucher.validation === validation);
  rig.ok({ kind: 'sas', command: { type: 'configure', settings: { ...SAS, ...settings } } });
  return rig;
}

const sas = (rig: Rig, command: SasCommand) => rig.input({ kind: 'sas', command });
const printed = (rig: Rig): Voucher => {
  const v = rig.state.voucher!;
  rig.ok({ kind: 'device', event: { device: 'printer', type: 'printed', validation: v.validation } });
  return v;
};
const cashOut = (rig: Rig, amount: number) => {
  rig.insert(amount);
  rig.play({ type: 'cashOut' });
};

describe('secure enhanced validation (the default)', () => {
  it('numbers vouchers under the host ID while the 4D buffer has room; then a handpay', () => {
    const unread = { n: 0 };
    const rig = sasRig({}, unread);
    expect(
      sas(rig, { type: 'validationId', validation: { current: { validationId: 7, sequence: 0 }, lastSet: null } }).ok,
    ).toBe(true);
    cashOut(rig, 500);
    expect(printed(rig)).toMatchObject({
      validation: '00' + '7'.padStart(8, '0') + '1'.padStart(8, '0'),
      scheme: 'sas',
    });
    unread.n = 31;
    cashOut(rig, 700);
    expect(rig.state.voucher).toBeNull();
    expect(rig.state.handpay).toMatchObject({
      amount: 700,
      reason: expect.stringMatching(/not read the last 31 vouchers/),
    });
  });
});

describe('system validation', () => {
  it('waits for the host number, blocks play meanwhile, and prints the voucher under its system ID', () => {
    const rig = sasRig({ validation: 'system' });
    cashOut(rig, 2750);
    expect(rig.state.voucher).toBeNull();
    expect(rig.state.sas?.pendingCashout).toMatchObject({ amount: 2750 });
    expect(rig.log.at(-1)).toMatchObject({ kind: 'voucher', data: { event: 'awaitingValidation', amount: 2750 } });
    expect(rig.refuse({ type: 'selectGame', game: 'jacks-or-better' })).toBe('C-4');
    expect(rig.refuse({ type: 'cashOut' })).toBe('C-4');
    expect(sas(rig, { type: 'systemValidation', systemId: 3, validationNumber: '1234567890123456' }).ok).toBe(true);
    expect(printed(rig)).toMatchObject({ validation: '031234567890123456', amount: 2750, scheme: 'sas-system' });
    expect(rig.state.balance).toBe(0);
    expect(sas(rig, { type: 'systemValidation', systemId: 3, validationNumber: '1234567890123456' }).ok).toBe(false);
  });

  it('refuses a number a voucher already has, naming it; the cash-out waits on, for a fresh number or the time-out', () => {
    const rig = sasRig({ validation: 'system' });
    const again = { type: 'systemValidation', systemId: 3, validationNumber: '1234567890123456' } as const;
    cashOut(rig, 2750);
    expect(sas(rig, again).ok).toBe(true);
    printed(rig);
    cashOut(rig, 1500);
    const r = sas(rig, again);
    expect(r.ok).toBe(false);
    expect(rig.log.at(-1)).toEqual({
      at: rig.now,
      kind: 'refusal',
      data: {
        rule: 'C-25',
        reason:
          'the casino system sent validation number 031234567890123456, which a voucher already has: a number is never printed twice',
        input: 'sas',
      },
    });
    expect(rig.state.voucher).toBeNull();
    expect(rig.state.handpay).toBeNull();
    expect(rig.state.sas?.pendingCashout).toMatchObject({ amount: 1500 });
    expect(sas(rig, { ...again, validationNumber: '1234567890123457' }).ok).toBe(true);
    expect(printed(rig)).toMatchObject({ validation: '031234567890123457', amount: 1500 });
    // The same number once more, and no other: the time-out makes it a handpay, as for no 58 at all.
    cashOut(rig, 900);
    expect(sas(rig, again).ok).toBe(false);
    sas(rig, { type: 'systemValidationTimeout' });
    expect(rig.state.handpay).toMatchObject({ amount: 900, reason: expect.stringMatching(/within 10 s/) });
    expect(rig.tickets.filter((e) => e.type === 'voucherIssued')).toHaveLength(2);
  });

  it('is a handpay when the host refuses (system ID 00), when it does not answer in time, and when it is away', () => {
    const rig = sasRig({ validation: 'system' });
    cashOut(rig, 1000);
    sas(rig, { type: 'systemValidation', systemId: 0, validationNumber: '0'.repeat(16) });
    expect(rig.state.handpay).toMatchObject({ amount: 1000, reason: expect.stringMatching(/refused to validate/) });
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    rig.key('attendant', false);
    cashOut(rig, 1100);
    sas(rig, { type: 'systemValidationTimeout' });
    expect(rig.state.handpay).toMatchObject({ amount: 1100, reason: expect.stringMatching(/within 10 s/) });
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    rig.key('attendant', false);
    sas(rig, { type: 'hostLost', reason: 'no poll' });
    cashOut(rig, 1200);
    expect(rig.state.sas?.pendingCashout ?? null).toBeNull();
    expect(rig.state.handpay).toMatchObject({ amount: 1200, reason: expect.stringMatching(/casino system is away/) });
  });
});

describe('standard validation', () => {
  it('prints its own 8 digits, and no second voucher before the host has read the first with 3D', () => {
    const rig = sasRig({ validation: 'standard' });
    cashOut(rig, 500);
    const v = printed(rig);
    expect(v).toMatchObject({ scheme: 'sas-standard', validation: expect.stringMatching(/^0{10}\d{8}$/) });
    expect(rig.state.sas?.lastCashOutTicket).toEqual({
      validationNumber: v.validation.slice(-8),
      amount: 500,
      read: false,
    });
    cashOut(rig, 600);
    expect(rig.state.handpay).toMatchObject({
      amount: 600,
      reason: expect.stringMatching(/before the casino system read/),
    });
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    rig.key('attendant', false);
    sas(rig, { type: 'cashOutTicketRead', validationNumber: v.validation.slice(-8) });
    cashOut(rig, 700);
    expect(printed(rig).amount).toBe(700);
  });

  it('is never used without a link: the cabinet numbers its own vouchers', () => {
    const rig = new Rig();
    let standard = 0;
    rig.env.sasStandardValidation = () => String(++standard).padStart(18, '0');
    rig.insert(500);
    rig.play({ type: 'cashOut' });
    expect(rig.state.voucher).not.toHaveProperty('scheme');
    expect(standard).toBe(0);
  });
});

describe('the host controls and ticket text (7B, 7C, 7D)', () => {
  it('prints the host location, address lines and expiry on the next voucher; a printer off for cash-outs is a handpay', () => {
    const rig = sasRig();
    sas(rig, { type: 'validationId', validation: { current: { validationId: 7, sequence: 0 }, lastSet: null } });
    sas(rig, { type: 'ticketText', text: { location: 'CASINO ROYALE', address1: '1 MAIN ST', address2: 'RENO NV' } });
    sas(rig, { type: 'extendedValidation', controls: {}, expiry: 60 });
    cashOut(rig, 500);
    const v = printed(rig);
    expect(v).toMatchObject({ venue: 'CASINO ROYALE', address: ['1 MAIN ST', 'RENO NV'] });
    expect(Date.parse(v.expiresAt) - Date.parse(v.issuedAt.slice(0, 10))).toBe(60 * 86_400_000);
    sas(rig, { type: 'extendedValidation', controls: {}, expiry: 'never' });
    cashOut(rig, 500);
    expect(printed(rig).expiresAt).toBe('9999-12-31');
    expect(sas(rig, { type: 'ticketText', text: { location: 'Ünicode' } }).ok).toBe(false);
    sas(rig, { type: 'extendedValidation', controls: { printerAsCashoutDevice: false } });
    cashOut(rig, 800);
    expect(rig.state.handpay).toMatchObject({
      amount: 800,
      reason: expect.stringMatching(/printer off for cash-outs/),
    });
  });
});

describe('the host away', () => {
  it('is logged and play goes on; with disableAfterSeconds, play stops that long after, and starts again when it is back', () => {
    const rig = sasRig({ disableAfterSeconds: 60 });
    sas(rig, { type: 'hostLost', reason: 'no poll to address 1 for 30 s' });
    sas(rig, { type: 'hostLost', reason: 'loop break' });
    expect(rig.state.sas?.hostLost).toEqual({ since: rig.now, reason: 'no poll to address 1 for 30 s' });
    rig.insert(500);
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    rig.play({ type: 'deal', bet: 1 });
    // Too early: refused, nothing changes.
    expect(sas(rig, { type: 'hostLossTimeout' }).ok).toBe(false);
    rig.now += 60_000;
    expect(sas(rig, { type: 'hostLossTimeout' }).ok).toBe(true);
    expect(rig.log.at(-1)).toMatchObject({ kind: 'sas', data: { event: 'hostLossStop', afterSeconds: 60 } });
    // The game in progress is finished; no new one.
    rig.play({ type: 'draw' });
    expect(rig.refuse({ type: 'deal', bet: 1 })).toBe('C-25');
    rig.now += 5000;
    sas(rig, { type: 'hostBack' });
    expect(rig.log.at(-1)).toMatchObject({ kind: 'sas', data: { event: 'hostBack', awayMs: 65_000 } });
    expect(rig.state.sas?.hostLossStop).toBe(false);
    rig.play({ type: 'deal', bet: 1 });
  });

  it('never stops play without disableAfterSeconds', () => {
    const rig = sasRig();
    sas(rig, { type: 'hostLost', reason: 'loop break' });
    rig.now += 86_400_000;
    expect(sas(rig, { type: 'hostLossTimeout' }).ok).toBe(false);
    expect(rig.state.sas?.hostLossStop ?? false).toBe(false);
  });
});

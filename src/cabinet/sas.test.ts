import { describe, expect, it } from 'vitest';
import { Rig } from './testing/rig';
import type { SasSettings } from './sas-state';

const SAS: SasSettings = {
  address: 1,
  accountingDenomination: 1,
  allowClockSet: false,
  allowRemoteHandpayReset: false,
};

function sasRig(settings: Partial<SasSettings> = {}): Rig {
  const rig = new Rig();
  const env = rig.env as { sasValidation?: (id: number, seq: number) => string };
  env.sasValidation = (id, seq) => `00${String(id).padStart(8, '0')}${String(seq).padStart(8, '0')}`;
  rig.ok({ kind: 'sas', command: { type: 'configure', settings: { ...SAS, ...settings } } });
  return rig;
}

const sas = (
  rig: Rig,
  command: Parameters<Rig['ok']>[0] extends infer I ? (I extends { kind: 'sas'; command: infer C } ? C : never) : never,
) => rig.input({ kind: 'sas', command });

describe('the cabinet on a SAS link (C-25)', () => {
  it('disabled by the host: no new game (refused), no notes, a game in progress finished; enabled again', () => {
    const rig = sasRig();
    rig.insert(500);
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    rig.play({ type: 'deal', bet: 1 });
    expect(sas(rig, { type: 'shutdown' }).ok).toBe(true);
    expect(rig.state.sas?.disabledByHost).toBe(true);
    expect(rig.log.at(-1)).toMatchObject({
      kind: 'sas',
      data: { event: 'disabled', by: 'host', gameInProgress: true },
    });
    // The game in progress ends as usual.
    rig.play({ type: 'draw' });
    expect(rig.state.game?.outcome).not.toBeNull();
    expect(rig.refuse({ type: 'deal', bet: 1 })).toBe('C-25');
    expect(rig.state.acceptorEnabled).toBe(false);
    expect(sas(rig, { type: 'startup' }).ok).toBe(true);
    expect(rig.log.at(-1)).toMatchObject({ kind: 'sas', data: { event: 'enabled' } });
    expect(rig.state.acceptorEnabled).toBe(true);
    rig.play({ type: 'deal', bet: 1 });
  });

  it('sets the clock only when the operator allows it, and logs it', () => {
    const refused = sasRig();
    const r = sas(refused, { type: 'setClock', at: refused.now + 3_600_000 });
    expect(r.ok ? null : r.refusal.rule).toBe('C-25');
    expect(refused.state.sas?.clockOffsetMs).toBe(0);
    const allowed = sasRig({ allowClockSet: true });
    expect(sas(allowed, { type: 'setClock', at: allowed.now + 3_600_000 }).ok).toBe(true);
    expect(allowed.state.sas?.clockOffsetMs).toBe(3_600_000);
    expect(allowed.log.at(-1)).toMatchObject({ kind: 'sas', data: { event: 'clockSet', offsetMs: 3_600_000 } });
  });

  it('resets a handpay for the host only when the operator allows it', () => {
    for (const allow of [false, true]) {
      const rig = sasRig({ allowRemoteHandpayReset: allow });
      rig.insert(500);
      rig.state = {
        ...rig.state,
        settings: { ...rig.state.settings, limits: { ...rig.state.settings.limits, ticketLimit: 100 } },
      };
      rig.play({ type: 'cashOut' });
      expect(rig.state.handpay?.amount).toBe(500);
      const r = sas(rig, { type: 'handpayReset' });
      expect(r.ok).toBe(allow);
      expect(rig.state.handpay === null).toBe(allow);
      const paidByHost = rig.log.filter((l) => l.kind === 'handpay' && l.data.event === 'paid' && l.data.by === 'host');
      expect(paidByHost.map((l) => l.data.amount)).toEqual(allow ? [500] : []);
    }
  });

  it('numbers vouchers by the host validation ID; without one, a cash-out is handpaid and says why', () => {
    const rig = sasRig();
    rig.insert(500);
    rig.play({ type: 'cashOut' });
    expect(rig.state.voucher).toBeNull();
    expect(rig.state.handpay?.reason).toMatch(/validation ID/);
    expect(rig.log.some((e) => e.kind === 'voucher' && e.data.event === 'noValidationId')).toBe(true);

    const next = sasRig();
    sas(next, {
      type: 'validationId',
      validation: { current: { validationId: 7, sequence: 41 }, lastSet: { validationId: 7, sequence: 41 } },
    });
    next.insert(500);
    const sent = next.play({ type: 'cashOut' });
    const print = sent.find((c) => c.device === 'printer' && c.type === 'print');
    expect(print && print.type === 'print' && print.voucher).toMatchObject({
      validation: '000000000700000042',
      scheme: 'sas',
      amount: 500,
    });
    expect(next.state.sas?.validation.current).toEqual({ validationId: 7, sequence: 42 });
  });

  it('without a SAS link, nothing the host asks is taken', () => {
    const rig = new Rig();
    const r = rig.input({ kind: 'sas', command: { type: 'shutdown' } });
    expect(r.ok ? null : r.refusal.rule).toBe('C-25');
  });

  it('a fault on the SAS line is the host lost: logged once, play goes on, and a tilt an older version kept lifts', () => {
    const rig = sasRig();
    expect(sas(rig, { type: 'lineFault', message: 'cannot open /dev/ttyS3: No such file' }).ok).toBe(true);
    expect(sas(rig, { type: 'lineFault', message: 'cannot open /dev/ttyS3: again' }).ok).toBe(true);
    expect(rig.state.tilts).toEqual([]);
    expect(rig.state.sas?.hostLost).toMatchObject({ reason: 'line fault: cannot open /dev/ttyS3: No such file' });
    expect(rig.log.filter((e) => e.kind === 'fault' && e.data.device === 'sas')).toHaveLength(1);
    expect(rig.log.filter((e) => e.kind === 'sas' && e.data.event === 'hostLost')).toHaveLength(1);
    rig.insert(500);
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    rig.play({ type: 'deal', bet: 1 });
    sas(rig, { type: 'lineFaultCleared' });
    expect(rig.log.at(-1)).toMatchObject({ kind: 'fault', data: { event: 'cleared', code: 'line' } });
    // The line ready is not the host back: only its poll is.
    expect(rig.state.sas?.hostLost).not.toBeNull();
    // A tilt an older version raised for the line lifts at the next start.
    rig.state = { ...rig.state, tilts: [{ code: 'sas:fault:line', reason: 'old', since: 0, technician: false }] };
    rig.ok({ kind: 'sas', command: { type: 'configure', settings: SAS } });
    expect(rig.state.tilts.some((t) => t.code === 'sas:fault:line')).toBe(false);
  });

  it('the technician sets the address and the host permissions: logged as the technician, kept over a restart until the file is edited', () => {
    const rig = sasRig();
    rig.technician();
    rig.play({ type: 'changeSettings', confirm: true, sas: { address: 9, allowClockSet: true } });
    expect(rig.state.sas?.settings).toMatchObject({
      address: 9,
      allowClockSet: true,
      allowRemoteHandpayReset: false,
      accountingDenomination: 1,
    });
    const rows = rig.log.filter((e) => e.kind === 'config');
    expect(rows.map((e) => e.data)).toEqual([
      { key: 'sas.address', from: 1, to: 9, source: 'technician' },
      { key: 'sas.allowClockSet', from: false, to: true, source: 'technician' },
    ]);
    // The permission applies at once.
    expect(sas(rig, { type: 'setClock', at: rig.now + 60_000 }).ok).toBe(true);
    // A restart with the file unchanged keeps the technician's settings ...
    rig.ok({ kind: 'sas', command: { type: 'configure', settings: SAS } });
    expect(rig.state.sas?.settings.address).toBe(9);
    // ... the operator's edit of one key in the file wins for that key alone.
    rig.ok({ kind: 'sas', command: { type: 'configure', settings: { ...SAS, allowRemoteHandpayReset: true } } });
    expect(rig.state.sas?.settings).toMatchObject({ address: 9, allowClockSet: true, allowRemoteHandpayReset: true });
    rig.ok({
      kind: 'sas',
      command: { type: 'configure', settings: { ...SAS, address: 4, allowRemoteHandpayReset: true } },
    });
    expect(rig.state.sas?.settings.address).toBe(4);
  });

  it('refuses a SAS setting without a link, an address outside 1..127 and a field it does not know', () => {
    const none = new Rig();
    none.technician();
    expect(none.refuse({ type: 'changeSettings', confirm: true, sas: { address: 2 } })).toBe('C-7');
    const rig = sasRig();
    rig.technician();
    for (const bad of [
      { address: 0 },
      { address: 128 },
      { address: 1.5 },
      { allowClockSet: 'yes' },
      { accountingDenomination: 5 },
    ]) {
      expect(rig.refuse({ type: 'changeSettings', confirm: true, sas: bad } as never), JSON.stringify(bad)).toBe(
        'C-22',
      );
    }
    expect(rig.state.sas?.settings.address).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { Rig } from '../../cabinet/testing/rig';
import type { CabinetInput } from '../../cabinet';
import { unitStatus } from '../../devices/ebds/codec';
import { statusFaults } from '../../devices/ebds/table';
import { planQueue } from './sas-journal';
import { sasFacts } from './sas-facts';

/** The exceptions one input raises on a rig with a SAS link. */
function raised(rig: Rig, input: CabinetInput): string[] {
  const prev = rig.state;
  const r = rig.input(input);
  if (!r.ok) throw new Error(r.refusal.reason);
  return sasFacts(prev, r.state, r.effects, input).exceptions.map((e) => e.code.toString(16).padStart(2, '0'));
}

/** The rig with the technician's SAS settings in force: address 1, one cent a credit. */
function withSasLink(rig: Rig): Rig {
  rig.ok({
    kind: 'sas',
    command: {
      type: 'configure',
      settings: { address: 1, accountingDenomination: 1, allowClockSet: false, allowRemoteHandpayReset: false },
    },
  });
  return rig;
}

const device = (event: unknown): CabinetInput => ({ kind: 'device', event }) as CabinetInput;

describe('the exceptions a transition raises', () => {
  const rig = new Rig();
  (rig.env as { sasValidation?: (i: number, s: number) => string }).sasValidation = (i, s) =>
    `00${String(i).padStart(8, '0')}${String(s).padStart(8, '0')}`;
  withSasLink(rig);

  it('doors, notes, games, power, faults and handpays by the standard codes', () => {
    expect(raised(rig, device({ device: 'deck', type: 'door', door: 'main', open: true }))).toEqual(['11']);
    expect(raised(rig, device({ device: 'deck', type: 'door', door: 'main', open: false }))).toEqual(['12']);
    expect(raised(rig, device({ device: 'deck', type: 'door', door: 'logic', open: true }))).toEqual(['15']);
    expect(raised(rig, device({ device: 'deck', type: 'door', door: 'logic', open: false }))).toEqual(['16']);
    expect(raised(rig, device({ device: 'deck', type: 'door', door: 'cashbox', open: true }))).toEqual(['19']);
    expect(raised(rig, device({ device: 'deck', type: 'door', door: 'cashbox', open: false }))).toEqual(['1a']);
    expect(raised(rig, device({ device: 'acceptor', type: 'escrow', value: 2000, denomination: '20' }))).toEqual([]);
    expect(raised(rig, device({ device: 'acceptor', type: 'stacked', value: 2000, denomination: '20' }))).toEqual([
      '4a',
    ]);
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    expect(raised(rig, { kind: 'wish', counter: rig.state.version, wish: { type: 'deal', bet: 1 } })).toEqual(['7e']);
    expect(raised(rig, { kind: 'wish', counter: rig.state.version, wish: { type: 'draw' } })).toEqual(['7f']);
    expect(raised(rig, device({ device: 'printer', type: 'fault', code: 'paperOut', message: 'paper out' }))).toEqual([
      '61',
    ]);
    expect(raised(rig, device({ device: 'printer', type: 'faultCleared', code: 'paperOut' }))).toEqual([]);
    expect(raised(rig, device({ device: 'acceptor', type: 'fault', code: 'stackerFull', message: 'full' }))).toEqual([
      '27',
    ]);
    expect(raised(rig, device({ device: 'acceptor', type: 'fault', code: 'jamInStacker', message: 'jam' }))).toEqual([
      '28',
    ]);
    expect(raised(rig, { kind: 'powerUp' })).toEqual(['18', '17']);
  });

  it('an EBDS acceptor names its jam and its full cash box as ID-003 does: the same 28 and 27 (issue 25)', () => {
    const r = withSasLink(new Rig());
    // The faults as the EBDS driver reads them off the unit's status bits.
    const faults = statusFaults(unitStatus({ activity: 'idling', jammed: true, cassetteFull: true }));
    expect([...faults.keys()]).toEqual(['jam', 'stackerFull']);
    const codes = [...faults].map(([code, message]) =>
      raised(r, device({ device: 'acceptor', type: 'fault', code, message })),
    );
    expect(codes).toEqual([['28'], ['27']]);
  });

  it('the technician PIN locked after a run of wrong ones raises general tilt (20); a wrong PIN before it none', () => {
    const r = withSasLink(new Rig());
    r.state = { ...r.state, access: { ...r.state.access, pinHash: r.env.hashPin('2468'), pinChangeRequired: false } };
    r.key('technician', true);
    const wrong: CabinetInput = {
      kind: 'wish',
      counter: r.state.version,
      wish: { type: 'technicianPin', pin: '0000' },
    };
    const tries = r.state.settings.access.maxPinFailures;
    const codes = Array.from({ length: tries }, () => raised(r, { ...wrong, counter: r.state.version }));
    expect(codes).toEqual([...Array.from({ length: tries - 1 }, () => []), ['20']]);
  });

  it("the technician's SAS setting raises 3C in its commit; the line's fault raises none of the device codes", () => {
    const r = withSasLink(new Rig());
    r.technician();
    expect(
      raised(r, {
        kind: 'wish',
        counter: r.state.version,
        wish: { type: 'changeSettings', confirm: true, sas: { allowRemoteHandpayReset: true } },
      }),
    ).toEqual(['3c']);
    expect(raised(r, { kind: 'sas', command: { type: 'lineFault', message: 'port lost' } })).toEqual([]);
  });

  it('a cash-out without a validation ID: 3F and a handpay (51); the attendant pays it (52); a voucher printed: 3D', () => {
    const r = new Rig();
    (r.env as { sasValidation?: (i: number, s: number) => string }).sasValidation = (i, s) =>
      `00${String(i).padStart(8, '0')}${String(s).padStart(8, '0')}`;
    withSasLink(r);
    r.insert(500);
    expect(raised(r, { kind: 'wish', counter: r.state.version, wish: { type: 'cashOut' } })).toEqual(['3f', '51']);
    r.key('attendant', true);
    expect(raised(r, { kind: 'wish', counter: r.state.version, wish: { type: 'handpayConfirm' } })).toEqual(['52']);
    r.ok({
      kind: 'sas',
      command: {
        type: 'validationId',
        validation: { current: { validationId: 5, sequence: 0 }, lastSet: { validationId: 5, sequence: 0 } },
      },
    });
    r.key('attendant', false);
    r.insert(500);
    r.play({ type: 'cashOut' });
    const validation = r.state.voucher!.validation;
    const prev = r.state;
    const input = device({ device: 'printer', type: 'printed', validation });
    const step = r.input(input);
    const facts = sasFacts(prev, r.state, step.effects, input);
    expect(facts.exceptions).toEqual([{ code: 0x3d }]);
    expect(facts.printed).toMatchObject([{ validation, amount: 500, sequence: 1 }]);
  });
});

describe('the queue a commit leaves', () => {
  const queued = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, code: 0x7e, priority: false }));

  it('appends each exception once, in order', () => {
    expect(planQueue(queued(2), [0x11, 0x12])).toEqual({
      drop: [],
      add: [
        { code: 0x11, priority: false },
        { code: 0x12, priority: false },
      ],
      dropped: [],
    });
  });

  it('full: drops the oldest queued one, raises 70 once, keeps priority ones', () => {
    const pending = [...queued(20), { id: 21, code: 0x3d, priority: true }];
    const plan = planQueue(pending, [0x11, 0x12]);
    expect(plan.drop).toEqual([1, 2]);
    expect(plan.add).toEqual([
      { code: 0x70, priority: true },
      { code: 0x11, priority: false },
      { code: 0x12, priority: false },
    ]);
    expect(plan.dropped.map((d) => d.id)).toEqual([1, 2]);
  });

  it('full within one commit: the exception dropped may be one raised in it, never stored', () => {
    const plan = planQueue(
      [],
      Array.from({ length: 22 }, (_, i) => (i % 2 ? 0x7f : 0x7e)),
    );
    expect(plan.drop).toEqual([]);
    expect(plan.add.filter((e) => !e.priority)).toHaveLength(20);
    expect(plan.add.filter((e) => e.code === 0x70)).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BASE_METERS,
  STACKER_EMPTIED,
  derivedMeters,
  meterDef,
  metersBySasCode,
  sasBillIndex,
  stackerCount,
} from './meters';
import { SAS_METER, sasMeterCode } from './vocabulary/sas-meter-codes';

describe('meter definitions', () => {
  it('defines the meters the cabinet writes, per game and per note too', () => {
    expect(meterDef('coinIn')).toMatchObject({ code: '0000', unit: 'money' });
    expect(meterDef('poker-plus/coinIn')).toMatchObject({ code: '0000', label: 'poker-plus: total in (wagered)' });
    expect(meterDef('bills.500')).toMatchObject({ code: '0042', unit: 'count' });
  });

  it('names only SAS codes the one list declares (vocabulary/sas-meter-codes.ts), or bills-accepted meters', () => {
    const declared = new Set(Object.values(SAS_METER).map(sasMeterCode));
    const codes = [
      ...BASE_METERS.flatMap((name) => {
        const def = meterDef(name);
        return def?.code ? [def.code, ...(def.sameAs ?? [])] : [];
      }),
      ...Object.values(derivedMeters({}, 0)).map((d) => d.code),
    ];
    expect(codes.length).toBeGreaterThan(20);
    expect(codes.filter((c) => !declared.has(c))).toEqual([]);
    expect(meterDef('coinIn')?.code).toBe(sasMeterCode(SAS_METER.totalCoinIn));
  });

  it('knows no other name, not even one an object carries of its own', () => {
    expect(meterDef('poker-plus/nothing')).toBeNull();
    expect(meterDef('constructor')).toBeNull();
    expect(meterDef('poker-plus/toString')).toBeNull();
    expect(meterDef('nothing')).toBeNull();
  });
});

describe('meters by SAS code', () => {
  const lifetime = {
    coinIn: 1000,
    coinOut: 800,
    jackpot: 50_000,
    billsIn: 4000,
    'bills.2000': 2,
    vouchersIn: 1000,
    vouchersInCount: 1,
    vouchersOut: 2750,
    vouchersOutCount: 1,
    handpaidCancelled: 300,
    'jacks-or-better/coinIn': 1000,
  };

  it('keeps 04, total cancelled credits, as every credit a cash-out took off the meter, beside 03', () => {
    const m = metersBySasCode(lifetime, 250, 2, null);
    expect(m.get('0003')).toBe(300);
    expect(m.get('0004')).toBe(2750 + 300);
    expect(derivedMeters(lifetime, 250).totalCancelled).toMatchObject({ code: '0004', value: 3050 });
    // An old database, or a cabinet that has paid nothing yet, reads 0.
    expect(metersBySasCode({}, 0, 2, null).get('0004')).toBe(0);
  });

  it('reports a voucher under every code that counts cashable tickets, each once', () => {
    const m = metersBySasCode(lifetime, 250, 2, null);
    for (const code of ['000E', '0016', '002C', '0086']) expect(m.get(code)).toBe(2750);
    for (const code of ['0012', '0038', '0087']) expect(m.get(code)).toBe(1);
    for (const code of ['000D', '0015', '0028', '0029', '0080']) expect(m.get(code)).toBe(1000);
    expect(m.get('0024')).toBe(5000);
  });

  it('counts every note by face value in the cabinet currency, and a note never taken as none', () => {
    const m = metersBySasCode(lifetime, 250, 2, null);
    expect(m.get('0044')).toBe(2); // 20.00
    expect(m.get('0057')).toBe(0); // 1,000,000.00: none taken
    expect(meterDef('bills.1000', 0)).toMatchObject({ code: '004B' }); // 1000 in a currency without minor units
    expect(meterDef('bills.150', 2)).toMatchObject({ code: null }); // 1.50: SAS has no such note
    expect(sasBillIndex(2000, 2)).toBe(4);
  });

  it('gives a game its own meters only', () => {
    const m = metersBySasCode(lifetime, 250, 2, 'jacks-or-better');
    expect(m.get('0000')).toBe(1000);
    expect(m.has('0004')).toBe(false);
    expect(m.has('000C')).toBe(false);
  });
});

describe('the stacker meters', () => {
  it('are not reported until the acceptor first says its stacker was emptied, then count every note in it', () => {
    expect(metersBySasCode({}, 0, 2, null).has('003E')).toBe(false);
    expect(stackerCount({}, 2000)).toEqual({});
    const emptied = { ...STACKER_EMPTIED };
    expect(metersBySasCode(emptied, 0, 2, null).get('003E')).toBe(0);
    expect(stackerCount(emptied, 2000)).toEqual({ stackerBills: 1, stackerValue: 2000 });
    const m = metersBySasCode({ stackerBills: 2, stackerValue: 3000 }, 0, 2, null);
    expect([m.get('003E'), m.get('003F')]).toEqual([2, 3000]);
  });
});

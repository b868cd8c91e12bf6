import { describe, expect, it } from 'vitest';
import { meterDef } from './meters';

describe('meter definitions', () => {
  it('defines the meters the cabinet writes, per game and per note too', () => {
    expect(meterDef('coinIn')).toMatchObject({ code: '0000', unit: 'money' });
    expect(meterDef('poker-plus/coinIn')).toMatchObject({ code: '0000', label: 'poker-plus: total in (wagered)' });
    expect(meterDef('bills.500')).toMatchObject({ code: '0042', unit: 'count' });
  });

  it('knows no other name, not even one an object carries of its own', () => {
    expect(meterDef('poker-plus/nothing')).toBeNull();
    expect(meterDef('constructor')).toBeNull();
    expect(meterDef('poker-plus/toString')).toBeNull();
    expect(meterDef('nothing')).toBeNull();
  });
});

// The acceptor's currency assignment turned into note values (C-16: values come from the
// device, never from a table here). Values are minor units (C-1).

import type { CurrencyEntry } from './codec';

export interface NoteValue {
  code: number;
  /** Minor units of the cabinet's currency. */
  value: number;
  /** Human label, e.g. "USD 20". */
  denomination: string;
}

export function noteValues(entries: readonly CurrencyEntry[], currency: string, minorDigits: number): NoteValue[] {
  return entries
    .filter((e) => e.base > 0)
    .map((e) => {
      const major = e.base * 10 ** e.exponent;
      return { code: e.code, value: major * 10 ** minorDigits, denomination: `${currency} ${major}` };
    });
}

/** Entries for notes of the given major-unit values, codes 0x61 upwards, as an acceptor reports them. */
export function assignmentFor(majorValues: readonly number[], country = 0x01): CurrencyEntry[] {
  return majorValues.map((v, i) => {
    if (!Number.isInteger(v) || v <= 0) throw new Error(`note value ${v} is not a positive whole number of major units`);
    let exponent = 0;
    let base = v;
    while (base % 10 === 0) {
      base /= 10;
      exponent++;
    }
    if (base > 255) throw new Error(`note value ${v} cannot be written as base × 10^exponent with base ≤ 255`);
    return { code: 0x61 + i, country, base, exponent };
  });
}

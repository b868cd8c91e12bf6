// The acceptor's currency assignment turned into note values (C-16: values come from the
// device, never from a table here). Each entry says which country's note it is and its value as
// base × 10^exponent in that currency's major unit; the cabinet's currency and minor digits turn
// it into minor units (C-1). An assignment for another country than the cabinet's currency is a
// device fault: its notes are never worth anything here.

import type { CurrencyEntry } from './codec';

/** JCM's country codes in the currency assignment, and the currency each one's notes are in. */
export const JCM_COUNTRIES: readonly { code: number; country: string; currency: string }[] = [
  { code: 0x01, country: 'USA', currency: 'USD' },
  { code: 0x0a, country: 'Japan', currency: 'JPY' },
  { code: 0xe0, country: 'the euro area', currency: 'EUR' },
];

export const countryOf = (code: number) => JCM_COUNTRIES.find((c) => c.code === code) ?? null;
export const countryFor = (currency: string) => JCM_COUNTRIES.find((c) => c.currency === currency) ?? null;

export interface NoteValue {
  code: number;
  /** Minor units of the cabinet's currency. */
  value: number;
  /** Human label, e.g. "USD 20". */
  denomination: string;
}

export type NoteTable = { ok: true; values: NoteValue[] } | { ok: false; reason: string };

const countryName = (code: number): string =>
  countryOf(code)?.country ?? `country code 0x${code.toString(16).padStart(2, '0')}`;

/**
 * The notes of an assignment in the cabinet's currency, or why none of them may be taken: an
 * entry for another country, a currency JCM has no code for here, or a value that is not a whole
 * number of minor units.
 */
export function noteTable(entries: readonly CurrencyEntry[], currency: string, minorDigits: number): NoteTable {
  const ours = countryFor(currency);
  const notes = entries.filter((e) => e.base > 0);
  if (!ours) return { ok: false, reason: `no JCM country code is known for the cabinet's currency ${currency}` };
  const foreign = notes.find((e) => e.country !== ours.code);
  if (foreign)
    return {
      ok: false,
      reason: `the acceptor is assigned for ${countryName(foreign.country)}, the cabinet's currency is ${currency}`,
    };
  const values: NoteValue[] = [];
  for (const e of notes) {
    const major = e.base * 10 ** e.exponent;
    const value = e.base * 10 ** (e.exponent + minorDigits);
    if (!Number.isSafeInteger(value))
      return {
        ok: false,
        reason: `note code 0x${e.code.toString(16)} (${e.base}×10^${e.exponent}) is not a whole number of minor units`,
      };
    values.push({ code: e.code, value, denomination: `${currency} ${major}` });
  }
  return { ok: true, values };
}

/** Entries for notes of the given major-unit values, codes 0x61 upwards, as an acceptor reports them. */
export function assignmentFor(majorValues: readonly number[], country = 0x01): CurrencyEntry[] {
  return majorValues.map((v, i) => {
    if (!Number.isInteger(v) || v <= 0)
      throw new Error(`note value ${v} is not a positive whole number of major units`);
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

/** Denomination enable/inhibit (C0): bit n set inhibits note code 0x61 + n; every note not in `take` is inhibited. */
export function inhibitMaskFor(values: readonly NoteValue[] | null, take: readonly number[] | undefined): number {
  if (!take || !values) return 0;
  let mask = 0;
  for (const v of values) if (!take.includes(v.value)) mask |= 1 << (v.code - 0x61);
  return mask;
}

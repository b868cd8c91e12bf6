// A note's value from what the acceptor reports of it (C-16): the extended note data names its ISO
// currency, a base value of three decimal digits and a signed power of ten, so the value is
// base × 10^±exponent major units of that currency, turned into minor units with the cabinet's
// minor digits (C-1). No table in this code says what a note is worth; a note of another currency
// than the cabinet's, or one that is not a whole number of minor units, is never worth anything.

import type { NoteData } from './codec';

export interface ReportedNote {
  /** What tells this note from another while it sits in escrow: its data as reported. */
  key: string;
  /** Minor units of the cabinet's currency. */
  value: number;
  /** Human label, e.g. "USD 20". */
  denomination: string;
}

export type NoteReading =
  | { ok: true; note: ReportedNote }
  /** `foreign`: a note of another currency (a fault of the acceptor's set-up, C-16), not a bad read. */
  | { ok: false; reason: string; foreign: boolean };

const shown = (s: string) => JSON.stringify(s).slice(1, -1);

/** The note's value in the cabinet's currency, or why it has none. */
export function readNote(n: NoteData, currency: string, minorDigits: number): NoteReading {
  const bad = (reason: string): NoteReading => ({ ok: false, reason, foreign: false });
  if (!/^[A-Z]{3}$/.test(n.iso)) return bad(`the acceptor named the note's currency "${shown(n.iso)}"`);
  if (!/^[0-9]{3}$/.test(n.base)) return bad(`the acceptor gave the note a base value of "${shown(n.base)}"`);
  if (n.sign !== '+' && n.sign !== '-') return bad(`the acceptor gave the note's exponent the sign "${shown(n.sign)}"`);
  if (!/^[0-9]{2}$/.test(n.exponent)) return bad(`the acceptor gave the note an exponent of "${shown(n.exponent)}"`);
  if (n.iso !== currency)
    return {
      ok: false,
      foreign: true,
      reason: `the acceptor reports a ${n.iso} note; the cabinet's currency is ${currency}`,
    };
  const base = Number(n.base);
  const power = (n.sign === '+' ? 1 : -1) * Number(n.exponent);
  if (base === 0) return bad('the acceptor reports a note of no value');
  const minorPower = power + minorDigits;
  // Exact integer arithmetic: base × 10^minorPower, refused unless a whole number of minor units.
  let value: number;
  if (minorPower >= 0) value = base * 10 ** minorPower;
  else {
    const divisor = 10 ** -minorPower;
    if (base % divisor !== 0) return bad(`a note of ${base}×10^${power} ${n.iso} is not a whole number of minor units`);
    value = base / divisor;
  }
  if (!Number.isSafeInteger(value)) return bad(`a note of ${base}×10^${power} ${n.iso} is too large`);
  const major = power >= 0 ? String(base * 10 ** power) : (base / 10 ** -power).toString();
  return {
    ok: true,
    note: {
      key: [n.iso, n.base, n.sign, n.exponent, n.noteType, n.series, n.compatibility, n.version].join(':'),
      value,
      denomination: `${n.iso} ${major}`,
    },
  };
}

/** The extended data of a note of `major` units of `iso` (the simulator's and the tests' side). */
export function noteDataOf(iso: string, major: number, index = 0): NoteData {
  if (!/^[A-Z]{3}$/.test(iso)) throw new Error(`${iso} is not an ISO 4217 code`);
  let base = major;
  let exponent = 0;
  // The base as units report it (2000 yen is 002 × 10^+03); a fraction takes a negative exponent.
  while (!Number.isInteger(base) && exponent > -9) {
    base *= 10;
    exponent--;
  }
  base = Math.round(base);
  while (base > 0 && base % 10 === 0) {
    base /= 10;
    exponent++;
  }
  if (base <= 0 || base > 999) throw new Error(`a note of ${major} ${iso} cannot be written as three digits × 10^n`);
  return {
    index,
    iso,
    base: String(base).padStart(3, '0'),
    sign: exponent < 0 ? '-' : '+',
    exponent: String(Math.abs(exponent)).padStart(2, '0'),
    orientation: 0,
    noteType: 'A',
    series: 'A',
    compatibility: 'B',
    version: 'A',
    classification: 0,
  };
}

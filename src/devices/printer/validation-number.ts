// The voucher's 18-digit validation number (C-17): machine number, sequence number and two
// check digits, so it is unique per machine and any mistyped or misread digit is caught. The
// scheme is documented in docs/protocols/voucher-printer.md.
//
//   MMMMMM SSSSSSSSSS CC
//   machine (6) sequence (10) check (2): ISO 7064 MOD 97-10, the IBAN check, over the first 16.

import { isValidationNumber, VALIDATION_DIGITS } from '../../cabinet/ticket-verdicts';

export interface ValidationParts {
  machine: number;
  sequence: number;
}

const MAX_MACHINE = 999_999;
const MAX_SEQUENCE = 9_999_999_999;

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + (ch.charCodeAt(0) - 48)) % 97;
  return r;
}

export function makeValidationNumber({ machine, sequence }: ValidationParts): string {
  if (!Number.isInteger(machine) || machine < 0 || machine > MAX_MACHINE)
    throw new RangeError(`machine number ${machine} must be 0..${MAX_MACHINE}`);
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > MAX_SEQUENCE)
    throw new RangeError(`sequence ${sequence} must be 0..${MAX_SEQUENCE}`);
  const body = String(machine).padStart(6, '0') + String(sequence).padStart(10, '0');
  const check = 98 - mod97(body + '00');
  return body + String(check).padStart(2, '0');
}

export type ValidationCheck = ({ ok: true } & ValidationParts) | { ok: false; reason: string };

export function checkValidationNumber(v: string): ValidationCheck {
  if (!isValidationNumber(v))
    return { ok: false, reason: `a validation number is exactly ${VALIDATION_DIGITS} digits` };
  if (mod97(v) !== 1) return { ok: false, reason: 'check digits do not match (mistyped or forged number)' };
  return { ok: true, machine: Number(v.slice(0, 6)), sequence: Number(v.slice(6, 16)) };
}

/** As printed: 00-0000-0000-0000-0000, the grouping casino staff read aloud. */
export function formatValidationNumber(v: string): string {
  return `${v.slice(0, 2)}-${v.slice(2, 6)}-${v.slice(6, 10)}-${v.slice(10, 14)}-${v.slice(14, 18)}`;
}

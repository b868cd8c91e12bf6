// The 18 digits of a voucher's validation number as this cabinet prints and takes them (C-17,
// docs/protocols/voucher-printer.md): a 16-digit body and two check digits, ISO 7064 MOD 97-10
// (the IBAN check): the whole number read as an integer is 1 modulo 97. The check digits catch
// a misread or mistyped number before anything is looked up; they prove nothing about who made
// it, since anyone can compute them. What makes a body this cabinet's alone is the store's
// (src/store/voucher-numbers.ts); the 18-digit rule itself is the vocabulary's. Pure.

import { isValidationNumber, VALIDATION_DIGITS } from './vocabulary/ticket-reasons';

export const VALIDATION_BODY_DIGITS = VALIDATION_DIGITS - 2;

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + (ch.charCodeAt(0) - 48)) % 97;
  return r;
}

/** The 18-digit number of a 16-digit body: the body, then its two check digits. */
export function withCheckDigits(body: string): string {
  // A body is what, with any two check digits after it, passes the one 18-digit rule.
  if (!isValidationNumber(`${body}00`))
    throw new RangeError(`a validation number's body is ${VALIDATION_BODY_DIGITS} digits`);
  return body + String(98 - mod97(body + '00')).padStart(2, '0');
}

/** Whether an 18-digit number's check digits are right (false for anything else). */
export const checkDigitsMatch = (v: string): boolean => isValidationNumber(v) && mod97(v) === 1;

export type ValidationCheck = { ok: true } | { ok: false; reason: string };

/** Why a number is not one this cabinet could have printed, as the printer and the log say it. */
export function checkValidationNumber(v: string): ValidationCheck {
  if (!isValidationNumber(v))
    return { ok: false, reason: `a validation number is exactly ${VALIDATION_DIGITS} digits` };
  if (!checkDigitsMatch(v)) return { ok: false, reason: 'check digits do not match (mistyped or forged number)' };
  return { ok: true };
}

/** As printed: 00-0000-0000-0000-0000, the grouping casino staff read aloud. */
export function formatValidationNumber(v: string): string {
  return `${v.slice(0, 2)}-${v.slice(2, 6)}-${v.slice(6, 10)}-${v.slice(10, 14)}-${v.slice(14, 18)}`;
}

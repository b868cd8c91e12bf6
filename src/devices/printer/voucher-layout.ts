// What may be printed as a voucher (C-17), for both printer families, and the voucher's form
// (voucher-form.ts) as an ESC/POS job (form-escpos.ts). Pure: the same voucher always gives the
// same bytes.

import type { Voucher } from '../../cabinet/device-events';
import { encodeEscPos, type EscPos } from './escpos';
import { secureEnhancedProblem } from '../sas/validation';
import { checkValidationNumber } from '../../cabinet/validation-number';
import { isStandardValidationNumber, isSystemValidationNumber } from '../../cabinet/ticket-verdicts';
import { WORD_LINES, fillForm, wordLines } from './voucher-form';
import { formCommands } from './form-escpos';

/** Refuses a voucher that must not be printed: a bad one printed is money out of the box. */
export function voucherProblems(v: Voucher): string[] {
  const p: string[] = [];
  const problem = schemeProblem(v);
  if (problem) p.push(problem.startsWith('numbering') ? problem : `validation number: ${problem}`);
  if (v.specimen !== undefined) {
    if (v.specimen !== true) p.push('specimen must be true or absent');
    else if (v.amount !== 0) p.push(`a specimen's amount must be 0, not ${v.amount}`);
  } else if (!Number.isSafeInteger(v.amount) || v.amount <= 0)
    p.push(`amount ${v.amount} is not a positive whole number of minor units`);
  if (!Number.isInteger(v.minorDigits) || v.minorDigits < 0 || v.minorDigits > 4)
    p.push(`minor digits ${v.minorDigits} must be 0..4`);
  if (!Number.isInteger(v.sequence) || v.sequence < 0) p.push(`sequence ${v.sequence} is not a whole number`);
  if (Number.isNaN(Date.parse(v.issuedAt))) p.push(`issue time "${v.issuedAt}" is not ISO 8601`);
  if (Number.isNaN(Date.parse(v.expiresAt))) p.push(`expiry "${v.expiresAt}" is not ISO 8601`);
  for (const [k, s] of [
    ['venue', v.venue],
    ['machine', v.machine],
    ['currency', v.currency],
    ...(v.address ?? []).map((line, i) => [`address line ${i + 1}`, line] as const),
  ] as const) {
    if (!s || /[^\x20-\x7e]/.test(s)) p.push(`${k} "${s}" must be non-empty printable ASCII`);
  }
  if ((v.address?.length ?? 0) > 2) p.push('at most two address lines');
  if (!p.length && !v.specimen && wordLines(v).length > WORD_LINES)
    p.push(`the amount in words takes more than the form's ${WORD_LINES} lines`);
  return p;
}

/**
 * What is wrong with the number for its scheme: the cabinet's own and secure enhanced validation
 * carry check digits this printer verifies; the casino system's own numbers (system validation)
 * and standard validation's 8 digits carry none, so only their shape is checked.
 */
function schemeProblem(v: Voucher): string | null {
  switch (v.scheme) {
    case undefined: {
      const own = checkValidationNumber(v.validation);
      return own.ok ? null : own.reason;
    }
    case 'sas':
      return secureEnhancedProblem(v.validation);
    case 'sas-system':
      return isSystemValidationNumber(v.validation)
        ? null
        : 'a system validation number is 18 digits under a system ID 01–99';
    case 'sas-standard':
      return isStandardValidationNumber(v.validation)
        ? null
        : 'a standard validation number is 8 digits (10 zeros before them)';
    default:
      return `numbering scheme "${String(v.scheme)}" is not one this printer knows`;
  }
}

/** A voucher's form as an ESC/POS job: each line's style set where it changes, then a feed and a cut. */
export function voucherCommands(v: Voucher): EscPos[] {
  const problems = voucherProblems(v);
  if (problems.length) throw new Error(`voucher not printable: ${problems.join('; ')}`);
  return formCommands(fillForm(v));
}

export function voucherBytes(v: Voucher): Buffer {
  return Buffer.concat(voucherCommands(v).map(encodeEscPos));
}

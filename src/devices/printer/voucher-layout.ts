// A voucher (C-17) as an ESC/POS job: heading, venue, validation number in figures and as an
// Interleaved 2 of 5 barcode, amount in figures and in words, date and time, machine, sequence
// and expiry, then a cut. A device test's specimen (amount 0) prints VOID, NOT NEGOTIABLE at
// the top, in place of the amount and at the foot, so no part of it passes for money. Pure: the
// same voucher always gives the same bytes.

import type { Voucher } from '../../cabinet/device-events';
import { NEVER_EXPIRES } from '../../cabinet/cashout';
import { amountInFigures, amountToWords } from './amount-words';
import { encodeEscPos, type EscPos } from './escpos';
import { secureEnhancedProblem } from '../sas/validation';
import { checkValidationNumber, formatValidationNumber } from '../../cabinet/validation-number';
import { isStandardValidationNumber, isSystemValidationNumber } from '../../cabinet/ticket-verdicts';

export const LINE_WIDTH = 42;

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

/** Lines of text wrapped at word boundaries to the paper width. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const text = (t: string): EscPos[] => [{ type: 'text', text: t }, { type: 'lf' }];

function barcode(v: Voucher): EscPos[] {
  return [
    ...text(`VALIDATION ${formatValidationNumber(v.validation)}`),
    { type: 'barcodeHeight', dots: 80 },
    { type: 'barcodeWidth', module: 2 },
    { type: 'hriPosition', position: 0 },
    { type: 'barcodeItf', data: v.validation },
    { type: 'lf' },
  ];
}

const VOID_BANNER: EscPos[] = [
  { type: 'align', align: 'center' },
  { type: 'emphasis', on: true },
  { type: 'size', width: 2, height: 2 },
  ...text('*** VOID ***'),
  { type: 'size', width: 1, height: 1 },
  ...text('SPECIMEN - NOT NEGOTIABLE'),
  ...text('NO CASH VALUE'),
  { type: 'emphasis', on: false },
];

/** A printer test page shaped like a voucher, so it exercises the same mechanism and barcode. */
function specimenCommands(v: Voucher): EscPos[] {
  const issued = v.issuedAt.replace('T', ' ').slice(0, 19);
  return [
    { type: 'init' },
    ...VOID_BANNER,
    ...text(v.venue),
    ...text('DEVICE TEST'),
    ...barcode(v),
    ...VOID_BANNER,
    { type: 'align', align: 'left' },
    ...text(`DATE ${issued}`),
    ...text(`MACHINE ${v.machine}`),
    ...VOID_BANNER,
    { type: 'feed', lines: 3 },
    { type: 'cut', partial: true, feed: 0 },
  ];
}

export function voucherCommands(v: Voucher): EscPos[] {
  const problems = voucherProblems(v);
  if (problems.length) throw new Error(`voucher not printable: ${problems.join('; ')}`);
  if (v.specimen) return specimenCommands(v);
  const issued = v.issuedAt.replace('T', ' ').slice(0, 19);
  const words = amountToWords(v.amount, v.currency, v.minorDigits).toUpperCase();
  return [
    { type: 'init' },
    { type: 'align', align: 'center' },
    { type: 'emphasis', on: true },
    ...text(v.venue),
    { type: 'emphasis', on: false },
    ...(v.address ?? []).flatMap(text),
    { type: 'emphasis', on: true },
    { type: 'size', width: 2, height: 2 },
    ...text('CASHOUT VOUCHER'),
    { type: 'size', width: 1, height: 1 },
    { type: 'emphasis', on: false },
    ...barcode(v),
    { type: 'emphasis', on: true },
    { type: 'size', width: 2, height: 2 },
    ...text(amountInFigures(v.amount, v.currency, v.minorDigits)),
    { type: 'size', width: 1, height: 1 },
    ...wrap(words, LINE_WIDTH).flatMap(text),
    { type: 'emphasis', on: false },
    { type: 'align', align: 'left' },
    ...text(`DATE ${issued}`),
    ...text(`MACHINE ${v.machine}`),
    ...text(`TICKET # ${String(v.sequence).padStart(4, '0')}`),
    ...text(v.expiresAt.startsWith(NEVER_EXPIRES) ? 'DOES NOT EXPIRE' : `VOID AFTER ${v.expiresAt.slice(0, 10)}`),
    { type: 'feed', lines: 3 },
    { type: 'cut', partial: true, feed: 0 },
  ];
}

export function voucherBytes(v: Voucher): Buffer {
  return Buffer.concat(voucherCommands(v).map(encodeEscPos));
}

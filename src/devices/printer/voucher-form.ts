// A voucher (C-17) as a form (form.ts): its lines declared once and filled from the voucher.
// Both printer families print it: ESC/POS as a stream of text and style commands, TCL as a
// template whose regions are these lines. A device test's specimen (amount 0) is a form of its
// own that prints VOID, NOT NEGOTIABLE at the top, in place of the amount and at the foot.

import type { Voucher } from '../../cabinet/device-events';
import { NEVER_EXPIRES } from '../../cabinet/cashout';
import { formatValidationNumber } from '../../cabinet/validation-number';
import { amountInFigures, amountToWords } from './amount-words';
import { line, wrap, type FilledForm, type FormLine } from './form';
import { LINE_WIDTH } from './paper';

/** Lines the amount in words may take. */
export const WORD_LINES = 4;

const BARCODE: FormLine = { name: 'barcode', style: { align: 'center', size: 1, bold: false }, barcode: true };

const banner = (n: number): FormLine[] => [
  line(`void${n}`, 'center', 2, true),
  line(`specimen${n}`, 'center', 1, true),
  line(`noCash${n}`, 'center', 1, true),
];

export const VOUCHER_FORMS = {
  voucher: [
    line('venue', 'center', 1, true),
    line('address1', 'center'),
    line('address2', 'center'),
    line('heading', 'center', 2, true),
    line('validation', 'center'),
    BARCODE,
    line('amount', 'center', 2, true),
    ...Array.from({ length: WORD_LINES }, (_, i) => line(`words${i + 1}`, 'center', 1, true)),
    line('date', 'left'),
    line('machine', 'left'),
    line('ticket', 'left'),
    line('expiry', 'left'),
  ],
  specimen: [
    ...banner(1),
    line('venue', 'center'),
    line('test', 'center'),
    line('validation', 'center'),
    BARCODE,
    ...banner(2),
    line('date', 'left'),
    line('machine', 'left'),
    ...banner(3),
  ],
} as const satisfies Record<'voucher' | 'specimen', readonly FormLine[]>;

/** The amount in words as the voucher prints it, line by line. */
export function wordLines(v: Voucher): string[] {
  return wrap(amountToWords(v.amount, v.currency, v.minorDigits).toUpperCase(), LINE_WIDTH);
}

/** The form a voucher prints on, filled; the voucher must have passed `voucherProblems`. */
export function fillForm(v: Voucher): FilledForm {
  const issued = `DATE ${v.issuedAt.replace('T', ' ').slice(0, 19)}`;
  const common: Record<string, string> = {
    venue: v.venue,
    validation: `VALIDATION ${formatValidationNumber(v.validation)}`,
    barcode: v.validation,
    date: issued,
    machine: `MACHINE ${v.machine}`,
  };
  if (v.specimen) {
    const fixed: Record<string, string> = { ...common, test: 'DEVICE TEST' };
    for (const n of [1, 2, 3]) {
      fixed[`void${n}`] = '*** VOID ***';
      fixed[`specimen${n}`] = 'SPECIMEN - NOT NEGOTIABLE';
      fixed[`noCash${n}`] = 'NO CASH VALUE';
    }
    return { kind: 'specimen', values: VOUCHER_FORMS.specimen.map((l) => fixed[l.name] ?? '') };
  }
  const words = wordLines(v);
  const values: Record<string, string> = {
    ...common,
    address1: v.address?.[0] ?? '',
    address2: v.address?.[1] ?? '',
    heading: 'CASHOUT VOUCHER',
    amount: amountInFigures(v.amount, v.currency, v.minorDigits),
    ticket: `TICKET # ${String(v.sequence).padStart(4, '0')}`,
    expiry: v.expiresAt.startsWith(NEVER_EXPIRES) ? 'DOES NOT EXPIRE' : `VOID AFTER ${v.expiresAt.slice(0, 10)}`,
  };
  words.forEach((w, i) => (values[`words${i + 1}`] = w));
  return { kind: 'voucher', values: VOUCHER_FORMS.voucher.map((l) => values[l.name] ?? '') };
}

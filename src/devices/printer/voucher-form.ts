// A voucher (C-17) as a form: a fixed list of lines, each with its place and style, declared once
// and filled from the voucher. Both printer families print the same form: ESC/POS as a stream of
// text and style commands (voucher-layout.ts), TCL as a template whose regions are these lines,
// defined on the printer once and filled by one print command (src/devices/tcl/forms.ts). A line
// left empty is not printed. A device test's specimen (amount 0) is a form of its own that prints
// VOID, NOT NEGOTIABLE at the top, in place of the amount and at the foot.

import type { Voucher } from '../../cabinet/device-events';
import { NEVER_EXPIRES } from '../../cabinet/cashout';
import { formatValidationNumber } from '../../cabinet/validation-number';
import { amountInFigures, amountToWords } from './amount-words';
import { LINE_WIDTH, type Align } from './paper';

/** Lines the amount in words may take. */
export const WORD_LINES = 4;

export interface LineStyle {
  align: Align;
  /** Magnification each way: 2 is double width and height. */
  size: 1 | 2;
  bold: boolean;
}

export interface FormLine {
  name: string;
  style: LineStyle;
  /** The line is the validation number's Interleaved 2 of 5 barcode. */
  barcode?: true;
}

export type FormKind = 'voucher' | 'specimen';

const line = (name: string, align: Align, size: 1 | 2 = 1, bold = false): FormLine => ({
  name,
  style: { align, size, bold },
});
const BARCODE: FormLine = { name: 'barcode', style: { align: 'center', size: 1, bold: false }, barcode: true };

const banner = (n: number): FormLine[] => [
  line(`void${n}`, 'center', 2, true),
  line(`specimen${n}`, 'center', 1, true),
  line(`noCash${n}`, 'center', 1, true),
];

export const FORMS: Record<FormKind, readonly FormLine[]> = {
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
};

export interface FilledForm {
  kind: FormKind;
  /** One value per line of the form, in its order; '' leaves the line out. */
  values: string[];
}

/** Words wrapped at word boundaries to the paper width. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

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
    return { kind: 'specimen', values: FORMS.specimen.map((l) => fixed[l.name] ?? '') };
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
  return { kind: 'voucher', values: FORMS.voucher.map((l) => values[l.name] ?? '') };
}

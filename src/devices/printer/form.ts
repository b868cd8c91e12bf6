// What every form the printers print is made of, whatever it says: a fixed list of lines, each
// with its place and style, filled line by line from what is printed. The voucher and the
// device test's specimen (voucher-form.ts) and a handpay's receipt (receipt-form.ts) are such
// lists; forms.ts holds them all. ESC/POS prints a filled form as a stream of text and style
// commands (form-escpos.ts), TCL as a template of regions defined on the printer once
// (src/devices/tcl/forms.ts). A line left empty is not printed.

import type { Align } from './paper';

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

export type FormKind = 'voucher' | 'specimen' | 'receipt';

export interface FilledForm {
  kind: FormKind;
  /** One value per line of the form, in its order; '' leaves the line out. */
  values: string[];
}

export const line = (name: string, align: Align, size: 1 | 2 = 1, bold = false): FormLine => ({
  name,
  style: { align, size, bold },
});

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

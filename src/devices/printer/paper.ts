// The paper both printer families print on, as the simulators lay it out in plain text: a line's
// width in characters, its alignment, and double size shown as letters spaced out.

/** Characters on a line of a voucher at normal size (an 80 mm ticket at 203 dpi's standard font). */
export const LINE_WIDTH = 42;

export type Align = 'left' | 'center' | 'right';

/** Text at a magnification across: each character followed by the spaces it takes. */
export function widen(text: string, width: number): string {
  return width > 1 ? [...text].join(' '.repeat(width - 1)) : text;
}

/** A printed line as it sits on the paper: trailing blanks gone, placed by its alignment. */
export function placeLine(text: string, align: Align): string {
  const t = text.trimEnd();
  const pad = Math.max(0, LINE_WIDTH - t.length);
  return align === 'center' ? ' '.repeat(Math.floor(pad / 2)) + t : align === 'right' ? ' '.repeat(pad) + t : t;
}

/** How a barcode shows in the plain-text rendering. */
export const barcodeText = (data: string): string => `|||| ITF ${data} ||||`;

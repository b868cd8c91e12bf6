// What a ticket's barcode must be before the cabinet hears of it, and how one that is not is
// shown, for both acceptor families. The escrow report carries whatever bytes the acceptor (or
// whatever is on the line) put there: a real reader set for 18 interleaved 2 of 5 characters
// only ever sends 18 digits, so anything else is a fault, a mis-set reader or someone on the
// wire, and goes back.

import { isValidationNumber, VALIDATION_DIGITS } from '../../cabinet/ticket-verdicts';

/** The characters of a voucher's barcode: a validation number (docs/protocols/voucher-printer.md). */
export const TICKET_DIGITS = VALIDATION_DIGITS;

export type BarcodeReading =
  | { ok: true; barcode: string }
  /** `shown`: the bytes made safe to log and display; never a barcode to validate. */
  | { ok: false; shown: string; reason: string };

/** The ticket's validation number, or why the bytes are not one. */
export function readTicketBarcode(raw: string): BarcodeReading {
  if (isValidationNumber(raw)) return { ok: true, barcode: raw };
  const shown = showBarcode(raw);
  if (raw.length === 0) return { ok: false, shown, reason: 'the ticket carries no barcode' };
  if (!/^[0-9]*$/.test(raw))
    return { ok: false, shown, reason: `the barcode has characters other than digits (${raw.length} bytes)` };
  return { ok: false, shown, reason: `the barcode has ${raw.length} digits, not ${TICKET_DIGITS}` };
}

/** Longest stretch of a bad barcode kept for the log; the rest is counted, not shown. */
const SHOWN_BYTES = 40;

/**
 * Printable ASCII stays as it is (but for the backslash), every other byte becomes `\xHH`, and a
 * long one is cut: a log row or a screen line can never receive a control character, an escape
 * sequence or a megabyte from a barcode.
 */
export function showBarcode(raw: string): string {
  let out = '';
  for (const ch of raw.slice(0, SHOWN_BYTES)) {
    const b = ch.codePointAt(0)!;
    out += b >= 0x20 && b <= 0x7e && ch !== '\\' ? ch : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return raw.length > SHOWN_BYTES ? `${out}… (${raw.length} bytes)` : out;
}

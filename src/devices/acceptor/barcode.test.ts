import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import { readTicketBarcode, showBarcode } from './barcode';

describe('ticket barcodes', () => {
  it('takes 18 digits and nothing else', () => {
    expect(readTicketBarcode('001234567890123456')).toEqual({ ok: true, barcode: '001234567890123456' });
    expect(readTicketBarcode('')).toEqual({ ok: false, shown: '', reason: 'the ticket carries no barcode' });
    expect(readTicketBarcode('12345678901234567')).toMatchObject({
      ok: false,
      reason: 'the barcode has 17 digits, not 18',
    });
    expect(readTicketBarcode('1234567890123456789')).toMatchObject({
      ok: false,
      reason: 'the barcode has 19 digits, not 18',
    });
    expect(readTicketBarcode('12345678901234567A')).toMatchObject({
      ok: false,
      reason: /other than digits \(18 bytes\)/,
    });
    // Digits of other scripts, a sign, a space, a trailing newline: none is a digit here.
    for (const bad of [
      '١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨',
      '+12345678901234567',
      ' 12345678901234567',
      '123456789012345678\n',
      '12345678901234567\u0000',
    ]) {
      expect(readTicketBarcode(bad).ok).toBe(false);
    }
  });

  it('shows a bad barcode safely: printable ASCII kept, every other byte escaped, a long one cut', () => {
    expect(showBarcode('12\u00ff\u0000\u001b[2J\\')).toBe('12\\xff\\x00\\x1b[2J\\x5c');
    expect(showBarcode('\r\n<script>')).toBe('\\x0d\\x0a<script>');
    const long = '9'.repeat(249);
    expect(showBarcode(long)).toBe(`${'9'.repeat(40)}… (249 bytes)`);
  });

  it('fuzzed with random bytes: offered exactly when 18 digits, shown with no control character and bounded', () => {
    const r = new SeededRandom('barcodes');
    const byte = () => r.nextUint32() & 0xff;
    let offered = 0;
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const len = i % 4 === 0 ? 18 : r.nextUint32() % 250;
      // Half digits only, so that 18-digit barcodes turn up; the rest any byte at all.
      const digitsOnly = i % 4 < 2;
      const raw = String.fromCharCode(
        ...Array.from({ length: len }, () => (digitsOnly ? 0x30 + (r.nextUint32() % 10) : byte())),
      );
      const reading = readTicketBarcode(raw);
      if (reading.ok !== /^[0-9]{18}$/.test(raw)) wrong.push(`taken: ${JSON.stringify(raw)}`);
      else if (reading.ok) {
        offered++;
        if (reading.barcode !== raw) wrong.push(`changed: ${JSON.stringify(raw)}`);
      } else if (!/^[\x20-\x7e…]*$/.test(reading.shown) || reading.shown.length > 40 * 4 + 20)
        wrong.push(`shown: ${JSON.stringify(reading.shown)}`);
    }
    expect(wrong).toEqual([]);
    expect(offered).toBeGreaterThan(2000);
  });
});

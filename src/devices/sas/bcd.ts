// Packed BCD, the form SAS gives every meter, amount, date and game number in: two decimal digits
// a byte, most significant byte first. A meter wider than its field rolls over, as SAS meters do
// (the host sees 99999999 followed by 00000000), so encoding keeps the low digits.

import { SasFormatError } from './frame';

export class BcdError extends SasFormatError {
  constructor(message: string) {
    super(message);
    this.name = 'BcdError';
  }
}

/** `value` (a whole number ≥ 0) in `bytes` bytes of BCD, keeping the low 2 × bytes digits. */
export function toBcd(value: number, bytes: number): Buffer {
  if (!Number.isSafeInteger(value) || value < 0) throw new BcdError(`BCD needs a whole number ≥ 0, not ${value}`);
  const digits = (BigInt(value) % 10n ** BigInt(bytes * 2)).toString().padStart(bytes * 2, '0');
  return Buffer.from(digits, 'hex');
}

/** Digits of a decimal string (leading zeros kept) as BCD; the string must have 2 × bytes digits. */
export function digitsToBcd(digits: string, bytes: number): Buffer {
  if (!/^\d*$/.test(digits) || digits.length !== bytes * 2)
    throw new BcdError(`"${digits}" is not ${bytes * 2} decimal digits`);
  return Buffer.from(digits, 'hex');
}

/** The digits of a BCD field as a string, or a BcdError for a nibble above 9. */
export function bcdToDigits(bytes: Uint8Array, start = 0, length = bytes.length - start): string {
  if (start + length > bytes.length) throw new BcdError(`BCD field of ${length} bytes runs past the end`);
  const hex = Buffer.from(bytes.subarray(start, start + length)).toString('hex');
  if (!/^\d*$/.test(hex)) throw new BcdError(`not BCD: ${hex}`);
  return hex;
}

export function fromBcd(bytes: Uint8Array, start = 0, length = bytes.length - start): number {
  const digits = bcdToDigits(bytes, start, length);
  return digits.length ? Number(digits) : 0;
}

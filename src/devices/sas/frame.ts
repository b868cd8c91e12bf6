// What every SAS message with data shares: a CRC-16/KERMIT over all bytes before it, seed 0,
// sent low byte first (`01 01` → `51 08`), and binary fields sent least significant byte first.

import { byteAt } from '../shared/bytes';
import { crc16Kermit } from '../shared/crc16-kermit';

export class SasFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SasFormatError';
  }
}

export function withCrc(bytes: ArrayLike<number>): Buffer {
  const b = Buffer.alloc(bytes.length + 2);
  b.set(Array.from(bytes));
  b.writeUInt16LE(crc16Kermit(b, 0, bytes.length), bytes.length);
  return b;
}

export function crcOk(bytes: Uint8Array): boolean {
  const lo = bytes[bytes.length - 2];
  const hi = bytes[bytes.length - 1];
  return lo !== undefined && hi !== undefined && crc16Kermit(bytes, 0, bytes.length - 2) === (lo | (hi << 8));
}

/** The byte at `at` of a SAS message, or a SasFormatError when the message ends before it. */
export const sasByte = (bytes: ArrayLike<number>, at: number): number =>
  byteAt(bytes, at, (i) => new SasFormatError(`SAS message cut short: it has no byte ${i}`));

/** `value` as `bytes` little-endian bytes (SAS binary fields). */
export function binaryLE(value: number, bytes: number): number[] {
  return Array.from({ length: bytes }, (_, i) => Math.floor(value / 256 ** i) & 0xff);
}

export function readLE(bytes: Uint8Array, at: number, length: number): number {
  let v = 0;
  for (let i = length - 1; i >= 0; i--) v = v * 256 + sasByte(bytes, at + i);
  return v;
}

/** Fixed-width ASCII: printable characters only, padded on the right with spaces. */
export function ascii(text: string, width: number, what: string): number[] {
  if (!/^[\x20-\x7e]*$/.test(text) || text.length > width)
    throw new SasFormatError(`${what} "${text}" must be at most ${width} printable ASCII characters`);
  return Array.from(text.padEnd(width, ' '), (c) => c.charCodeAt(0));
}

export function readAscii(bytes: Uint8Array, at: number, length: number): string {
  return Buffer.from(bytes.subarray(at, at + length)).toString('latin1');
}

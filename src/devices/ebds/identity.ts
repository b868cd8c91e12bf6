// What the two auxiliary queries spoken here answer: the unit's software CRC (four data bytes, a
// hexadecimal digit in the low nibble of each, most significant first) and its application part
// number (ASCII). Shown to the technician as the acceptor's identity (docs/protocols/ebds.md).

import type { AuxiliaryName } from './codes';

/** The answer to `query` as a technician reads it, or null when the data cannot be that answer. */
export function readAuxiliary(query: AuxiliaryName, data: readonly number[]): string | null {
  if (query === 'softwareCrc') {
    if (data.length < 4 || data.slice(0, 4).some((b) => b > 0x0f)) return null;
    return data
      .slice(0, 4)
      .map((b) => b.toString(16))
      .join('')
      .toUpperCase();
  }
  const text = String.fromCharCode(...data.filter((b) => b !== 0));
  return /^[\x20-\x7e]{1,32}$/.test(text) ? text.trim() : null;
}

/** The data a unit sends for a software CRC (the simulator's side). */
export const crcData = (crc: number): number[] => [12, 8, 4, 0].map((s) => (crc >> s) & 0x0f).concat([0, 0]);

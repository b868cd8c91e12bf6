// Secure enhanced validation (SAS 6.02 §15): the host gives the machine a validation ID and a
// starting sequence number (long poll 4C); each voucher the machine prints takes the next
// sequence number, and its 16-digit validation number is derived from ID and sequence by the
// standard's algorithm, so the host can recompute it and no two machines print the same one.
// The printed barcode is the validation system ID (00 for numbers the machine computes)
// followed by those 16 digits. Pure; the cabinet keeps the state with its vouchers.

import { isValidationNumber, systemValidationNumber, VALIDATION_DIGITS } from '../../cabinet/ticket-verdicts';
import { crc16Kermit } from '../shared/crc16-kermit';

export interface ValidationConfig {
  /** 24 bits, given by the host. */
  validationId: number;
  /** 24 bits: the last sequence number used; the next voucher takes the one after. */
  sequence: number;
}

export interface ValidationState {
  current: ValidationConfig | null;
  /** The last 4C the host sent that set anything: a repeat of it must not rewind the sequence. */
  lastSet: ValidationConfig | null;
}

export const SECURE_ENHANCED_SYSTEM_ID = 0;
const MASK24 = 0xffffff;

/** The 16 digits for `validationId` and `sequence`, by the standard's algorithm. */
export function secureEnhancedDigits(validationId: number, sequence: number): string {
  for (const [what, v] of [
    ['validation ID', validationId],
    ['sequence', sequence],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > MASK24) throw new RangeError(`${what} ${v} must be 0..${MASK24}`);
  }
  const a = [
    sequence & 0xff,
    (sequence >> 8) & 0xff,
    (sequence >> 16) & 0xff,
    validationId & 0xff,
    (validationId >> 8) & 0xff,
    (validationId >> 16) & 0xff,
  ] as const;
  // Fold the ID into the sequence bytes, then take a CRC of each pair.
  const b = [a[0], a[1], a[2] ^ a[0], a[3] ^ a[1], a[4] ^ a[0], a[5] ^ a[1]] as const;
  const crcBytes = (x: number, y: number) => {
    const crc = crc16Kermit(Uint8Array.of(x, y));
    return [crc & 0xff, crc >> 8] as const;
  };
  const c = [...crcBytes(b[0], b[1]), ...crcBytes(b[2], b[3]), ...crcBytes(b[4], b[5])] as const;
  const high = c[3] | (c[4] << 8) | (c[5] << 16);
  const low = c[0] | (c[1] << 8) | (c[2] << 16);
  // Each half's leading digit (0 or 1, as both halves are below 2^24) carries the half's digit
  // sum modulo 5 in its upper bits, which makes a misread digit detectable.
  const withSum = (half: number): string => {
    const digits = String(half).padStart(8, '0');
    const sum = [...digits].reduce((s, x) => s + Number(x), 0);
    return String(Number(digits.charAt(0)) | ((sum % 5) << 1)) + digits.slice(1);
  };
  return withSum(high) + withSum(low);
}

/** The barcode printed on the voucher: system ID (2 digits) then the 16 digits. */
export function secureEnhancedBarcode(validationId: number, sequence: number): string {
  return systemValidationNumber(SECURE_ENHANCED_SYSTEM_ID, secureEnhancedDigits(validationId, sequence));
}

/**
 * Why an 18-digit barcode is not one secure enhanced validation could have made, or null: system
 * ID 00, and each half's leading digit carrying the half's digit sum modulo 5 (a misread digit).
 */
export function secureEnhancedProblem(barcode: string): string | null {
  if (!isValidationNumber(barcode)) return `a validation number is exactly ${VALIDATION_DIGITS} digits`;
  if (!barcode.startsWith('00')) return 'a secure enhanced validation number has system ID 00';
  // The 16 digits after the system ID, two halves of 8 (digits, as checked above).
  for (const half of [barcode.slice(2, 10), barcode.slice(10)]) {
    const lead = Number(half.charAt(0));
    const sum = (lead & 1) + [...half.slice(1)].reduce((s, x) => s + Number(x), 0);
    if (lead >> 1 !== sum % 5) return 'check digits do not match (mistyped or forged number)';
  }
  return null;
}

/**
 * Long poll 4C. ID 0 only asks for the current values. A repeat of the last values the host set
 * keeps the sequence where the machine has taken it since (the standard's rule, so a host that
 * re-sends its setting after a restart does not make the machine print numbers twice).
 */
export function applySetValidationId(
  state: ValidationState,
  request: ValidationConfig,
): { state: ValidationState; reply: ValidationConfig } {
  if (request.validationId === 0) return { state, reply: state.current ?? { validationId: 0, sequence: 0 } };
  const last = state.lastSet;
  const repeat = last && last.validationId === request.validationId && last.sequence === request.sequence;
  if (repeat && state.current?.validationId === request.validationId) return { state, reply: state.current };
  const current = { validationId: request.validationId & MASK24, sequence: request.sequence & MASK24 };
  return { state: { current, lastSet: { ...current } }, reply: current };
}

/** The next voucher's number; the sequence is incremented before it is used. */
export function issueValidation(config: ValidationConfig): { config: ValidationConfig; barcode: string } {
  const sequence = (config.sequence + 1) & MASK24;
  return {
    config: { validationId: config.validationId, sequence },
    barcode: secureEnhancedBarcode(config.validationId, sequence),
  };
}

/**
 * Standard validation (the standard's 15.14): the 8-digit number a machine makes from the cash-out
 * alone. The amount in credits (its six low digits) and the time of the cash-out (HHMMSS), each
 * three bytes of BCD, are added with BCD carry (the carry out of the top digit is dropped); the
 * three bytes of the sum are then read as one binary number and written in decimal.
 *
 * Anyone who knows a ticket's amount and the second it was printed can make its number, and two
 * cash-outs whose amount and time add up alike share one: the host learns each number from 3D and
 * must check the amount with it, and the cabinet moves a number already issued to a later
 * second's (node-env.ts). docs/protocols/sas.md says what that means for a floor.
 */
export function standardValidationNumber(
  amountCredits: number,
  at: { hour: number; minute: number; second: number },
): string {
  if (!Number.isSafeInteger(amountCredits) || amountCredits < 0)
    throw new RangeError(`amount ${amountCredits} must be a whole number of credits`);
  const time = at.hour * 10000 + at.minute * 100 + at.second;
  if (![at.hour, at.minute, at.second].every(Number.isInteger) || at.hour > 23 || at.minute > 59 || at.second > 59)
    throw new RangeError(`no such time of day: ${at.hour}:${at.minute}:${at.second}`);
  // Six-digit BCD addition with the carry out of the top digit dropped is decimal addition mod 10^6.
  const sum = ((amountCredits % 1_000_000) + time) % 1_000_000;
  return String(parseInt(String(sum).padStart(6, '0'), 16)).padStart(8, '0');
}

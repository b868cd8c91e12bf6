// What the pure cabinet needs from Node (C-21 hashing, time, decks, voucher numbers), in one
// place. Dealing takes whatever RandomSource the app was built with: node:crypto in production;
// the cabinet's own validation numbers come from its journal, which holds the machine key, and
// keeps every number a voucher has taken (standard and system validation's are checked against it).

import { scryptSync, timingSafeEqual, randomBytes } from 'node:crypto';
import { secureEnhancedBarcode, standardValidationNumber } from '../devices/sas/validation';
import { sasDateTime } from './sas/cabinet-machine';
import { shuffledDeck, type RandomSource } from '../core';
import {
  STANDARD_VALIDATION_SECONDS,
  standardValidationNumber as standardVoucherNumber,
  type CabinetEnv,
  type VoucherRecord,
} from '../cabinet';

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

/** "scrypt$N$r$p$salt$hash", salt and hash in base64. */
export function hashPin(pin: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(pin, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export function verifyPin(pin: string, stored: string): boolean {
  // The stored text comes from the records: anything but the six fields hashPin writes is no match.
  const parts = stored.split('$');
  const [scheme, cost, blockSize, parallel, saltText, hashText] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || saltText === undefined || hashText === undefined) return false;
  const [N, r, p] = [cost, blockSize, parallel].map(Number);
  const salt = Buffer.from(saltText, 'base64');
  const expected = Buffer.from(hashText, 'base64');
  const actual = scryptSync(pin, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * Where validation numbers are kept apart, in the journal: the cabinet's own (C-17,
 * `Journal.validationNumber`), and the first of a list that no voucher holds (`Journal.unissued`).
 */
export interface ValidationNumbers {
  validationNumber(machine: string, sequence: number): string;
  unissued(candidates: Iterable<string>): string | null;
  /** The voucher this cabinet printed with the number, and the credit of a ticket with it (issue 37). */
  voucher(validation: string): VoucherRecord | null;
  credited(validation: string): { amount: number; at: number } | null;
}

/**
 * Standard validation's numbers for a cash-out of `credits` at `at`, as a voucher's 18 digits: its
 * own second's, then each next second's. A floor repeats amount plus time of day, and the host
 * reads each number from 3D rather than working it out from the time, so a later second's number
 * made by the same rule serves as well as long as no voucher has it.
 */
function* standardNumbers(credits: number, at: number): Generator<string> {
  for (let s = 0; s < STANDARD_VALIDATION_SECONDS; s++)
    yield standardVoucherNumber(standardValidationNumber(credits, sasDateTime(at + s * 1000)));
}

export function nodeEnv(dealing: RandomSource, numbers: ValidationNumbers, clock: () => number = Date.now): CabinetEnv {
  return {
    now: clock,
    newDeck: () => shuffledDeck(dealing),
    newValidation: (machine, sequence) => numbers.validationNumber(machine, sequence),
    sasValidation: secureEnhancedBarcode,
    sasStandardValidation: (credits, at) => numbers.unissued(standardNumbers(credits, at)),
    voucherIssued: (validation) => numbers.unissued([validation]) === null,
    ticketRecord: (validation) => ({ voucher: numbers.voucher(validation), credited: numbers.credited(validation) }),
    hashPin,
    verifyPin,
  };
}

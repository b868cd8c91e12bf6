// What the pure cabinet needs from Node (C-21 hashing, time, decks, voucher numbers), in one
// place. Dealing takes whatever RandomSource the app was built with: node:crypto in production;
// the cabinet's own validation numbers come from its journal, which holds the machine key.

import { scryptSync, timingSafeEqual, randomBytes } from 'node:crypto';
import { secureEnhancedBarcode, standardValidationNumber } from '../devices/sas/validation';
import { sasDateTime } from './sas/cabinet-machine';
import { shuffledDeck, type RandomSource } from '../core';
import type { CabinetEnv } from '../cabinet';

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

/** Where the cabinet's own validation numbers come from (C-17): `Journal.validationNumber`. */
export interface ValidationNumbers {
  validationNumber(machine: string, sequence: number): string;
}

export function nodeEnv(dealing: RandomSource, numbers: ValidationNumbers, clock: () => number = Date.now): CabinetEnv {
  return {
    now: clock,
    newDeck: () => shuffledDeck(dealing),
    newValidation: (machine, sequence) => numbers.validationNumber(machine, sequence),
    sasValidation: secureEnhancedBarcode,
    sasStandardValidation: (credits, at) => standardValidationNumber(credits, sasDateTime(at)),
    hashPin,
    verifyPin,
  };
}

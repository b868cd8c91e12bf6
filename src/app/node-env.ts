// What the pure cabinet needs from Node (C-21 hashing, time, decks, voucher numbers), in one
// place. Dealing takes whatever RandomSource the app was built with: node:crypto in production.

import { scryptSync, timingSafeEqual, randomBytes } from 'node:crypto';
import { makeValidationNumber } from '../devices';
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

/**
 * C-17: the 18-digit validation number of docs/protocols/voucher-printer.md: the machine's
 * number (its digits, last six), the voucher sequence and check digits the printer verifies.
 */
export function newValidation(machine: string, sequence: number): string {
  const digits = machine.replace(/\D/g, '').slice(-6);
  return makeValidationNumber({ machine: digits === '' ? 0 : Number(digits), sequence });
}

export function nodeEnv(dealing: RandomSource, clock: () => number = Date.now): CabinetEnv {
  return {
    now: clock,
    newDeck: () => shuffledDeck(dealing),
    newValidation,
    sasValidation: secureEnhancedBarcode,
    sasStandardValidation: (credits, at) => standardValidationNumber(credits, sasDateTime(at)),
    hashPin,
    verifyPin,
  };
}

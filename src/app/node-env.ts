// What the pure cabinet needs from Node (C-21 hashing, time, decks, voucher numbers), in one
// place. Dealing takes whatever RandomSource the app was built with: node:crypto in production.

import { randomInt, scryptSync, timingSafeEqual, randomBytes } from 'node:crypto';
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
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const actual = scryptSync(pin, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/** 18 digits: a random, not a guessable, validation number (C-17). */
export function newValidation(): string {
  return String(randomInt(1, 1_000_000_000)).padStart(9, '0') + String(randomInt(0, 1_000_000_000)).padStart(9, '0');
}

export function nodeEnv(dealing: RandomSource, clock: () => number = Date.now): CabinetEnv {
  return {
    now: clock,
    newDeck: () => shuffledDeck(dealing),
    newValidation,
    hashPin,
    verifyPin,
  };
}

import { checkValidationNumber } from '../devices';
import { describe, expect, it } from 'vitest';
import { CryptoRandom } from './crypto-random';
import { hashPin, newValidation, nodeEnv, verifyPin } from './node-env';

describe('node env', () => {
  it('stores a PIN as a salted scrypt hash and verifies it', () => {
    const a = hashPin('1234');
    const b = hashPin('1234');
    expect(a).toMatch(/^scrypt\$/);
    expect(a).not.toContain('1234');
    expect(a).not.toBe(b);
    expect(verifyPin('1234', a)).toBe(true);
    expect(verifyPin('1235', a)).toBe(false);
    expect(verifyPin('1234', 'plain')).toBe(false);
  });

  it('makes validation numbers the printer accepts (machine, sequence, check digits) and full decks from node:crypto', () => {
    const v = newValidation('M-0042', 17);
    expect(v).toMatch(/^\d{18}$/);
    expect(checkValidationNumber(v)).toEqual({ ok: true, machine: 42, sequence: 17 });
    expect(newValidation('M-0042', 18)).not.toBe(v);
    const deck = nodeEnv(new CryptoRandom()).newDeck();
    expect([...deck].sort((x, y) => x - y)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });
});

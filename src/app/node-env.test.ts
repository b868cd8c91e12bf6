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

  it('makes 18-digit validation numbers and full decks from node:crypto', () => {
    expect(newValidation()).toMatch(/^\d{18}$/);
    const deck = nodeEnv(new CryptoRandom()).newDeck();
    expect([...deck].sort((x, y) => x - y)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });
});

import { describe, expect, it } from 'vitest';
import { CryptoRandom } from './crypto-random';
import { hashPin, nodeEnv, verifyPin } from './node-env';

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

  it("deals full decks from node:crypto and takes validation numbers from the journal's keyed numbering", () => {
    const asked: [string, number][] = [];
    const env = nodeEnv(new CryptoRandom(), {
      validationNumber: (machine, sequence) => {
        asked.push([machine, sequence]);
        return `${sequence}`.padStart(18, '0');
      },
    });
    expect(env.newValidation('M-0042', 17)).toBe('000000000000000017');
    expect(asked).toEqual([['M-0042', 17]]);
    const deck = env.newDeck();
    expect([...deck].sort((x, y) => x - y)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });
});

import { describe, expect, it } from 'vitest';
import { CryptoRandom } from './crypto-random';
import { STANDARD_VALIDATION_SECONDS, standardValidationNumber as standardVoucherNumber } from '../cabinet';
import { standardValidationNumber } from '../devices/sas/validation';
import { hashPin, nodeEnv, verifyPin } from './node-env';
import { sasDateTime } from './sas/cabinet-machine';

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
      unissued: () => null,
      voucher: () => null,
      credited: () => null,
    });
    expect(env.newValidation('M-0042', 17)).toBe('000000000000000017');
    expect(asked).toEqual([['M-0042', 17]]);
    const deck = env.newDeck();
    expect([...deck].sort((x, y) => x - y)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it("numbers a standard-validated voucher by its second's number, else the first next second's no voucher has, within the bound", () => {
    const taken = new Set<string>();
    const offered: string[][] = [];
    const env = nodeEnv(new CryptoRandom(), {
      validationNumber: () => {
        throw new Error('not asked under standard validation');
      },
      unissued: (candidates) => {
        const all = [...candidates];
        offered.push(all);
        return all.find((v) => !taken.has(v)) ?? null;
      },
      voucher: () => null,
      credited: () => null,
    });
    // 10:00:00 local time, 500 credits.
    const at = new Date(2026, 11, 2, 10, 0, 0, 250).getTime();
    const second = (s: number) => standardVoucherNumber(standardValidationNumber(500, sasDateTime(at + s * 1000)));
    expect(env.sasStandardValidation!(500, at)).toBe(second(0));
    expect(second(0)).toBe('0'.repeat(10) + String(0x100500).padStart(8, '0'));
    taken.add(second(0));
    expect(env.sasStandardValidation!(500, at)).toBe(second(1));
    expect(second(1)).toBe('0'.repeat(10) + String(0x100501).padStart(8, '0'));
    // The candidates are the bound's seconds, in order: the last one free is the one taken.
    const bound = offered.at(-1)!;
    expect(bound).toEqual(Array.from({ length: STANDARD_VALIDATION_SECONDS }, (_, s) => second(s)));
    for (const v of bound.slice(0, -1)) taken.add(v);
    expect(env.sasStandardValidation!(500, at)).toBe(second(STANDARD_VALIDATION_SECONDS - 1));
    taken.add(second(STANDARD_VALIDATION_SECONDS - 1));
    expect(env.sasStandardValidation!(500, at)).toBeNull();
  });
});

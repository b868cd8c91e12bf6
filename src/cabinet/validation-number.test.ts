import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRandom, uniformBelow } from '../core';
import { legacyValidation } from './testing/rig';
import { isValidationNumber } from './ticket-verdicts';
import { checkDigitsMatch, checkValidationNumber, formatValidationNumber, withCheckDigits } from './validation-number';

const body = fc.stringMatching(/^\d{16}$/);
const swap = (v: string, i: number, j: number) => [...v].map((c, k) => (k === i ? v[j] : k === j ? v[i] : c)).join('');

describe('validation number: 16 digits of body, 2 check digits', () => {
  it('gives 18 digits whose check digits match, and formats them as printed', () => {
    const v = withCheckDigits('0042170000000012');
    expect(v).toMatch(/^0042170000000012\d\d$/);
    expect(checkDigitsMatch(v)).toBe(true);
    expect(checkValidationNumber(v)).toEqual({ ok: true });
    expect(formatValidationNumber(v)).toMatch(/^00-4217-0000-0000-12\d\d$/);
    // The layout before issue 23 had the same check digits: its vouchers still pass.
    expect(legacyValidation(4217, 12)).toBe(v);
  });

  it('catches every single wrong digit, every swap of neighbours or of digits two apart, every twin error', () => {
    fc.assert(
      fc.property(body, (b) => {
        const v = withCheckDigits(b);
        const wrong: string[] = [];
        for (let i = 0; i < 18; i++) {
          for (let d = 0; d < 10; d++) if (String(d) !== v[i]) wrong.push(v.slice(0, i) + d + v.slice(i + 1));
          if (i + 1 < 18 && v[i] !== v[i + 1]) wrong.push(swap(v, i, i + 1));
          if (i + 2 < 18 && v[i] !== v[i + 2]) wrong.push(swap(v, i, i + 2));
          // aa → bb, as a reader who doubles the wrong digit makes.
          if (i + 1 < 18 && v[i] === v[i + 1])
            for (let d = 0; d < 10; d++) if (String(d) !== v[i]) wrong.push(v.slice(0, i) + d + d + v.slice(i + 2));
        }
        expect(wrong.length).toBeGreaterThanOrEqual(18 * 9);
        expect(wrong.filter(checkDigitsMatch)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('lets about one random 18-digit string in 97 through, as MOD 97-10 must', () => {
    const random = new SeededRandom('mod 97');
    const digits = () => Array.from({ length: 18 }, () => uniformBelow(random, 10)).join('');
    let passed = 0;
    for (let i = 0; i < 97_000; i++) if (checkDigitsMatch(digits())) passed++;
    // 1000 expected; five standard deviations (about 31 each) either side.
    expect(passed).toBeGreaterThan(1000 - 5 * 31);
    expect(passed).toBeLessThan(1000 + 5 * 31);
  });

  it('refuses what is not 18 digits, and a body that is not 16', () => {
    for (const v of ['12345', '0'.repeat(17), '0'.repeat(19), '00000000000000000a', ' '.repeat(18)]) {
      expect(isValidationNumber(v)).toBe(false);
      expect(checkDigitsMatch(v)).toBe(false);
      expect(checkValidationNumber(v)).toEqual({ ok: false, reason: 'a validation number is exactly 18 digits' });
    }
    expect(isValidationNumber(123456789012345678)).toBe(false);
    expect(() => withCheckDigits('123')).toThrow(RangeError);
    expect(checkValidationNumber(withCheckDigits('1'.repeat(16)).replace(/.$/, (d) => String((+d + 1) % 10)))).toEqual({
      ok: false,
      reason: 'check digits do not match (mistyped or forged number)',
    });
  });
});

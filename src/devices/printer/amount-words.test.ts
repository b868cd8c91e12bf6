import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountInFigures, amountToWords, integerToWords } from './amount-words';
import { checkValidationNumber, formatValidationNumber, makeValidationNumber } from './validation-number';

describe('amount in words', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [42, 'forty-two'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [999, 'nine hundred ninety-nine'],
    [1000, 'one thousand'],
    [1_000_001, 'one million one'],
    [2_300_450, 'two million three hundred thousand four hundred fifty'],
    [1_000_000_000_000, 'one trillion'],
  ])('%d is "%s"', (n, words) => expect(integerToWords(n)).toBe(words));

  it.each([
    [12345, 'USD', 2, 'one hundred twenty-three dollars and forty-five cents'],
    [100, 'USD', 2, 'one dollar'],
    [1, 'USD', 2, 'one cent'],
    [0, 'USD', 2, 'zero dollars'],
    [250, 'GBP', 2, 'two pounds and fifty pence'],
    [5000, 'RUB', 2, 'fifty rubles'],
    [1500, 'JPY', 0, 'one thousand five hundred JPY'],
  ])('%d %s is "%s"', (minor, cur, digits, words) => expect(amountToWords(minor, cur, digits)).toBe(words));

  it('refuses what is not a whole non-negative amount', () => {
    expect(() => amountToWords(1.5, 'USD', 2)).toThrow(RangeError);
    expect(() => amountToWords(-1, 'USD', 2)).toThrow(RangeError);
    expect(() => integerToWords(2 ** 60)).toThrow(RangeError);
  });

  it('writes figures with grouping and the minor unit', () => {
    expect(amountInFigures(123456789, 'USD', 2)).toBe('$1,234,567.89');
    expect(amountInFigures(5, 'USD', 2)).toBe('$0.05');
    expect(amountInFigures(1500, 'EUR', 2)).toBe('EUR 15.00');
    expect(amountInFigures(1500, 'JPY', 0)).toBe('JPY 1,500');
  });

  it('never repeats a word form for two different amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        (a, b) => a === b || integerToWords(a) !== integerToWords(b),
      ),
      { numRuns: 300 },
    );
  });
});

describe('validation number', () => {
  it('builds 18 digits that check and give back machine and sequence', () => {
    const v = makeValidationNumber({ machine: 4217, sequence: 12 });
    expect(v).toMatch(/^\d{18}$/);
    expect(v.slice(0, 16)).toBe('0042170000000012');
    expect(checkValidationNumber(v)).toEqual({ ok: true, machine: 4217, sequence: 12 });
    expect(formatValidationNumber(v)).toMatch(/^00-4217-0000-0000-12\d\d$/);
  });

  it('catches every single-digit error and adjacent swap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 17 }),
        fc.integer({ min: 1, max: 9 }),
        (m, s, pos, delta) => {
          const v = makeValidationNumber({ machine: m, sequence: s });
          const d = (Number(v[pos]) + delta) % 10;
          const typo = v.slice(0, pos) + d + v.slice(pos + 1);
          expect(checkValidationNumber(typo).ok).toBe(false);
          if (pos < 17 && v[pos] !== v[pos + 1]) {
            const swapped = v.slice(0, pos) + v[pos + 1] + v[pos] + v.slice(pos + 2);
            expect(checkValidationNumber(swapped).ok).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is unique per machine and sequence, and refuses bad input', () => {
    const seen = new Set<string>();
    for (let m = 0; m < 20; m++)
      for (let s = 0; s < 50; s++) seen.add(makeValidationNumber({ machine: m, sequence: s }));
    expect(seen.size).toBe(1000);
    expect(() => makeValidationNumber({ machine: 1_000_000, sequence: 1 })).toThrow(RangeError);
    expect(() => makeValidationNumber({ machine: 1, sequence: -1 })).toThrow(RangeError);
    expect(checkValidationNumber('12345')).toMatchObject({ ok: false });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountInFigures, amountToWords, integerToWords } from './amount-words';

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

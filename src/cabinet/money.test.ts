import { describe, expect, it } from 'vitest';
import { creditsOf, formatMoney } from './money';

describe('C-1, C-2 money', () => {
  it('shows whole chips and keeps the remainder below one chip', () => {
    expect(creditsOf(1234, 25)).toEqual({ credits: 49, remainder: 9 });
    expect(creditsOf(1234, 1)).toEqual({ credits: 1234, remainder: 0 });
    expect(creditsOf(99, 100)).toEqual({ credits: 0, remainder: 99 });
  });

  it('formats minor units without floating point', () => {
    expect(formatMoney(123456, 2)).toBe('1234.56');
    expect(formatMoney(5, 2)).toBe('0.05');
    expect(formatMoney(-150, 2)).toBe('-1.50');
    expect(formatMoney(700, 0)).toBe('700');
    expect(formatMoney(9007199254740991, 2)).toBe('90071992547409.91');
  });
});

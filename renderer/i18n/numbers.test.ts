import { describe, expect, it } from 'vitest';
import { formatChipValue, formatChips, formatMoney } from './numbers';

describe('numbers on screen', () => {
  it('formats money from minor units without floating point', () => {
    expect(formatMoney(2510, { code: 'USD', minorDigits: 2 }, 'en')).toBe('$25.10');
    expect(formatMoney(123456789, { code: 'USD', minorDigits: 2 }, 'en')).toBe('$1,234,567.89');
    expect(formatMoney(5, { code: 'USD', minorDigits: 2 }, 'en')).toBe('$0.05');
    expect(formatMoney(123456, { code: 'RUB', minorDigits: 2 }, 'ru')).toBe('1\u00a0234,56\u00a0₽');
    expect(formatMoney(700, { code: 'XYZ', minorDigits: 0 }, 'en')).toBe('700 XYZ');
    expect(formatChipValue(100, { code: 'USD', minorDigits: 2 }, 'en')).toBe('$1');
    expect(formatChipValue(25, { code: 'USD', minorDigits: 2 }, 'en')).toBe('$0.25');
    expect(formatChips(1234567, 'en')).toBe('1,234,567');
    expect(formatChips(-30, 'en')).toBe('−30');
  });
});

// The 18-digit rule and the two shapes a casino system's numbers take inside it.

import { describe, expect, it } from 'vitest';
import {
  isStandardValidationNumber,
  isSystemNumber,
  isSystemValidationNumber,
  isValidationNumber,
  standardValidationNumber,
  systemValidationNumber,
} from './ticket-reasons';

describe('validation numbers', () => {
  it('takes exactly 18 decimal digits', () => {
    expect(isValidationNumber('123456789012345678')).toBe(true);
    for (const bad of ['12345678901234567', '1234567890123456789', '12345678901234567x', '１23456789012345678', 18])
      expect(isValidationNumber(bad), String(bad)).toBe(false);
  });

  it('builds and knows a system-validated number: system ID 01 to 99, then 16 digits', () => {
    expect(isSystemNumber('0000000000000042')).toBe(true);
    expect(isSystemNumber('000000000000042')).toBe(false);
    const n = systemValidationNumber(7, '0000000000000042');
    expect(n).toBe('070000000000000042');
    expect(isSystemValidationNumber(n)).toBe(true);
    expect(isSystemValidationNumber(systemValidationNumber(0, '0000000000000042'))).toBe(false);
    expect(isSystemValidationNumber('07000000000000042')).toBe(false);
  });

  it('builds and knows a standard-validated number: ten zeros, then 8 digits', () => {
    const n = standardValidationNumber('12345678');
    expect(n).toBe('000000000012345678');
    expect(isStandardValidationNumber(n)).toBe(true);
    expect(isStandardValidationNumber('000000000112345678')).toBe(false);
    expect(isStandardValidationNumber('00000000012345678')).toBe(false);
  });
});

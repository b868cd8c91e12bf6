import { describe, expect, it } from 'vitest';
import { present } from './present';

describe('present', () => {
  it('passes a value through, falsy ones included', () => {
    expect(present(0, 'a count')).toBe(0);
    expect(present('', 'a name')).toBe('');
    expect(present(null, 'a row')).toBeNull();
  });

  it('throws an error naming what is missing', () => {
    expect(() => present([1, 2][5], 'the chip value at 5')).toThrow('the chip value at 5 is missing');
  });
});

import { describe, expect, it } from 'vitest';
import { nextAnte, anteSteps } from './ante';

describe("the ANTE buttons' ladder (P-14)", () => {
  it('steps the ante along a ladder within the limits', () => {
    expect(anteSteps(1, 100)[0]).toBe(1);
    expect(anteSteps(1, 100).at(-1)).toBe(100);
    expect(nextAnte(10, 1, 100, 1)).toBe(15);
    expect(nextAnte(10, 1, 100, -1)).toBe(5);
    expect(nextAnte(100, 1, 100, 1)).toBeNull();
    expect(nextAnte(1, 1, 100, -1)).toBeNull();
    expect(nextAnte(7, 7, 7, 1)).toBeNull();
    expect(nextAnte(12, 5, 60, 1)).toBe(15);
  });
});

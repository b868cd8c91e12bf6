// C-21: the lockouts grow so that whoever holds the technician key cannot try every PIN within a
// year, even at the most lenient settings the config allows.

import { describe, expect, it } from 'vitest';
import { MAX_PIN_FAILURES, LOCKOUT_SECONDS } from './vocabulary/settings-schema';
import { lockoutMs, MAX_LOCKOUT_MS, timeToTry } from './pin-lockout';

const DAY = 24 * 3600_000;

describe('the growing PIN lockout', () => {
  it('doubles from the base up to a day', () => {
    expect([1, 2, 3, 4].map((n) => lockoutMs(30_000, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(lockoutMs(30_000, 13)).toBe(MAX_LOCKOUT_MS);
    expect(lockoutMs(30_000, 1_000_000)).toBe(MAX_LOCKOUT_MS);
  });

  it('every four-digit PIN takes more than a year at the most tries a run and the shortest lockout', () => {
    const tries = MAX_PIN_FAILURES.maxValue!;
    const base = LOCKOUT_SECONDS.minValue! * 1000;
    expect([tries, base]).toEqual([10, 30_000]);
    const days = timeToTry(10_000, tries, base) / DAY;
    expect(days).toBeGreaterThan(365);
    // 999 runs: the first twelve 30 s × (2^12 − 1) in all (1.42 days), the other 987 a day each.
    expect(Math.floor(days)).toBe(988);
    // A six-digit PIN a hundred times that.
    expect(timeToTry(1_000_000, tries, base) / DAY).toBeGreaterThan(98_000);
  });
});

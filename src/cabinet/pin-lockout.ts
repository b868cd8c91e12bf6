// C-21: how long the technician PIN stays locked after a run of wrong PINs. A fixed lockout lets
// whoever holds the technician key try every PIN in a working day (10 tries every 30 s: 10,000
// four-digit PINs in 8.3 hours). Each run since the last right PIN locks twice as long as the one
// before, from the operator's lockout up to a day, so that trying every four-digit PIN takes
// years even at the most lenient settings (10 tries a run, 30 s: `pin-lockout.test.ts` works it
// out), while a technician who mistypes a few times waits minutes. A right PIN starts it over.

/** The longest one lockout lasts. */
export const MAX_LOCKOUT_MS = 24 * 3600_000;

/** The lockout after the `lockouts`-th run of wrong PINs since the last right one (1 for the first). */
export function lockoutMs(baseMs: number, lockouts: number): number {
  // 2^20 times any base of at least 30 s is past a day already.
  const doubled = baseMs * 2 ** Math.min(Math.max(lockouts - 1, 0), 20);
  return Math.max(baseMs, Math.min(doubled, MAX_LOCKOUT_MS));
}

/**
 * The least time, in ms, that trying `pins` PINs takes with `tries` a run and a first lockout of
 * `baseMs` (the entering itself counted as nothing).
 */
export function timeToTry(pins: number, tries: number, baseMs: number): number {
  let total = 0;
  for (let run = 1; run * tries < pins; run++) total += lockoutMs(baseMs, run);
  return total;
}

// C-7: what makes a set of operator settings sensible, beyond each value's type. One function,
// so the config file (src/app/config.ts) and the technician's change at the cabinet refuse the
// same things for the same reasons. Each problem names the config file's key.

import type { CabinetSettings, Presentation } from './settings';

export interface SettingsProblem {
  /** The key as the config file spells it, e.g. "limits.maxAnte". */
  key: string;
  /** Completes the key into a sentence: "limits.maxAnte must not be below limits.minAnte". */
  message: string;
}

/** The most chips the screen can offer, and the Jacks or Better bets its pay table shows. */
export const MAX_CHIP_VALUES = 8;
export const MAX_BET_LIMIT = 10;

const whole = (x: number, min: number): boolean => Number.isSafeInteger(x) && x >= min;

/** The presentation settings' ranges (the contract's changeSettings states the same, checked by a test). */
export const PRESENTATION_RANGES: Readonly<Record<keyof Presentation, { min: number; max: number; unit: string }>> = {
  volume: { min: 0, max: 100, unit: 'percent' },
  bigWinBets: { min: 2, max: 10_000, unit: 'bets' },
  attractSeconds: { min: 10, max: 3600, unit: 'seconds' },
};

/** Every problem found, in the order of the config file; empty when the settings are sensible. */
export function settingsProblems(s: CabinetSettings): SettingsProblem[] {
  const out: SettingsProblem[] = [];
  const say = (key: string, message: string) => out.push({ key, message });
  if (!/^[A-Z]{3}$/.test(s.currency)) say('currency', 'must be a three-letter currency code such as "USD"');
  if (!Number.isInteger(s.minorDigits) || s.minorDigits < 0 || s.minorDigits > 4) say('minorDigits', 'must be a whole number of digits from 0 to 4');

  if (s.chipValues.length === 0 || s.chipValues.length > MAX_CHIP_VALUES) say('chipValues', `must list 1 to ${MAX_CHIP_VALUES} chip values`);
  if (!s.chipValues.every((v) => whole(v, 1))) say('chipValues', 'must be whole numbers of minor units, at least 1');
  if (new Set(s.chipValues).size !== s.chipValues.length) say('chipValues', 'lists a value twice');

  const l = s.limits;
  for (const k of ['creditLimit', 'ticketLimit', 'handpayLimit'] as const) {
    if (!whole(l[k], 1)) say(`limits.${k}`, 'must be a whole number of minor units, at least 1');
  }
  if (!whole(l.maxBet, 1) || l.maxBet > MAX_BET_LIMIT) say('limits.maxBet', `must be a whole number of chips from 1 to ${MAX_BET_LIMIT}`);
  if (!whole(l.minAnte, 1)) say('limits.minAnte', 'must be a whole number of chips, at least 1');
  if (!whole(l.maxAnte, 1)) say('limits.maxAnte', 'must be a whole number of chips, at least 1');
  else if (l.maxAnte < l.minAnte) say('limits.maxAnte', 'must not be below limits.minAnte');
  // A table maximum of 0 would pay every Poker Plus BET nothing (P-6, P-11).
  if (!whole(l.tableMax, 1)) say('limits.tableMax', 'must be a whole number of chips, at least 1');

  // The venue is printed on every voucher, and the printer's character set is ASCII.
  if (!/^[ -~]{1,40}$/.test(s.voucher.venue)) say('voucher.venue', 'must be 1 to 40 printable ASCII characters (the voucher printer\'s set)');
  if (!/^[A-Za-z0-9-]{1,12}$/.test(s.voucher.machine)) say('voucher.machine', 'must be 1 to 12 letters, digits or dashes');

  for (const [k, r] of Object.entries(PRESENTATION_RANGES) as [keyof Presentation, (typeof PRESENTATION_RANGES)[keyof Presentation]][]) {
    const v = s.presentation[k];
    if (!whole(v, r.min) || v > r.max) say(`presentation.${k}`, `must be a whole number of ${r.unit} from ${r.min} to ${r.max}`);
  }
  return out;
}

/** One line for a refusal or an error message. */
export const describeProblems = (problems: readonly SettingsProblem[]): string => problems.map((p) => `${p.key} ${p.message}`).join('; ');

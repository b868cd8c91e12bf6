// C-7: what makes a set of operator settings sensible. One function, so the config file
// (src/app/config.ts), the technician's change at the cabinet and the settings read back from the
// database refuse the same things for the same reasons. Each problem names the config file's key.
// It takes any value: stored settings may have been edited into any shape.

import { payTableProblem } from '../core';
import { DEFAULT_SETTINGS, GAMES, LANGUAGES, type CabinetSettings, type Presentation } from './settings';

export interface SettingsProblem {
  /** The key as the config file spells it, e.g. "limits.maxAnte". */
  key: string;
  /** Completes the key into a sentence: "limits.maxAnte must not be below limits.minAnte". */
  message: string;
}

/** The most chips the screen can offer, and the Jacks or Better bets its pay table shows. */
export const MAX_CHIP_VALUES = 8;
export const MAX_BET_LIMIT = 10;
/** C-24: the bounds of the operator's return range, in percent. */
export const RETURN_PCT_BOUNDS: readonly [number, number] = [50, 110];

const whole = (x: unknown, min: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= min;
const text = (x: unknown, pattern: RegExp): boolean => typeof x === 'string' && pattern.test(x);

type Loose = Record<string, unknown>;
const group = (x: unknown): Loose | null => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Loose) : null);

/** Every setting, and the members of every group of them, and nothing else: DEFAULT_SETTINGS' shape. */
const TOP = Object.keys(DEFAULT_SETTINGS);
const SHAPE: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(DEFAULT_SETTINGS).flatMap(([k, v]) => {
    const g = group(v);
    return g ? [[k, Object.keys(g)]] : [];
  }),
);

/**
 * How long a ticket may wait for its validation, in seconds: long enough for a casino system on a
 * busy loop, short enough that the acceptor's own escrow time-out (30 s) never comes first.
 */
export const TICKET_VALIDATION_SECONDS = { min: 3, max: 25 } as const;

/** The presentation settings' ranges (the contract's changeSettings states the same, checked by a test). */
export const PRESENTATION_RANGES: Readonly<Record<keyof Presentation, { min: number; max: number; unit: string }>> = {
  volume: { min: 0, max: 100, unit: 'percent' },
  bigWinBets: { min: 2, max: 10_000, unit: 'bets' },
  attractSeconds: { min: 10, max: 3600, unit: 'seconds' },
};

/** Every problem found, in the order of the config file; empty when the settings are sensible. */
export function settingsProblems(settings: CabinetSettings): SettingsProblem[] {
  const out: SettingsProblem[] = [];
  const say = (key: string, message: string) => out.push({ key, message });
  const s = group(settings);
  if (!s) return [{ key: 'settings', message: 'must be an object' }];
  for (const k of Object.keys(s)) if (!TOP.includes(k)) say(k, 'is not a setting');
  const groups = Object.fromEntries(
    Object.entries(SHAPE).map(([name, members]) => {
      const g = group(s[name]);
      if (!g) say(name, 'must be an object');
      else for (const k of Object.keys(g)) if (!(members as readonly string[]).includes(k)) say(`${name}.${k}`, 'is not a setting');
      return [name, g ?? {}];
    }),
  ) as Record<string, Loose>;

  if (!text(s.currency, /^[A-Z]{3}$/)) say('currency', 'must be a three-letter currency code such as "USD"');
  if (!whole(s.minorDigits, 0) || s.minorDigits > 4) say('minorDigits', 'must be a whole number of digits from 0 to 4');

  const chips = Array.isArray(s.chipValues) ? (s.chipValues as unknown[]) : null;
  if (!chips || chips.length === 0 || chips.length > MAX_CHIP_VALUES) say('chipValues', `must list 1 to ${MAX_CHIP_VALUES} chip values`);
  if (chips && !chips.every((v) => whole(v, 1))) say('chipValues', 'must be whole numbers of minor units, at least 1');
  if (chips && new Set(chips).size !== chips.length) say('chipValues', 'lists a value twice');

  const games = Array.isArray(s.games) ? (s.games as unknown[]) : null;
  if (!games || games.length === 0 || !games.every((g) => GAMES.includes(g as never)) || new Set(games).size !== games.length) {
    say('games', `must list each of ${GAMES.join(', ')} at most once, and at least one`);
  }

  const l = groups.limits;
  for (const k of ['creditLimit', 'ticketLimit', 'handpayLimit'] as const) {
    if (!whole(l[k], 1)) say(`limits.${k}`, 'must be a whole number of minor units, at least 1');
  }
  if (!whole(l.maxBet, 1) || l.maxBet > MAX_BET_LIMIT) say('limits.maxBet', `must be a whole number of chips from 1 to ${MAX_BET_LIMIT}`);
  if (!whole(l.minAnte, 1)) say('limits.minAnte', 'must be a whole number of chips, at least 1');
  if (!whole(l.maxAnte, 1)) say('limits.maxAnte', 'must be a whole number of chips, at least 1');
  else if (whole(l.minAnte, 1) && l.maxAnte < l.minAnte) say('limits.maxAnte', 'must not be below limits.minAnte');
  // A table maximum of 0 would pay every Poker Plus BET nothing (P-6, P-11).
  if (!whole(l.tableMax, 1)) say('limits.tableMax', 'must be a whole number of chips, at least 1');
  // C-24: some operators knowingly run a table above 100% for skilled play, none outside 50..110.
  const percent = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= RETURN_PCT_BOUNDS[0] && x <= RETURN_PCT_BOUNDS[1];
  for (const k of ['minReturnPct', 'maxReturnPct'] as const) {
    if (!percent(l[k])) say(`limits.${k}`, `must be a percentage from ${RETURN_PCT_BOUNDS[0]} to ${RETURN_PCT_BOUNDS[1]}`);
  }
  if (percent(l.minReturnPct) && percent(l.maxReturnPct) && l.maxReturnPct <= l.minReturnPct) {
    say('limits.maxReturnPct', 'must be above limits.minReturnPct (the return range would be empty)');
  }

  const jacks = payTableProblem('jacks-or-better', groups.payTables.jacks);
  if (jacks) say('payTables.jacks-or-better', jacks);
  const pokerPlus = payTableProblem('poker-plus', groups.payTables.pokerPlus);
  if (pokerPlus) say('payTables.poker-plus', pokerPlus);

  const notes = Array.isArray(s.disabledNotes) ? (s.disabledNotes as unknown[]) : null;
  if (!notes || !notes.every((v) => whole(v, 1))) say('disabledNotes', 'must be an array of whole numbers of minor units');
  else if (new Set(notes).size !== notes.length) say('disabledNotes', 'lists a value twice');

  // The venue is printed on every voucher, and the printer's character set is ASCII.
  const v = groups.voucher;
  if (!text(v.venue, /^[ -~]{1,40}$/)) say('voucher.venue', 'must be 1 to 40 printable ASCII characters (the voucher printer\'s set)');
  if (!text(v.machine, /^[A-Za-z0-9-]{1,12}$/)) say('voucher.machine', 'must be 1 to 12 letters, digits or dashes');
  if (!whole(v.expiryDays, 1)) say('voucher.expiryDays', 'must be a whole number of days, at least 1');
  const { min, max } = TICKET_VALIDATION_SECONDS;
  if (!whole(v.validationSeconds, min) || v.validationSeconds > max) say('voucher.validationSeconds', `must be a whole number of seconds from ${min} to ${max}`);

  const a = groups.access;
  if (!whole(a.maxPinFailures, 1)) say('access.maxPinFailures', 'must be a whole number of attempts, at least 1');
  if (!whole(a.lockoutMs, 0) || a.lockoutMs % 1000 !== 0) say('access.lockoutSeconds', 'must be a whole number of seconds');
  if (!LANGUAGES.includes(s.defaultLanguage as never)) say('defaultLanguage', `must be one of ${LANGUAGES.join(', ')}`);

  for (const [k, r] of Object.entries(PRESENTATION_RANGES) as [keyof Presentation, (typeof PRESENTATION_RANGES)[keyof Presentation]][]) {
    const p = groups.presentation[k];
    if (!whole(p, r.min) || p > r.max) say(`presentation.${k}`, `must be a whole number of ${r.unit} from ${r.min} to ${r.max}`);
  }
  return out;
}

/** One line for a refusal or an error message. */
export const describeProblems = (problems: readonly SettingsProblem[]): string => problems.map((p) => `${p.key} ${p.message}`).join('; ');

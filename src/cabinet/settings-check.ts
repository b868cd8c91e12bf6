// C-7: what makes a set of operator settings sensible. One function, so the config file
// (src/app/config.ts), the technician's change at the cabinet and the settings read back from the
// database refuse the same things for the same reasons. Each problem names the config file's key.
// It takes any value: stored settings may have been edited into any shape. Each setting's own
// bounds are its declaration's (./vocabulary/settings-schema.ts); how settings fit together is here.

import { tellAll, wireText } from './vocabulary/check';
import {
  FILE_KEY,
  GAMES_SAYS,
  MAX_BET_LIMIT,
  MAX_CHIP_VALUES,
  PRESENTATION,
  RETURN_PCT_BOUNDS,
  SETTINGS,
  VALIDATION_SECONDS,
  type CabinetSettings,
  type Presentation,
} from './vocabulary/settings-schema';

export { MAX_BET_LIMIT, MAX_CHIP_VALUES, RETURN_PCT_BOUNDS };

export interface SettingsProblem {
  /** The key as the config file spells it, e.g. "limits.maxAnte". */
  key: string;
  /** Completes the key into a sentence: "limits.maxAnte must not be below limits.minAnte". */
  message: string;
}

/** The presentation settings' ranges, as declared. */
export const PRESENTATION_RANGES = Object.fromEntries(
  Object.entries(PRESENTATION.shape).map(([k, s]) => [k, { min: s.minValue!, max: s.maxValue! }]),
) as Readonly<Record<keyof Presentation, { min: number; max: number }>>;

const whole = (x: unknown, min: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= min;

/**
 * How long a ticket may wait for its validation, in seconds, as declared (VALIDATION_SECONDS):
 * long enough for a casino system on a busy loop, short enough that the acceptor's own escrow
 * time-out (30 s) never comes first.
 */
export const TICKET_VALIDATION_SECONDS = {
  min: VALIDATION_SECONDS.minValue!,
  max: VALIDATION_SECONDS.maxValue!,
} as const;

/** Every problem found, in the order of the config file; empty when the settings are sensible. */
export function settingsProblems(settings: CabinetSettings): SettingsProblem[] {
  const out: SettingsProblem[] = [];
  const say = (key: string, message: string) => {
    if (!out.some((p) => p.key === key)) out.push({ key, message });
  };
  for (const told of tellAll(SETTINGS, settings, '', (issue, place) =>
    issue.code === 'unrecognized_keys' ? 'is not a setting' : wireText(issue, place),
  )) {
    const declared = told.place.schema ? FILE_KEY.get(told.place.schema)?.key : undefined;
    const key = declared ?? told.path.filter((p) => typeof p === 'string').join('.');
    if (told.issue.code === 'unrecognized_keys')
      for (const extra of told.issue.keys) say(key ? `${key}.${extra}` : extra, told.says);
    else say(key || 'settings', told.says);
  }
  if (out[0]?.key === 'settings') return out;

  // Lists name each value once (uniqueness is how values fit together, not a value's own bound).
  const twice = (x: unknown): boolean => Array.isArray(x) && new Set(x).size !== x.length;
  const s = settings as Partial<CabinetSettings>;
  if (Array.isArray(s.chipValues) && s.chipValues.length === 0)
    say('chipValues', `must list 1 to ${MAX_CHIP_VALUES} chip values`);
  if (twice(s.chipValues)) say('chipValues', 'lists a value twice');
  if (twice(s.games)) say('games', GAMES_SAYS);
  if (twice(s.disabledNotes)) say('disabledNotes', 'lists a value twice');
  const l = (settings as Partial<CabinetSettings>).limits ?? ({} as Partial<CabinetSettings['limits']>);
  if (whole(l.minAnte, 1) && whole(l.maxAnte, 1) && l.maxAnte < l.minAnte)
    say('limits.maxAnte', 'must not be below limits.minAnte');
  const percent = (x: unknown): x is number =>
    typeof x === 'number' && Number.isFinite(x) && x >= RETURN_PCT_BOUNDS[0] && x <= RETURN_PCT_BOUNDS[1];
  if (percent(l.minReturnPct) && percent(l.maxReturnPct) && l.maxReturnPct <= l.minReturnPct) {
    say('limits.maxReturnPct', 'must be above limits.minReturnPct (the return range would be empty)');
  }
  return out;
}

/** One line for a refusal or an error message. */
export const describeProblems = (problems: readonly SettingsProblem[]): string =>
  problems.map((p) => `${p.key} ${p.message}`).join('; ');

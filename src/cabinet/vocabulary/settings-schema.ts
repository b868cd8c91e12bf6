// The operator settings (C-1, C-2, C-7, C-21, C-24), each declared once with its bounds and
// the sentence a reader says when a value is outside them. The settings the cabinet keeps, the
// config file (src/app/config.ts), the technician's change (the changeSettings wish), the
// settings page's view and its keypad all take their fields from here.

import { z } from 'zod';
import {
  GAME_IDS,
  GAMES as GAME_MODULES,
  gameModule,
  MAX_COEFFICIENT,
  payTableProblem,
  type AnyGame,
  type GameId,
} from '../../core';

/** The installed games, in the registry's order (src/core/games/registry.ts). */
export const GAMES = GAME_IDS;
export const LANGUAGES = ['en', 'ru'] as const;

/** The key a stored setting has in the config file, where the two differ (access.lockoutMs). */
export const FILE_KEY = z.registry<{ key: string }>();

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * The most any amount of money a setting names may be, in minor units: ten thousand million
 * (a hundred million of a two-digit currency). Beyond any limit an operator means, and far enough
 * below the largest safe integer that sums of such amounts over a cabinet's life stay exact.
 */
export const MAX_MONEY = 10_000_000_000;

/** A whole number of `unit` from min to max: one sentence for every way a value misses it. */
export function whole(unit: string, min: number, max = MAX, words: { below?: string; above?: string } = {}) {
  const says = `must be a whole number of ${unit}${max === MAX ? `, at least ${min}` : ` from ${min} to ${max}`}`;
  return z
    .int({ error: says })
    .min(min, { error: words.below ?? says })
    .max(max, { error: words.above ?? says });
}

export const GAME = z.enum(GAMES);
/** Text of a form (a pattern) and a length bound, which also bounds its size on the wire. */
const text = (pattern: RegExp, maxLength: number, says: string) =>
  z.string({ error: says }).max(maxLength, { error: says }).regex(pattern, { error: says });

export const LANGUAGE = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` });

export const CURRENCY = text(/^[A-Z]{3}$/, 3, 'must be a three-letter currency code such as "USD"').meta({
  description: 'ISO 4217 code of the currency (C-1).',
  examples: ['USD'],
});
export const MINOR_DIGITS = whole('digits', 0, 4).describe(
  "Digits after the point of the currency's minor unit (C-1).",
);

/** The most chips the screen can offer (its chip row). */
export const MAX_CHIP_VALUES = 8;
export const CHIP_VALUE = whole('minor units', 1, 100_000_000);
/**
 * The chip row: at most MAX_CHIP_VALUES (more is malformed); at least one is how settings fit
 * together (a change that would leave none is refused as C-7, not as malformed).
 */
export const CHIP_VALUES = z
  .array(CHIP_VALUE)
  .max(MAX_CHIP_VALUES, { error: `must list 1 to ${MAX_CHIP_VALUES} chip values` })
  .describe('Chip values (denominations) the player may pick, in minor units (C-2).');
/** Where chip values are given whole (the config file), an empty list is refused as it is read. */
export const CHIP_VALUES_GIVEN = CHIP_VALUES.min(1, {
  error: 'must be a non-empty array of whole numbers of minor units',
});

/** Every error of a game list says the same: which games, each once, at least one. */
export const GAMES_SAYS = `must be a list of ${GAMES.join(', ')}, each at most once, and at least one`;
/**
 * The games a technician offers (C-7): only registry ids, at most every game; at least one, and
 * each once, is how settings fit together (a change that leaves none is refused as C-7, not as malformed).
 */
export const GAMES_OFFERED = z
  .array(z.enum(GAMES, { error: GAMES_SAYS }), { error: GAMES_SAYS })
  .max(GAMES.length, { error: GAMES_SAYS });
export const GAME_LIST = GAMES_OFFERED.min(1, { error: GAMES_SAYS }).meta({
  description: 'The games offered.',
  uniqueItems: true,
});

/** C-24: the bounds of the operator's return range, in percent. */
export const RETURN_PCT_BOUNDS: readonly [number, number] = [50, 110];
const percent = () => {
  const says = `must be a percentage from ${RETURN_PCT_BOUNDS[0]} to ${RETURN_PCT_BOUNDS[1]}`;
  return z
    .number({
      error: (iss) => (iss.code === 'invalid_type' && typeof iss.input !== 'number' ? 'must be a number' : says),
    })
    .min(RETURN_PCT_BOUNDS[0], { error: says })
    .max(RETURN_PCT_BOUNDS[1], { error: says });
};

/** The most chips a Jacks or Better bet may be, and the bets its pay table shows. */
export const MAX_BET_LIMIT = 10;
/** The most chips a Poker Plus ante may be, and its table maximum (P-14): far past any floor's. */
export const MAX_ANTE = 10_000;
export const MAX_TABLE_MAX = 100_000_000;

export const LIMITS = z.strictObject({
  creditLimit: whole('minor units', 1, MAX_MONEY).describe(
    'Minor units: no note is accepted that would take the balance above this (C-3).',
  ),
  ticketLimit: whole('minor units', 1, MAX_MONEY).describe(
    'Minor units: a larger cash-out is handpaid instead of printed (C-4).',
  ),
  handpayLimit: whole('minor units', 1, MAX_MONEY).describe(
    'Minor units: a single win at or above this is handpaid (C-5).',
  ),
  maxBet: whole('chips', 1, MAX_BET_LIMIT).describe('Chips: the largest Jacks or Better bet (J-1).'),
  minAnte: whole('chips', 1, MAX_ANTE).describe('Chips: the smallest Poker Plus ante (P-2, P-14).'),
  maxAnte: whole('chips', 1, MAX_ANTE).describe('Chips: the largest Poker Plus ante, not below minAnte (P-2, P-14).'),
  // At least 1: the cap on a BET's payout (P-6, P-11); a table maximum of 0 would pay every win nothing.
  tableMax: whole('chips', 1, MAX_TABLE_MAX).describe("Chips: the cap on a Poker Plus BET's payout (P-6, P-11, P-14)."),
  minReturnPct: percent().describe(
    "Percent: the low end of the operator's return range (C-24); set in the config file only.",
  ),
  maxReturnPct: percent().describe(
    "Percent: the high end of the operator's return range (C-24); set in the config file only.",
  ),
});

export const PRESENTATION = z.strictObject({
  volume: whole('percent', 0, 100).describe('Sound volume, 0 (silent) to 100.'),
  bigWinBets: whole('bets', 2, 10_000).describe(
    'A win of at least this many bets is a big win: celebrated over the hand.',
  ),
  attractSeconds: whole('seconds', 10, 3600).describe(
    'Seconds with nothing happening at the machine before the attract loop starts.',
  ),
});

/** Printed on every voucher: the printer's character set is ASCII. */
export const VENUE = text(
  /^[ -~]{1,40}$/,
  40,
  "must be 1 to 40 printable ASCII characters (the voucher printer's set)",
).meta({ description: 'The venue printed on every voucher.', examples: ['Casino'] });
export const MACHINE = text(/^[A-Za-z0-9-]{1,12}$/, 12, 'must be 1 to 12 letters, digits or dashes').meta({
  description: 'The machine number printed on every voucher.',
  examples: ['0001'],
});
/** Ten years: a voucher valid longer is one no jurisdiction asks for, and a typo (1e9 days) is refused. */
export const EXPIRY_DAYS = whole('days', 1, 3650).describe('Days a voucher stays valid (at most ten years).');
/**
 * Seconds a ticket in escrow may wait for its validation before it goes back: long enough for a
 * casino system on a busy loop, short enough that the acceptor's own escrow time-out (30 s) never
 * comes first.
 */
export const VALIDATION_SECONDS = whole('seconds', 3, 25).describe(
  'Seconds a ticket put in may wait for its validation before it goes back.',
);
export const VOUCHER = z.strictObject({
  venue: VENUE,
  machine: MACHINE,
  expiryDays: EXPIRY_DAYS,
  validationSeconds: VALIDATION_SECONDS,
});

/** C-21: unlimited guessing is no lock, so the tries before a lockout stay few, and the lockout long. */
export const MAX_PIN_FAILURES = whole('attempts', 3, 10, {
  below: 'must be a whole number of attempts, at least 3',
  above: 'must be from 3 to 10 attempts',
}).describe('Wrong technician PINs before the lockout (C-21).');
export const LOCKOUT_SECONDS = whole('seconds', 30, 86_400).describe(
  'Seconds the technician PIN stays locked after the first run of wrong ones, at most a day; each run after locks twice as long as the one before, up to a day (C-21).',
);
export const PIN = text(/^\d{4,12}$/, 12, 'must be a string of 4 to 12 digits').meta({ examples: ['0000'] });

const lockoutMs = (() => {
  const says = `must be a whole number of seconds from ${LOCKOUT_SECONDS.minValue} to ${LOCKOUT_SECONDS.maxValue}`;
  return z
    .int({ error: says })
    .min(LOCKOUT_SECONDS.minValue! * 1000, { error: says })
    .max(LOCKOUT_SECONDS.maxValue! * 1000, { error: says })
    .multipleOf(1000, { error: says })
    .register(FILE_KEY, { key: 'access.lockoutSeconds' });
})();

/** A pay table as the cabinet keeps it; what the file may say of one is src/app/config.ts's. */
const keptTable = <G extends AnyGame>(game: G['id']) =>
  z
    .custom<G['payTable']['default']>()
    .check((ctx) => {
      const problem = payTableProblem(game, ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
    })
    .register(FILE_KEY, { key: `payTables.${game}` });

/** Note values (minor units) the acceptor must return; every other note is enabled (C-3). */
export const DISABLED_NOTES = z
  .array(whole('minor units', 1, MAX_MONEY))
  .max(64, { error: 'must list at most 64 note values' })
  .describe('Note values (minor units) the acceptor returns; every other note is taken (C-3).');

/** The settings the cabinet obeys, as it keeps them (and as they are read back from its database). */
export const SETTINGS = z.strictObject({
  currency: CURRENCY,
  minorDigits: MINOR_DIGITS,
  chipValues: CHIP_VALUES,
  games: GAME_LIST,
  limits: LIMITS,
  payTables: z.strictObject(
    Object.fromEntries(GAME_MODULES.map((g) => [g.settingsKey, keptTable(g.id)])) as {
      [G in AnyGame as G['settingsKey']]: ReturnType<typeof keptTable<G>>;
    },
  ),
  disabledNotes: DISABLED_NOTES,
  voucher: VOUCHER,
  access: z.strictObject({ maxPinFailures: MAX_PIN_FAILURES, lockoutMs }),
  defaultLanguage: LANGUAGE,
  presentation: PRESENTATION,
});

/** A pay table's id among those installed (the payTables query lists them). */
export const TABLE_ID = z.string().max(64);

const SAS_ADDRESS_SAYS = 'must be a whole number from 1 to 127';
/** The SAS address of the machine on its line. */
export const SAS_ADDRESS = z
  .int({ error: SAS_ADDRESS_SAYS })
  .min(1, { error: SAS_ADDRESS_SAYS })
  .max(127, { error: SAS_ADDRESS_SAYS });

/** C-7: the settings a technician may change at the cabinet; every one optional, only those given change. */
export const SETTINGS_CHANGE = z.strictObject({
  confirm: z.literal(true),
  chipValues: CHIP_VALUES.optional(),
  /** The games offered, the whole list (C-7; C-24 judges the table of each game newly offered). */
  games: GAMES_OFFERED.optional(),
  // The return range is the operator's (C-24): carried, so that a wish for it is refused for what it is.
  limits: LIMITS.partial().optional(),
  payTables: z
    .strictObject(
      Object.fromEntries(GAME_IDS.map((id) => [id, TABLE_ID.optional()])) as Record<
        GameId,
        z.ZodOptional<typeof TABLE_ID>
      >,
    )
    .optional(),
  defaultLanguage: LANGUAGE.optional(),
  currency: CURRENCY.optional(),
  minorDigits: MINOR_DIGITS.optional(),
  venue: VENUE.optional(),
  machine: MACHINE.optional(),
  presentation: PRESENTATION.partial().optional(),
  /** The SAS link (issue 14): its address and what the casino system may do; refused without a link. */
  sas: z
    .strictObject({
      address: SAS_ADDRESS.optional(),
      allowClockSet: z.boolean().optional(),
      allowRemoteHandpayReset: z.boolean().optional(),
    })
    .optional(),
});

/** The file's form of a pay table: category id to coefficient (docs/replay.md); core's parsePayTable reads it. */
export const fileTable = (game: GameId) =>
  z.record(z.string(), z.unknown()).meta({
    description: `A ${game} pay table: category id to coefficient; categories left out keep the default.`,
    propertyNames: { enum: [...gameModule(game).payTable.keys] },
    additionalProperties: { type: 'integer', minimum: 0, maximum: MAX_COEFFICIENT },
  });

export type Language = (typeof LANGUAGES)[number];
export type Limits = z.infer<typeof LIMITS>;
export type Presentation = z.infer<typeof PRESENTATION>;
export type CabinetSettings = z.infer<typeof SETTINGS>;
export type SettingsChange = z.infer<typeof SETTINGS_CHANGE>;

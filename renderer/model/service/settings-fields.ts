// The operator settings a technician may change (C-7), one description per field: how it reads
// now, how it is typed, and what its typed text means as a change, within the bounds the cabinet
// declares for it (src/cabinet/vocabulary/settings-schema.ts, through the contract).
// Pure, so the page and the tests agree on what a draft becomes.

import {
  CHIP_VALUE,
  CHIP_VALUES,
  MAX_CHIP_VALUES,
  CURRENCY,
  LANGUAGE,
  LIMITS,
  MACHINE,
  MINOR_DIGITS,
  PRESENTATION,
  SAS_ADDRESS,
  VENUE,
  GAME_IDS,
  isGameId,
  type GameId,
  type SettingsView,
  type Wish,
} from '../../../src/contract';
import { formatChips, formatMoney } from '../../i18n/numbers';
import { ts, type ServiceKey } from '../../i18n/service-texts';
import type { Language } from '../../i18n/language';
import type { Params } from '../../i18n/template';
import { gameTitle } from '../../i18n/game-words';
import type { EditField } from './actions';

/** A choice in an option's editor: picking it makes `value` the draft. */
export interface Choice {
  value: string;
  label: string;
  sub?: string;
  /** Shown as chosen (a toggle that is on); by default, the choice that is the draft. */
  selected?: boolean;
  /** The game it turns on or off, in the games' editor. */
  game?: GameId;
}

export type SettingsChange = Omit<Extract<Wish, { type: 'changeSettings' }>, 'type' | 'confirm'>;
export type Entry = 'money' | 'moneyList' | 'whole' | 'text' | 'option' | 'pin';

export interface FieldDef {
  field: EditField;
  label: ServiceKey;
  /** The label's placeholders in a language (a pay table's game). */
  labelParams?(L: Language): Params;
  entry: Entry;
  /** The value as the page shows it. */
  show(v: SettingsView, L: Language): string;
  /** The text the editor starts from. */
  draft(v: SettingsView): string;
  /** The change a draft asks for; null when it is not a valid value. */
  parse(draft: string, v: SettingsView): SettingsChange | null;
  /** Whether the cabinet has this setting at all (the SAS link's, only with a link). */
  present?(v: SettingsView): boolean;
  /** The choices of an option other than the language and the pay tables, given the draft. */
  options?(L: Language, draft: string): Choice[];
  /** What the editor accepts, from the setting's declared bounds, in its unit; none for a choice. */
  range?(v: SettingsView, L: Language): string;
}

/** A declared whole number's bounds (zod keeps them on the schema). */
interface Bounded {
  minValue: number | null;
  maxValue: number | null;
}

/** "1 to 10 chips", "$0.01 or more": the declaration's bounds, each said in the setting's unit. */
function bounds(L: Language, b: Bounded, say: (n: number) => string): string {
  const min = say(b.minValue ?? 0);
  if (b.maxValue === null || b.maxValue >= Number.MAX_SAFE_INTEGER) return ts(L, 'set.range.atLeast', { min });
  return ts(L, 'set.range.between', { min, max: say(b.maxValue) });
}

const allowed = (L: Language, b: Bounded, say: (n: number) => string): string =>
  ts(L, 'set.range.allowed', { range: bounds(L, b, say) });

/** "12.5" with 2 minor digits → 1250; null for anything but a plain decimal. */
export function parseMoney(text: string, minorDigits: number): number | null {
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (m[2] ?? '').length > minorDigits) return null;
  const fraction = (m[2] ?? '').padEnd(minorDigits, '0');
  return Number(m[1]) * 10 ** minorDigits + (minorDigits > 0 ? Number(fraction) : 0);
}

/** 1250 with 2 minor digits → "12.50": the plain form the keypad edits. */
export function plainMoney(minor: number, minorDigits: number): string {
  if (minorDigits === 0) return String(minor);
  const digits = String(minor).padStart(minorDigits + 1, '0');
  return `${digits.slice(0, -minorDigits)}.${digits.slice(-minorDigits)}`;
}

/** What a setting's declaration accepts: a keypad value is checked as the cabinet will check it. */
interface Declared {
  safeParse(value: unknown): { success: boolean };
}
const fits = (declared: Declared, value: unknown): boolean => declared.safeParse(value).success;

const whole = (text: string, declared: Declared): number | null => {
  if (!/^\d{1,12}$/.test(text)) return null;
  const n = Number(text);
  return fits(declared, n) ? n : null;
};

const cur = (v: SettingsView) => ({ code: v.currency, minorDigits: v.minorDigits });

type LimitName = keyof SettingsView['limits'];

function moneyLimit(name: LimitName, label: ServiceKey): FieldDef {
  return {
    field: `limits.${name}`,
    label,
    entry: 'money',
    show: (v, L) => formatMoney(v.limits[name], cur(v), L),
    range: (v, L) =>
      `${allowed(L, LIMITS.shape[name], (n) => formatMoney(n, cur(v), L))}  •  ${ts(L, 'set.range.typeMoney', { code: v.currency, example: plainMoney(v.limits[name], v.minorDigits) })}`,
    draft: (v) => plainMoney(v.limits[name], v.minorDigits),
    parse: (d, v) => {
      const n = parseMoney(d, v.minorDigits);
      return n !== null && fits(LIMITS.shape[name], n) ? { limits: { [name]: n } } : null;
    },
  };
}

function chipLimit(name: LimitName, label: ServiceKey): FieldDef {
  return {
    field: `limits.${name}`,
    label,
    entry: 'whole',
    show: (v, L) => formatChips(v.limits[name], L),
    range: (_v, L) => allowed(L, LIMITS.shape[name], (n) => ts(L, 'set.u.chips', { n: formatChips(n, L) })),
    draft: (v) => String(v.limits[name]),
    parse: (d) => {
      const n = whole(d, LIMITS.shape[name]);
      return n === null ? null : { limits: { [name]: n } };
    },
  };
}

type PresentationName = keyof SettingsView['presentation'];

function presentation(name: PresentationName, label: ServiceKey, unit: ServiceKey): FieldDef {
  return {
    range: (_v, L) => allowed(L, PRESENTATION.shape[name], (n) => ts(L, unit, { n: formatChips(n, L) }).toLowerCase()),
    field: `presentation.${name}`,
    label,
    entry: 'whole',
    show: (v, L) => ts(L, unit, { n: formatChips(v.presentation[name], L) }),
    draft: (v) => String(v.presentation[name]),
    parse: (d) => {
      const n = whole(d, PRESENTATION.shape[name]);
      return n === null ? null : { presentation: { [name]: n } };
    },
  };
}

/** A field's label in the language. */
export const fieldLabel = (L: Language, def: FieldDef): string => ts(L, def.label, def.labelParams?.(L));

/** A game's pay table, one field per game in the registry: the table is chosen among those installed for it. */
const payTable = (game: GameId): FieldDef => ({
  field: `payTables.${game}`,
  label: 'set.payTable',
  labelParams: (L) => ({ game: gameTitle(L, game) }),
  entry: 'option',
  show: (v) => v.payTables[game],
  draft: (v) => v.payTables[game],
  parse: (d, v) => (d.length > 0 && d !== 'custom' ? { payTables: { ...v.payTables, [game]: d } } : null),
});

const offered = (on: boolean, L: Language): string => ts(L, on ? 'set.gameOn' : 'set.gameOff');

/** The games a draft of the games field lists ("jacks-or-better,poker-plus"), in its order. */
export const draftGames = (draft: string): string[] => (draft === '' ? [] : draft.split(','));

/**
 * The games offered (C-7): one field, whose editor has a toggle per game of the registry, ON or
 * OFF. A toggle's value is the draft with its game added at the end or taken out, so picking it
 * is the editor's ordinary pick. The change is the whole list; the cabinet refuses the last game
 * taken out and a game whose table is outside the return range (C-24).
 */
const GAMES_FIELD: FieldDef = {
  field: 'games',
  label: 'set.games',
  entry: 'option',
  show: (v, L) => ts(L, 'set.gamesOffered', { n: v.games.length, of: GAME_IDS.length }),
  draft: (v) => v.games.join(','),
  parse: (d) => {
    const list = draftGames(d);
    if (list.length === 0 || new Set(list).size !== list.length || !list.every(isGameId)) return null;
    return { games: list as GameId[] };
  },
  options: (L, draft) =>
    GAME_IDS.map((game) => {
      const list = draftGames(draft);
      const on = list.includes(game);
      return {
        value: (on ? list.filter((g) => g !== game) : [...list, game]).join(','),
        label: gameTitle(L, game),
        sub: offered(on, L),
        selected: on,
        game,
      };
    }),
};

const TEXT_RULE: Record<'venue' | 'machine' | 'currency', ServiceKey> = {
  venue: 'set.range.venue',
  machine: 'set.range.machine',
  currency: 'set.range.currency',
};

function text(
  field: 'venue' | 'machine' | 'currency',
  label: ServiceKey,
  declared: Declared & { maxLength: number | null },
): FieldDef {
  return {
    field,
    label,
    entry: 'text',
    range: (_v, L) => ts(L, TEXT_RULE[field], { n: declared.maxLength ?? 0 }),
    show: (v) => v[field],
    draft: (v) => v[field],
    parse: (d) => (fits(declared, d) ? { [field]: d } : null),
  };
}

type SasPermission = 'allowClockSet' | 'allowRemoteHandpayReset';
const hasSas = (v: SettingsView): boolean => v.sas !== null;
const onOff = (on: boolean | undefined, L: Language): string => ts(L, on ? 'set.allowed' : 'set.notAllowed');

/** What the casino system may do on the SAS link (C-25): an operator's yes or no. */
function sasPermission(name: SasPermission, label: ServiceKey): FieldDef {
  return {
    field: `sas.${name}`,
    label,
    entry: 'option',
    present: hasSas,
    show: (v, L) => onOff(v.sas?.[name], L),
    draft: (v) => (v.sas?.[name] ? 'yes' : 'no'),
    parse: (d, v) => (v.sas && (d === 'yes' || d === 'no') ? { sas: { [name]: d === 'yes' } } : null),
    options: (L) => [
      { value: 'no', label: onOff(false, L) },
      { value: 'yes', label: onOff(true, L) },
    ],
  };
}

export const FIELDS: FieldDef[] = [
  {
    field: 'chipValues',
    label: 'set.chipValues',
    entry: 'moneyList',
    show: (v, L) => v.chipValues.map((c) => formatMoney(c, cur(v), L)).join('  '),
    draft: (v) => v.chipValues.map((c) => plainMoney(c, v.minorDigits)).join(','),
    range: (v, L) =>
      ts(L, 'set.range.chips', {
        n: MAX_CHIP_VALUES,
        each: bounds(L, CHIP_VALUE, (n) => formatMoney(n, cur(v), L)),
      }),
    parse: (d, v) => {
      const values = d.split(',').map((x) => parseMoney(x, v.minorDigits));
      // At least one: a change that leaves none would be refused (C-7).
      if (values.length < 1 || !fits(CHIP_VALUES, values)) return null;
      return { chipValues: values as number[] };
    },
  },
  moneyLimit('creditLimit', 'set.creditLimit'),
  moneyLimit('ticketLimit', 'set.ticketLimit'),
  moneyLimit('handpayLimit', 'set.handpayLimit'),
  chipLimit('maxBet', 'set.maxBet'),
  chipLimit('minAnte', 'set.minAnte'),
  chipLimit('maxAnte', 'set.maxAnte'),
  chipLimit('tableMax', 'set.tableMax'),
  GAMES_FIELD,
  ...GAME_IDS.map(payTable),
  {
    field: 'defaultLanguage',
    label: 'set.defaultLanguage',
    entry: 'option',
    show: (v) => (v.defaultLanguage === 'en' ? 'English' : 'Русский'),
    draft: (v) => v.defaultLanguage,
    parse: (d) => (LANGUAGE.safeParse(d).success ? { defaultLanguage: LANGUAGE.parse(d) } : null),
  },
  text('currency', 'set.currency', CURRENCY),
  {
    field: 'minorDigits',
    label: 'set.minorDigits',
    entry: 'whole',
    show: (v) => String(v.minorDigits),
    range: (_v, L) => allowed(L, MINOR_DIGITS, (n) => ts(L, 'set.u.digits', { n })),
    draft: (v) => String(v.minorDigits),
    parse: (d) => {
      const n = whole(d, MINOR_DIGITS);
      return n === null ? null : { minorDigits: n };
    },
  },
  text('venue', 'set.venue', VENUE),
  text('machine', 'set.machine', MACHINE),
  presentation('volume', 'set.volume', 'set.unit.percent'),
  presentation('bigWinBets', 'set.bigWinBets', 'set.unit.bets'),
  presentation('attractSeconds', 'set.attractSeconds', 'set.unit.seconds'),
  {
    field: 'sas.address',
    label: 'set.sasAddress',
    entry: 'whole',
    present: hasSas,
    show: (v) => String(v.sas?.address ?? ''),
    range: (_v, L) => allowed(L, SAS_ADDRESS, String),
    draft: (v) => String(v.sas?.address ?? ''),
    parse: (d, v) => {
      const n = whole(d, SAS_ADDRESS);
      return n === null || !v.sas ? null : { sas: { address: n } };
    },
  },
  sasPermission('allowClockSet', 'set.sasClock'),
  sasPermission('allowRemoteHandpayReset', 'set.sasHandpay'),
  {
    field: 'pin',
    label: 'set.pin',
    entry: 'pin',
    show: () => '••••',
    range: (_v, L) => ts(L, 'set.range.pin'),
    draft: () => '',
    parse: () => null,
  },
];

export const fieldDef = (field: EditField): FieldDef => FIELDS.find((f) => f.field === field)!;

/** A change that leaves every value as it is asks for nothing. */
export function changes(change: SettingsChange, v: SettingsView): boolean {
  const now: Record<string, unknown> = { ...v };
  return Object.entries(change).some(([k, x]) => {
    if (k === 'limits' || k === 'payTables' || k === 'presentation' || k === 'sas')
      return Object.entries(x as Record<string, unknown>).some(
        ([kk, xx]) => (now[k] as Record<string, unknown> | null)?.[kk] !== xx,
      );
    return JSON.stringify(now[k]) !== JSON.stringify(x);
  });
}

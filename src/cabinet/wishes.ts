// C-22: the screen has no power over money; what it sends is checked here before anything else.
// A malformed wish is refused with a reason, never trusted or thrown on.

import type { BoxRequest } from '../core';
import { BUTTONS } from './device-events';
import type { PlayerWish } from './inputs';
import { GAMES, LANGUAGES, type Limits, type Presentation } from './settings';
import { PRESENTATION_RANGES } from './settings-check';
import { refusal } from './transition';
import type { Refusal } from '../core';

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isPositions = (x: unknown): x is number[] => Array.isArray(x) && x.every(isWhole);

const FIELDS: Record<PlayerWish['type'], readonly string[]> = {
  selectGame: ['game'],
  chipValue: ['value'],
  language: ['language'],
  setBet: ['bet'],
  setBoxes: ['boxes'],
  deal: ['bet', 'boxes'],
  hold: ['positions'],
  toggleHold: ['position'],
  draw: [],
  exchange: ['positions', 'box'],
  buySixth: ['box'],
  bet: ['box'],
  fold: ['box'],
  takeHalf: ['box'],
  buyGame: ['box'],
  reveal: [],
  cashOut: [],
  handpayConfirm: [],
  creditClear: ['confirm'],
  soundMute: ['on'],
  technicianPin: ['pin'],
  technicianLogout: [],
  setPin: ['pin'],
  clearPeriodMeters: ['confirm'],
  clearTilt: ['code'],
  ramClear: ['confirm'],
  changeSettings: ['confirm', 'chipValues', 'limits', 'payTables', 'defaultLanguage', 'currency', 'minorDigits', 'venue', 'machine', 'presentation'],
  deviceTest: ['on'],
  testLamps: ['lamps'],
  testAcceptor: ['enabled'],
  testVoucher: [],
};

function isBoxes(x: unknown): x is BoxRequest[] {
  return (
    Array.isArray(x) &&
    x.every((b) => isObject(b) && isWhole(b.ante) && (b.blind === undefined || typeof b.blind === 'boolean') && Object.keys(b).every((k) => k === 'ante' || k === 'blind'))
  );
}

const LAMP_STATES = ['off', 'on', 'blink'];
const LIMIT_KEYS: readonly (keyof Limits)[] = ['creditLimit', 'ticketLimit', 'handpayLimit', 'maxBet', 'minAnte', 'maxAnte', 'tableMax', 'minReturnPct', 'maxReturnPct'];
/** Read here so that a wish to change them is refused for what it is (C-24), not as malformed. */
const RETURN_RANGE_KEYS: readonly string[] = ['minReturnPct', 'maxReturnPct'];
const SETTING_FIELDS = FIELDS.changeSettings.filter((k) => k !== 'confirm');
const inRange = (x: unknown, min: number, max: number): boolean => isWhole(x) && x >= min && x <= max;
const given = (w: Json, k: string): boolean => w[k] !== undefined;

/** The same bounds as the contract's `changeSettings`; how settings fit together is checked later (C-7). */
function settingsWishProblem(w: Json): string | null {
  if (w.confirm !== true) return 'needs "confirm": true';
  if (!SETTING_FIELDS.some((k) => given(w, k))) return 'names no setting to change';
  if (given(w, 'chipValues') && !(Array.isArray(w.chipValues) && w.chipValues.length <= 8 && w.chipValues.every((v) => inRange(v, 1, 100_000_000)))) {
    return '"chipValues" must be up to 8 whole numbers of minor units, 1 to 100000000';
  }
  if (given(w, 'limits')) {
    const l = w.limits;
    if (!isObject(l)) return '"limits" must be an object';
    for (const [k, v] of Object.entries(l)) {
      if (!LIMIT_KEYS.includes(k as keyof Limits)) return `"limits" has an unknown field "${k}"`;
      if (v === undefined) continue;
      if (RETURN_RANGE_KEYS.includes(k)) {
        if (typeof v !== 'number' || !Number.isFinite(v)) return `"limits.${k}" must be a number`;
        continue;
      }
      const min = k === 'tableMax' ? 0 : 1;
      const max = k === 'maxBet' ? 10 : Number.MAX_SAFE_INTEGER;
      if (!inRange(v, min, max)) return `"limits.${k}" must be a whole number ${max === 10 ? `from ${min} to ${max}` : `of at least ${min}`}`;
    }
  }
  if (given(w, 'payTables')) {
    const t = w.payTables;
    if (!isObject(t)) return '"payTables" must be an object of game: installed pay-table id';
    for (const [game, id] of Object.entries(t)) {
      if (!GAMES.includes(game as never)) return `"payTables" has an unknown game "${game}"`;
      if (id !== undefined && (typeof id !== 'string' || id.length > 64)) return `"payTables.${game}" must be an installed pay-table id`;
    }
  }
  if (given(w, 'defaultLanguage') && !LANGUAGES.includes(w.defaultLanguage as never)) return `"defaultLanguage" must be one of ${LANGUAGES.join(', ')}`;
  if (given(w, 'currency') && !(typeof w.currency === 'string' && /^[A-Z]{3}$/.test(w.currency))) return '"currency" must be a three-letter code such as "USD"';
  if (given(w, 'minorDigits') && !inRange(w.minorDigits, 0, 4)) return '"minorDigits" must be 0 to 4';
  if (given(w, 'venue') && !(typeof w.venue === 'string' && /^[ -~]{1,40}$/.test(w.venue))) return '"venue" must be 1 to 40 printable ASCII characters (the voucher printer\'s set)';
  if (given(w, 'machine') && !(typeof w.machine === 'string' && /^[A-Za-z0-9-]{1,12}$/.test(w.machine))) return '"machine" must be 1 to 12 letters, digits or dashes';
  if (given(w, 'presentation')) {
    const p = w.presentation;
    if (!isObject(p)) return '"presentation" must be an object';
    for (const [k, v] of Object.entries(p)) {
      const range = Object.prototype.hasOwnProperty.call(PRESENTATION_RANGES, k) ? PRESENTATION_RANGES[k as keyof Presentation] : undefined;
      if (!range) return `"presentation" has an unknown field "${k}"`;
      if (v !== undefined && !inRange(v, range.min, range.max)) return `"presentation.${k}" must be a whole number from ${range.min} to ${range.max}`;
    }
  }
  return null;
}

/** The wish, typed, or the reason it is malformed. */
export function parseWish(input: unknown): { ok: true; wish: PlayerWish } | { ok: false; refusal: Refusal } {
  const bad = (reason: string) => ({ ok: false as const, refusal: refusal('C-22', reason) });
  if (!isObject(input) || typeof input.type !== 'string') return bad('a wish is an object with a "type"');
  const type = input.type as PlayerWish['type'];
  const fields = Object.prototype.hasOwnProperty.call(FIELDS, type) ? FIELDS[type] : undefined;
  if (!fields) return bad(`unknown wish "${input.type}"`);
  for (const key of Object.keys(input)) {
    if (key !== 'type' && !fields.includes(key)) return bad(`${type}: unknown field "${key}"`);
  }
  const w = input;
  switch (type) {
    case 'selectGame':
      if (!GAMES.includes(w.game as never)) return bad(`selectGame: "game" must be one of ${GAMES.join(', ')}`);
      break;
    case 'chipValue':
      if (!isWhole(w.value)) return bad('chipValue: "value" must be a whole number of minor units');
      break;
    case 'language':
      if (!LANGUAGES.includes(w.language as never)) return bad(`language: must be one of ${LANGUAGES.join(', ')}`);
      break;
    case 'setBet':
      if (!isWhole(w.bet)) return bad('setBet: "bet" must be a whole number of chips');
      break;
    case 'setBoxes':
      if (!isBoxes(w.boxes)) return bad('setBoxes: "boxes" must be an array of {"ante": chips, "blind"?: boolean}');
      break;
    case 'deal':
      if (w.bet !== undefined && !isWhole(w.bet)) return bad('deal: "bet" must be a whole number of chips');
      if (w.boxes !== undefined && !isBoxes(w.boxes)) return bad('deal: "boxes" must be an array of {"ante": chips, "blind"?: boolean}');
      break;
    case 'hold':
    case 'exchange':
      if (!isPositions(w.positions)) return bad(`${type}: "positions" must be an array of whole numbers`);
      break;
    case 'toggleHold':
      if (!isWhole(w.position)) return bad('toggleHold: "position" must be a whole number');
      break;
    case 'creditClear':
    case 'ramClear':
    case 'clearPeriodMeters':
      if (w.confirm !== true) return bad(`${type} needs "confirm": true`);
      break;
    case 'technicianPin':
    case 'setPin':
      if (typeof w.pin !== 'string' || !/^\d{4,12}$/.test(w.pin)) return bad(`${type}: "pin" must be 4 to 12 digits`);
      break;
    case 'clearTilt':
      if (typeof w.code !== 'string') return bad('clearTilt: "code" must be a tilt code');
      break;
    case 'changeSettings': {
      const why = settingsWishProblem(w);
      if (why) return bad(`changeSettings: ${why}`);
      break;
    }
    case 'deviceTest':
    case 'soundMute':
      if (typeof w.on !== 'boolean') return bad(`${type}: "on" must be true or false`);
      break;
    case 'testAcceptor':
      if (typeof w.enabled !== 'boolean') return bad('testAcceptor: "enabled" must be true or false');
      break;
    case 'testLamps':
      if (!isObject(w.lamps)) return bad('testLamps: "lamps" must be an object of button: "off" | "on" | "blink"');
      for (const [b, lamp] of Object.entries(w.lamps)) {
        if (!BUTTONS.includes(b as never)) return bad(`testLamps: there is no button "${b}"`);
        if (!LAMP_STATES.includes(lamp as never)) return bad(`testLamps: the lamp of "${b}" must be one of ${LAMP_STATES.join(', ')}`);
      }
      break;
  }
  if ('box' in w && w.box !== undefined && !isWhole(w.box)) return bad(`${type}: "box" must be a whole number`);
  return { ok: true, wish: w as unknown as PlayerWish };
}

// C-22: the screen has no power over money; what it sends is checked here before anything else.
// A malformed wish is refused with a reason, never trusted or thrown on.

import type { BoxRequest } from '../core';
import type { PlayerWish } from './inputs';
import { GAMES, LANGUAGES } from './settings';
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
  technicianPin: ['pin'],
  technicianLogout: [],
  setPin: ['pin'],
  clearPeriodMeters: [],
  clearTilt: ['code'],
  ramClear: ['confirm'],
};

function isBoxes(x: unknown): x is BoxRequest[] {
  return (
    Array.isArray(x) &&
    x.every((b) => isObject(b) && isWhole(b.ante) && (b.blind === undefined || typeof b.blind === 'boolean') && Object.keys(b).every((k) => k === 'ante' || k === 'blind'))
  );
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
      if (w.confirm !== true) return bad(`${type} needs "confirm": true`);
      break;
    case 'technicianPin':
    case 'setPin':
      if (typeof w.pin !== 'string' || !/^\d{4,12}$/.test(w.pin)) return bad(`${type}: "pin" must be 4 to 12 digits`);
      break;
    case 'clearTilt':
      if (typeof w.code !== 'string') return bad('clearTilt: "code" must be a tilt code');
      break;
  }
  if ('box' in w && w.box !== undefined && !isWhole(w.box)) return bad(`${type}: "box" must be a whole number`);
  return { ok: true, wish: w as unknown as PlayerWish };
}

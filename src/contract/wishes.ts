// What the screen may ask of the cabinet (C-20, C-22): player wishes and, behind the keys,
// attendant and technician actions. The cabinet decides; the screen only wishes.

import { array, bool, int, literal, object, oneOf, str, union, type Infer } from './schema';

const position = int(0, 5);
const chips = int(0, 1_000_000);
const box = int(0, 1);
const boxes = array(object({ ante: chips, blind: bool() }, ['blind']), 2);
const pin = str(12, /^\d{4,12}$/);

export const WISH = union('type', {
  selectGame: object({ game: oneOf('jacks-or-better', 'poker-plus') }),
  chipValue: object({ value: int(1, 100_000_000) }),
  language: object({ language: oneOf('en', 'ru') }),
  setBet: object({ bet: chips }),
  setBoxes: object({ boxes }),
  deal: object({ bet: chips, boxes }, ['bet', 'boxes']),
  hold: object({ positions: array(position, 5) }),
  toggleHold: object({ position }),
  draw: object({}),
  exchange: object({ positions: array(position, 6), box }, ['box']),
  buySixth: object({ box }, ['box']),
  bet: object({ box }, ['box']),
  fold: object({ box }, ['box']),
  takeHalf: object({ box }, ['box']),
  buyGame: object({ box }, ['box']),
  reveal: object({}),
  cashOut: object({}),
  handpayConfirm: object({}),
  creditClear: object({ confirm: literal(true) }),
  technicianPin: object({ pin }),
  technicianLogout: object({}),
  setPin: object({ pin }),
  clearPeriodMeters: object({}),
  clearTilt: object({ code: str(64) }),
  ramClear: object({ confirm: literal(true) }),
});

export type Wish = Infer<typeof WISH>;
export type WishType = Wish['type'];
export const WISH_TYPES = Object.keys(WISH.variants) as WishType[];

// What the screen may ask of the cabinet (C-20, C-22): player wishes and, behind the keys,
// attendant and technician actions. The cabinet decides; the screen only wishes.

import { array, bool, int, literal, object, oneOf, record, str, union, type Infer } from './schema';

const position = int(0, 5);
const chips = int(0, 1_000_000);
const box = int(0, 1);
const boxes = array(object({ ante: chips, blind: bool() }, ['blind']), 2);
const pin = str(12, /^\d{4,12}$/);
const lamp = oneOf('off', 'on', 'blink');

/** C-7 settings a technician may change; every field optional, only those given change. */
const settingsChange = object(
  {
    confirm: literal(true),
    chipValues: array(int(1, 100_000_000), 8),
    limits: object(
      {
        creditLimit: int(1),
        ticketLimit: int(1),
        handpayLimit: int(1),
        maxBet: int(1, 10),
        minAnte: int(1),
        maxAnte: int(1),
        tableMax: int(0),
      },
      ['creditLimit', 'ticketLimit', 'handpayLimit', 'maxBet', 'minAnte', 'maxAnte', 'tableMax'],
    ),
    /** Installed pay-table ids (the payTables query lists them with their return). */
    payTables: object({ 'jacks-or-better': str(64), 'poker-plus': str(64) }, ['jacks-or-better', 'poker-plus']),
    defaultLanguage: oneOf('en', 'ru'),
    currency: str(3, /^[A-Z]{3}$/),
    minorDigits: int(0, 4),
    /** Printed on every voucher: the printer's character set is ASCII. */
    venue: str(40, /^[ -~]{1,40}$/),
    machine: str(12, /^[A-Za-z0-9-]{1,12}$/),
    /** Sound volume in percent, the big win in bets, the attract loop's idle seconds. */
    presentation: object(
      { volume: int(0, 100), bigWinBets: int(2, 10_000), attractSeconds: int(10, 3600) },
      ['volume', 'bigWinBets', 'attractSeconds'],
    ),
  },
  ['chipValues', 'limits', 'payTables', 'defaultLanguage', 'currency', 'minorDigits', 'venue', 'machine', 'presentation'],
);

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
  /** The attendant's mute: sound off for ten minutes (on), or back now (off). */
  soundMute: object({ on: bool() }),
  technicianPin: object({ pin }),
  technicianLogout: object({}),
  setPin: object({ pin }),
  clearPeriodMeters: object({ confirm: literal(true) }),
  clearTilt: object({ code: str(64) }),
  ramClear: object({ confirm: literal(true) }),
  changeSettings: settingsChange,
  /** Device tests (technician): play stops while the test runs. */
  deviceTest: object({ on: bool() }),
  testLamps: object({ lamps: record(lamp, 11) }),
  /** Takes test notes: each is identified and returned, never credited. */
  testAcceptor: object({ enabled: bool() }),
  /** Prints a specimen voucher marked VOID, worth nothing. */
  testVoucher: object({}),
});

export type Wish = Infer<typeof WISH>;
export type WishType = Wish['type'];
export const WISH_TYPES = Object.keys(WISH.variants) as WishType[];

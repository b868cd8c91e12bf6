// What the attendant and technician screens are shown and may read (C-5 to C-12, C-21). The
// live part (keys, PIN lockout, device status, the device test in progress, the settings) rides
// in every snapshot; the records (meters, recall, event log, handpays, installed pay tables)
// are read on request with a query, which the cabinet answers only behind the right key.

import { array, bool, int, json, nullable, num, object, oneOf, record, str, union, type Infer } from './schema';

const minor = int(0);
const chips = int(0);
const gameId = oneOf('jacks-or-better', 'poker-plus');
const lamp = oneOf('off', 'on', 'blink');
const button = oneOf('deal', 'hold1', 'hold2', 'hold3', 'hold4', 'hold5', 'betOne', 'maxBet', 'cashOut', 'help', 'service');

export const LIMITS = object({
  creditLimit: minor,
  ticketLimit: minor,
  handpayLimit: minor,
  maxBet: chips,
  minAnte: chips,
  maxAnte: chips,
  tableMax: chips,
  /** C-24: the operator's return range in percent, set in the config file only. */
  minReturnPct: num(),
  maxReturnPct: num(),
});

/** The operator settings as the settings page shows them; pay tables by installed id. */
const settingsView = object({
  currency: str(8),
  minorDigits: int(0, 4),
  chipValues: array(minor, 20),
  limits: LIMITS,
  /** Installed pay-table id in use per game, or "custom" for one given in the config file. */
  payTables: object({ 'jacks-or-better': str(64), 'poker-plus': str(64) }),
  defaultLanguage: oneOf('en', 'ru'),
  venue: str(40),
  machine: str(12),
  maxPinFailures: int(1),
  lockoutSeconds: int(0),
  /** How the screens present the cabinet: sound volume (percent), big win (bets), attract idle (seconds). */
  presentation: object({ volume: int(0, 100), bigWinBets: int(1), attractSeconds: int(1) }),
});

const deviceView = object({ online: bool(), faults: record(str(200), 20) });

/** A technician's device test (C-18, C-19): play is stopped while it runs. */
const deviceTestView = object({
  since: num(),
  /** Buttons held down now, and every button seen pressed since the test began. */
  pressed: array(button, 11),
  seen: array(button, 11),
  lamps: record(lamp, 11),
  acceptor: object({
    enabled: bool(),
    /** Test notes, newest first: identified, then returned, never credited. */
    notes: array(object({ value: minor, denomination: str(16), at: num(), result: oneOf('returned', 'rejected'), reason: nullable(str(200)) }), 10),
  }),
  printer: object({
    state: oneOf('idle', 'printing', 'printed', 'failed'),
    validation: nullable(str(18)),
    reason: nullable(str(200)),
  }),
});

export const SERVICE_VIEW = object({
  attendantKey: bool(),
  technicianKey: bool(),
  /** The technician has entered the PIN with the key on (C-21). */
  technician: bool(),
  /** mustChange: the PIN is still the initial one; a technician logged in may only change it. */
  pin: object({ failures: int(0), maxFailures: int(1), lockedUntil: num(), mustChange: bool() }),
  devices: object({ acceptor: deviceView, printer: deviceView, deck: deviceView }),
  deviceTest: nullable(deviceTestView),
  settings: settingsView,
});

/** C-6 to C-12: records read on request. Attendant queries need the attendant key; the rest the technician's PIN. */
export const QUERY = union('type', {
  /** Recent handpays, newest first (attendant). */
  handpays: object({ limit: int(1, 100) }),
  /** Exactly what `cabinet meters --json` prints (technician). */
  meters: object({}),
  /** The last games, newest first, without their cards (technician). */
  recallList: object({}),
  /** One game's full record, to be replayed through the rules core (technician). */
  recallGame: object({ gameId: int(1) }),
  /** A page of the event log, newest first, before `beforeSeq` if given, with the chain checked (technician). */
  events: object({ beforeSeq: int(1), limit: int(1, 100) }, ['beforeSeq']),
  /** The pay tables installed on this cabinet with their certified return (technician). */
  payTables: object({}),
});

const handpayRow = object({
  seq: int(1),
  at: num(),
  event: oneOf('locked', 'paid', 'creditClear'),
  kind: oneOf('jackpot', 'cancelledCredits'),
  amount: minor,
  gameId: nullable(int(0)),
  reason: nullable(str(200)),
});

const meterRow = object({ name: str(64), code: nullable(str(8)), unit: oneOf('money', 'count'), label: str(120), lifetime: int(), period: int() });

export const METERS_REPORT = object({
  currency: str(8),
  minorDigits: int(0, 4),
  balance: int(),
  meters: array(meterRow, 500),
  derived: record(object({ code: str(8), label: str(120), value: int() }), 20),
  balanceCheck: object({ ok: bool(), expected: int(), actual: int() }),
  /** As the latest whole walk of the log found it: at start, or when the event log was read. */
  eventChain: oneOf('intact', 'broken'),
});

const recallSummary = object({
  gameId: int(1),
  game: gameId,
  chipValue: minor,
  startedAt: num(),
  endedAt: num(),
  staked: minor,
  paid: minor,
  handpaid: bool(),
});

const eventRow = object({ seq: int(1), at: num(), kind: str(32), data: json(), hash: str(64) });

const chainView = object({ ok: bool(), rows: int(0), brokenAt: nullable(int(0)), problem: nullable(str(200)) });

const installedPayTable = object({
  id: str(64),
  game: gameId,
  name: str(80),
  /** The paying rows as the player screen draws them (per chip, per bet). */
  rows: array(object({ category: str(32), perBet: array(int(0), 10) }), 12),
  /** Theoretical return in percent, or null where none is known. */
  returnPct: nullable(num()),
  /** Its 95% interval (both ends the return itself when it is exact), or null. */
  returnLow: nullable(num()),
  returnHigh: nullable(num()),
  /** How the return was found: the exact par sheet, or a simulation with its interval. */
  returnBasis: str(400),
  /** C-24: the return is known and inside the operator's range, so the table may be chosen. */
  inRange: bool(),
});

export const ANSWER = union('type', {
  handpays: object({ rows: array(handpayRow, 100) }),
  meters: object({ report: METERS_REPORT }),
  recallList: object({ games: array(recallSummary, 100) }),
  recallGame: object({ game: recallSummary, replay: json(), result: json() }),
  events: object({ rows: array(eventRow, 100), total: int(0), chain: chainView }),
  payTables: object({ tables: array(installedPayTable, 40) }),
});

export type ServiceView = Infer<typeof SERVICE_VIEW>;
export type DeviceTestView = NonNullable<ServiceView['deviceTest']>;
export type SettingsView = ServiceView['settings'];
export type Query = Infer<typeof QUERY>;
export type QueryType = Query['type'];
export type Answer = Infer<typeof ANSWER>;
export type MetersReport = Infer<typeof METERS_REPORT>;
export type RecallSummary = Infer<typeof recallSummary>;
export type EventRowView = Infer<typeof eventRow>;
export type InstalledPayTable = Infer<typeof installedPayTable>;
export type HandpayRow = Infer<typeof handpayRow>;

/** Who may ask: the attendant's key, or the technician's key with the PIN entered (C-21). */
export const QUERY_ACCESS: Record<QueryType, 'attendant' | 'technician'> = {
  handpays: 'attendant',
  meters: 'technician',
  recallList: 'technician',
  recallGame: 'technician',
  events: 'technician',
  payTables: 'technician',
};

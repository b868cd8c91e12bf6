// What the attendant and technician screens are shown and may read (C-5 to C-12, C-21). The
// live part (keys, PIN lockout, device status, the device test in progress, the settings) rides
// in every snapshot; the records (meters, recall, event log, handpays, tickets in, installed pay tables)
// are read on request with a query, which the cabinet answers only behind the right key.

import { z } from 'zod';
import { GAME_IDS, MAX_PAY_ROWS } from '../core';
import { HANDPAY_CAUSE } from '../cabinet/vocabulary/handpay-causes';
import { int, json, record, str } from './schema';
import { RECALL_RUN } from './recall';
import { ACCEPTOR_PROTOCOLS, BUTTONS, LAMP_STATES } from '../cabinet/vocabulary/devices';
import { TICKET_REASONS, TICKET_VALIDATORS } from '../cabinet/vocabulary/ticket-reasons';
import { VALIDATION_MODES } from '../cabinet/vocabulary/sas';
import {
  CHIP_VALUES,
  CURRENCY,
  GAMES_OFFERED,
  LANGUAGE,
  LIMITS,
  LOCKOUT_SECONDS,
  MACHINE,
  MAX_PIN_FAILURES,
  MINOR_DIGITS,
  PRESENTATION,
  SAS_ADDRESS,
  TABLE_ID,
  VENUE,
} from './settings';

const minor = int(0);
const gameId = z.enum(GAME_IDS);
const lamp = z.enum(LAMP_STATES);
const button = z.enum(BUTTONS);

/** The operator settings as the settings page shows them, in the cabinet's own declaration; pay tables by installed id. */
const settingsView = z.strictObject({
  currency: CURRENCY,
  minorDigits: MINOR_DIGITS,
  chipValues: CHIP_VALUES,
  limits: LIMITS,
  /** The games offered in the game menu, as the settings list them. */
  games: GAMES_OFFERED,
  /** Installed pay-table id in use per game, or "custom" for one given in the config file. */
  payTables: z.strictObject(
    Object.fromEntries(GAME_IDS.map((id) => [id, TABLE_ID])) as Record<(typeof GAME_IDS)[number], typeof TABLE_ID>,
  ),
  defaultLanguage: LANGUAGE,
  venue: VENUE,
  machine: MACHINE,
  maxPinFailures: MAX_PIN_FAILURES,
  lockoutSeconds: LOCKOUT_SECONDS,
  /** How the screens present the cabinet: sound volume (percent), big win (bets), attract idle (seconds). */
  presentation: PRESENTATION,
  /** The SAS link's settings as committed (null: no link); a new address is used from the next start. */
  sas: z
    .strictObject({ address: SAS_ADDRESS, allowClockSet: z.boolean(), allowRemoteHandpayReset: z.boolean() })
    .nullable(),
});

const deviceView = z.strictObject({ online: z.boolean(), faults: record(str(200), 20) });

/** The casino system's link as the cabinet keeps it: away since when and why, and when play stops for it. */
const casinoSystemView = z.strictObject({
  validation: z.enum(VALIDATION_MODES),
  hostLost: z.strictObject({ since: z.number(), reason: str(200) }).nullable(),
  /** When play stops for the host's absence (ms since the epoch); null: it does not. */
  stopsPlayAt: z.number().nullable(),
  /** Play is stopped for it now. */
  playStopped: z.boolean(),
});

/** A technician's device test (C-18, C-19): play is stopped while it runs. */
const deviceTestView = z.strictObject({
  since: z.number(),
  /** Buttons held down now, and every button seen pressed since the test began. */
  pressed: z.array(button).max(BUTTONS.length),
  seen: z.array(button).max(BUTTONS.length),
  lamps: record(lamp, 11),
  acceptor: z.strictObject({
    enabled: z.boolean(),
    /** Test notes, newest first: identified, then returned, never credited. */
    notes: z
      .array(
        z.strictObject({
          value: minor,
          denomination: str(16),
          at: z.number(),
          result: z.enum(['returned', 'rejected']),
          reason: str(200).nullable(),
        }),
      )
      .max(10),
  }),
  printer: z.strictObject({
    state: z.enum(['idle', 'printing', 'printed', 'failed']),
    validation: str(18).nullable(),
    reason: str(200).nullable(),
  }),
});

export const SERVICE_VIEW = z.strictObject({
  attendantKey: z.boolean(),
  technicianKey: z.boolean(),
  /** The technician has entered the PIN with the key on (C-21). */
  technician: z.boolean(),
  /** mustChange: the PIN is still the initial one; a technician logged in may only change it. */
  pin: z.strictObject({
    failures: int(0),
    maxFailures: int(1),
    lockedUntil: z.number(),
    /** Lockouts since the last right PIN: each locks longer (C-21). */
    lockouts: int(0),
    mustChange: z.boolean(),
  }),
  devices: z.strictObject({ acceptor: deviceView, printer: deviceView, deck: deviceView }),
  deviceTest: deviceTestView.nullable(),
  settings: settingsView,
  /** The casino system as the attendant and the technician must know it (null: no SAS link). */
  casinoSystem: casinoSystemView.nullable(),
});

/** The most tickets in one answer to the attendant's list. */
export const TICKETS_IN_MAX = 50;

/**
 * Why a ticket went back, as the attendant reads it: each of the cabinet's reasons as it stands
 * (the player's screen folds them to fewer), the acceptor handing it back on its own, and
 * anything else the log holds (a restart that could not settle it), with its words as `detail`.
 */
export const TICKET_IN_REASONS = [...TICKET_REASONS, 'acceptor', 'other'] as const;

/** C-6 to C-12: records read on request. Attendant queries need the attendant key; the rest the technician's PIN. */
export const QUERY = z.discriminatedUnion('type', [
  /** Recent handpays, newest first (attendant). */
  z.strictObject({ type: z.literal('handpays'), limit: int(1, 100) }),
  /** The last tickets put in the acceptor and how each ended, newest first (attendant). */
  z.strictObject({ type: z.literal('ticketsIn'), limit: int(1, TICKETS_IN_MAX) }),
  /** Exactly what `cabinet meters --json` prints (technician). */
  z.strictObject({ type: z.literal('meters') }),
  /** The last games, newest first, without their cards (technician). */
  z.strictObject({ type: z.literal('recallList') }),
  /** One game's full record, to be replayed through the rules core (technician). */
  z.strictObject({ type: z.literal('recallGame'), gameId: int(1) }),
  /** A page of the event log, newest first, before `beforeSeq` if given, with the chain checked (technician). */
  z.strictObject({ type: z.literal('events'), beforeSeq: int(1).optional(), limit: int(1, 100) }),
  /** The pay tables installed on this cabinet with their certified return (technician). */
  z.strictObject({ type: z.literal('payTables') }),
  /** The SAS link's live counters, read afresh each time (technician). */
  z.strictObject({ type: z.literal('sasLink') }),
  /** The TPM counter the records are anchored to, or why they are not (technician). */
  z.strictObject({ type: z.literal('anchor') }),
  /** The bill acceptor as it names itself and what it is doing, read afresh each time (technician). */
  z.strictObject({ type: z.literal('acceptor') }),
  /** The voucher printer as it names itself, its state and last ticket, read afresh each time (technician). */
  z.strictObject({ type: z.literal('printer') }),
]);

const handpayRow = z.strictObject({
  seq: int(1),
  at: z.number(),
  event: z.enum(['locked', 'paid', 'creditClear']),
  kind: z.enum(['jackpot', 'cancelledCredits']),
  amount: minor,
  gameId: int(0).nullable(),
  reason: str(200).nullable(),
  /** Why, in the cabinet's words (rows logged before it carry the reason alone). */
  cause: HANDPAY_CAUSE.optional(),
});

const ticketInRow = z.strictObject({
  /** The log row that ended it. */
  seq: int(1),
  at: z.number(),
  /** The validation number's last four digits only: app/service/tickets-in.ts says why the rest stays in the cabinet. */
  validationEnd: str(4, /^[0-9]*$/),
  outcome: z.enum(['credited', 'returned']),
  /** Credited: the amount; returned: what the validator said it was worth if it was valid, else null. */
  amount: minor.nullable(),
  reason: z.enum(TICKET_IN_REASONS).nullable(),
  detail: str(200).nullable(),
  /** The casino system over SAS, or the cabinet by its own vouchers; null in rows logged before it was. */
  by: z.enum(TICKET_VALIDATORS).nullable(),
});

const meterRow = z.strictObject({
  name: str(64),
  code: str(8).nullable(),
  /** Further SAS codes that count the same thing on this cabinet (the cabinet's declaration, meters.ts). */
  sameAs: z.array(str(8)).max(8),
  unit: z.enum(['money', 'count']),
  label: str(120),
  lifetime: int(),
  period: int(),
});

export const METERS_REPORT = z.strictObject({
  currency: str(8),
  minorDigits: int(0, 4),
  balance: int(),
  meters: z.array(meterRow).max(500),
  derived: record(z.strictObject({ code: str(8), label: str(120), value: int() }), 20),
  balanceCheck: z.strictObject({
    ok: z.boolean(),
    expected: int(),
    actual: int(),
    /** With promotional credits (C-26): each kind as the meters say and as held. */
    kinds: z.strictObject({ restricted: z.tuple([int(), int()]), nonRestricted: z.tuple([int(), int()]) }).optional(),
  }),
  /** As the latest whole walk of the log found it: at start, or when the event log was read. */
  eventChain: z.enum(['intact', 'broken']),
  /**
   * Each game of the registry: its SAS game number, name, whether it is offered, and the pay
   * table it plays (an installed table's id, or "custom"), so that its meters (`<id>/...`) read
   * against the table they were played at.
   */
  games: z
    .array(z.strictObject({ id: gameId, sas: int(1, 99), name: str(40), offered: z.boolean(), payTable: str(64) }))
    .max(GAME_IDS.length),
});

const recallSummary = z.strictObject({
  gameId: int(1),
  game: gameId,
  chipValue: minor,
  startedAt: z.number(),
  endedAt: z.number(),
  staked: minor,
  paid: minor,
  handpaid: z.boolean(),
});

const eventRow = z.strictObject({ seq: int(1), at: z.number(), kind: str(32), data: json(), hash: str(64) });

const chainView = z.strictObject({
  ok: z.boolean(),
  rows: int(0),
  brokenAt: int(0).nullable(),
  problem: str(200).nullable(),
});

const installedPayTable = z.strictObject({
  id: str(64),
  game: gameId,
  name: str(80),
  /** The paying rows as the player screen draws them (what each pays at each bet). */
  rows: z.array(z.strictObject({ category: str(32), perBet: z.array(int(0)).max(10) })).max(MAX_PAY_ROWS),
  /**
   * The return C-24 judges, in percent, or null where none is known: best play's (exact for
   * Jacks or Better, the upper estimate for Poker Plus), or typical play's where a Poker Plus
   * table's best play was not measured (`returnPlay` says which).
   */
  returnPct: z.number().nullable(),
  /** What is known around it (both ends the return itself when it is exact; best play's from the strategy found to the upper estimate), or null. */
  returnLow: z.number().nullable(),
  returnHigh: z.number().nullable(),
  returnPlay: z.enum(['exact', 'best', 'typical']).nullable(),
  /** How the return was found: the exact par sheet, or the best-play analysis with its figures. */
  returnBasis: str(400),
  /** A Poker Plus table's default strategy (typical play) beside it, with its 95% interval; null otherwise. */
  typicalPct: z.number().nullable(),
  typicalLow: z.number().nullable(),
  typicalHigh: z.number().nullable(),
  /** C-24: the return is known and inside the operator's range, so the table may be chosen. */
  inRange: z.boolean(),
  /** Why the file's figures are not trusted (issue 37): its signature does not verify, or it has none. */
  refused: z.enum(['signature', 'unsigned']).optional(),
});

/**
 * The records' anchor outside the files (docs/deploy.md, "The records"): anchored to a TPM
 * counter or not, as the start said it, the values the records and the counter stand at, and
 * why the counter cannot be used now (a tilt) if it cannot.
 */
const anchorView = z.strictObject({
  anchored: z.boolean(),
  /** A simulated database (a bench, a test, a demo): no TPM is expected, so not anchored is no warning. */
  bench: z.boolean(),
  description: str(300),
  records: int(0).nullable(),
  counter: int(0).nullable(),
  problem: str(300).nullable(),
});

/** The SAS link as its technician reads it (issue 14); null when the cabinet has no link. */
const sasLinkView = z.strictObject({
  /** The address the running link answers to (a new one set at the cabinet applies from the next start). */
  address: SAS_ADDRESS,
  line: z.enum(['ready', 'fault', 'closed']),
  lineProblem: str(200).nullable(),
  hostSeen: z.boolean(),
  lastPollAt: z.number().nullable(),
  pollsPerSecond: z.number(),
  crcErrors: int(0),
  unsupportedPolls: int(0),
  exceptionQueueDepth: int(0),
  disabledByHost: z.boolean(),
  /** Real-time event reporting (0E) is on. */
  realTimeEvents: z.boolean(),
  validation: z.enum(VALIDATION_MODES),
  malformedPolls: int(0),
});

/**
 * The bill acceptor as the technician's Devices page reads it (issue 25): its family, the unit as
 * it names itself, what it reports doing, the last note or ticket it handled (a ticket by the last
 * four digits of its number only, C-3) and its line's counts. Null when the cabinet has no serial
 * acceptor (the bench devices).
 */
const acceptorView = z.strictObject({
  protocol: z.enum(ACCEPTOR_PROTOCOLS),
  model: str(120).nullable(),
  revision: str(40).nullable(),
  software: str(120).nullable(),
  state: str(60).nullable(),
  lastDocument: z
    .strictObject({
      kind: z.enum(['note', 'ticket']),
      label: str(60),
      outcome: z.enum(['escrow', 'stacked', 'returned', 'rejected']),
      reason: str(200).nullable(),
      at: z.number(),
    })
    .nullable(),
  frames: int(0),
  badFrames: int(0),
});

/**
 * The voucher printer as the technician's Devices page reads it (issue 43): its command family,
 * model and firmware as far as it names them, what it reports, the last voucher it handled (by the
 * last four digits of its number only, C-3) and its line's counts. Null when the cabinet has no
 * serial printer (the bench devices).
 */
const printerView = z.strictObject({
  protocol: z.enum(['escpos', 'tcl']),
  model: str(120).nullable(),
  firmware: str(120).nullable(),
  state: str(60).nullable(),
  lastTicket: z
    .strictObject({
      label: str(60),
      outcome: z.enum(['printing', 'printed', 'failed', 'taken']),
      reason: str(200).nullable(),
      at: z.number(),
    })
    .nullable(),
  frames: int(0),
  badFrames: int(0),
});

export const ANSWER = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('handpays'), rows: z.array(handpayRow).max(100) }),
  z.strictObject({ type: z.literal('ticketsIn'), rows: z.array(ticketInRow).max(TICKETS_IN_MAX) }),
  z.strictObject({ type: z.literal('meters'), report: METERS_REPORT }),
  z.strictObject({ type: z.literal('recallList'), games: z.array(recallSummary).max(100) }),
  z.strictObject({ type: z.literal('recallGame'), game: recallSummary, run: RECALL_RUN }),
  z.strictObject({ type: z.literal('events'), rows: z.array(eventRow).max(100), total: int(0), chain: chainView }),
  z.strictObject({ type: z.literal('payTables'), tables: z.array(installedPayTable).max(40) }),
  z.strictObject({ type: z.literal('sasLink'), link: sasLinkView.nullable() }),
  z.strictObject({ type: z.literal('anchor'), anchor: anchorView }),
  z.strictObject({ type: z.literal('acceptor'), acceptor: acceptorView.nullable() }),
  z.strictObject({ type: z.literal('printer'), printer: printerView.nullable() }),
]);

export type ServiceView = z.infer<typeof SERVICE_VIEW>;
export type DeviceTestView = NonNullable<ServiceView['deviceTest']>;
export type SettingsView = ServiceView['settings'];
export type Query = z.infer<typeof QUERY>;
export type QueryType = Query['type'];
export type Answer = z.infer<typeof ANSWER>;
export type MetersReport = z.infer<typeof METERS_REPORT>;
export type RecallSummary = z.infer<typeof recallSummary>;
export type EventRowView = z.infer<typeof eventRow>;
export type InstalledPayTable = z.infer<typeof installedPayTable>;
export type HandpayRow = z.infer<typeof handpayRow>;
export type TicketInRow = z.infer<typeof ticketInRow>;
export type TicketInReason = (typeof TICKET_IN_REASONS)[number];
export type SasLinkView = z.infer<typeof sasLinkView>;
export type AnchorView = z.infer<typeof anchorView>;
export type AcceptorView = z.infer<typeof acceptorView>;
export type PrinterView = z.infer<typeof printerView>;

/** Who may ask: the attendant's key, or the technician's key with the PIN entered (C-21). */
export const QUERY_ACCESS: Record<QueryType, 'attendant' | 'technician'> = {
  handpays: 'attendant',
  ticketsIn: 'attendant',
  meters: 'technician',
  recallList: 'technician',
  recallGame: 'technician',
  events: 'technician',
  payTables: 'technician',
  sasLink: 'technician',
  anchor: 'technician',
  acceptor: 'technician',
  printer: 'technician',
};

// What the cabinet writes to its event log (C-12), declared once: every kind of row and, for each,
// its fields. A transition logs only what is declared here (Transition.log takes these types),
// and whoever reads the log back (the casino system's exceptions, the attendant's lists, the
// event log page) reads it through this declaration, never by guessing at a row's words.
//
// Rows written by older versions may lack a field added since, or carry one since dropped: a
// reader of stored rows parses them (readLogRow) and passes over what does not parse.

import { z } from 'zod';
import { GAME_IDS } from '../../core';
import type { Meters } from '../meters';
import type { DeviceEvent, LampState } from '../device-events';
import type { MirrorMemory } from '../inputs';
import type { SasSettings } from '../sas-state';
import { BUTTONS, DEVICE_FAULTS, DEVICE_NAMES, DOORS, KEY_SWITCHES } from './devices';
import { TICKET_REASONS, TICKET_VALIDATORS } from './ticket-reasons';
import { HANDPAY_CAUSE } from './handpay-causes';

const amount = z.number();
const text = z.string();
const device = z.enum(DEVICE_NAMES);
const barcode = z.string();
const object = <T>() => z.custom<T>((v) => typeof v === 'object' && v !== null);
const meters = object<Meters>();
const events = <const O extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(
  options: O,
) => z.discriminatedUnion('event', options);
const event = <const E extends string, S extends z.ZodRawShape>(name: E, shape: S) =>
  z.object({ event: z.literal(name), ...shape });

/** A handpay's own words, as the handpay rows and the credit clear's both carry them (C-5, C-6). */
const handpayKind = z.enum(['jackpot', 'cancelledCredits']);

/** Every kind of row, and what each carries. */
export const LOG_EVENTS = {
  /** A door switch opened or closed (C-18). */
  door: z.object({ door: z.enum(DOORS), open: z.boolean() }),
  /** A key switch turned, on the deck's word (C-18). */
  key: z.object({ key: z.enum(KEY_SWITCHES), on: z.boolean() }),
  /** Who did what behind the keys (C-21), and the deck's help and service buttons. */
  access: events([
    event('technician login', { pinChangeRequired: z.literal(true).optional() }),
    /** `lockouts`, `until`: on a lockout, its number since the last right PIN and its end (ms). */
    event('wrong PIN', {
      failures: z.number(),
      locked: z.boolean(),
      lockouts: z.number().optional(),
      until: z.number().optional(),
    }),
    event('technician logout', { why: z.enum(['requested', 'key turned off']) }),
    event('PIN changed', { initial: z.literal(true).optional() }),
    event('sound muted', { until: z.number(), key: z.literal('attendant') }),
    event('sound unmuted', { until: z.number(), key: z.literal('attendant') }),
    event('help button', {}),
    event('service button', {}),
  ]),
  /** A note in the acceptor (C-3): returned, stacked, credited. */
  note: events([
    event('return', { value: amount, denomination: text.optional(), reason: text }),
    event('stack', { value: amount, denomination: text }),
    event('stacked', { value: amount, denomination: text, balance: amount }),
    event('returned', { value: amount }),
    event('rejected', { reason: text }),
  ]),
  /**
   * A ticket inserted (voucher in) and what became of it. A ticket validated writes `validating`
   * and ends in `redeemed` (after `stack`) or in `return`; `returned` and `rejected` are the
   * acceptor's word that it handed a ticket back (after a `return`, or on its own while the
   * ticket was being validated or stacked).
   */
  ticket: events([
    /** `by`: who was asked (absent in rows logged before it was). */
    event('validating', { barcode, by: z.enum(TICKET_VALIDATORS).optional() }),
    event('stack', { barcode, amount }),
    event('redeemed', { barcode, amount, balance: amount, by: z.enum(TICKET_VALIDATORS).optional() }),
    /** `reason`: one of TICKET_REASONS, whose words are `text`; on refused records, a restart's own words. */
    event('return', {
      barcode,
      reason: text,
      text: text.optional(),
      by: z.enum(TICKET_VALIDATORS).optional(),
      /** The validator's own word for the refusal (SAS: the 71 machine status). */
      code: z.number().optional(),
      /** What the validator said it was worth, when it was valid but could not be taken. */
      amount: amount.optional(),
    }),
    /**
     * The cabinet's records refused what the validator accepted (../ticket-records.ts): its
     * amount, and what the records hold (the voucher printed with the number, its credit).
     */
    event('overruled', {
      barcode,
      why: z.enum(['creditedBefore', 'notIssued', 'amountMismatch']),
      validatorAmount: amount,
      voucherAmount: amount.nullable(),
      voucherStatus: text.nullable(),
      creditedAmount: amount.nullable(),
      creditedAt: z.number().nullable(),
    }),
    event('returned', { barcode }),
    event('rejected', { barcode, reason: text }),
    /** The casino system has read how the redemption ended (71 FF). */
    event('statusRead', { barcode, by: z.literal('host') }),
    /** Too many unknown tickets in a row (../ticket-guesses.ts): the slot hands tickets back unread `until`. */
    event('locked', { unknownInRow: z.number(), until: z.number() }),
    /** The slot's lock taken off by an attendant's key. */
    event('unlocked', { by: z.literal('attendant') }),
  ]),
  /** A voucher out (C-4, C-17). */
  voucher: events([
    event('print', { validation: text, amount, sequence: z.number() }),
    event('printed', { validation: text, amount, sequence: z.number() }),
    event('failed', { validation: text, amount, reason: text }),
    event('voided', { validation: text, amount, reason: text }),
    event('noValidationId', { amount, reason: text }),
    /** System validation: the cash-out waits for the casino system's number (57, 58). */
    event('awaitingValidation', { amount }),
  ]),
  /** C-5: a handpay locked, and paid by the attendant's key or reset by the casino system. */
  handpay: events([
    event('locked', {
      kind: handpayKind,
      amount,
      reason: text,
      /** Absent in rows logged before the screens said the reason in their own words. */
      cause: HANDPAY_CAUSE.optional(),
      gameId: z.number().nullable(),
      game: z.enum(GAME_IDS).nullable(),
    }),
    event('paid', {
      kind: handpayKind,
      amount,
      gameId: z.number().nullable(),
      /** Absent in rows logged before the attendant's list of handpays showed it. */
      reason: text.optional(),
      cause: HANDPAY_CAUSE.optional(),
      key: z.literal('attendant').optional(),
      by: z.literal('host').optional(),
    }),
  ]),
  /**
   * C-5: a handpay's receipt (by the handpay's number, and its reprint, 0 for the first slip):
   * sent to the printer, out of it, or pending for a reprint with why. It moves no money.
   */
  receipt: z.object({
    event: z.enum(['print', 'printed', 'pending']),
    number: z.number(),
    reprint: z.number(),
    reason: text.optional(),
  }),
  /**
   * C-6: credits cleared by the attendant, shaped like a handpay paid; rows logged before the
   * attendant's list of handpays carry only the amount and the key.
   */
  creditClear: z.object({
    event: z.literal('creditClear').optional(),
    kind: z.literal('cancelledCredits').optional(),
    amount,
    gameId: z.null().optional(),
    reason: text.optional(),
    key: z.literal('attendant'),
  }),
  /** A device's fault, or its going silent and coming back (C-15, C-19); the SAS line's too. */
  fault: events([
    event('fault', {
      device: z.enum([...DEVICE_NAMES, 'sas']),
      code: z.enum([...DEVICE_FAULTS.acceptor, ...DEVICE_FAULTS.printer, 'line']),
      message: text,
    }),
    event('cleared', {
      device: z.enum([...DEVICE_NAMES, 'sas']),
      code: z.enum([...DEVICE_FAULTS.acceptor, ...DEVICE_FAULTS.printer, 'line']),
    }),
    event('offline', { device, reason: text }),
    event('online', { device }),
  ]),
  /** A stop (C-15) raised or lifted, by its code (./tilts.ts). */
  tilt: events([
    event('on', {
      code: text,
      reason: text,
      /** The meter check's moment (C-9). */
      when: text.optional(),
      /** What the mirror of critical memory held when the records were refused. */
      mirror: object<MirrorMemory>().optional(),
    }),
    event('off', { code: text, by: z.enum(['technician', 'RAM clear']).optional() }),
  ]),
  /** A setting changed (C-7), by the config file or a technician; `held` when the file's currency waits. */
  config: z.object({
    key: text,
    from: z.unknown().optional(),
    to: z.unknown().optional(),
    source: text,
    reason: text.optional(),
    held: z.literal(true).optional(),
  }),
  /** C-8: period meters cleared, or a RAM clear (with what refused records held, when they were). */
  meterClear: z.discriminatedUnion('scope', [
    z.object({ scope: z.literal('period'), meters }),
    z.object({
      scope: z.literal('ram'),
      lifetime: meters,
      records: text.nullable().optional(),
      discarded: z
        .object({
          balance: amount,
          note: z.unknown().optional(),
          voucher: z.unknown().optional(),
          handpay: z.unknown().optional(),
          game: z.number().nullable(),
        })
        .optional(),
    }),
  ]),
  /** Every start (C-14): the balance, and the game in progress if one was. */
  powerUp: z.object({ balance: amount, game: z.number().nullable() }),
  /** C-14: what a device said at start of a note, ticket or voucher a crash interrupted. */
  recovery: z.union([
    z.object({
      device: z.literal('acceptor'),
      note: amount.nullable(),
      reported: text,
      value: amount.nullable().optional(),
      settled: z.literal(false).optional(),
      reason: text.optional(),
    }),
    z.object({
      device: z.literal('acceptor'),
      ticket: barcode.nullable(),
      reported: text,
      phase: z.enum(['validating', 'stacking']).optional(),
      barcode: barcode.nullable().optional(),
      settled: z.literal(false).optional(),
      reason: text.optional(),
    }),
    z.object({
      device: z.literal('printer'),
      validation: text,
      reported: z.enum(['printed', 'not-printed', 'unknown']).nullable(),
      amount: amount.optional(),
      settled: z.literal(false).optional(),
      reason: text.optional(),
    }),
  ]),
  /**
   * C-22: what was refused and why; from the screen at most one row a second a connection, the
   * rest counted (`heldBack`, `byRule`) on the row that closes the second.
   */
  refusal: z.object({
    rule: text,
    reason: text,
    wish: z.unknown().optional(),
    event: object<DeviceEvent>().optional(),
    input: text.optional(),
    query: z.unknown().optional(),
    carrier: text.optional(),
    heldBack: z.number().optional(),
    byRule: z.record(z.string(), z.number()).optional(),
  }),
  /** Something a device or a record said that the cabinet did not expect: logged, never acted on. */
  anomaly: z.object({
    reason: text,
    device: device.optional(),
    /** The device event's type, or the whole event (one not settled on refused records). */
    event: z.union([text, object<DeviceEvent>()]).optional(),
    value: amount.optional(),
    expected: amount.optional(),
    barcode: barcode.optional(),
    validation: text.optional(),
    gameId: z.number().optional(),
  }),
  /** A technician's device test (C-18, C-19, C-21). */
  deviceTest: events([
    event('start', {}),
    event('end', {
      why: text,
      seen: z.array(z.enum(BUTTONS)),
      notes: z.number(),
      printer: z.enum(['idle', 'printing', 'printed', 'failed']),
    }),
    event('lamps', { lamps: object<Partial<Record<(typeof BUTTONS)[number], LampState>>>() }),
    event('acceptor', { enabled: z.boolean() }),
    event('voucher', {
      result: z.enum(['printing', 'printed', 'printFailed', 'failed']),
      validation: text.nullable().optional(),
      reason: text.nullable().optional(),
    }),
    event('button', { button: z.enum(BUTTONS), pressed: z.boolean() }),
    event('note', {
      result: z.enum(['returned', 'rejected', 'handed back']),
      value: amount,
      denomination: text.optional(),
      reason: text.nullable().optional(),
    }),
  ]),
  /**
   * The records' own events: voucher numbers taken up from the mirror or passed over behind the
   * TPM counter (C-17); the records bound to the counter, and an advance a crash cut short
   * finished at start (src/store/anchor); the orderly stop that proves the records the latest at
   * the next start, and a start the counter cannot prove the latest (C-15: what a copy put back
   * can gain), whose credits go out by the attendant's handpay only.
   */
  records: events([
    event('voucherSequence', { from: z.number(), to: z.number(), reason: text }),
    event('anchored', { counter: text, how: text, value: z.number() }),
    event('anchorCaughtUp', { counter: text, from: z.number().nullable(), to: z.number() }),
    event('stopped', { counter: text, commit: z.number() }),
    event('unproven', { balance: amount, reason: text }),
  ]),
  /** What the casino system did over the SAS link, and the link's own events (C-25). */
  sas: events([
    event('disabled', { by: z.literal('host'), gameInProgress: z.boolean() }),
    event('enabled', { by: z.literal('host') }),
    event('clockSet', { to: text, offsetMs: z.number(), was: z.number() }),
    event('validationId', { validationId: z.number().nullable(), sequence: z.number().nullable() }),
    event('configured', { from: object<SasSettings>().nullable(), to: object<SasSettings>().nullable() }),
    event('exceptionDropped', { code: z.number(), name: text, reason: text }),
    event('lineFault', { message: text }),
    event('lineFaultCleared', {}),
    event('linkFault', { message: text }),
    /** The host stopped polling, or the line faulted; and when it polls again. */
    event('hostLost', { reason: text }),
    event('hostBack', { awayMs: z.number() }),
    /** Play stopped after `disableAfterSeconds` without the host. */
    event('hostLossStop', { afterSeconds: z.number() }),
    /** 7B: the controls and the expiry as the host left them. */
    event('extendedValidation', {
      printerAsCashoutDevice: z.boolean(),
      ticketRedemption: z.boolean(),
      expiry: z.union([z.number(), z.literal('never')]).nullable(),
    }),
    /** 7C, 7D: the host's text for the next vouchers. */
    event('ticketText', {
      location: text.optional(),
      address1: text.optional(),
      address2: text.optional(),
      expiry: z.union([z.number(), z.literal('never')]).optional(),
    }),
    /** 58: the casino system's number for a cash-out, or its refusal (system ID 00, or no answer in time). */
    event('systemValidation', { systemId: z.number(), validation: text, amount }),
    event('systemValidationRefused', { amount, reason: text }),
    /** Standard validation: the host read the last voucher's number (3D). */
    event('cashOutTicketRead', { validationNumber: text }),
    /** AFT (C-26): the registration (73), the lock (74), a transfer done (72), a cash-out offered to the host. */
    event('aftRegistration', {
      status: z.enum(['ready', 'registered', 'pending', 'unregistered']),
      posId: z.number().optional(),
    }),
    event('aftLock', { conditions: z.number(), timeoutMs: z.number() }),
    event('aftUnlock', { why: z.enum(['host', 'timeout']) }),
    event('aftTransfer', {
      transactionId: text,
      transferType: z.number(),
      status: z.number(),
      cashable: amount,
      restricted: amount,
      nonRestricted: amount,
      balance: amount,
    }),
    event('aftHostCashout', { amount, win: z.boolean() }),
    event('aftHostCashoutTimeout', { amount, hard: z.boolean() }),
    /** 8A: a legacy bonus awarded (waiting for the game to end), and credited. */
    event('legacyBonus', { amount, taxStatus: z.number(), waits: z.boolean() }),
    event('legacyBonusPaid', { amount, taxStatus: z.number() }),
    /** Promotional credits that left the balance without play or transfer (a credit clear, an expiry). */
    event('promoCleared', { restricted: amount, nonRestricted: amount }),
  ]),
} as const;

export type LogKind = keyof typeof LOG_EVENTS;
export const LOG_KINDS = Object.keys(LOG_EVENTS) as LogKind[];
export type LogData<K extends LogKind = LogKind> = z.output<(typeof LOG_EVENTS)[K]>;

/** One row as the cabinet logs it: its kind, and that kind's fields. */
export type LogEntry = { [K in LogKind]: { at: number; kind: K; data: LogData<K> } }[LogKind];

/** What a stop's `on` row may carry beside its code and reason. */
export type TiltLogDetail = Omit<Extract<LogData<'tilt'>, { event: 'on' }>, 'event' | 'code' | 'reason'>;

export const logEntry = <K extends LogKind>(at: number, kind: K, data: LogData<K>): LogEntry =>
  ({ at, kind, data }) as LogEntry;

export const isLogKind = (kind: string): kind is LogKind => Object.hasOwn(LOG_EVENTS, kind);

/** A stored row read through its declaration, or null when it is not one the declaration knows. */
export function readLogRow<K extends LogKind>(kind: K, row: { kind: string; data: unknown }): LogData<K> | null {
  if (row.kind !== kind) return null;
  const parsed = LOG_EVENTS[kind].safeParse(row.data);
  return parsed.success ? (parsed.data as LogData<K>) : null;
}

/** Why a row does not match its declaration (null: it does); what the tests check every logged row against. */
export function logRowProblem(entry: { kind: string; data: unknown }): string | null {
  if (!isLogKind(entry.kind)) return `"${entry.kind}" is not a kind of log row`;
  const parsed = LOG_EVENTS[entry.kind].safeParse(entry.data);
  return parsed.success ? null : `${entry.kind} row ${JSON.stringify(entry.data)}: ${parsed.error.message}`;
}

/** The ticket reasons, for the readers that tell a reason from a restart's own words. */
export const isTicketReason = (v: unknown): v is (typeof TICKET_REASONS)[number] =>
  typeof v === 'string' && (TICKET_REASONS as readonly string[]).includes(v);

// Machine → host: every reply this machine sends, encoded from values already in SAS units
// (credits, cents, counts), and decoded again by the host simulator. Each layout is written
// once here as an encode/decode pair so the two sides cannot drift apart.

import { REDEEM_STATUS_ONLY } from './ticket-codes';
import { bcdToDigits, digitsToBcd, fromBcd, toBcd } from './bcd';
import { SasFormatError, ascii, binaryLE, crcOk, readAscii, readLE, sasByte, withCrc } from './frame';
import type { SasDateTime } from './machine';
import { fieldBytes, type MeterField } from './meter-codes';
import { decodeDateTime, encodeDateTime } from './requests';

export const ack = (address: number): Buffer => Buffer.of(address);
export const nack = (address: number): Buffer => Buffer.of(address | 0x80);
export const exceptionReply = (code: number): Buffer => Buffer.of(code);

/** Fixed meter replies (0F, 10–1A, 1C, 1E, 20) in the order of METER_POLLS. */
export function encodeMeters(
  address: number,
  command: number,
  fields: readonly MeterField[],
  values: readonly number[],
): Buffer {
  if (values.length < fields.length)
    throw new SasFormatError(`${fields.length} meter fields but ${values.length} values`);
  return withCrc([address, command, ...fields.flatMap((f, i) => [...toBcd(values[i]!, fieldBytes(f))])]);
}

export function decodeMeters(bytes: Buffer, fields: readonly MeterField[]): number[] {
  let at = 2;
  return fields.map((f) => {
    const v = fromBcd(bytes, at, fieldBytes(f));
    at += fieldBytes(f);
    return v;
  });
}

/** 1F and 53 (after 53's game number). */
export interface GameConfigReply {
  gameId: string;
  additionalId: string;
  denominationCode: number;
  /** Credits, at most 255 (FF also stands for "more"). */
  maxBet: number;
  progressiveGroup: number;
  gameOptions: number;
  paytableId: string;
  /** Hundredths of a percent, at most 9999 (4 ASCII digits, decimal point implied). */
  basePercent: number;
}

function gameConfigBytes(c: GameConfigReply): number[] {
  return [
    ...ascii(c.gameId, 2, 'game ID'),
    ...ascii(c.additionalId, 3, 'additional ID'),
    c.denominationCode,
    Math.min(c.maxBet, 0xff),
    c.progressiveGroup,
    ...binaryLE(c.gameOptions, 2),
    ...ascii(c.paytableId, 6, 'pay table ID'),
    ...ascii(String(Math.min(Math.max(Math.round(c.basePercent), 0), 9999)).padStart(4, '0'), 4, 'base %'),
  ];
}

function readGameConfig(b: Buffer, at: number): GameConfigReply {
  const pct = readAscii(b, at + 16, 4);
  if (!/^\d{4}$/.test(pct)) throw new SasFormatError(`base % "${pct}" is not four digits`);
  return {
    gameId: readAscii(b, at, 2),
    additionalId: readAscii(b, at + 2, 3),
    denominationCode: sasByte(b, at + 5),
    maxBet: sasByte(b, at + 6),
    progressiveGroup: sasByte(b, at + 7),
    gameOptions: readLE(b, at + 8, 2),
    paytableId: readAscii(b, at + 10, 6).trimEnd(),
    basePercent: Number(pct),
  };
}

export const encodeMachineInfo = (address: number, c: GameConfigReply): Buffer =>
  withCrc([address, 0x1f, ...gameConfigBytes(c)]);
export const decodeMachineInfo = (b: Buffer): GameConfigReply => readGameConfig(b, 2);
export const encodeGameConfig = (address: number, game: number, c: GameConfigReply): Buffer =>
  withCrc([address, 0x53, ...toBcd(game, 2), ...gameConfigBytes(c)]);
export const decodeGameConfig = (b: Buffer): { game: number; config: GameConfigReply } => ({
  game: fromBcd(b, 2, 2),
  config: readGameConfig(b, 4),
});

/** 1B, amounts in credits; all zeros when not in a handpay. */
export interface HandpayReply {
  progressiveGroup: number;
  level: number;
  amount: number;
  partialPay: number;
  resetId: number;
}
const NO_HANDPAY: HandpayReply = { progressiveGroup: 0, level: 0, amount: 0, partialPay: 0, resetId: 0 };

export function encodeHandpay(address: number, h: HandpayReply | null): Buffer {
  const v = h ?? NO_HANDPAY;
  // Ten reserved bytes follow the reset ID in 6.02 (6.03 fills them with session amounts).
  return withCrc([
    address,
    0x1b,
    v.progressiveGroup,
    v.level,
    ...toBcd(v.amount, 5),
    ...toBcd(v.partialPay, 2),
    v.resetId,
    ...Buffer.alloc(10),
  ]);
}

export function decodeHandpay(b: Buffer): HandpayReply {
  return {
    progressiveGroup: sasByte(b, 2),
    level: sasByte(b, 3),
    amount: fromBcd(b, 4, 5),
    partialPay: fromBcd(b, 9, 2),
    resetId: sasByte(b, 11),
  };
}

/** 21's result, sent to a general poll once ready. */
export const encodeRomSignature = (address: number, signature: number): Buffer =>
  withCrc([address, 0x21, ...binaryLE(signature, 2)]);
export const decodeRomSignature = (b: Buffer): number => readLE(b, 2, 2);

/** 2F: only the meters the machine keeps are listed, each in its Table C-7 width. */
export interface SelectedMeter {
  code: number;
  value: number;
  bytes: number;
}

export function encodeSelectedMeters(address: number, game: number, meters: readonly SelectedMeter[]): Buffer {
  const body = [...toBcd(game, 2), ...meters.flatMap((m) => [m.code, ...toBcd(m.value, m.bytes)])];
  return withCrc([address, 0x2f, body.length, ...body]);
}

/** The host knows each code's width from the same table the machine used. */
export function decodeSelectedMeters(
  b: Buffer,
  widthOf: (code: number) => number | null,
): { game: number; meters: SelectedMeter[] } {
  const end = 3 + sasByte(b, 2);
  const meters: SelectedMeter[] = [];
  let at = 5;
  while (at < end) {
    const code = sasByte(b, at);
    const bytes = widthOf(code);
    if (bytes === null) throw new SasFormatError(`2F reply carries meter ${code.toString(16)} of unknown width`);
    meters.push({ code, value: fromBcd(b, at + 1, bytes), bytes });
    at += 1 + bytes;
  }
  if (at !== end) throw new SasFormatError('2F reply meters overrun its length');
  return { game: fromBcd(b, 3, 2), meters };
}

export const encodeValidationId = (address: number, id: number, sequence: number): Buffer =>
  withCrc([address, 0x4c, ...binaryLE(id, 3), ...binaryLE(sequence, 3)]);
export const decodeValidationId = (b: Buffer) => ({ validationId: readLE(b, 2, 3), sequence: readLE(b, 5, 3) });

/** 4D's record; amount in cents, expiration as 8 digits (MMDDYYYY, 0000NNNN days, 00009999 never, 00000000 none). */
export interface ValidationInfoReply {
  type: number;
  index: number;
  at: SasDateTime;
  /** 16 digits. */
  validationNumber: string;
  amountCents: number;
  /** 0–9999, or 0xFFFF for a validation with no ticket. */
  ticketNumber: number;
  systemId: number;
  expiration: string;
  poolId: number;
}
const VALIDATION_INFO_BYTES = 31;

export function encodeValidationInfo(address: number, v: ValidationInfoReply | null): Buffer {
  if (!v) return withCrc([address, 0x4d, ...Buffer.alloc(VALIDATION_INFO_BYTES)]);
  return withCrc([
    address,
    0x4d,
    v.type,
    v.index,
    ...encodeDateTime(v.at),
    ...digitsToBcd(v.validationNumber, 8),
    ...toBcd(v.amountCents, 5),
    ...binaryLE(v.ticketNumber, 2),
    ...toBcd(v.systemId, 1),
    ...digitsToBcd(v.expiration, 4),
    ...binaryLE(v.poolId, 2),
  ]);
}

export function decodeValidationInfo(b: Buffer): ValidationInfoReply | null {
  if (b.subarray(2, 2 + VALIDATION_INFO_BYTES).every((x) => x === 0)) return null;
  return {
    type: sasByte(b, 2),
    index: sasByte(b, 3),
    at: decodeDateTime(b, 4),
    validationNumber: bcdToDigits(b, 11, 8),
    amountCents: fromBcd(b, 19, 5),
    ticketNumber: readLE(b, 24, 2),
    systemId: fromBcd(b, 26, 1),
    expiration: bcdToDigits(b, 27, 4),
    poolId: readLE(b, 31, 2),
  };
}

export const encodeGameCount = (address: number, n: number): Buffer => withCrc([address, 0x51, ...toBcd(n, 2)]);
export const encodeSelectedGame = (address: number, n: number): Buffer => withCrc([address, 0x55, ...toBcd(n, 2)]);
/** 51 and 55 share the layout. */
export const decodeGameNumber = (b: Buffer): number => fromBcd(b, 2, 2);

export function encodeVersion(address: number, serial: string): Buffer {
  const body = [...ascii('602', 3, 'SAS version'), ...ascii(serial, serial.length, 'serial number')];
  if (serial.length > 40) throw new SasFormatError('a serial number is at most 40 characters');
  return withCrc([address, 0x54, body.length, ...body]);
}

export function decodeVersion(b: Buffer): { version: string; serial: string } {
  return { version: readAscii(b, 3, 3), serial: readAscii(b, 6, sasByte(b, 2) - 3) };
}

export function encodeEnabledGames(address: number, games: readonly number[]): Buffer {
  const body = [games.length, ...games.flatMap((g) => [...toBcd(g, 2)])];
  return withCrc([address, 0x56, body.length, ...body]);
}

export function decodeEnabledGames(b: Buffer): number[] {
  return Array.from({ length: sasByte(b, 3) }, (_, i) => fromBcd(b, 4 + 2 * i, 2));
}

/** 70: the ticket in escrow, or none. */
export type TicketValidationReply = { inEscrow: true; amountCents: number; barcode: string } | { inEscrow: false };

export function encodeTicketValidation(address: number, t: TicketValidationReply): Buffer {
  const body = t.inEscrow ? [0x00, ...toBcd(t.amountCents, 5), 0x00, ...digitsToBcd(t.barcode, 9)] : [0xff];
  return withCrc([address, 0x70, body.length, ...body]);
}

export function decodeTicketValidation(b: Buffer): TicketValidationReply {
  if (b[3] === 0xff) return { inEscrow: false };
  return { inEscrow: true, amountCents: fromBcd(b, 4, 5), barcode: bcdToDigits(b, 10, 9) };
}

/** 71: the machine status, with amount and validation data unless the status is C0 or FF. */
export interface RedeemReply {
  machineStatus: number;
  amountCents?: number;
  barcode?: string;
}

export function encodeRedeem(address: number, r: RedeemReply): Buffer {
  const body = REDEEM_STATUS_ONLY.includes(r.machineStatus)
    ? [r.machineStatus]
    : [r.machineStatus, ...toBcd(r.amountCents ?? 0, 5), 0x00, ...digitsToBcd(r.barcode ?? '0'.repeat(18), 9)];
  return withCrc([address, 0x71, body.length, ...body]);
}

export function decodeRedeem(b: Buffer): RedeemReply {
  if (b[2] === 1) return { machineStatus: sasByte(b, 3) };
  return { machineStatus: sasByte(b, 3), amountCents: fromBcd(b, 4, 5), barcode: bcdToDigits(b, 10, 9) };
}

export const encodeClock = (address: number, t: SasDateTime): Buffer => withCrc([address, 0x7e, ...encodeDateTime(t)]);
export const decodeClock = (b: Buffer): SasDateTime => decodeDateTime(b, 2);

export const encodeHandpayReset = (address: number, code: number): Buffer => withCrc([address, 0x94, code]);
export const decodeHandpayReset = (b: Buffer): number => sasByte(b, 2);

/** A reply with data as the host checks it: right address and command, right CRC. */
export function checkReply(b: Buffer, address: number, command: number): void {
  if (b[0] !== address || b[1] !== command)
    throw new SasFormatError(`reply ${b.subarray(0, 2).toString('hex')} is not for ${address}/${command.toString(16)}`);
  if (!crcOk(b)) throw new SasFormatError(`reply to ${command.toString(16)} has a bad CRC`);
}

/** 2D: one meter for a game (`a 2D game(2 BCD) meter(4 BCD)`), already in credits. */
export const encodeGameMeter = (address: number, command: number, game: number, value: number): Buffer =>
  withCrc([address, command, ...toBcd(game, 2), ...toBcd(value, 4)]);
export const decodeGameMeter = (b: Buffer): { game: number; value: number } => ({
  game: fromBcd(b, 2, 2),
  value: fromBcd(b, 4, 4),
});

/** 52: a game's coin in, coin out, jackpot and games played, 4 BCD each. */
export function encodeGameMeters(address: number, game: number, values: readonly number[]): Buffer {
  if (values.length !== 4) throw new SasFormatError(`52 carries 4 meters, not ${values.length}`);
  return withCrc([address, 0x52, ...toBcd(game, 2), ...values.flatMap((v) => [...toBcd(v, 4)])]);
}
export const decodeGameMeters = (b: Buffer): { game: number; values: number[] } => ({
  game: fromBcd(b, 2, 2),
  values: [0, 1, 2, 3].map((i) => fromBcd(b, 4 + 4 * i, 4)),
});

/** 3D: the last cash-out ticket's standard validation number (8 digits) and amount in cents. */
export interface CashOutTicketReply {
  validationNumber: string;
  amountCents: number;
}
export const encodeCashOutTicket = (address: number, t: CashOutTicketReply): Buffer =>
  withCrc([address, 0x3d, ...digitsToBcd(t.validationNumber, 4), ...toBcd(t.amountCents, 5)]);
export const decodeCashOutTicket = (b: Buffer): CashOutTicketReply => ({
  validationNumber: bcdToDigits(b, 2, 4),
  amountCents: fromBcd(b, 6, 5),
});

/** 48 (and the data of real-time event 4F): the note, by country (Table C-5) and denomination (C-6) code. */
export interface BillReply {
  countryCode: number;
  denominationCode: number;
  /** Notes of this value accepted, lifetime. */
  count: number;
}
export const billBytes = (b: BillReply): number[] => [
  ...toBcd(b.countryCode, 1),
  ...toBcd(b.denominationCode, 1),
  ...toBcd(b.count, 4),
];
const readBill = (b: Uint8Array, at: number): BillReply => ({
  countryCode: fromBcd(b, at, 1),
  denominationCode: fromBcd(b, at + 1, 1),
  count: fromBcd(b, at + 2, 4),
});
export const encodeLastBill = (address: number, b: BillReply): Buffer => withCrc([address, 0x48, ...billBytes(b)]);
export const decodeLastBill = (b: Buffer): BillReply => readBill(b, 2);

/** 50: validations of one type, how many and their amount in cents. */
export interface ValidationMetersReply {
  validationType: number;
  count: number;
  amountCents: number;
}
export const encodeValidationMeters = (address: number, v: ValidationMetersReply): Buffer =>
  withCrc([address, 0x50, v.validationType, ...toBcd(v.count, 4), ...toBcd(v.amountCents, 5)]);
export const decodeValidationMeters = (b: Buffer): ValidationMetersReply => ({
  validationType: sasByte(b, 2),
  count: fromBcd(b, 3, 4),
  amountCents: fromBcd(b, 7, 5),
});

/** 57: the cash-out waiting for the host's validation number (00 cashable ticket), or 80 none. */
export interface PendingCashoutReply {
  cashoutType: number;
  amountCents: number;
}
export const NOT_WAITING_FOR_VALIDATION = 0x80;
export const encodePendingCashout = (address: number, p: PendingCashoutReply): Buffer =>
  withCrc([address, 0x57, p.cashoutType, ...toBcd(p.amountCents, 5)]);
export const decodePendingCashout = (b: Buffer): PendingCashoutReply => ({
  cashoutType: sasByte(b, 2),
  amountCents: fromBcd(b, 3, 5),
});

/** 58, 7C, 7D: a one-byte status. */
export const encodeStatusReply = (address: number, command: number, status: number): Buffer =>
  withCrc([address, command, status]);
export const decodeStatusReply = (b: Buffer): number => sasByte(b, 2);

/** 6F and AF: each meter kept with its two-byte code, its size in bytes, and its BCD value. */
export function encodeExtendedMeters(
  address: number,
  command: number,
  game: number,
  meters: readonly SelectedMeter[],
): Buffer {
  const body = [
    ...toBcd(game, 2),
    ...meters.flatMap((m) => [...binaryLE(m.code, 2), m.bytes, ...toBcd(m.value, m.bytes)]),
  ];
  if (body.length > 0xff) throw new SasFormatError(`${command.toString(16)} reply of ${body.length} bytes`);
  return withCrc([address, command, body.length, ...body]);
}

export function decodeExtendedMeters(b: Buffer): { game: number; meters: SelectedMeter[] } {
  const end = 3 + sasByte(b, 2);
  const meters: SelectedMeter[] = [];
  let at = 5;
  while (at < end) {
    const code = readLE(b, at, 2);
    const bytes = sasByte(b, at + 2);
    if (bytes > 9) throw new SasFormatError(`extended meter ${code.toString(16)} of ${bytes} bytes: at most 9`);
    meters.push({ code, bytes, value: bytes ? fromBcd(b, at + 3, bytes) : 0 });
    at += 3 + bytes;
  }
  if (at !== end) throw new SasFormatError('extended meters overrun the reply');
  return { game: fromBcd(b, 3, 2), meters };
}

/** 7B's reply: the machine's asset number, its validation controls (Table 15.2c) and expirations in days. */
export interface ExtendedValidationReply {
  assetNumber: number;
  statusBits: number;
  cashableExpirationDays: number;
  restrictedExpirationDays: number;
}
export function encodeExtendedValidation(address: number, v: ExtendedValidationReply): Buffer {
  const body = [
    ...binaryLE(v.assetNumber, 4),
    ...binaryLE(v.statusBits, 2),
    ...toBcd(v.cashableExpirationDays, 2),
    ...toBcd(v.restrictedExpirationDays, 2),
  ];
  return withCrc([address, 0x7b, body.length, ...body]);
}
export const decodeExtendedValidation = (b: Buffer): ExtendedValidationReply => ({
  assetNumber: readLE(b, 3, 4),
  statusBits: readLE(b, 7, 2),
  cashableExpirationDays: fromBcd(b, 9, 2),
  restrictedExpirationDays: fromBcd(b, 11, 2),
});

/** A0: the features of the machine or a game, four bytes of Table 7.14 bits then two reserved. */
export function encodeEnabledFeatures(address: number, game: number, features: readonly number[]): Buffer {
  if (features.length !== 4) throw new SasFormatError(`A0 carries 4 feature bytes, not ${features.length}`);
  return withCrc([address, 0xa0, ...toBcd(game, 2), ...features, 0, 0]);
}
export const decodeEnabledFeatures = (b: Buffer): { game: number; features: number[] } => ({
  game: fromBcd(b, 2, 2),
  features: [4, 5, 6, 7].map((i) => sasByte(b, i)),
});

/** A4: the cash-out limit in credits of the accounting denomination, 2 BCD. */
export const encodeCashOutLimit = (address: number, game: number, credits: number): Buffer =>
  withCrc([address, 0xa4, ...toBcd(game, 2), ...toBcd(credits, 2)]);
export const decodeCashOutLimit = (b: Buffer): { game: number; credits: number } => ({
  game: fromBcd(b, 2, 2),
  credits: fromBcd(b, 4, 2),
});

/** Real-time event reporting: `a FF code data crc` (the data's layout is the exception's, exception-codes.ts). */
export const encodeEvent = (address: number, code: number, data: readonly number[]): Buffer =>
  withCrc([address, 0xff, code, ...data]);
export const decodeEvent = (b: Buffer): { code: number; data: number[] } => ({
  code: sasByte(b, 2),
  data: [...b.subarray(3, b.length - 2)],
});

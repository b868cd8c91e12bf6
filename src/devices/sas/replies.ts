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

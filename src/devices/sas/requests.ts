// Host → machine: the long polls this machine answers, as typed values. The host simulator
// encodes them; the machine decodes a framed poll (poll-parser.ts has checked its length and
// CRC) and gets a SasFormatError for data that is not what the standard allows, which the link
// answers with silence, as for a corrupt poll.

import { bcdToDigits, digitsToBcd, fromBcd, toBcd } from './bcd';
import type { SasDateTime } from './machine';
import { LONG_POLLS } from './polls';
import { SasFormatError, binaryLE, readLE, sasByte, withCrc } from './frame';

/** Polls with no data: R polls and the S polls 01, 02, 94. */
export type PlainCommand =
  | 0x01
  | 0x02
  | 0x0f
  | 0x10
  | 0x11
  | 0x12
  | 0x13
  | 0x14
  | 0x15
  | 0x16
  | 0x17
  | 0x18
  | 0x19
  | 0x1a
  | 0x1b
  | 0x1c
  | 0x1e
  | 0x1f
  | 0x20
  | 0x51
  | 0x54
  | 0x55
  | 0x56
  | 0x70
  | 0x7e
  | 0x94;

export interface RedeemRequest {
  command: 0x71;
  kind: 'redeem';
  transferCode: number;
  amountCents: number;
  /** 18 digits (parsing code 00: the validation system ID and the 16-digit number). */
  barcode: string;
  /** Sent by some hosts for restricted tickets: MMDDYYYY or 0000NNNN days, and the pool ID. */
  restricted?: { expiration: string; poolId: number };
}

export type LongPollRequest =
  | { command: PlainCommand }
  | { command: 0x21; seed: number }
  | { command: 0x2f; game: number; meters: number[] }
  | { command: 0x4c; validationId: number; sequence: number }
  /** 00 read the oldest unread, 01–1F buffer index n, FF look ahead without marking read. */
  | { command: 0x4d; function: number }
  | { command: 0x53; game: number }
  | { command: 0x71; kind: 'status' }
  | RedeemRequest
  | { command: 0x7f; at: SasDateTime };

export const generalPoll = (address: number): Buffer => Buffer.of(0x80 | address);

/** 2F takes at most ten meter codes. */
export const MAX_SELECTED_METERS = 10;
const PARSING_BCD = 0x00;

/** The poll as the host sends it (before the wakeup encoding of wire.ts). */
export function encodeLongPoll(address: number, req: LongPollRequest): Buffer {
  const def = LONG_POLLS[req.command];
  if (!def) throw new SasFormatError(`long poll ${req.command.toString(16)} is not one this machine answers`);
  const head = [address, req.command];
  switch (req.command) {
    case 0x21:
      return withCrc([...head, ...binaryLE(req.seed, 2)]);
    case 0x2f: {
      if (req.meters.length < 1 || req.meters.length > MAX_SELECTED_METERS)
        throw new SasFormatError('2F asks for 1 to 10 meters');
      const body = [...toBcd(req.game, 2), ...req.meters];
      return withCrc([...head, body.length, ...body]);
    }
    case 0x4c:
      return withCrc([...head, ...binaryLE(req.validationId, 3), ...binaryLE(req.sequence, 3)]);
    case 0x4d:
      return withCrc([...head, req.function]);
    case 0x53:
      return withCrc([...head, ...toBcd(req.game, 2)]);
    case 0x71: {
      if (req.kind === 'status') return withCrc([...head, 1, 0xff]);
      const body = [req.transferCode, ...toBcd(req.amountCents, 5), PARSING_BCD, ...digitsToBcd(req.barcode, 9)];
      if (req.restricted)
        body.push(...digitsToBcd(req.restricted.expiration, 4), ...binaryLE(req.restricted.poolId, 2));
      return withCrc([...head, body.length, ...body]);
    }
    case 0x7f:
      return withCrc([...head, ...encodeDateTime(req.at)]);
    default:
      return def.type === 'R' ? Buffer.from(head) : withCrc(head);
  }
}

/** A framed poll (address, command, data, CRC) as a request; SasFormatError for bad data. */
export function decodeLongPoll(bytes: Buffer): LongPollRequest {
  const command = sasByte(bytes, 1);
  const data = bytes.subarray(2, LONG_POLLS[command]?.type === 'R' ? bytes.length : bytes.length - 2);
  switch (command) {
    case 0x21:
      return { command, seed: readLE(data, 0, 2) };
    case 0x2f: {
      const len = sasByte(data, 0);
      if (len < 3 || len > 2 + MAX_SELECTED_METERS) throw new SasFormatError(`2F length ${len} must be 3..12`);
      return { command, game: fromBcd(data, 1, 2), meters: [...data.subarray(3, 1 + len)] };
    }
    case 0x4c:
      return { command, validationId: readLE(data, 0, 3), sequence: readLE(data, 3, 3) };
    case 0x4d: {
      const fn = sasByte(data, 0);
      if (fn > 0x1f && fn !== 0xff) throw new SasFormatError(`4D function code ${fn.toString(16)} must be 00–1F or FF`);
      return { command, function: fn };
    }
    case 0x53:
      return { command, game: fromBcd(data, 0, 2) };
    case 0x71:
      return decodeRedeem(data);
    case 0x7f:
      return { command, at: decodeDateTime(data, 0) };
    default:
      if (!LONG_POLLS[command]) throw new SasFormatError(`unknown long poll ${command.toString(16)}`);
      return { command: command as PlainCommand };
  }
}

function decodeRedeem(data: Uint8Array): LongPollRequest {
  const len = sasByte(data, 0);
  const body = data.subarray(1);
  if (len !== body.length) throw new SasFormatError(`71 length byte ${len} but ${body.length} bytes follow`);
  if (len === 1 && body[0] === 0xff) return { command: 0x71, kind: 'status' };
  // Hosts send the redemption with or without the restricted-expiration and pool-ID fields
  // (16 or 22 bytes; a target ID may follow them, which this machine does not use).
  if (len !== 16 && len < 22) throw new SasFormatError(`71 redemption of ${len} bytes: expected 16, or 22 and more`);
  const parsing = sasByte(body, 6);
  if (parsing !== PARSING_BCD)
    throw new SasFormatError(`71 parsing code ${parsing.toString(16)}: only 00 (18 BCD digits) is defined`);
  const req: RedeemRequest = {
    command: 0x71,
    kind: 'redeem',
    transferCode: sasByte(body, 0),
    amountCents: fromBcd(body, 1, 5),
    barcode: bcdToDigits(body, 7, 9),
  };
  if (len >= 22) req.restricted = { expiration: bcdToDigits(body, 16, 4), poolId: readLE(body, 20, 2) };
  if (len > 22 && body[22] !== len - 23)
    throw new SasFormatError(`71 target ID length ${body[22]} does not fit the ${len - 23} bytes left`);
  return req;
}

/** MMDDYYYY (4 BCD) then HHMMSS (3 BCD). */
export function encodeDateTime(t: SasDateTime): Buffer {
  return Buffer.concat([
    toBcd(t.month, 1),
    toBcd(t.day, 1),
    toBcd(t.year, 2),
    toBcd(t.hour, 1),
    toBcd(t.minute, 1),
    toBcd(t.second, 1),
  ]);
}

export function decodeDateTime(b: Uint8Array, at: number): SasDateTime {
  const t = {
    month: fromBcd(b, at, 1),
    day: fromBcd(b, at + 1, 1),
    year: fromBcd(b, at + 2, 2),
    hour: fromBcd(b, at + 4, 1),
    minute: fromBcd(b, at + 5, 1),
    second: fromBcd(b, at + 6, 1),
  };
  const probe = new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second));
  const real =
    probe.getUTCFullYear() === t.year &&
    probe.getUTCMonth() === t.month - 1 &&
    probe.getUTCDate() === t.day &&
    probe.getUTCHours() === t.hour &&
    probe.getUTCMinutes() === t.minute &&
    probe.getUTCSeconds() === t.second;
  if (!real || t.year < 1970) throw new SasFormatError(`no such date and time: ${JSON.stringify(t)}`);
  return t;
}

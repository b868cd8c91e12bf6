// Host → machine: the long polls this machine answers, as typed values. The host simulator
// encodes them; the machine decodes a framed poll (poll-parser.ts has checked its length and
// CRC) and gets a SasFormatError for data that is not what the standard allows, which the link
// answers with silence, as for a corrupt poll.

import { decodeAftRequest, encodeAftRequest, isAftCommand, type AftRequest } from './aft-requests';
import { bcdToDigits, digitsToBcd, fromBcd, toBcd } from './bcd';
import type { SasDateTime } from './machine';
import { LONG_POLLS } from './polls';
import { SasFormatError, ascii, binaryLE, readAscii, readLE, sasByte, withCrc } from './frame';

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
  | BillPoll
  | 0x3d
  | 0x46
  | 0x48
  | 0x49
  | 0x4a
  | 0x51
  | 0x54
  | 0x55
  | 0x56
  | 0x57
  | 0x70
  | 0x7e
  | 0x94;

/** 31–45 but 3D: bills accepted of one note value (meter-codes.ts, BILL_POLLS). */
export type BillPoll =
  | 0x31
  | 0x32
  | 0x33
  | 0x34
  | 0x35
  | 0x36
  | 0x37
  | 0x38
  | 0x39
  | 0x3a
  | 0x3b
  | 0x3c
  | 0x3e
  | 0x3f
  | 0x40
  | 0x41
  | 0x42
  | 0x43
  | 0x44
  | 0x45;

/** Type M polls whose only data is the game number. */
export type GameCommand = 0x2d | 0x52 | 0x53 | 0xa0 | 0xa4;

/** 7B: which validation controls the host sets (mask), to what, and the expirations it gives. */
export interface ExtendedValidationRequest {
  command: 0x7b;
  /** Table 15.2c bits the host means to set; the others are left as they are. */
  controlMask: number;
  controlStates: number;
  /** Days a cashable ticket is valid: 0 leaves it as it is, 9999 never expires. */
  cashableExpirationDays: number;
  restrictedExpirationDays: number;
}

/** 7C: data elements (Table 15.3c: 00 location, 01 address 1, 02 address 2, 10 restricted title, 20 debit title). */
export interface ExtendedTicketDataRequest {
  command: 0x7c;
  items: { code: number; text: string }[];
}

/**
 * 7D: the host's ticket data; each field may be left out from the end, and an empty text (or a
 * missing one) leaves that line as it is. The expiration is in days, 0 for "never expires".
 */
export interface TicketDataRequest {
  command: 0x7d;
  hostId: number | null;
  expirationDays: number | null;
  location: string | null;
  address1: string | null;
  address2: string | null;
}

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
  | { command: 0x0e; enable: boolean }
  | { command: 0x21; seed: number }
  | { command: GameCommand; game: number }
  | { command: 0x2f; game: number; meters: number[] }
  | { command: 0x4c; validationId: number; sequence: number }
  /** 00 read the oldest unread, 01–1F buffer index n, FF look ahead without marking read. */
  | { command: 0x4d; function: number }
  /** A validation type of the standard's Table 15.13c (00 cashable ticket, 80 cashable ticket redeemed, …). */
  | { command: 0x50; validationType: number }
  /** System ID 00 refuses the validation; otherwise the 16 digits to print under it. */
  | { command: 0x58; systemId: number; validationNumber: string }
  /** 6F and AF: up to twelve two-byte meter codes. */
  | { command: 0x6f | 0xaf; game: number; meters: number[] }
  | { command: 0x71; kind: 'status' }
  | RedeemRequest
  | ExtendedValidationRequest
  | ExtendedTicketDataRequest
  | TicketDataRequest
  | { command: 0x7f; at: SasDateTime }
  | AftRequest;

export const generalPoll = (address: number): Buffer => Buffer.of(0x80 | address);

/** 2F takes at most ten meter codes. */
export const MAX_SELECTED_METERS = 10;
/** 6F and AF take at most twelve (two bytes each). */
export const MAX_EXTENDED_METERS = 12;
/** The validation types of Table 15.13c, the ones 50 may ask for. */
export const VALIDATION_TYPES = [0x00, 0x01, 0x02, 0x03, 0x04, 0x10, 0x20, 0x40, 0x60, 0x80, 0x81, 0x82] as const;
/** 7C's data codes (Table 15.3c) and the longest text each takes. */
export const TICKET_DATA_CODES: Readonly<Record<number, { name: string; max: number }>> = {
  0x00: { name: 'location', max: 40 },
  0x01: { name: 'address 1', max: 40 },
  0x02: { name: 'address 2', max: 40 },
  0x10: { name: 'restricted ticket title', max: 16 },
  0x20: { name: 'debit ticket title', max: 16 },
};
/** The longest text 7D carries in each of its three lines. */
export const TICKET_TEXT_MAX = 40;
const PARSING_BCD = 0x00;

/** The poll as the host sends it (before the wakeup encoding of wire.ts). */
export function encodeLongPoll(address: number, req: LongPollRequest): Buffer {
  const def = LONG_POLLS[req.command];
  if (!def) throw new SasFormatError(`long poll ${req.command.toString(16)} is not one this machine answers`);
  if (isAftCommand(req.command)) return encodeAftRequest(address, req as AftRequest);
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
    case 0x0e:
      return withCrc([...head, req.enable ? 1 : 0]);
    case 0x2d:
    case 0x52:
    case 0x53:
    case 0xa0:
    case 0xa4:
      return withCrc([...head, ...toBcd(req.game, 2)]);
    case 0x50:
      return withCrc([...head, req.validationType]);
    case 0x58:
      return withCrc([...head, ...toBcd(req.systemId, 1), ...digitsToBcd(req.validationNumber, 8)]);
    case 0x6f:
    case 0xaf: {
      if (req.meters.length < 1 || req.meters.length > MAX_EXTENDED_METERS)
        throw new SasFormatError(`${req.command.toString(16)} asks for 1 to 12 meters`);
      const body = [...toBcd(req.game, 2), ...req.meters.flatMap((m) => binaryLE(m, 2))];
      return withCrc([...head, body.length, ...body]);
    }
    case 0x7b: {
      const body = [
        ...binaryLE(req.controlMask, 2),
        ...binaryLE(req.controlStates, 2),
        ...toBcd(req.cashableExpirationDays, 2),
        ...toBcd(req.restrictedExpirationDays, 2),
      ];
      return withCrc([...head, body.length, ...body]);
    }
    case 0x7c: {
      const body = req.items.flatMap((i) => [i.code, i.text.length, ...ascii(i.text, i.text.length, 'ticket data')]);
      return withCrc([...head, body.length, ...body]);
    }
    case 0x7d: {
      const body = ticketDataBody(req);
      return withCrc([...head, body.length, ...body]);
    }
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
  if (isAftCommand(command)) return decodeAftRequest(command, data);
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
    case 0x0e: {
      const flag = sasByte(data, 0);
      if (flag > 1) throw new SasFormatError(`0E flag ${flag.toString(16)} must be 00 or 01`);
      return { command, enable: flag === 1 };
    }
    case 0x2d:
    case 0x52:
    case 0x53:
    case 0xa0:
    case 0xa4:
      return { command, game: fromBcd(data, 0, 2) };
    case 0x50: {
      const validationType = sasByte(data, 0);
      if (!(VALIDATION_TYPES as readonly number[]).includes(validationType))
        throw new SasFormatError(`50 validation type ${validationType.toString(16)} is not in Table 15.13c`);
      return { command, validationType };
    }
    case 0x58:
      return { command, systemId: fromBcd(data, 0, 1), validationNumber: bcdToDigits(data, 1, 8) };
    case 0x6f:
    case 0xaf:
      return decodeExtendedMeters(command, data);
    case 0x7b: {
      const body = lengthBody(command, data);
      if (body.length !== 8) throw new SasFormatError(`7B length ${body.length} must be 8`);
      return {
        command,
        controlMask: readLE(body, 0, 2),
        controlStates: readLE(body, 2, 2),
        cashableExpirationDays: fromBcd(body, 4, 2),
        restrictedExpirationDays: fromBcd(body, 6, 2),
      };
    }
    case 0x7c:
      return decodeExtendedTicketData(lengthBody(command, data));
    case 0x7d:
      return decodeTicketData(lengthBody(command, data));
    case 0x71:
      return decodeRedeem(data);
    case 0x7f:
      return { command, at: decodeDateTime(data, 0) };
    default:
      if (!LONG_POLLS[command]) throw new SasFormatError(`unknown long poll ${command.toString(16)}`);
      return { command: command as PlainCommand };
  }
}

/** A variable poll's data after its length byte, which must say how many bytes follow. */
function lengthBody(command: number, data: Uint8Array): Uint8Array {
  const len = sasByte(data, 0);
  const body = data.subarray(1);
  if (len !== body.length)
    throw new SasFormatError(`${command.toString(16)} length byte ${len} but ${body.length} bytes follow`);
  return body;
}

function decodeExtendedMeters(command: 0x6f | 0xaf, data: Uint8Array): LongPollRequest {
  const body = lengthBody(command, data);
  const codes = (body.length - 2) / 2;
  if (!Number.isInteger(codes) || codes < 1 || codes > MAX_EXTENDED_METERS)
    throw new SasFormatError(`${command.toString(16)} length ${body.length}: a game number and 1 to 12 two-byte codes`);
  return {
    command,
    game: fromBcd(body, 0, 2),
    meters: Array.from({ length: codes }, (_, i) => readLE(body, 2 + 2 * i, 2)),
  };
}

/** Printable ASCII only: a ticket line is printed as it comes. */
function printable(b: Uint8Array, at: number, length: number, what: string): string {
  if (at + length > b.length) throw new SasFormatError(`${what} runs past the end of the poll`);
  const text = readAscii(b, at, length);
  if (!/^[\x20-\x7e]*$/.test(text)) throw new SasFormatError(`${what} is not printable ASCII`);
  return text;
}

function decodeExtendedTicketData(body: Uint8Array): ExtendedTicketDataRequest {
  const items: { code: number; text: string }[] = [];
  for (let at = 0; at < body.length;) {
    const code = sasByte(body, at);
    const length = sasByte(body, at + 1);
    const def = TICKET_DATA_CODES[code];
    if (!def) throw new SasFormatError(`7C data code ${code.toString(16)} is not in Table 15.3c`);
    if (length > def.max) throw new SasFormatError(`7C ${def.name} of ${length} characters: at most ${def.max}`);
    items.push({ code, text: printable(body, at + 2, length, `7C ${def.name}`) });
    at += 2 + length;
  }
  return { command: 0x7c, items };
}

function ticketDataBody(req: TicketDataRequest): number[] {
  const texts = [req.location, req.address1, req.address2];
  const last = texts.reduce((n, t, i) => (t ? i + 1 : n), 0);
  if (req.hostId === null) {
    if (req.expirationDays !== null || last > 0) throw new SasFormatError('7D without a host ID carries nothing else');
    return [];
  }
  if (req.expirationDays === null) {
    if (last > 0) throw new SasFormatError('7D ticket lines need the expiration before them');
    return binaryLE(req.hostId, 2);
  }
  if (req.expirationDays > 0xff) throw new SasFormatError('7D expiration is one byte of days');
  const lines = texts.slice(0, last).flatMap((t) => {
    const text = t ?? '';
    if (text.length > TICKET_TEXT_MAX)
      throw new SasFormatError(`7D ticket line of ${text.length} characters: at most 40`);
    return [text.length, ...ascii(text, text.length, 'ticket line')];
  });
  return [...binaryLE(req.hostId, 2), req.expirationDays, ...lines];
}

function decodeTicketData(body: Uint8Array): TicketDataRequest {
  const req: TicketDataRequest = {
    command: 0x7d,
    hostId: null,
    expirationDays: null,
    location: null,
    address1: null,
    address2: null,
  };
  if (body.length === 0) return req;
  if (body.length < 2) throw new SasFormatError('7D host ID is two bytes');
  req.hostId = readLE(body, 0, 2);
  if (body.length === 2) return req;
  req.expirationDays = sasByte(body, 2);
  let at = 3;
  for (const field of ['location', 'address1', 'address2'] as const) {
    if (at === body.length) break;
    const length = sasByte(body, at);
    if (length > TICKET_TEXT_MAX) throw new SasFormatError(`7D ${field} of ${length} characters: at most 40`);
    const text = printable(body, at + 1, length, `7D ${field}`);
    req[field] = text.length ? text : null;
    at += 1 + length;
  }
  if (at !== body.length) throw new SasFormatError(`7D carries ${body.length - at} bytes after its three lines`);
  return req;
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

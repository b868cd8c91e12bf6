// The long polls this machine answers, declared once as data: how the standard types each one
// (R: address and command alone; S or M: data and a CRC; G: also accepted at address 0 as a
// broadcast), how long the poll is on the line, and what the reply looks like. The machine's
// parser frames polls by it, the host simulator frames replies by it, and the documentation
// lists the same table (docs/protocols/sas.md).

export type PollType = 'R' | 'S' | 'M';

/** Length of a poll or reply on the line, address and CRC included. */
export type Shape =
  | { kind: 'fixed'; length: number }
  /** `addr cmd len …len bytes… crc crc`. */
  | { kind: 'variable' };

export type ReplyShape = Shape | { kind: 'ack' };

export interface PollDef {
  name: string;
  type: PollType;
  /** A type G broadcast (address 0) is also accepted: processed, never answered. */
  broadcast?: true;
  request: Shape;
  reply: ReplyShape;
}

const R = (name: string, replyLength: number | 'variable'): PollDef => ({
  name,
  type: 'R',
  request: { kind: 'fixed', length: 2 },
  reply: replyLength === 'variable' ? { kind: 'variable' } : { kind: 'fixed', length: replyLength },
});
const meter4 = (name: string) => R(name, 8);
const S = (name: string, length: number, reply: ReplyShape): PollDef => ({
  name,
  type: 'S',
  request: { kind: 'fixed', length },
  reply,
});
/** A type M poll whose data is the game number alone (`a cmd game(2 BCD) crc`). */
const gameN = (name: string, replyLength: number): PollDef => ({
  name,
  type: 'M',
  request: { kind: 'fixed', length: 6 },
  reply: { kind: 'fixed', length: replyLength },
});
const ACK: ReplyShape = { kind: 'ack' };
const VARIABLE: Shape = { kind: 'variable' };
const fixed = (length: number): Shape => ({ kind: 'fixed', length });

/** Bills accepted by note value, 31–45 but 3D (meter-codes.ts, BILL_POLLS). */
const BILL_POLL_NAMES: Readonly<Record<number, string>> = {
  0x31: '$1',
  0x32: '$2',
  0x33: '$5',
  0x34: '$10',
  0x35: '$20',
  0x36: '$50',
  0x37: '$100',
  0x38: '$500',
  0x39: '$1,000',
  0x3a: '$200',
  0x3b: '$25',
  0x3c: '$2,000',
  0x3e: '$2,500',
  0x3f: '$5,000',
  0x40: '$10,000',
  0x41: '$20,000',
  0x42: '$25,000',
  0x43: '$50,000',
  0x44: '$100,000',
  0x45: '$250',
};

export const LONG_POLLS: Readonly<Record<number, PollDef>> = {
  0x01: { name: 'shutdown (disable play)', type: 'S', request: { kind: 'fixed', length: 4 }, reply: { kind: 'ack' } },
  0x02: { name: 'startup (enable play)', type: 'S', request: { kind: 'fixed', length: 4 }, reply: { kind: 'ack' } },
  0x0e: S('enable/disable real time event reporting', 5, ACK),
  0x0f: R('send meters 10 through 15', 28),
  0x10: meter4('send total cancelled credits meter'),
  0x11: meter4('send total coin in meter'),
  0x12: meter4('send total coin out meter'),
  0x13: meter4('send total drop meter'),
  0x14: meter4('send total jackpot meter'),
  0x15: meter4('send games played meter'),
  0x16: meter4('send games won meter'),
  0x17: meter4('send games lost meter'),
  0x18: R('send games since last power up and slot door closure', 8),
  0x19: R('send meters 11 through 15', 24),
  0x1a: meter4('send current credits'),
  0x1b: R('send handpay information', 24),
  0x1c: R('send meters', 36),
  0x1e: R('send bill meters (counts)', 28),
  0x1f: R('send gaming machine ID and information', 24),
  0x20: meter4('send total dollar value of bills meter'),
  0x21: {
    name: 'ROM signature verification',
    type: 'S',
    request: { kind: 'fixed', length: 6 },
    reply: { kind: 'ack' },
  },
  0x2d: gameN('send total hand paid cancelled credits', 10),
  0x2f: {
    name: 'send selected meters for game n',
    type: 'M',
    request: { kind: 'variable' },
    reply: { kind: 'variable' },
  },
  ...Object.fromEntries(
    Object.entries(BILL_POLL_NAMES).map(([code, note]) => [code, meter4(`send ${note} bills in meter`)]),
  ),
  0x3d: R('send cash out ticket information', 13),
  0x46: meter4('send credit amount of all bills accepted'),
  0x48: R('send last accepted bill information', 10),
  0x49: meter4('send number of bills currently in the stacker'),
  0x4a: meter4('send total credit amount of all bills currently in the stacker'),
  0x4c: {
    name: 'set secure enhanced validation ID',
    type: 'S',
    request: { kind: 'fixed', length: 10 },
    reply: { kind: 'fixed', length: 10 },
  },
  0x4d: {
    name: 'send enhanced validation information',
    type: 'S',
    request: { kind: 'fixed', length: 5 },
    reply: { kind: 'fixed', length: 35 },
  },
  0x50: S('send validation meters', 5, fixed(14)),
  0x51: R('send number of games implemented', 6),
  0x52: gameN('send game n meters', 22),
  0x53: {
    name: 'send game n configuration',
    type: 'M',
    request: { kind: 'fixed', length: 6 },
    reply: { kind: 'fixed', length: 26 },
  },
  0x54: R('send SAS version ID and gaming machine serial number', 'variable'),
  0x55: R('send selected game number', 6),
  0x56: R('send enabled game numbers', 'variable'),
  0x57: R('send pending cashout information', 10),
  0x58: S('receive validation number', 13, fixed(5)),
  0x6f: { name: 'send extended meters for game n', type: 'M', request: VARIABLE, reply: VARIABLE },
  0x70: R('send ticket validation data', 'variable'),
  0x71: { name: 'redeem ticket', type: 'S', request: { kind: 'variable' }, reply: { kind: 'variable' } },
  0x72: { name: 'AFT transfer funds', type: 'S', request: VARIABLE, reply: VARIABLE },
  0x73: { name: 'AFT register gaming machine', type: 'S', request: VARIABLE, reply: VARIABLE },
  0x74: S('AFT game lock and status request', 8, VARIABLE),
  0x75: { name: 'set AFT receipt data', type: 'S', broadcast: true, request: VARIABLE, reply: ACK },
  0x7b: { name: 'extended validation status', type: 'S', request: VARIABLE, reply: VARIABLE },
  0x7c: { name: 'set extended ticket data', type: 'S', broadcast: true, request: VARIABLE, reply: fixed(5) },
  0x7d: { name: 'set ticket data', type: 'S', broadcast: true, request: VARIABLE, reply: fixed(5) },
  0x7e: R('send current date and time', 11),
  0x7f: {
    name: 'receive date and time',
    type: 'S',
    broadcast: true,
    request: { kind: 'fixed', length: 11 },
    reply: { kind: 'ack' },
  },
  0x8a: S('initiate a legacy bonus pay', 9, ACK),
  0x94: {
    name: 'remote handpay reset',
    type: 'S',
    request: { kind: 'fixed', length: 4 },
    reply: { kind: 'fixed', length: 5 },
  },
  0xa0: gameN('send enabled features', 12),
  0xa4: gameN('send cash out limit', 8),
  // The same meters as 6F, so a host can read two sets in consecutive polls.
  0xaf: { name: 'send extended meters for game n (alternate)', type: 'M', request: VARIABLE, reply: VARIABLE },
};

/**
 * The machine's event message in real-time event reporting (0E): `a FF code data crc`, sent to a
 * general poll, or to a long poll instead of its reply, while an event is waiting.
 */
export const EVENT_RESPONSE = 0xff;

/** The ROM signature's own reply, sent to the first general poll after the signature is ready. */
export const ROM_SIGNATURE_REPLY_LENGTH = 6;

/** Longest poll a host can send (a variable poll's length byte is one byte). */
export const MAX_POLL_LENGTH = 3 + 255 + 2;

export const hasCrc = (def: PollDef): boolean => def.type !== 'R';

/** Total length once the bytes so far say it; null while they do not yet. */
export function lengthOf(shape: Shape, bytes: ArrayLike<number>): number | null {
  if (shape.kind === 'fixed') return shape.length;
  const length = bytes[2];
  return length === undefined ? null : 3 + length + 2;
}

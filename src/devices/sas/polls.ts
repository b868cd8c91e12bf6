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

export const LONG_POLLS: Readonly<Record<number, PollDef>> = {
  0x01: { name: 'shutdown (disable play)', type: 'S', request: { kind: 'fixed', length: 4 }, reply: { kind: 'ack' } },
  0x02: { name: 'startup (enable play)', type: 'S', request: { kind: 'fixed', length: 4 }, reply: { kind: 'ack' } },
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
  0x2f: {
    name: 'send selected meters for game n',
    type: 'M',
    request: { kind: 'variable' },
    reply: { kind: 'variable' },
  },
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
  0x51: R('send number of games implemented', 6),
  0x53: {
    name: 'send game n configuration',
    type: 'M',
    request: { kind: 'fixed', length: 6 },
    reply: { kind: 'fixed', length: 26 },
  },
  0x54: R('send SAS version ID and gaming machine serial number', 'variable'),
  0x55: R('send selected game number', 6),
  0x56: R('send enabled game numbers', 'variable'),
  0x70: R('send ticket validation data', 'variable'),
  0x71: { name: 'redeem ticket', type: 'S', request: { kind: 'variable' }, reply: { kind: 'variable' } },
  0x7e: R('send current date and time', 11),
  0x7f: {
    name: 'receive date and time',
    type: 'S',
    broadcast: true,
    request: { kind: 'fixed', length: 11 },
    reply: { kind: 'ack' },
  },
  0x94: {
    name: 'remote handpay reset',
    type: 'S',
    request: { kind: 'fixed', length: 4 },
    reply: { kind: 'fixed', length: 5 },
  },
};

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

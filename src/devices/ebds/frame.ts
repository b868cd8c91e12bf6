// EBDS framing: `STX len ctl data… ETX chk`, len counting the whole frame, chk the XOR of every
// byte from len through the last data byte. The control byte carries the ACK/NAK toggle (bit 0),
// the device type (bits 1–3) and the message type (bits 4–6). Every byte is 7 bits wide: the line
// is 7 data bits, even parity.

import { byteAt } from '../shared/bytes';
import type { FrameCheck } from '../shared/framed-parser';
import { DEVICE_BILL_ACCEPTOR, ETX, MAX_FRAME, MESSAGE_TYPE, MIN_FRAME, SEVEN_BITS, STX } from './codes';

export type Toggle = 0 | 1;

export class EbdsFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EbdsFrameError';
  }
}

/** XOR of `bytes[from..to)`. */
export function xorChecksum(bytes: ArrayLike<number>, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum ^= bytes[i]!;
  return sum;
}

/** The parser's proof that a frame of the claimed length is whole: ETX in place, checksum right. */
export const EBDS_CHECK: FrameCheck = {
  reason: 'checksum',
  ok: (f) => f.length >= MIN_FRAME && f[f.length - 2] === ETX && xorChecksum(f, 1, f.length - 2) === f[f.length - 1],
};

export const controlByte = (messageType: number, toggle: Toggle, device = DEVICE_BILL_ACCEPTOR): number =>
  ((messageType & 7) << 4) | ((device & 7) << 1) | toggle;

export function buildFrame(messageType: number, toggle: Toggle, data: ArrayLike<number> = []): Buffer {
  const len = data.length + MIN_FRAME;
  if (len > MAX_FRAME) throw new EbdsFrameError(`EBDS frame of ${len} bytes is longer than ${MAX_FRAME}`);
  const f = Buffer.alloc(len);
  f[0] = STX;
  f[1] = len;
  f[2] = controlByte(messageType, toggle);
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!;
    if (!Number.isInteger(b) || b < 0 || b > SEVEN_BITS)
      throw new EbdsFrameError(`EBDS data byte ${b} at ${i} does not fit in 7 bits`);
    f[3 + i] = b;
  }
  f[len - 2] = ETX;
  f[len - 1] = xorChecksum(f, 1, len - 2);
  return f;
}

export interface OpenFrame {
  messageType: number;
  toggle: Toggle;
  device: number;
  data: Buffer;
}

const cutShort = (index: number): EbdsFrameError => new EbdsFrameError(`EBDS frame cut short: it has no byte ${index}`);
const byte = (bytes: Uint8Array, index: number): number => byteAt(bytes, index, cutShort);

/** Checks STX, length, ETX, checksum, the 7-bit width and the device type; returns the fields. */
export function openFrame(frame: Uint8Array): OpenFrame {
  if (frame.length < MIN_FRAME || frame.length > MAX_FRAME)
    throw new EbdsFrameError(`EBDS frame of ${frame.length} bytes is outside ${MIN_FRAME}..${MAX_FRAME}`);
  if (frame[0] !== STX) throw new EbdsFrameError(`EBDS frame starts with 0x${hex(byte(frame, 0))}, not STX`);
  if (frame[1] !== frame.length)
    throw new EbdsFrameError(`EBDS length byte ${byte(frame, 1)} but ${frame.length} bytes`);
  if (frame[frame.length - 2] !== ETX) throw new EbdsFrameError('EBDS frame has no ETX before its checksum');
  if (xorChecksum(frame, 1, frame.length - 2) !== frame[frame.length - 1])
    throw new EbdsFrameError('EBDS frame has a bad checksum');
  for (let i = 1; i < frame.length; i++)
    if (byte(frame, i) > SEVEN_BITS) throw new EbdsFrameError(`EBDS byte ${i} is 0x${hex(byte(frame, i))}: not 7 bits`);
  const ctl = byte(frame, 2);
  const device = (ctl >> 1) & 7;
  if (device !== DEVICE_BILL_ACCEPTOR) throw new EbdsFrameError(`EBDS device type ${device} is not a bill acceptor`);
  return {
    messageType: (ctl >> 4) & 7,
    toggle: (ctl & 1) as Toggle,
    device,
    data: Buffer.from(frame.subarray(3, frame.length - 2)),
  };
}

export const MESSAGE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(MESSAGE_TYPE).map(([k, v]) => [v, k]),
);

export function hex(n: number): string {
  return n.toString(16).padStart(2, '0').toUpperCase();
}

// JCM ID-003 frames: `FC len cmd data... crc-lo crc-hi`, len counting the whole frame, CRC-16/KERMIT
// over every byte before the CRC. Pure functions both ways for both directions; the parsers in
// ./parser wrap them for streams.

import { byteAt } from '../shared/bytes';
import { crc16Kermit } from '../shared/crc16-kermit';
import { CMD, ESCROW_BARCODE, STATUS, SYNC } from './codes';

export const MIN_FRAME = 5;
export const MAX_FRAME = 255;

/** One line of the acceptor's currency assignment: note value = base × 10^exponent major units. */
export interface CurrencyEntry {
  code: number;
  country: number;
  base: number;
  exponent: number;
}

/** Controller → acceptor. */
export type Id003Command =
  | { type: 'statusRequest' }
  | { type: 'reset' }
  | { type: 'stack1' }
  | { type: 'stack2' }
  | { type: 'return' }
  | { type: 'hold' }
  | { type: 'wait' }
  | { type: 'ack' }
  /** Bit n set inhibits note code 0x61 + n. */
  | { type: 'setDenominations'; inhibitMask: number }
  | { type: 'setSecurity'; mask: number }
  | { type: 'setCommunicationMode'; mode: number }
  | { type: 'setInhibit'; inhibited: boolean }
  | { type: 'setDirection'; mask: number }
  | { type: 'setOptionalFunction'; mask: number }
  /** The barcode reader: symbology (0x01 interleaved 2 of 5) and number of characters. */
  | { type: 'setBarcodeFunction'; symbology: number; characters: number }
  /** Bit 0 set inhibits notes, bit 1 set inhibits tickets (see BAR_INHIBIT). */
  | { type: 'setBarInhibit'; mask: number }
  | { type: 'getDenominations' }
  | { type: 'getSecurity' }
  | { type: 'getCommunicationMode' }
  | { type: 'getInhibit' }
  | { type: 'getDirection' }
  | { type: 'getOptionalFunction' }
  | { type: 'getBarcodeFunction' }
  | { type: 'getBarInhibit' }
  | { type: 'getVersion' }
  | { type: 'getBootVersion' }
  | { type: 'getCurrencyAssignment' };

/** Acceptor → controller. Settings are answered with an echo of their code and data. */
export type Id003Response =
  | { type: SimpleStatusName }
  /** `barcode`: a ticket's characters (code 0x6F), one latin1 character per byte as received. */
  | { type: 'escrow'; code: number; barcode?: string }
  | { type: 'rejecting'; reason: number }
  | { type: 'failure'; code: number }
  | { type: 'denominations'; inhibitMask: number; echo: boolean }
  | { type: 'inhibit'; inhibited: boolean; echo: boolean }
  | { type: 'barcodeFunction'; symbology: number; characters: number; echo: boolean }
  | { type: 'barInhibit'; mask: number; echo: boolean }
  | { type: 'setting'; code: number; data: number[] }
  | { type: 'version'; text: string; boot: boolean }
  | { type: 'currencyAssignment'; entries: CurrencyEntry[] };

export type SimpleStatusName =
  | 'idling'
  | 'accepting'
  | 'stacking'
  | 'vendValid'
  | 'stacked'
  | 'returning'
  | 'holding'
  | 'disabled'
  | 'initializing'
  | 'powerUp'
  | 'powerUpBillInAcceptor'
  | 'powerUpBillInStacker'
  | 'stackerFull'
  | 'stackerOpen'
  | 'jamInAcceptor'
  | 'jamInStacker'
  | 'pause'
  | 'cheated'
  | 'communicationError'
  | 'invalidCommand'
  | 'ack';

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

export function buildFrame(cmd: number, data: ArrayLike<number> = []): Buffer {
  const len = data.length + MIN_FRAME;
  if (len > MAX_FRAME) throw new FrameError(`ID-003 frame of ${len} bytes is longer than ${MAX_FRAME}`);
  const f = Buffer.alloc(len);
  f[0] = SYNC;
  f[1] = len;
  f[2] = cmd;
  for (const [i, b] of Array.from(data).entries()) f[3 + i] = b & 0xff;
  const crc = crc16Kermit(f, 0, len - 2);
  f[len - 2] = crc & 0xff;
  f[len - 1] = crc >> 8;
  return f;
}

const cutShort = (index: number): FrameError => new FrameError(`ID-003 frame cut short: it has no byte ${index}`);
const byte = (bytes: Uint8Array, index: number): number => byteAt(bytes, index, cutShort);

/** Checks sync, length and CRC; returns the command byte and data. */
export function openFrame(frame: Uint8Array): { cmd: number; data: Buffer } {
  if (frame.length < MIN_FRAME) throw new FrameError(`ID-003 frame of ${frame.length} bytes is too short`);
  if (frame[0] !== SYNC) throw new FrameError(`ID-003 frame starts with 0x${hex(byte(frame, 0))}, not 0xFC`);
  if (frame[1] !== frame.length) throw new FrameError(`ID-003 length byte ${byte(frame, 1)} but ${frame.length} bytes`);
  const crc = byte(frame, frame.length - 2) | (byte(frame, frame.length - 1) << 8);
  if (crc16Kermit(frame, 0, frame.length - 2) !== crc) throw new FrameError('ID-003 frame has a bad CRC');
  return { cmd: byte(frame, 2), data: Buffer.from(frame.subarray(3, frame.length - 2)) };
}

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];

export function encodeCommand(c: Id003Command): Buffer {
  switch (c.type) {
    case 'setDenominations':
      return buildFrame(CMD.setDenominations, u16(c.inhibitMask));
    case 'setSecurity':
      return buildFrame(CMD.setSecurity, u16(c.mask));
    case 'setCommunicationMode':
      return buildFrame(CMD.setCommunicationMode, [c.mode]);
    case 'setInhibit':
      return buildFrame(CMD.setInhibit, [c.inhibited ? 1 : 0]);
    case 'setDirection':
      return buildFrame(CMD.setDirection, [c.mask]);
    case 'setOptionalFunction':
      return buildFrame(CMD.setOptionalFunction, u16(c.mask));
    case 'setBarcodeFunction':
      return buildFrame(CMD.setBarcodeFunction, [c.symbology, c.characters]);
    case 'setBarInhibit':
      return buildFrame(CMD.setBarInhibit, [c.mask]);
    default:
      return buildFrame(CMD[c.type]);
  }
}

const CMD_BY_CODE = new Map<number, keyof typeof CMD>(Object.entries(CMD).map(([k, v]) => [v, k as keyof typeof CMD]));

export function decodeCommand(frame: Uint8Array): Id003Command {
  const { cmd, data } = openFrame(frame);
  const name = CMD_BY_CODE.get(cmd);
  if (!name) throw new FrameError(`unknown ID-003 command 0x${hex(cmd)}`);
  const need = (n: number) => {
    if (data.length !== n) throw new FrameError(`ID-003 ${name} takes ${n} data bytes, got ${data.length}`);
  };
  switch (name) {
    case 'setDenominations':
      need(2);
      return { type: name, inhibitMask: data.readUInt16LE(0) };
    case 'setSecurity':
      need(2);
      return { type: name, mask: data.readUInt16LE(0) };
    case 'setOptionalFunction':
      need(2);
      return { type: name, mask: data.readUInt16LE(0) };
    case 'setCommunicationMode':
      need(1);
      return { type: name, mode: byte(data, 0) };
    case 'setInhibit':
      need(1);
      if (byte(data, 0) > 1) throw new FrameError(`ID-003 inhibit value ${byte(data, 0)} is neither 0 nor 1`);
      return { type: name, inhibited: byte(data, 0) === 1 };
    case 'setDirection':
      need(1);
      return { type: name, mask: byte(data, 0) };
    case 'setBarcodeFunction':
      need(2);
      return { type: name, symbology: byte(data, 0), characters: byte(data, 1) };
    case 'setBarInhibit':
      need(1);
      return { type: name, mask: byte(data, 0) };
    default:
      need(0);
      return { type: name } as Id003Command;
  }
}

const SIMPLE_STATUS = new Map<number, SimpleStatusName>([
  [STATUS.idling, 'idling'],
  [STATUS.accepting, 'accepting'],
  [STATUS.stacking, 'stacking'],
  [STATUS.vendValid, 'vendValid'],
  [STATUS.stacked, 'stacked'],
  [STATUS.returning, 'returning'],
  [STATUS.holding, 'holding'],
  [STATUS.disabled, 'disabled'],
  [STATUS.initializing, 'initializing'],
  [STATUS.powerUp, 'powerUp'],
  [STATUS.powerUpBillInAcceptor, 'powerUpBillInAcceptor'],
  [STATUS.powerUpBillInStacker, 'powerUpBillInStacker'],
  [STATUS.stackerFull, 'stackerFull'],
  [STATUS.stackerOpen, 'stackerOpen'],
  [STATUS.jamInAcceptor, 'jamInAcceptor'],
  [STATUS.jamInStacker, 'jamInStacker'],
  [STATUS.pause, 'pause'],
  [STATUS.cheated, 'cheated'],
  [STATUS.communicationError, 'communicationError'],
  [STATUS.invalidCommand, 'invalidCommand'],
  [STATUS.ack, 'ack'],
]);
const SIMPLE_CODE = new Map<SimpleStatusName, number>([...SIMPLE_STATUS].map(([k, v]) => [v, k]));

export function encodeResponse(r: Id003Response): Buffer {
  switch (r.type) {
    case 'escrow':
      return buildFrame(
        STATUS.escrow,
        r.barcode !== undefined ? [r.code, ...Buffer.from(r.barcode, 'latin1')] : [r.code],
      );
    case 'rejecting':
      return buildFrame(STATUS.rejecting, [r.reason]);
    case 'failure':
      return buildFrame(STATUS.failure, [r.code]);
    case 'denominations':
      return buildFrame(r.echo ? CMD.setDenominations : CMD.getDenominations, u16(r.inhibitMask));
    case 'inhibit':
      return buildFrame(r.echo ? CMD.setInhibit : CMD.getInhibit, [r.inhibited ? 1 : 0]);
    case 'barcodeFunction':
      return buildFrame(r.echo ? CMD.setBarcodeFunction : CMD.getBarcodeFunction, [r.symbology, r.characters]);
    case 'barInhibit':
      return buildFrame(r.echo ? CMD.setBarInhibit : CMD.getBarInhibit, [r.mask]);
    case 'setting':
      return buildFrame(r.code, r.data);
    case 'version':
      return buildFrame(r.boot ? CMD.getBootVersion : CMD.getVersion, Buffer.from(r.text, 'latin1'));
    case 'currencyAssignment':
      return buildFrame(
        CMD.getCurrencyAssignment,
        r.entries.flatMap((e) => [e.code, e.country, e.base, e.exponent]),
      );
    default:
      return buildFrame(SIMPLE_CODE.get(r.type)!);
  }
}

const SETTING_ECHOES = new Set<number>([
  CMD.setSecurity,
  CMD.setCommunicationMode,
  CMD.setDirection,
  CMD.setOptionalFunction,
  CMD.getSecurity,
  CMD.getCommunicationMode,
  CMD.getDirection,
  CMD.getOptionalFunction,
]);

export function decodeResponse(frame: Uint8Array): Id003Response {
  const { cmd, data } = openFrame(frame);
  const simple = SIMPLE_STATUS.get(cmd);
  if (simple) {
    if (data.length) throw new FrameError(`ID-003 status ${simple} carries no data, got ${data.length} bytes`);
    return { type: simple };
  }
  switch (cmd) {
    case STATUS.escrow:
      if (data.length < 1) throw new FrameError('ID-003 escrow without a denomination code');
      if (byte(data, 0) === ESCROW_BARCODE)
        return { type: 'escrow', code: byte(data, 0), barcode: data.subarray(1).toString('latin1') };
      if (data.length !== 1) throw new FrameError(`ID-003 escrow of a note carries 1 data byte, got ${data.length}`);
      return { type: 'escrow', code: byte(data, 0) };
    case STATUS.rejecting:
      if (data.length !== 1) throw new FrameError('ID-003 rejecting carries 1 reason byte');
      return { type: 'rejecting', reason: byte(data, 0) };
    case STATUS.failure:
      if (data.length !== 1) throw new FrameError('ID-003 failure carries 1 code byte');
      return { type: 'failure', code: byte(data, 0) };
    case CMD.setDenominations:
    case CMD.getDenominations:
      if (data.length !== 2) throw new FrameError('ID-003 denomination setting carries 2 bytes');
      return { type: 'denominations', inhibitMask: data.readUInt16LE(0), echo: cmd === CMD.setDenominations };
    case CMD.setInhibit:
    case CMD.getInhibit:
      if (data.length !== 1 || byte(data, 0) > 1)
        throw new FrameError('ID-003 inhibit setting carries one byte, 0 or 1');
      return { type: 'inhibit', inhibited: byte(data, 0) === 1, echo: cmd === CMD.setInhibit };
    case CMD.setBarcodeFunction:
    case CMD.getBarcodeFunction:
      if (data.length !== 2) throw new FrameError('ID-003 barcode function carries 2 bytes');
      return {
        type: 'barcodeFunction',
        symbology: byte(data, 0),
        characters: byte(data, 1),
        echo: cmd === CMD.setBarcodeFunction,
      };
    case CMD.setBarInhibit:
    case CMD.getBarInhibit:
      if (data.length !== 1) throw new FrameError('ID-003 bar inhibit carries 1 byte');
      return { type: 'barInhibit', mask: byte(data, 0), echo: cmd === CMD.setBarInhibit };
    case CMD.getVersion:
    case CMD.getBootVersion:
      return { type: 'version', text: data.toString('latin1'), boot: cmd === CMD.getBootVersion };
    case CMD.getCurrencyAssignment: {
      if (data.length % 4 !== 0)
        throw new FrameError(`ID-003 currency assignment of ${data.length} bytes is not whole 4-byte entries`);
      const entries: CurrencyEntry[] = [];
      for (let i = 0; i < data.length; i += 4)
        entries.push({
          code: byte(data, i),
          country: byte(data, i + 1),
          base: byte(data, i + 2),
          exponent: byte(data, i + 3),
        });
      return { type: 'currencyAssignment', entries };
    }
    default:
      if (SETTING_ECHOES.has(cmd)) return { type: 'setting', code: cmd, data: [...data] };
      throw new FrameError(`unknown ID-003 status 0x${hex(cmd)}`);
  }
}

function hex(n: number): string {
  return n.toString(16).padStart(2, '0').toUpperCase();
}

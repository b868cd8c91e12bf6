// Our button deck protocol (C-18, docs/protocols/button-deck.md): frames
// `A5 len seq type payload... crc-lo crc-hi`, len counting the whole frame and CRC-16/KERMIT over
// every byte before the CRC, as in ID-003.

import {
  BUTTONS,
  DOORS,
  KEY_SWITCHES,
  type Button,
  type Door,
  type KeySwitch,
  type LampState,
  LAMP_STATES,
} from '../../cabinet/device-events';
import { byteAt } from '../shared/bytes';
import { crc16Kermit } from '../shared/crc16-kermit';

export const DECK_SYNC = 0xa5;
export const DECK_MIN_FRAME = 6;
export const DECK_MAX_FRAME = 32;
export const KEYS: readonly KeySwitch[] = KEY_SWITCHES;

export const TYPE = {
  state: 0x01,
  input: 0x02,
  heartbeat: 0x03,
  ack: 0x04,
  lamps: 0x10,
  stateRequest: 0x11,
} as const;

export type DeckInput =
  { kind: 'button'; button: Button } | { kind: 'key'; key: KeySwitch } | { kind: 'door'; door: Door };

export interface DeckState {
  buttons: Record<Button, boolean>;
  keys: Record<KeySwitch, boolean>;
  /** true = open. */
  doors: Record<Door, boolean>;
  lamps: Record<Button, LampState>;
  firmware: number;
}

export type DeckMessage =
  | { type: 'state'; state: DeckState }
  | { type: 'input'; input: DeckInput; on: boolean }
  | { type: 'heartbeat' }
  | { type: 'ack'; seq: number }
  | { type: 'lamps'; lamps: Record<Button, LampState> }
  | { type: 'stateRequest' };

export interface DeckFrame {
  seq: number;
  message: DeckMessage;
}

export class DeckFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeckFrameError';
  }
}

export function inputId(i: DeckInput): number {
  if (i.kind === 'button') return BUTTONS.indexOf(i.button);
  if (i.kind === 'key') return 0x20 + KEYS.indexOf(i.key);
  return 0x30 + DOORS.indexOf(i.door);
}

export function inputOf(id: number): DeckInput {
  const button = id < 0x20 ? BUTTONS[id] : undefined;
  if (button !== undefined) return { kind: 'button', button };
  const key = id >= 0x20 && id < 0x30 ? KEYS[id - 0x20] : undefined;
  if (key !== undefined) return { kind: 'key', key };
  const door = id >= 0x30 ? DOORS[id - 0x30] : undefined;
  if (door !== undefined) return { kind: 'door', door };
  throw new DeckFrameError(`unknown deck input 0x${id.toString(16)}`);
}

export function restingState(): DeckState {
  const rec = <K extends string, V>(ks: readonly K[], v: V) =>
    Object.fromEntries(ks.map((k) => [k, v])) as Record<K, V>;
  return {
    buttons: rec(BUTTONS, false),
    keys: rec(KEYS, false),
    doors: rec(DOORS, false),
    lamps: rec(BUTTONS, 'off'),
    firmware: 1,
  };
}

function lampBytes(lamps: Record<Button, LampState>): number[] {
  return BUTTONS.map((b) => LAMP_STATES.indexOf(lamps[b]));
}

function readLamps(p: Buffer, at: number): Record<Button, LampState> {
  const out = {} as Record<Button, LampState>;
  BUTTONS.forEach((b, i) => {
    const value = byteAt(p, at + i, cutShort);
    const s = LAMP_STATES[value];
    if (!s) throw new DeckFrameError(`lamp value ${value} for ${b} is not 0, 1 or 2`);
    out[b] = s;
  });
  return out;
}

function payload(m: DeckMessage): number[] {
  switch (m.type) {
    case 'state': {
      const s = m.state;
      let buttons = 0;
      BUTTONS.forEach((b, i) => (buttons |= s.buttons[b] ? 1 << i : 0));
      const keys = KEYS.reduce((a, k, i) => a | (s.keys[k] ? 1 << i : 0), 0);
      const doors = DOORS.reduce((a, d, i) => a | (s.doors[d] ? 1 << i : 0), 0);
      return [buttons & 0xff, buttons >> 8, keys, doors, ...lampBytes(s.lamps), s.firmware & 0xff];
    }
    case 'input':
      return [inputId(m.input), m.on ? 1 : 0];
    case 'ack':
      return [m.seq & 0xff];
    case 'lamps':
      return lampBytes(m.lamps);
    default:
      return [];
  }
}

export function encodeDeckFrame({ seq, message }: DeckFrame): Buffer {
  const p = payload(message);
  const len = p.length + DECK_MIN_FRAME;
  const f = Buffer.alloc(len);
  f[0] = DECK_SYNC;
  f[1] = len;
  f[2] = seq & 0xff;
  f[3] = TYPE[message.type];
  f.set(p, 4);
  const crc = crc16Kermit(f, 0, len - 2);
  f[len - 2] = crc & 0xff;
  f[len - 1] = crc >> 8;
  return f;
}

const STATE_LEN = 4 + BUTTONS.length + 1;

const cutShort = (index: number): DeckFrameError => new DeckFrameError(`deck frame cut short: it has no byte ${index}`);

export function decodeDeckFrame(frame: Uint8Array): DeckFrame {
  const f = Buffer.from(frame);
  if (f.length < DECK_MIN_FRAME || f[0] !== DECK_SYNC || f[1] !== f.length)
    throw new DeckFrameError('not a deck frame (sync or length)');
  if (crc16Kermit(f, 0, f.length - 2) !== f.readUInt16LE(f.length - 2))
    throw new DeckFrameError('deck frame has a bad CRC');
  const seq = byteAt(f, 2, cutShort);
  const type = byteAt(f, 3, cutShort);
  const p = f.subarray(4, f.length - 2);
  const byte = (i: number): number => byteAt(p, i, cutShort);
  const need = (n: number, what: string) => {
    if (p.length !== n) throw new DeckFrameError(`deck ${what} carries ${n} payload bytes, got ${p.length}`);
  };
  switch (type) {
    case TYPE.state: {
      need(STATE_LEN, 'state');
      const buttons = byte(0) | (byte(1) << 8);
      const keys = byte(2);
      const doors = byte(3);
      if (buttons >> BUTTONS.length || keys >> KEYS.length || doors >> DOORS.length)
        throw new DeckFrameError('deck state sets bits of inputs that do not exist');
      const s = restingState();
      BUTTONS.forEach((b, i) => (s.buttons[b] = !!(buttons & (1 << i))));
      KEYS.forEach((k, i) => (s.keys[k] = !!(keys & (1 << i))));
      DOORS.forEach((d, i) => (s.doors[d] = !!(doors & (1 << i))));
      s.lamps = readLamps(p, 4);
      s.firmware = byte(4 + BUTTONS.length);
      return { seq, message: { type: 'state', state: s } };
    }
    case TYPE.input:
      need(2, 'input');
      if (byte(1) > 1) throw new DeckFrameError(`deck input value ${byte(1)} is neither 0 nor 1`);
      return { seq, message: { type: 'input', input: inputOf(byte(0)), on: byte(1) === 1 } };
    case TYPE.heartbeat:
      need(0, 'heartbeat');
      return { seq, message: { type: 'heartbeat' } };
    case TYPE.ack:
      need(1, 'ack');
      return { seq, message: { type: 'ack', seq: byte(0) } };
    case TYPE.lamps:
      need(BUTTONS.length, 'lamps');
      return { seq, message: { type: 'lamps', lamps: readLamps(p, 0) } };
    case TYPE.stateRequest:
      need(0, 'state request');
      return { seq, message: { type: 'stateRequest' } };
    default:
      throw new DeckFrameError(`unknown deck frame type 0x${type.toString(16)}`);
  }
}

import { describe, expect, it } from 'vitest';
import { BUTTONS } from '../../cabinet/device-events';
import {
  DeckFrameError,
  decodeDeckFrame,
  encodeDeckFrame,
  inputId,
  inputOf,
  restingState,
  type DeckFrame,
} from './codec';
import { DeckLinkLayer } from './link-layer';
import { crc16Kermit } from '../shared/crc16-kermit';
import { KEYBOARD_MAP, keyToDeck } from './keyboard';

const busy = restingState();
busy.buttons.deal = true;
busy.buttons.service = true;
busy.keys.technician = true;
busy.doors.cashbox = true;
busy.lamps.hold3 = 'blink';
busy.lamps.maxBet = 'on';
busy.firmware = 7;

const FRAMES: DeckFrame[] = [
  { seq: 1, message: { type: 'state', state: restingState() } },
  { seq: 200, message: { type: 'state', state: busy } },
  ...BUTTONS.map(
    (button, i) =>
      ({ seq: i + 2, message: { type: 'input', input: { kind: 'button', button }, on: i % 2 === 0 } }) as DeckFrame,
  ),
  { seq: 20, message: { type: 'input', input: { kind: 'key', key: 'attendant' }, on: true } },
  { seq: 21, message: { type: 'input', input: { kind: 'door', door: 'logic' }, on: false } },
  { seq: 0, message: { type: 'heartbeat' } },
  { seq: 0, message: { type: 'ack', seq: 255 } },
  { seq: 9, message: { type: 'lamps', lamps: busy.lamps } },
  { seq: 0, message: { type: 'stateRequest' } },
];

describe('button deck codec', () => {
  it.each(FRAMES.map((f, i) => [`${i}:${f.message.type}`, f] as const))('round-trips %s', (_n, f) => {
    const bytes = encodeDeckFrame(f);
    expect(bytes[0]).toBe(0xa5);
    expect(bytes[1]).toBe(bytes.length);
    expect(decodeDeckFrame(bytes)).toEqual(f);
  });

  it('refuses every frame cut short with a DeckFrameError', () => {
    for (const f of FRAMES) {
      const bytes = encodeDeckFrame(f);
      for (let n = 0; n < bytes.length; n++)
        expect(() => decodeDeckFrame(bytes.subarray(0, n))).toThrow(DeckFrameError);
    }
  });

  it('has the documented layout', () => {
    expect(encodeDeckFrame({ seq: 0, message: { type: 'heartbeat' } }).toString('hex')).toMatch(
      /^a5060003[0-9a-f]{4}$/,
    );
    expect(
      encodeDeckFrame({ seq: 5, message: { type: 'input', input: { kind: 'door', door: 'main' }, on: true } })
        .subarray(0, 6)
        .toString('hex'),
    ).toBe('a508050230' + '01');
    expect(encodeDeckFrame({ seq: 1, message: { type: 'state', state: restingState() } })).toHaveLength(22);
  });

  it('refuses malformed frames with a reason', () => {
    const good = encodeDeckFrame({
      seq: 3,
      message: { type: 'input', input: { kind: 'button', button: 'deal' }, on: true },
    });
    const bad = Buffer.from(good);
    bad[5] = 2;
    expect(() => decodeDeckFrame(bad)).toThrow(/CRC/);
    const forge = (type: number, payload: number[]) => {
      const f = Buffer.from([0xa5, payload.length + 6, 1, type, ...payload, 0, 0]);
      const c = crc16Kermit(f, 0, f.length - 2);
      f[f.length - 2] = c & 0xff;
      f[f.length - 1] = c >> 8;
      return f;
    };
    expect(() => decodeDeckFrame(forge(0x02, [0x00, 2]))).toThrow(/neither/);
    expect(() => decodeDeckFrame(forge(0x02, [0x40, 1]))).toThrow(/unknown deck input/);
    expect(() => decodeDeckFrame(forge(0x10, [0, 1, 2]))).toThrow(/payload/);
    expect(() => decodeDeckFrame(forge(0x10, new Array(11).fill(3)))).toThrow(/lamp value/);
    expect(() => decodeDeckFrame(forge(0x7e, []))).toThrow(/unknown deck frame type/);
    expect(() => decodeDeckFrame(forge(0x01, [0xff, 0xff, 0, 0, ...new Array(11).fill(0), 1]))).toThrow(/do not exist/);
    expect(() => inputOf(0x19)).toThrow(DeckFrameError);
    expect(inputOf(inputId({ kind: 'key', key: 'technician' }))).toEqual({ kind: 'key', key: 'technician' });
  });
});

describe('deck link layer', () => {
  it('retransmits until acknowledged, keeps order, and delivers a repeat once', () => {
    const wire: Buffer[] = [];
    const a = new DeckLinkLayer((b) => wire.push(b), { ackTimeoutMs: 10, maxTries: 3 });
    a.send({ type: 'input', input: { kind: 'button', button: 'deal' }, on: true });
    a.send({ type: 'input', input: { kind: 'button', button: 'deal' }, on: false });
    expect(wire).toHaveLength(1); // stop and wait
    a.tick(Date.now() + 20);
    expect(wire).toHaveLength(2);
    expect(wire[1]).toEqual(wire[0]);
    const b = new DeckLinkLayer((x) => wire.push(x), { ackTimeoutMs: 10, maxTries: 3 });
    const first = b.receive(decodeDeckFrame(wire[0]!));
    const again = b.receive(decodeDeckFrame(wire[1]!));
    expect(first).toMatchObject({ type: 'input', on: true });
    expect(again).toBeNull();
    const ack = decodeDeckFrame(wire.at(-1)!);
    expect(ack.message).toEqual({ type: 'ack', seq: decodeDeckFrame(wire[0]!).seq });
    a.receive(ack);
    expect(decodeDeckFrame(wire.at(-1)!).message).toMatchObject({ type: 'input', on: false });
  });

  it('gives up after maxTries and tries again when the other end shows life', () => {
    const wire: Buffer[] = [];
    const a = new DeckLinkLayer((b) => wire.push(b), { ackTimeoutMs: 1, maxTries: 2 });
    a.send({ type: 'stateRequest' });
    a.tick(Date.now() + 10);
    a.tick(Date.now() + 20);
    expect(a.stalled).toBe(true);
    const n = wire.length;
    a.receive({ seq: 0, message: { type: 'heartbeat' } });
    expect(wire.length).toBe(n + 1);
  });
});

describe('keyboard map', () => {
  it('maps every deck button and switch to a key', () => {
    const inputs = Object.values(KEYBOARD_MAP).map((b) => JSON.stringify(b.input));
    for (const button of BUTTONS) expect(inputs).toContain(JSON.stringify({ kind: 'button', button }));
    for (const door of ['main', 'logic', 'cashbox']) expect(inputs).toContain(JSON.stringify({ kind: 'door', door }));
  });

  it('follows buttons and toggles switches', () => {
    expect(keyToDeck('Space', true, () => false)).toEqual({ input: { kind: 'button', button: 'deal' }, on: true });
    expect(keyToDeck('Space', false, () => true)).toEqual({ input: { kind: 'button', button: 'deal' }, on: false });
    expect(keyToDeck('F1', true, () => true)).toEqual({ input: { kind: 'door', door: 'main' }, on: false });
    expect(keyToDeck('F1', false, () => true)).toBeNull();
    expect(keyToDeck('KeyQ', true, () => false)).toBeNull();
  });
});

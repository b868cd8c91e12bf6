// Bounded fuzzing of every parser: random bytes, bit flips, truncations and frames split at every
// byte boundary. Nothing may throw; every good frame must come out intact; every bad one must be
// counted and never delivered.

import { SeededRandom } from '../../core';
import { describe, expect, it } from 'vitest';
import { encodeCommand, encodeResponse, type Id003Response } from '../id003/codec';
import { assignmentFor } from '../id003/currency';
import { Id003CommandParser, Id003ResponseParser } from '../id003/parser';
import { encodeDeckFrame, restingState, type DeckFrame } from '../deck/codec';
import { DeckParser } from '../deck/parser';
import { EscPosDecoder } from '../printer/escpos';
import { PrinterReplyParser, encodeProcessIdReply } from '../printer/status';
import { voucherBytes } from '../printer/voucher-layout';
import { VOUCHER } from '../testing/test-voucher';
import type { FramedParser } from './framed-parser';
import { EBDS_COMMANDS, EBDS_REPLIES } from '../testing/ebds-samples';
import { encodeCommand as encodeEbdsCommand, encodeReply as encodeEbdsReply } from '../ebds/codec';
import { EbdsCommandParser, EbdsReplyParser } from '../ebds/parser';

/** Uniform in [0, 1) from the core's seedable source. */
function rng(seed: number) {
  const source = new SeededRandom(seed);
  return () => source.nextUint32() / 4294967296;
}

const ID003_RESPONSES: Id003Response[] = [
  { type: 'idling' },
  { type: 'escrow', code: 0x62 },
  { type: 'vendValid' },
  { type: 'rejecting', reason: 0x72 },
  { type: 'failure', code: 0xa2 },
  { type: 'currencyAssignment', entries: assignmentFor([1, 5, 20, 100]) },
  { type: 'ack' },
  { type: 'inhibit', inhibited: true, echo: true },
  { type: 'version', text: 'ID003 SIM', boot: false },
  { type: 'escrow', code: 0x6f, barcode: '001234567890123456' },
  { type: 'escrow', code: 0x6f, barcode: '\xff\xfc\x13\x6f' },
  { type: 'barcodeFunction', symbology: 1, characters: 18, echo: true },
  { type: 'barInhibit', mask: 0xfc, echo: true },
];
const DECK: DeckFrame[] = [
  { seq: 1, message: { type: 'state', state: restingState() } },
  { seq: 2, message: { type: 'input', input: { kind: 'button', button: 'maxBet' }, on: true } },
  { seq: 0, message: { type: 'heartbeat' } },
  { seq: 0, message: { type: 'ack', seq: 2 } },
  { seq: 3, message: { type: 'lamps', lamps: { ...restingState().lamps, deal: 'blink' } } },
];

interface Codec {
  name: string;
  frames: Buffer[];
  parser: (interByteTimeoutMs?: number) => FramedParser<unknown>;
}
const CODECS: Codec[] = [
  { name: 'ID-003 responses', frames: ID003_RESPONSES.map(encodeResponse), parser: (g) => new Id003ResponseParser(g) },
  {
    name: 'ID-003 commands',
    frames: [
      encodeCommand({ type: 'statusRequest' }),
      encodeCommand({ type: 'stack1' }),
      encodeCommand({ type: 'setDenominations', inhibitMask: 3 }),
      encodeCommand({ type: 'ack' }),
      encodeCommand({ type: 'setBarcodeFunction', symbology: 1, characters: 18 }),
      encodeCommand({ type: 'setBarInhibit', mask: 0xfc }),
    ],
    parser: (g) => new Id003CommandParser(g),
  },
  { name: 'button deck', frames: DECK.map(encodeDeckFrame), parser: (g) => new DeckParser(g) },
  { name: 'EBDS replies', frames: EBDS_REPLIES.map(encodeEbdsReply), parser: (g) => new EbdsReplyParser(g) },
  { name: 'EBDS commands', frames: EBDS_COMMANDS.map(encodeEbdsCommand), parser: (g) => new EbdsCommandParser(g) },
];

describe.each(CODECS)('$name parser', ({ frames, parser }) => {
  const stream = Buffer.concat(frames);
  const decodedOf = (p: FramedParser<unknown>, chunks: Buffer[]) => chunks.flatMap((c) => p.feed(c));
  const reference = decodedOf(parser(), [stream]);

  it('gives up a frame left incomplete when the line goes quiet, and reads the next one', async () => {
    const timed = parser(5);
    const got: unknown[] = [];
    timed.on('data', (f) => got.push(f));
    timed.write(frames[0]!.subarray(0, frames[0]!.length - 1));
    await new Promise((r) => setTimeout(r, 20));
    timed.write(frames[1]);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([reference[1]]);
    expect(timed.stats.badFrames).toBeGreaterThanOrEqual(1);
  });

  it('reads a clean stream with nothing dropped', () => {
    const p = parser();
    expect(decodedOf(p, [stream])).toHaveLength(frames.length);
    expect(p.stats.badFrames).toBe(0);
  });

  it('gives the same frames when the stream is split at every byte boundary, and byte by byte', () => {
    for (let i = 0; i <= stream.length; i++) {
      const p = parser();
      expect(decodedOf(p, [stream.subarray(0, i), stream.subarray(i)])).toEqual(reference);
      expect(p.stats.badFrames).toBe(0);
    }
    const p = parser();
    expect(
      decodedOf(
        p,
        [...stream].map((b) => Buffer.from([b])),
      ),
    ).toEqual(reference);
  });

  it('survives random bytes (bounded), never throwing, and delivers only well-formed frames', () => {
    const r = rng(1);
    const p = parser();
    let delivered = 0;
    for (let n = 0; n < 3000; n++) {
      const chunk = Buffer.alloc(1 + Math.floor(r() * 40));
      for (let i = 0; i < chunk.length; i++) chunk[i] = r() < 0.1 ? chunk[0]! : Math.floor(r() * 256);
      delivered += p.feed(chunk).length;
    }
    expect(p.stats.badFrames).toBeGreaterThan(0);
    // A random frame passes a 16-bit CRC about once in 65,536 tries, EBDS's ETX, 8-bit checksum and
    // 7-bit bytes more rarely still: allow for luck, not for a leak.
    expect(delivered).toBeLessThan(5);
  });

  it('drops and counts every frame with a flipped bit, delivering all the others intact', () => {
    const r = rng(2);
    for (let trial = 0; trial < 400; trial++) {
      const k = Math.floor(r() * frames.length);
      const bad = Buffer.from(frames[k]!);
      const bitAt = Math.floor(r() * bad.length * 8);
      bad[bitAt >> 3]! ^= 1 << (bitAt & 7);
      const sent = frames.map((f, i) => (i === k ? bad : f));
      const p = parser();
      const got = [...decodedOf(p, [Buffer.concat(sent), ...frames]), ...p.reset()];
      const expected = [...reference.filter((_, i) => i !== k), ...reference];
      expect(got).toEqual(expected);
      expect(p.stats.badFrames).toBeGreaterThanOrEqual(1);
    }
  });

  it('recovers from frames cut short, counting them', () => {
    const r = rng(3);
    for (let trial = 0; trial < 300; trial++) {
      const k = Math.floor(r() * frames.length);
      const cut = frames[k]!.subarray(0, 1 + Math.floor(r() * (frames[k]!.length - 1)));
      const p = parser();
      const got = [...decodedOf(p, [cut, ...frames]), ...p.reset()];
      expect(got).toEqual(reference);
      expect(p.stats.badFrames).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('printer byte streams', () => {
  it('the reply parser survives random bytes and keeps real replies split anywhere', () => {
    const r = rng(4);
    const p = new PrinterReplyParser();
    for (let n = 0; n < 2000; n++) {
      const chunk = Buffer.alloc(1 + Math.floor(r() * 20));
      for (let i = 0; i < chunk.length; i++) chunk[i] = Math.floor(r() * 256);
      for (const x of p.feed(chunk)) expect(['status', 'processId']).toContain(x.type);
    }
    const good = Buffer.concat([Buffer.from([0x12, 0x16]), encodeProcessIdReply('1234'), Buffer.from([0x1e])]);
    for (let i = 0; i <= good.length; i++) {
      const q = new PrinterReplyParser();
      expect([...q.feed(good.subarray(0, i)), ...q.feed(good.subarray(i))]).toEqual([
        { type: 'status', byte: 0x12 },
        { type: 'status', byte: 0x16 },
        { type: 'processId', id: '1234' },
        { type: 'status', byte: 0x1e },
      ]);
    }
  });

  it('the ESC/POS decoder survives random and mutated job streams and reads the next good job', () => {
    const r = rng(5);
    const job = voucherBytes(VOUCHER);
    for (let trial = 0; trial < 200; trial++) {
      const d = new EscPosDecoder();
      const junk = Buffer.from(job);
      for (let f = 0; f < 5; f++) junk[Math.floor(r() * junk.length)] = Math.floor(r() * 256);
      d.feed(junk.subarray(0, Math.floor(r() * junk.length)));
      d.reset();
      const out = d.feed(job);
      expect(out.filter((c) => c.type === 'barcodeItf')).toEqual([{ type: 'barcodeItf', data: VOUCHER.validation }]);
      expect(out.at(-1)).toMatchObject({ type: 'cut' });
    }
  });
});

// Bounded fuzzing of both TCL parsers, as src/devices/shared/fuzz.test.ts does for the framed
// protocols: random bytes, bit flips, truncations and every split of the stream. Nothing may
// throw and every untouched frame must come out intact. TCL carries no checksum, so a flipped
// bit inside a flag byte or a printed field can pass; a flipped separator, kind or delimiter
// byte never does (docs/protocols/tcl.md says what the driver does about the rest).

import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import { VOUCHER } from '../testing/test-voucher';
import { fillForm } from '../printer/voucher-form';
import { encodeReply, encodeTcl, type TclReply } from './codec';
import { noFlags } from './flags';
import { formDefinitions, printCommand } from './forms';
import { TclCommandDecoder, TclReplyParser } from './parser';

function rng(seed: number) {
  const source = new SeededRandom(seed);
  return () => source.nextUint32() / 4294967296;
}

const REPLIES: TclReply[] = [
  { type: 'status', unit: '0', version: 'GURAA1-01', flags: noFlags(), template: '  ' },
  {
    type: 'status',
    unit: '0',
    version: 'PAY-6.22B',
    flags: { ...noFlags(), busy: true, paperLow: true, powerUp: true, validationDone: true },
    template: 'PV',
  },
  { type: 'crc', crc: 0x1234 },
  {
    type: 'status',
    unit: '1',
    version: 'GURAA1-01',
    flags: {
      ...noFlags(),
      paperJam: true,
      chassisOpen: true,
      headUp: true,
      paperOut: true,
      busy: true,
      systemError: true,
    },
    template: 'PS',
  },
];
const frames = REPLIES.map(encodeReply);
const stream = Buffer.concat(frames);

describe('TCL reply parser', () => {
  it('reads a clean stream whole, split at every byte boundary and byte by byte', () => {
    const clean = new TclReplyParser();
    expect(clean.feed(stream)).toEqual(REPLIES);
    expect(clean.stats.badFrames).toBe(0);
    for (let i = 0; i <= stream.length; i++) {
      const p = new TclReplyParser();
      expect([...p.feed(stream.subarray(0, i)), ...p.feed(stream.subarray(i))]).toEqual(REPLIES);
    }
    const p = new TclReplyParser();
    expect([...stream].flatMap((b) => p.feed(Buffer.from([b])))).toEqual(REPLIES);
  });

  it('gives up a reply left incomplete when the line goes quiet, and reads the next one', async () => {
    const timed = new TclReplyParser(5);
    const got: unknown[] = [];
    timed.on('data', (f) => got.push(f));
    timed.write(frames[0]!.subarray(0, 20));
    await new Promise((r) => setTimeout(r, 20));
    timed.write(frames[1]);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([REPLIES[1]]);
    expect(timed.stats.badFrames).toBeGreaterThanOrEqual(1);
  });

  it('survives random bytes, never throwing, delivering only well-formed replies', () => {
    const r = rng(41);
    const p = new TclReplyParser();
    for (let n = 0; n < 3000; n++) {
      const chunk = Buffer.alloc(1 + Math.floor(r() * 40));
      for (let i = 0; i < chunk.length; i++) chunk[i] = r() < 0.1 ? 0x2a : Math.floor(r() * 256);
      for (const reply of p.feed(chunk)) expect(['status', 'crc']).toContain(reply.type);
    }
    expect(p.stats.badFrames).toBeGreaterThan(0);
  });

  it('drops every reply whose separators, kind or delimiters are hit, and delivers the rest intact', () => {
    const r = rng(42);
    for (let trial = 0; trial < 200; trial++) {
      const k = Math.floor(r() * frames.length);
      const bad = Buffer.from(frames[k]!);
      const framing = [0, 1, 2, bad.length - 2, bad.length - 1].concat(bad[1] === 0x53 ? [4, 14, 16, 18, 20] : [5]);
      bad[framing[Math.floor(r() * framing.length)]!]! ^= 1 << Math.floor(r() * 8);
      const p = new TclReplyParser();
      const got = [...p.feed(Buffer.concat([...frames.map((f, i) => (i === k ? bad : f)), ...frames])), ...p.reset()];
      expect(got).toEqual([...REPLIES.filter((_, i) => i !== k), ...REPLIES]);
      expect(p.stats.badFrames).toBeGreaterThanOrEqual(1);
    }
  });

  it('reads a flipped flag bit either as a dropped reply or as another well-formed status', () => {
    const r = rng(43);
    let passed = 0;
    for (let trial = 0; trial < 300; trial++) {
      const bad = Buffer.from(frames[1]!);
      bad[15 + 2 * Math.floor(r() * 5)]! ^= 1 << Math.floor(r() * 8);
      const p = new TclReplyParser();
      const got = [...p.feed(Buffer.concat([bad, frames[0]!])), ...p.reset()];
      expect(got.at(-1)).toEqual(REPLIES[0]);
      if (got.length === 2) passed++;
    }
    // Bits 6 and 7 are fixed, so a quarter of the flips are caught; the rest need the driver's second read.
    expect(passed).toBeGreaterThan(150);
    expect(passed).toBeLessThan(300);
  });

  // A reply cut short and the next one's opening star can make a whole CRC reply (nothing checks
  // its two bytes), so a cut reply is given up on the line's silence, as the printer answers one
  // request at a time: the driver's parser does so after its inter-byte time.
  it('recovers from replies cut short once the line goes quiet, counting them', () => {
    const r = rng(44);
    for (let trial = 0; trial < 300; trial++) {
      const k = Math.floor(r() * frames.length);
      const cut = frames[k]!.subarray(0, 1 + Math.floor(r() * (frames[k]!.length - 1)));
      const p = new TclReplyParser();
      const got = [...p.feed(cut), ...p.reset(), ...p.feed(stream)];
      expect(got).toEqual(REPLIES);
      expect(p.stats.badFrames).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('TCL command decoder', () => {
  const job = Buffer.concat([...formDefinitions(), printCommand(fillForm(VOUCHER))].map(encodeTcl));
  const reference = new TclCommandDecoder().feed(job);

  it('reads the whole job split anywhere', () => {
    const r = rng(45);
    for (let trial = 0; trial < 200; trial++) {
      const at = Math.floor(r() * job.length);
      const d = new TclCommandDecoder();
      expect([...d.feed(job.subarray(0, at)), ...d.feed(job.subarray(at))]).toEqual(reference);
      expect(d.stats.badFrames).toBe(0);
    }
  });

  it('survives random and mutated streams, and reads the next good job whole', () => {
    const r = rng(46);
    for (let trial = 0; trial < 80; trial++) {
      const d = new TclCommandDecoder();
      const junk = Buffer.from(job);
      for (let f = 0; f < 5; f++) junk[Math.floor(r() * junk.length)] = Math.floor(r() * 256);
      d.feed(junk.subarray(0, Math.floor(r() * junk.length)));
      d.reset();
      const random = Buffer.alloc(64);
      for (let i = 0; i < random.length; i++) random[i] = r() < 0.2 ? 0x5e : Math.floor(r() * 256);
      d.feed(random);
      d.reset();
      const out = d.feed(job);
      expect(out.slice(-reference.length)).toEqual(reference);
    }
  });
});

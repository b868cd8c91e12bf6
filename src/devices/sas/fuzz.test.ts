// Bounded fuzzing of the machine's reading of the host: random bytes, bit flips and splits at
// every byte, through the poll parser and through the whole link. Nothing may throw; a poll that
// carries data is delivered only byte for byte as it was sent; random noise sets nothing off in
// the machine. (A read poll is the address and command alone, with no CRC in the standard, so a
// flip inside one can turn it into another read poll: that much no receiver can detect.)

import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import { MemoryExceptionStore } from './exception-queue';
import { FakeMachine } from '../testing/fake-machine';
import { SasLink } from './link';
import { SasPollParser, type PollFrame } from './poll-parser';
import { SasFormatError, withCrc } from './frame';
import { METER_POLLS } from './meter-codes';
import { LONG_POLLS, hasCrc } from './polls';
import * as R from './replies';
import { decodeLongPoll, encodeLongPoll, generalPoll, type LongPollRequest } from './requests';
import { TestLine } from '../testing/sas-test-line';
import { encodeHostMessage } from './wire';

function rng(seed: number) {
  const source = new SeededRandom(seed);
  return () => source.nextUint32() / 4294967296;
}

const AT = { year: 2025, month: 3, day: 14, hour: 9, minute: 26, second: 53 };
const REQUESTS: LongPollRequest[] = [
  { command: 0x01 },
  { command: 0x1a },
  { command: 0x21, seed: 0xffff },
  { command: 0x2f, game: 0, meters: [0, 5, 0x0c, 0xff] },
  { command: 0x4c, validationId: 0xff00ff, sequence: 0xffffff },
  { command: 0x4d, function: 0xff },
  { command: 0x53, game: 1 },
  { command: 0x71, kind: 'status' },
  { command: 0x71, kind: 'redeem', transferCode: 0, amountCents: 99, barcode: '009999999999999999' },
  { command: 0x7f, at: AT },
  { command: 0x94 },
  { command: 0x0f },
  { command: 0x1f },
  { command: 0x0e, enable: true },
  { command: 0x2d, game: 0 },
  { command: 0x31 },
  { command: 0x3d },
  { command: 0x48 },
  { command: 0x50, validationType: 0x80 },
  { command: 0x52, game: 2 },
  { command: 0x57 },
  { command: 0x58, systemId: 1, validationNumber: '9999999999999999' },
  { command: 0x6f, game: 0, meters: [0x04, 0xffff, 0x0c] },
  {
    command: 0x7b,
    controlMask: 0xffff,
    controlStates: 0xffff,
    cashableExpirationDays: 9999,
    restrictedExpirationDays: 0,
  },
  { command: 0x7c, items: [{ code: 0, text: 'CASINO' }] },
  { command: 0x7d, hostId: 0xffff, expirationDays: 0xff, location: 'A', address1: null, address2: 'B' },
  { command: 0xa0, game: 0 },
  { command: 0xa4, game: 1 },
  { command: 0xaf, game: 1, meters: [0x05] },
];
const MESSAGES: Buffer[] = [generalPoll(1), ...REQUESTS.map((r, i) => encodeLongPoll((i % 3) + 1, r)), generalPoll(0)];
const ENCODED = MESSAGES.map(encodeHostMessage);
const STREAM = Buffer.concat(ENCODED);

const describeFrame = (f: PollFrame) =>
  f.kind === 'long' || f.kind === 'badCrc' ? `${f.kind}:${f.bytes.toString('hex')}` : `${f.kind}:${f.address}`;
const parseAll = (chunks: Buffer[]) => {
  const p = new SasPollParser();
  return { frames: chunks.flatMap((c) => p.feed(c)).map(describeFrame), stats: p.stats };
};
const REFERENCE = parseAll([STREAM]).frames;
const SENT = new Set(MESSAGES.map((m) => m.toString('hex')));

describe('SAS poll parser under fuzzing', () => {
  it('reads a clean stream of every poll with nothing dropped', () => {
    const { frames, stats } = parseAll([STREAM]);
    expect(frames).toHaveLength(MESSAGES.length);
    expect(frames.every((f) => f.startsWith('long:') || f.startsWith('general:'))).toBe(true);
    expect(stats).toMatchObject({ badCrc: 0, broken: 0, strayBytes: 0, badEscapes: 0 });
  });

  it('gives the same polls when the stream is split at every byte boundary, and byte by byte', () => {
    for (let i = 0; i <= STREAM.length; i++) {
      const { frames, stats } = parseAll([STREAM.subarray(0, i), STREAM.subarray(i)]);
      expect(frames).toEqual(REFERENCE);
      expect(stats.broken + stats.badCrc + stats.badEscapes).toBe(0);
    }
    expect(parseAll([...STREAM].map((b) => Buffer.of(b))).frames).toEqual(REFERENCE);
  });

  it('survives random bytes and accepts no data-carrying poll out of them', () => {
    const r = rng(11);
    const p = new SasPollParser();
    let accepted = 0;
    for (let n = 0; n < 3000; n++) {
      const chunk = Buffer.alloc(1 + Math.floor(r() * 40));
      // Plenty of FF and 00 so that escapes and wakeup bytes actually occur.
      for (let i = 0; i < chunk.length; i++) chunk[i] = r() < 0.2 ? 0xff : r() < 0.2 ? 0x00 : Math.floor(r() * 256);
      for (const f of p.feed(chunk)) if (f.kind === 'long' && hasCrc(f.def)) accepted++;
    }
    expect(p.stats.badCrc + p.stats.broken + p.stats.badEscapes).toBeGreaterThan(0);
    // A random poll passes a 16-bit CRC about once in 65,536 tries: allow for luck, not a leak.
    expect(accepted).toBeLessThan(3);
  });

  it('never delivers an altered data-carrying poll after a bit flip, and reads the polls after it intact', () => {
    const r = rng(12);
    for (let trial = 0; trial < 2000; trial++) {
      const k = Math.floor(r() * ENCODED.length);
      const bad = Buffer.from(ENCODED[k]!);
      const bit = Math.floor(r() * bad.length * 8);
      bad[bit >> 3]! ^= 1 << (bit & 7);
      const p = new SasPollParser();
      const frames = [
        ...p.feed(Buffer.concat([...ENCODED.slice(0, k), bad, ...ENCODED.slice(k + 1)])),
        ...p.feed(STREAM),
      ];
      const carrying = frames.flatMap((f) => (f.kind === 'long' && hasCrc(f.def) ? [f.bytes.toString('hex')] : []));
      expect(carrying.filter((h) => !SENT.has(h))).toEqual([]);
      // The clean stream after it carries data of its own: the check above always has some to look at.
      expect(carrying.length).toBeGreaterThan(0);
      // Whatever the flip did, the clean stream that follows is read whole.
      expect(frames.slice(-MESSAGES.length).map(describeFrame)).toEqual(REFERENCE);
    }
  });
});

describe('SAS poll and reply decoders under fuzzing', () => {
  it('read any data behind a good CRC as a request or a SasFormatError, never anything else', () => {
    const r = rng(14);
    let decoded = 0;
    for (const code of Object.keys(LONG_POLLS).map(Number)) {
      for (let n = 0; n < 300; n++) {
        const data = Array.from({ length: Math.floor(r() * 24) }, () => (r() < 0.3 ? 0xff : Math.floor(r() * 256)));
        // Half the time a length byte that agrees with what follows, so the checks past it are reached.
        if (data.length && r() < 0.5) data[0] = data.length - 1;
        try {
          decodeLongPoll(withCrc([1, code, ...data]));
          decoded++;
        } catch (e) {
          expect(e, `${code.toString(16)} ${Buffer.from(data).toString('hex')}`).toBeInstanceOf(SasFormatError);
        }
      }
    }
    expect(decoded).toBeGreaterThan(0);
  });

  it('read any reply bytes as a value or a SasFormatError', () => {
    const r = rng(15);
    const decoders = Object.entries(R).filter(([name, f]) => name.startsWith('decode') && typeof f === 'function');
    expect(decoders.length).toBeGreaterThan(20);
    for (const [name, decode] of decoders) {
      for (let n = 0; n < 300; n++) {
        const bytes = Buffer.from(Array.from({ length: Math.floor(r() * 40) }, () => Math.floor(r() * 256)));
        try {
          // The two that frame by a table get the table the host uses.
          const extra = name === 'decodeMeters' ? METER_POLLS[0x0f] : () => 4;
          (decode as (b: Buffer, extra: unknown) => unknown)(bytes, extra);
        } catch (e) {
          expect(e, `${name} ${bytes.toString('hex')}`).toBeInstanceOf(SasFormatError);
        }
      }
    }
  });
});

describe('SAS link under fuzzing', () => {
  it('noise on the line sets nothing off in the machine and never crashes the link', () => {
    const r = rng(13);
    const store = new MemoryExceptionStore();
    const machine = new FakeMachine(store);
    machine.insertTicket('001234567890123456');
    const line = new TestLine();
    const link = new SasLink({
      address: 1,
      machine,
      exceptions: store,
      money: { accountingDenomination: 1, minorDigits: 2 },
      chirpAfterMs: 1e9,
    }).attach(line);
    const faults: string[] = [];
    link.on('fault', (f) => faults.push(f));
    for (let n = 0; n < 3000; n++) {
      const chunk = Buffer.alloc(1 + Math.floor(r() * 40));
      for (let i = 0; i < chunk.length; i++)
        chunk[i] = r() < 0.15 ? 0xff : r() < 0.15 ? 0x00 : r() < 0.1 ? 0x01 : Math.floor(r() * 256);
      line.deliver(chunk);
    }
    link.detach();
    expect(faults).toEqual([]);
    expect(machine.calls).toEqual([]);
    expect(machine.ticket!.state).toBe('awaitingHost');
    expect(link.lineStats().frames).toBeGreaterThan(0);
  });
});

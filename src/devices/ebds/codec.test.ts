import { describe, expect, it } from 'vitest';
import {
  decodeCommand,
  decodeReply,
  encodeCommand,
  encodeReply,
  unitStatus,
  type EbdsCommand,
  type EbdsReply,
  type NoteData,
  type OmnibusBits,
} from './codec';
import { buildFrame, EBDS_CHECK, openFrame, xorChecksum } from './frame';
import { readAuxiliary, crcData } from './identity';
import { noteDataOf, readNote } from './notes';
import { EbdsReplyParser } from './parser';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
/** The three omnibus bytes all zero: what the public examples of the extended messages carry. */
const ZERO: OmnibusBits = {
  denominations: 0,
  escrow: false,
  stack: false,
  return: false,
  orientation: 0,
  noPush: false,
  barcode: false,
  policy: 'A',
  extendedNotes: false,
};
const ON: OmnibusBits = {
  ...ZERO,
  denominations: 0x7f,
  escrow: true,
  orientation: 2,
  barcode: true,
  extendedNotes: true,
};
const JPY_2000: NoteData = {
  index: 0,
  iso: 'JPY',
  base: '002',
  sign: '+',
  exponent: '03',
  orientation: 0,
  noteType: 'A',
  series: 'A',
  compatibility: 'B',
  version: 'A',
  classification: 0,
};

describe('EBDS framing', () => {
  it('is STX, length, control, data, ETX and the XOR from the length to the last data byte', () => {
    const f = buildFrame(1, 0, [0x7f, 0x1c, 0x12]);
    expect(f.toString('hex')).toBe('0208107f1c1203' + xorChecksum(f, 1, 6).toString(16).padStart(2, '0'));
    expect(f[7]).toBe(0x08 ^ 0x10 ^ 0x7f ^ 0x1c ^ 0x12);
    expect(openFrame(f)).toMatchObject({ messageType: 1, toggle: 0, device: 0 });
    expect(EBDS_CHECK.ok(f)).toBe(true);
  });

  it('carries the toggle in bit 0 of the control byte and the message type in bits 4–6', () => {
    const a = encodeCommand({ type: 'omnibus', toggle: 0, bits: ON });
    const b = encodeCommand({ type: 'omnibus', toggle: 1, bits: ON });
    expect([a[2], b[2]]).toEqual([0x10, 0x11]);
    expect(encodeReply({ type: 'status', toggle: 1, status: unitStatus({ activity: 'idling' }) })[2]).toBe(0x21);
    expect(encodeCommand({ type: 'auxiliary', toggle: 0, query: 'softwareCrc' })[2]).toBe(0x60);
    expect(encodeCommand({ type: 'queryNote', toggle: 1, bits: ON, index: 1 })[2]).toBe(0x71);
  });

  it('refuses a bad checksum, a missing ETX, a byte wider than 7 bits, a lying length and another device type', () => {
    const good = encodeCommand({ type: 'omnibus', toggle: 0, bits: ON });
    const flip = (i: number, v: number) => {
      const f = Buffer.from(good);
      f[i] = v;
      return f;
    };
    expect(() => decodeCommand(flip(good.length - 1, good[good.length - 1]! ^ 1))).toThrow(/checksum/);
    expect(() => decodeCommand(flip(good.length - 2, 0x04))).toThrow(/ETX/);
    // A byte of 0x80 or more cannot cross a 7-bit line: with the checksum fixed it is refused all the same.
    const wide = flip(3, 0xff);
    wide[wide.length - 1] = xorChecksum(wide, 1, wide.length - 2);
    expect(() => decodeCommand(wide)).toThrow(/7 bits/);
    expect(() => decodeCommand(good.subarray(0, good.length - 1))).toThrow(/length/);
    const recycler = flip(2, 0x12);
    recycler[recycler.length - 1] = xorChecksum(recycler, 1, recycler.length - 2);
    expect(() => decodeCommand(recycler)).toThrow(/not a bill acceptor/);
    expect(() => buildFrame(1, 0, [0x80])).toThrow(/7 bits/);
  });
});

describe('EBDS messages: the public byte examples', () => {
  it('query extended note specification, index 1', () => {
    const bytes = hex('02 0a 70 02 00 00 00 01 03 79');
    expect(encodeCommand({ type: 'queryNote', toggle: 0, bits: ZERO, index: 1 })).toEqual(bytes);
    expect(decodeCommand(bytes)).toEqual({ type: 'queryNote', toggle: 0, bits: ZERO, index: 1 });
  });

  it('extended note reply of a 2000 yen note: ISO code, base 002, sign +, exponent 03', () => {
    const bytes = hex('02 1e 70 02 00 00 00 00 00 00 00 4a5059 303032 2b 3033 00 41 41 42 41 00 0000 03 36');
    const status = unitStatus({ cassetteAttached: false });
    expect(encodeReply({ type: 'note', toggle: 0, status, note: JPY_2000 })).toEqual(bytes);
    expect(decodeReply(bytes)).toEqual({ type: 'note', toggle: 0, status, note: JPY_2000 });
    expect(readNote(JPY_2000, 'JPY', 0)).toMatchObject({ ok: true, note: { value: 2000, denomination: 'JPY 2000' } });
  });

  it('set extended note inhibits, 8 and 19 enable bytes, and the alternate reply', () => {
    const cfsc = hex('02 11 70 03 00 00 00 01 00 00 00 00 00 00 00 03 63');
    const sc = hex('02 1c 70 03 00 00 00 01' + '00'.repeat(18) + '03 6e');
    expect(
      encodeCommand({ type: 'setNoteInhibits', toggle: 0, bits: ZERO, enables: [1, ...Array(7).fill(0)] }),
    ).toEqual(cfsc);
    expect(decodeCommand(sc)).toMatchObject({ type: 'setNoteInhibits', enables: [1, ...Array(18).fill(0)] });
    const alt = hex('02 0c 70 03 00 00 00 00 00 00 03 7f');
    expect(decodeReply(alt)).toEqual({
      type: 'noteInhibits',
      toggle: 0,
      status: unitStatus({ cassetteAttached: false }),
    });
  });
});

describe('EBDS messages: round trips of every kind spoken', () => {
  const commands: EbdsCommand[] = [
    { type: 'omnibus', toggle: 0, bits: ON },
    { type: 'omnibus', toggle: 1, bits: { ...ON, stack: true } },
    { type: 'omnibus', toggle: 0, bits: { ...ON, return: true, policy: 'C', noPush: true } },
    { type: 'omnibus', toggle: 1, bits: { ...ON, denominations: 0, barcode: false, orientation: 1 } },
    { type: 'queryNote', toggle: 1, bits: ON, index: 127 },
    { type: 'setNoteInhibits', toggle: 0, bits: ON, enables: [0x7f, 0x01, 0, 0, 0, 0, 0, 0] },
    { type: 'auxiliary', toggle: 1, query: 'softwareCrc' },
    { type: 'auxiliary', toggle: 0, query: 'applicationPartNumber' },
  ];
  it.each(commands.map((c, i) => [i, c] as const))('command %i', (_i, c) => {
    expect(decodeCommand(encodeCommand(c))).toEqual(c);
  });

  const replies: EbdsReply[] = [
    { type: 'status', toggle: 0, status: unitStatus({ activity: 'idling', model: 0x54, revision: 0x21 }) },
    { type: 'status', toggle: 1, status: unitStatus({ activity: 'idling', event: 'stacked' }) },
    { type: 'status', toggle: 0, status: unitStatus({ activity: 'idling', event: 'rejected' }) },
    { type: 'status', toggle: 1, status: unitStatus({ activity: 'returning' }) },
    {
      type: 'status',
      toggle: 0,
      status: unitStatus({ jammed: true, cassetteFull: true, paused: true, failure: true, powerUp: true }),
    },
    { type: 'status', toggle: 1, status: unitStatus({ cassetteAttached: false, cheated: true, transportOpen: true }) },
    { type: 'status', toggle: 0, status: unitStatus({ activity: 'escrowed', noteValue: 5, stalled: true }) },
    { type: 'note', toggle: 1, status: unitStatus({ activity: 'escrowed' }), note: noteDataOf('USD', 20) },
    { type: 'note', toggle: 0, status: unitStatus({ activity: 'idling' }), note: null },
    { type: 'barcode', toggle: 1, status: unitStatus({ activity: 'escrowed' }), barcode: '001234567890123456' },
    { type: 'noteInhibits', toggle: 0, status: unitStatus({ activity: 'idling' }) },
    { type: 'auxiliary', toggle: 1, data: crcData(0xbeef) },
  ];
  it.each(replies.map((r, i) => [i, r] as const))('reply %i', (_i, r) => {
    expect(decodeReply(encodeReply(r))).toEqual(r);
  });

  it('drops the padding after a barcode, and keeps whatever else the unit put there for the driver to refuse', () => {
    const status = unitStatus({ activity: 'escrowed' });
    const padded = encodeReply({ type: 'barcode', toggle: 0, status, barcode: '001234567890123456' + '('.repeat(10) });
    expect(decodeReply(padded)).toMatchObject({ barcode: '001234567890123456' });
    expect(decodeReply(encodeReply({ type: 'barcode', toggle: 0, status, barcode: '12(34' }))).toMatchObject({
      barcode: '12(34',
    });
  });

  it('refuses state combinations no unit sends: two activities, two document events, a reserved bit', () => {
    const with0 = (state: number, status = 0x10, misc = 0) => {
      const f = buildFrame(2, 0, [state, status, 0, misc, 0x54, 1]);
      return () => decodeReply(f);
    };
    expect(with0(0x01)).not.toThrow();
    expect(with0(0x11)).not.toThrow(); // idling and the stacked event
    expect(with0(0x05)).toThrow(/idling and escrowed/);
    expect(with0(0x50)).toThrow(/stacked and returned/);
    expect(with0(0x11, 0x12)).toThrow(/stacked and rejected/);
    expect(with0(0x01, 0x10, 0x40)).toThrow(/reserved/);
  });

  it('refuses commands it does not speak: coupons, obsolete modes, unknown subtypes, both stack and return', () => {
    expect(() => decodeCommand(buildFrame(1, 0, [0x7f, 0x10, 0x20]))).toThrow(/coupon/);
    expect(() => decodeCommand(buildFrame(1, 0, [0x7f, 0x11, 0x10]))).toThrow(/obsolete/);
    expect(() => decodeCommand(buildFrame(1, 0, [0x7f, 0x70, 0x10]))).toThrow(/both stacks and returns/);
    expect(() => decodeCommand(buildFrame(7, 0, [0x0b, 0, 0, 0, 1]))).toThrow(/not one spoken/);
    expect(() => decodeCommand(buildFrame(6, 0, [0, 0, 0x7f]))).toThrow(/not one spoken/);
    expect(() => decodeCommand(buildFrame(3, 0, [0, 0, 0]))).toThrow(/not a command/);
    expect(() => decodeReply(buildFrame(1, 0, [0, 0, 0]))).toThrow(/not a reply/);
  });
});

describe('EBDS note values (C-16): from what the unit reports, never a table', () => {
  it('base × 10^±exponent major units, in the cabinet minor units', () => {
    expect(readNote(noteDataOf('USD', 20), 'USD', 2)).toMatchObject({ ok: true, note: { value: 2000 } });
    expect(readNote(noteDataOf('USD', 1), 'USD', 2)).toMatchObject({ ok: true, note: { value: 100 } });
    expect(readNote(noteDataOf('EUR', 0.5), 'EUR', 2)).toMatchObject({ ok: true, note: { value: 50 } });
    expect(readNote({ ...JPY_2000, base: '500', exponent: '01' }, 'JPY', 0)).toMatchObject({
      ok: true,
      note: { value: 5000 },
    });
    // A value that is no whole number of minor units, or none at all, is never credited.
    expect(readNote({ ...JPY_2000, iso: 'USD', base: '001', sign: '-', exponent: '03' }, 'USD', 2)).toMatchObject({
      ok: false,
    });
    expect(readNote({ ...JPY_2000, base: '000' }, 'JPY', 0)).toMatchObject({ ok: false, foreign: false });
  });

  it('a note of another currency is foreign, and malformed fields are refused with what was sent', () => {
    expect(readNote(JPY_2000, 'USD', 2)).toEqual({
      ok: false,
      foreign: true,
      reason: "the acceptor reports a JPY note; the cabinet's currency is USD",
    });
    expect(readNote({ ...JPY_2000, base: '0x2' }, 'JPY', 0)).toMatchObject({
      ok: false,
      reason: /base value of "0x2"/,
    });
    expect(readNote({ ...JPY_2000, sign: '*' }, 'JPY', 0)).toMatchObject({ ok: false, reason: /sign "\*"/ });
    expect(readNote({ ...JPY_2000, iso: 'jp\u0000' }, 'JPY', 0)).toMatchObject({ ok: false, foreign: false });
    expect(readNote({ ...JPY_2000, exponent: '99' }, 'JPY', 0)).toMatchObject({ ok: false, reason: /too large/ });
  });

  it('the auxiliary answers: a software CRC in four nibbles and a part number in ASCII', () => {
    expect(readAuxiliary('softwareCrc', crcData(0x3b7e))).toBe('3B7E');
    expect(readAuxiliary('softwareCrc', [0x31, 0x32, 0x33, 0x34])).toBeNull();
    expect(readAuxiliary('applicationPartNumber', [...Buffer.from('286100R21')])).toBe('286100R21');
    expect(readAuxiliary('applicationPartNumber', [0x1b, 0x5b])).toBeNull();
  });
});

describe('EBDS reply parser', () => {
  it('reads frames split anywhere and counts a bad checksum as a drop', () => {
    const frames = [
      encodeReply({ type: 'status', toggle: 0, status: unitStatus({ activity: 'idling' }) }),
      encodeReply({ type: 'note', toggle: 1, status: unitStatus({ activity: 'escrowed' }), note: JPY_2000 }),
    ];
    const bad = Buffer.from(frames[0]!);
    bad[bad.length - 1]! ^= 0x01;
    const p = new EbdsReplyParser();
    const stream = Buffer.concat([bad, ...frames]);
    const got = [...stream].flatMap((b) => p.feed(Buffer.from([b])));
    expect(got).toEqual(frames.map((f) => decodeReply(f)));
    // The bad frame, then the rest of it skipped as bytes outside any frame until the next STX.
    expect(p.drops.map((d) => d.reason)).toEqual(['checksum', 'garbage']);
  });
});

import { describe, expect, it } from 'vitest';
import { EscPosDecoder, encodeEscPos, type EscPos } from './escpos';
import { PrinterReplyParser, READY, encodeProcessIdReply, isStatusByte, readStatusByte, statusByte } from './status';
import { voucherBytes, voucherProblems } from './voucher-layout';
import { VOUCHER } from '../testing/test-voucher';

const ALL: EscPos[] = [
  { type: 'text', text: 'HELLO, VENUE #1' },
  { type: 'lf' },
  { type: 'init' },
  { type: 'emphasis', on: true },
  { type: 'emphasis', on: false },
  { type: 'align', align: 'center' },
  { type: 'align', align: 'right' },
  { type: 'size', width: 2, height: 3 },
  { type: 'feed', lines: 4 },
  { type: 'barcodeHeight', dots: 80 },
  { type: 'barcodeWidth', module: 2 },
  { type: 'hriPosition', position: 2 },
  { type: 'barcodeItf', data: '001234567890123456' },
  { type: 'cut', partial: true, feed: 0 },
  { type: 'cut', partial: false, feed: 5 },
  { type: 'processId', id: '0042' },
  { type: 'statusRequest', n: 1 },
  { type: 'statusRequest', n: 4 },
  { type: 'realtimeRequest', n: 2 },
];

describe('ESC/POS codec', () => {
  it('encodes the documented byte sequences', () => {
    const hex = (c: EscPos) => encodeEscPos(c).toString('hex');
    expect(hex({ type: 'init' })).toBe('1b40');
    expect(hex({ type: 'statusRequest', n: 2 })).toBe('100402');
    expect(hex({ type: 'cut', partial: true, feed: 0 })).toBe('1d564200');
    expect(hex({ type: 'barcodeItf', data: '12' })).toBe('1d6b46023132');
    expect(hex({ type: 'processId', id: '0001' })).toBe('1d284806003030' + '30303031');
    expect(hex({ type: 'size', width: 2, height: 2 })).toBe('1d2111');
  });

  it.each(ALL.map((c, i) => [`${i}:${c.type}`, c] as const))('round-trips %s', (_n, c) => {
    const d = new EscPosDecoder();
    expect(d.feed(encodeEscPos(c))).toEqual([c]);
    expect(d.stats.badCommands).toBe(0);
  });

  it('reads a whole voucher split at every byte, and the same stream in one piece', () => {
    const bytes = voucherBytes(VOUCHER);
    const whole = new EscPosDecoder().feed(bytes);
    const d = new EscPosDecoder();
    const split: EscPos[] = [];
    for (const b of bytes) split.push(...d.feed(Buffer.from([b])));
    // Text runs may come in pieces when split; join neighbouring text to compare.
    const join = (cs: EscPos[]) =>
      cs.reduce<EscPos[]>((acc, c) => {
        const last = acc[acc.length - 1];
        if (c.type === 'text' && last?.type === 'text')
          acc[acc.length - 1] = { type: 'text', text: last.text + c.text };
        else acc.push(c);
        return acc;
      }, []);
    expect(join(split)).toEqual(join(whole));
    expect(d.stats.badCommands).toBe(0);
    expect(whole.filter((c) => c.type === 'barcodeItf')).toEqual([{ type: 'barcodeItf', data: VOUCHER.validation }]);
  });

  it('skips and counts what is not ESC/POS, then reads on', () => {
    const d = new EscPosDecoder();
    const out = d.feed(
      Buffer.concat([
        Buffer.from([0x1b, 0x99, 0x01, 0x1d, 0x6b, 70, 3, 0x31, 0x32, 0x33]),
        encodeEscPos({ type: 'init' }),
      ]),
    );
    expect(out.at(-1)).toEqual({ type: 'init' });
    expect(d.stats.badCommands).toBeGreaterThanOrEqual(2);
  });

  it('refuses to encode what the printer cannot take', () => {
    expect(() => encodeEscPos({ type: 'text', text: 'a\nb' })).toThrow(/control/);
    expect(() => encodeEscPos({ type: 'barcodeItf', data: '123' })).toThrow(/even/);
    expect(() => encodeEscPos({ type: 'size', width: 9, height: 1 })).toThrow();
    expect(() => encodeEscPos({ type: 'processId', id: '12a4' })).toThrow();
  });
});

describe('ESC/POS status', () => {
  it('encodes and reads each condition through the four status requests', () => {
    const conds = [
      READY,
      { ...READY, paperOut: true },
      { ...READY, paperLow: true },
      { ...READY, coverOpen: true },
      { ...READY, cutterError: true },
      { ...READY, unrecoverableError: true },
      { ...READY, autoRecoverableError: true },
    ];
    for (const c of conds) {
      const read = { ...READY };
      for (const n of [1, 2, 3, 4] as const) {
        const b = statusByte(n, c);
        expect(isStatusByte(b)).toBe(true);
        for (const [k, v] of Object.entries(readStatusByte(n, b))) (read as Record<string, boolean>)[k] ||= v;
      }
      expect({ ...read, offline: false }).toEqual({ ...c, offline: false });
    }
    expect(statusByte(2, READY)).toBe(0x12);
    expect(statusByte(4, { ...READY, paperOut: true })).toBe(0x72);
    expect(statusByte(4, { ...READY, paperLow: true })).toBe(0x1e);
    expect(() => readStatusByte(1, 0x00)).toThrow();
  });

  it('parses replies split anywhere, dropping noise', () => {
    const p = new PrinterReplyParser();
    const bytes = Buffer.concat([
      Buffer.from([0x12, 0xff, 0x00]),
      encodeProcessIdReply('0007'),
      Buffer.from([0x37, 0x99, 0x16]),
    ]);
    const out = [];
    for (const b of bytes) out.push(...p.feed(Buffer.from([b])));
    expect(out).toEqual([
      { type: 'status', byte: 0x12 },
      { type: 'processId', id: '0007' },
      { type: 'status', byte: 0x16 },
    ]);
    expect(p.stats.garbageBytes + p.stats.badFrames).toBe(4);
  });

  it('refuses a voucher that must not be printed', () => {
    expect(voucherProblems(VOUCHER)).toEqual([]);
    expect(voucherProblems({ ...VOUCHER, validation: '123456789012345678' }).join()).toMatch(/check digits/);
    expect(voucherProblems({ ...VOUCHER, amount: 1.5 }).join()).toMatch(/amount/);
    expect(() => voucherBytes({ ...VOUCHER, venue: 'Café' })).toThrow(/venue/);
  });
});

import { describe, expect, it } from 'vitest';
import { crc16Kermit } from '../shared/crc16-kermit';
import {
  buildFrame,
  decodeCommand,
  decodeResponse,
  encodeCommand,
  encodeResponse,
  FrameError,
  type Id003Command,
  type Id003Response,
} from './codec';
import { assignmentFor, JCM_COUNTRIES, noteTable } from './currency';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('ID-003 codec', () => {
  it('matches the published test vectors', () => {
    expect(hex(encodeCommand({ type: 'statusRequest' }))).toBe('fc05112756');
    expect(hex(encodeCommand({ type: 'ack' }))).toBe('fc0550aa05');
    expect(crc16Kermit(Buffer.from('123456789'))).toBe(0x2189); // the CRC catalogue's check value
  });

  const commands: Id003Command[] = [
    { type: 'statusRequest' },
    { type: 'reset' },
    { type: 'stack1' },
    { type: 'stack2' },
    { type: 'return' },
    { type: 'hold' },
    { type: 'wait' },
    { type: 'ack' },
    { type: 'setDenominations', inhibitMask: 0x8005 },
    { type: 'setSecurity', mask: 0x0102 },
    { type: 'setCommunicationMode', mode: 0 },
    { type: 'setInhibit', inhibited: true },
    { type: 'setInhibit', inhibited: false },
    { type: 'setDirection', mask: 0x0f },
    { type: 'setOptionalFunction', mask: 0x0300 },
    { type: 'getDenominations' },
    { type: 'getSecurity' },
    { type: 'getCommunicationMode' },
    { type: 'getInhibit' },
    { type: 'getDirection' },
    { type: 'getOptionalFunction' },
    { type: 'getVersion' },
    { type: 'getBootVersion' },
    { type: 'getCurrencyAssignment' },
    { type: 'setBarcodeFunction', symbology: 0x01, characters: 18 },
    { type: 'setBarInhibit', mask: 0xfc },
    { type: 'getBarcodeFunction' },
    { type: 'getBarInhibit' },
  ];
  it.each(commands.map((c) => [c.type, c] as const))('round-trips command %s', (_n, c) => {
    const bytes = encodeCommand(c);
    expect(bytes[0]).toBe(0xfc);
    expect(bytes[1]).toBe(bytes.length);
    expect(decodeCommand(bytes)).toEqual(c);
  });

  it('puts the codes of the reference where they belong', () => {
    const code = (c: Id003Command) => encodeCommand(c)[2];
    expect([
      code({ type: 'reset' }),
      code({ type: 'stack1' }),
      code({ type: 'return' }),
      code({ type: 'hold' }),
    ]).toEqual([0x40, 0x41, 0x43, 0x44]);
    expect([
      code({ type: 'setDenominations', inhibitMask: 0 }),
      code({ type: 'setInhibit', inhibited: true }),
      code({ type: 'getCurrencyAssignment' }),
    ]).toEqual([0xc0, 0xc3, 0x8a]);
    expect(hex(encodeCommand({ type: 'setInhibit', inhibited: true }))).toMatch(/^fc06c301/);
  });

  const responses: Id003Response[] = [
    ...(
      [
        'idling',
        'accepting',
        'stacking',
        'vendValid',
        'stacked',
        'returning',
        'holding',
        'disabled',
        'initializing',
        'powerUp',
        'powerUpBillInAcceptor',
        'powerUpBillInStacker',
        'stackerFull',
        'stackerOpen',
        'jamInAcceptor',
        'jamInStacker',
        'pause',
        'cheated',
        'communicationError',
        'invalidCommand',
        'ack',
      ] as const
    ).map((type) => ({ type }) as Id003Response),
    { type: 'escrow', code: 0x63 },
    { type: 'escrow', code: 0x6f, barcode: '123456789012345678' },
    { type: 'rejecting', reason: 0x71 },
    { type: 'failure', code: 0xa6 },
    { type: 'denominations', inhibitMask: 0x0003, echo: true },
    { type: 'denominations', inhibitMask: 0x0100, echo: false },
    { type: 'inhibit', inhibited: true, echo: true },
    { type: 'inhibit', inhibited: false, echo: false },
    { type: 'setting', code: 0xc1, data: [1, 0] },
    { type: 'setting', code: 0x82, data: [0] },
    { type: 'version', text: 'i(USA)-100-SS ID003-05V', boot: false },
    { type: 'version', text: 'BOOT 1', boot: true },
    { type: 'currencyAssignment', entries: assignmentFor([1, 5, 10, 20, 100]) },
    { type: 'barcodeFunction', symbology: 0x01, characters: 0x12, echo: true },
    { type: 'barcodeFunction', symbology: 0, characters: 0, echo: false },
    { type: 'barInhibit', mask: 0xfc, echo: true },
    { type: 'barInhibit', mask: 0xfe, echo: false },
    { type: 'escrow', code: 0x6f, barcode: '' },
    { type: 'escrow', code: 0x6f, barcode: '12\xff\x00\x1b[2J' },
  ];
  it.each(responses.map((r, i) => [`${i}:${r.type}`, r] as const))('round-trips response %s', (_n, r) => {
    expect(decodeResponse(encodeResponse(r))).toEqual(r);
  });

  it('gives status codes their ID-003 values', () => {
    const code = (r: Id003Response) => encodeResponse(r)[2];
    expect(code({ type: 'idling' })).toBe(0x11);
    expect(code({ type: 'escrow', code: 0x61 })).toBe(0x13);
    expect(code({ type: 'vendValid' })).toBe(0x15);
    expect(code({ type: 'disabled' })).toBe(0x1a);
    expect(code({ type: 'powerUpBillInStacker' })).toBe(0x42);
    expect(code({ type: 'jamInStacker' })).toBe(0x46);
    expect(code({ type: 'communicationError' })).toBe(0x4a);
  });

  // C6/C7 as JCM's own acceptor firmware takes them (id003.c: C6 is 7 bytes long, type and
  // length; C7 is 6, one inhibit byte; each is answered with its own bytes echoed) and as public
  // drivers send them at power-up: C6 01 12, C7 FC.
  const withCrc = (head: number[]) => {
    const crc = crc16Kermit(Buffer.from(head));
    return hex(Buffer.from([...head, crc & 0xff, crc >> 8]));
  };
  it('encodes the barcode function (C6) and bar inhibit (C7) and reads the echoes', () => {
    const c6 = encodeCommand({ type: 'setBarcodeFunction', symbology: 0x01, characters: 18 });
    expect(hex(c6)).toBe(withCrc([0xfc, 0x07, 0xc6, 0x01, 0x12]));
    const c7 = encodeCommand({ type: 'setBarInhibit', mask: 0xfc });
    expect(hex(c7)).toBe(withCrc([0xfc, 0x06, 0xc7, 0xfc]));
    // The acceptor's answer is the command's own frame.
    expect(decodeResponse(c6)).toEqual({ type: 'barcodeFunction', symbology: 1, characters: 18, echo: true });
    expect(decodeResponse(c7)).toEqual({ type: 'barInhibit', mask: 0xfc, echo: true });
    // The setting requests 86/87 and their answers.
    expect(hex(encodeCommand({ type: 'getBarcodeFunction' }))).toBe(withCrc([0xfc, 0x05, 0x86]));
    expect(hex(encodeCommand({ type: 'getBarInhibit' }))).toBe(withCrc([0xfc, 0x05, 0x87]));
    expect(decodeResponse(buildFrame(0x87, [0xfe]))).toEqual({ type: 'barInhibit', mask: 0xfe, echo: false });
    expect(() => decodeCommand(buildFrame(0xc6, [1]))).toThrow(/2 data bytes/);
    expect(() => decodeCommand(buildFrame(0xc7, [0xfc, 0]))).toThrow(/1 data bytes/);
    expect(() => decodeResponse(buildFrame(0xc6, [1, 18, 0]))).toThrow(/2 bytes/);
    expect(() => decodeResponse(buildFrame(0x87, []))).toThrow(/1 byte/);
  });

  it('reads a barcode coupon in escrow: code 0x6F then the ASCII characters, the frame length counting them', () => {
    const frame = encodeResponse({ type: 'escrow', code: 0x6f, barcode: '001234567890123456' });
    expect(hex(frame)).toBe(withCrc([0xfc, 5 + 1 + 18, 0x13, 0x6f, ...Buffer.from('001234567890123456', 'ascii')]));
    expect(decodeResponse(frame)).toEqual({ type: 'escrow', code: 0x6f, barcode: '001234567890123456' });
    // Every byte comes through as one character, whatever it is; judging it is the driver's work.
    expect(decodeResponse(buildFrame(0x13, [0x6f, 0x31, 0xff, 0x00]))).toEqual({
      type: 'escrow',
      code: 0x6f,
      barcode: '1\xff\x00',
    });
    // A length byte that lies is a bad frame, never a shorter or longer barcode.
    const lying = Buffer.from(frame);
    lying[1] = frame.length - 1;
    expect(() => decodeResponse(lying)).toThrow(/length byte/);
    expect(() => decodeResponse(frame.subarray(0, frame.length - 1))).toThrow(FrameError);
    // A note's escrow still carries exactly its code.
    expect(() => decodeResponse(buildFrame(0x13, [0x61, 0x31]))).toThrow(/1 data byte/);
  });

  it('refuses every frame cut short with a FrameError', () => {
    const frames = [
      encodeCommand({ type: 'setDenominations', inhibitMask: 0x1234 }),
      encodeCommand({ type: 'setBarcodeFunction', symbology: 1, characters: 18 }),
      buildFrame(0x13, [0x61]),
      buildFrame(0x8a, [0x61, 1, 1, 0, 0x62, 1, 5, 0]),
    ];
    for (const frame of frames) {
      for (let n = 0; n < frame.length; n++) {
        expect(() => decodeCommand(frame.subarray(0, n))).toThrow(FrameError);
        expect(() => decodeResponse(frame.subarray(0, n))).toThrow(FrameError);
      }
    }
  });

  it('computes a CRC only over bytes that are there', () => {
    expect(() => crc16Kermit(Buffer.from('1234'), 0, 5)).toThrow(RangeError);
    expect(() => crc16Kermit(Buffer.from('1234'), -1, 4)).toThrow(RangeError);
  });

  it('refuses malformed frames with a reason', () => {
    const good = encodeCommand({ type: 'statusRequest' });
    const badCrc = Buffer.from(good);
    badCrc[4]! ^= 1;
    expect(() => decodeCommand(badCrc)).toThrow(/CRC/);
    expect(() => decodeCommand(good.subarray(0, 4))).toThrow(FrameError);
    expect(() => decodeResponse(buildFrame(0x13))).toThrow(/denomination/);
    expect(() => decodeResponse(buildFrame(0x11, [1]))).toThrow(/no data/);
    expect(() => decodeResponse(buildFrame(0x8a, [1, 2, 3]))).toThrow(/4-byte/);
    expect(() => decodeResponse(buildFrame(0x2f))).toThrow(/unknown/);
    expect(() => decodeCommand(buildFrame(0xc3, [7]))).toThrow(/inhibit/);
    expect(() => buildFrame(0x11, new Array(251).fill(0))).toThrow(/longer/);
  });

  it('turns a currency assignment into note values in minor units', () => {
    expect(noteTable(assignmentFor([1, 20, 100]), 'USD', 2)).toEqual({
      ok: true,
      values: [
        { code: 0x61, value: 100, denomination: 'USD 1' },
        { code: 0x62, value: 2000, denomination: 'USD 20' },
        { code: 0x63, value: 10000, denomination: 'USD 100' },
      ],
    });
    expect(assignmentFor([20])[0]).toEqual({ code: 0x61, country: 1, base: 2, exponent: 1 });
    expect(() => assignmentFor([2.5])).toThrow();
  });

  it("reads notes in the cabinet's currency and minor digits: a 1000-yen note is 1000 with JPY 0", () => {
    const yen = assignmentFor([1000, 10000], 0x0a);
    expect(yen[0]).toMatchObject({ country: 0x0a, base: 1, exponent: 3 });
    expect(noteTable(yen, 'JPY', 0)).toEqual({
      ok: true,
      values: [
        { code: 0x61, value: 1000, denomination: 'JPY 1000' },
        { code: 0x62, value: 10000, denomination: 'JPY 10000' },
      ],
    });
    expect(noteTable(assignmentFor([5, 500], 0xe0), 'EUR', 2)).toMatchObject({
      ok: true,
      values: [{ value: 500 }, { value: 50000 }],
    });
  });

  it("refuses an assignment for another country than the cabinet's currency, or a currency with no JCM code", () => {
    expect(noteTable(assignmentFor([1000], 0x0a), 'USD', 2)).toEqual({
      ok: false,
      reason: "the acceptor is assigned for Japan, the cabinet's currency is USD",
    });
    expect(noteTable(assignmentFor([20], 0x01), 'JPY', 0)).toMatchObject({ ok: false, reason: /assigned for USA/ });
    expect(noteTable(assignmentFor([20], 0x7f), 'USD', 2)).toMatchObject({ ok: false, reason: /country code 0x7f/ });
    expect(noteTable(assignmentFor([20]), 'GBP', 2)).toMatchObject({ ok: false, reason: /no JCM country code/ });
    // One table: each currency once, each code once.
    expect(new Set(JCM_COUNTRIES.map((c) => c.code)).size).toBe(JCM_COUNTRIES.length);
    expect(new Set(JCM_COUNTRIES.map((c) => c.currency)).size).toBe(JCM_COUNTRIES.length);
  });
});

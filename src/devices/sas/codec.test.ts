// Byte vectors for every poll and reply this machine handles. The expected bytes were computed
// outside this code base, from the standard's layouts and its nibble-wise CRC description, so a
// mistake in a layout or in the CRC here cannot hide behind the same mistake in the expectation.

import { describe, expect, it } from 'vitest';
import { BcdError, bcdToDigits, fromBcd, toBcd } from './bcd';
import { SasFormatError, crcOk, withCrc } from './frame';
import { METER_CODES, METER_POLLS, accountingDenominationCode, denominationCode } from './meter-codes';
import { LONG_POLLS, ROM_SIGNATURE_REPLY_LENGTH, hasCrc } from './polls';
import * as R from './replies';
import { decodeLongPoll, encodeLongPoll, generalPoll, type LongPollRequest } from './requests';
import {
  secureEnhancedBarcode,
  secureEnhancedDigits,
  secureEnhancedProblem,
  applySetValidationId,
  issueValidation,
} from './validation';
import { WakeupDecoder, encodeHostMessage } from './wire';

const A = 1;
const hex = (b: Buffer) => b.toString('hex');
const AT = { year: 2025, month: 3, day: 14, hour: 9, minute: 26, second: 53 };
const BARCODE = '001234567890123456';

describe('CRC-16/KERMIT, low byte first', () => {
  it('gives 51 08 for 01 01 (the shutdown poll to address 1)', () => {
    expect(hex(withCrc([0x01, 0x01]))).toBe('01015108');
    expect(crcOk(Buffer.from('01015108', 'hex'))).toBe(true);
    expect(crcOk(Buffer.from('01015180', 'hex'))).toBe(false);
  });
});

describe('BCD in the standard widths', () => {
  it('packs two digits a byte, most significant first, 4 bytes for meters and 5 for 0D–10', () => {
    expect(hex(toBcd(12_345_678, 4))).toBe('12345678');
    expect(hex(toBcd(1_234_567_890, 5))).toBe('1234567890');
    expect(hex(toBcd(7, 2))).toBe('0007');
    expect(METER_CODES[0x0d]!.bytes).toBe(5);
    expect(METER_CODES[0x10]!.bytes).toBe(5);
    expect(METER_CODES[0x0c]!.bytes).toBe(4);
    expect(METER_CODES[0x11]!.bytes).toBe(4);
  });

  it('rolls a meter over past its width, as SAS meters do', () => {
    expect(hex(toBcd(123_456_789, 4))).toBe('23456789');
    expect(hex(toBcd(100_000_000, 4))).toBe('00000000');
  });

  it('refuses what is not BCD or not a whole number', () => {
    expect(() => fromBcd(Buffer.from('1a', 'hex'))).toThrow(BcdError);
    expect(() => toBcd(-1, 4)).toThrow(BcdError);
    expect(() => toBcd(1.5, 4)).toThrow(BcdError);
    expect(bcdToDigits(Buffer.from('0012', 'hex'))).toBe('0012');
    expect(new BcdError('x')).toBeInstanceOf(SasFormatError);
  });
});

describe('wakeup encoding', () => {
  const decode = (bytes: string) => {
    const out: [number, boolean][] = [];
    new WakeupDecoder().feed(Buffer.from(bytes, 'hex'), (v, w) => out.push([v, w]));
    return out;
  };

  it('reads FF 00 x as x with the wakeup bit and FF FF as a data byte FF', () => {
    expect(decode('ff00011a')).toEqual([
      [0x01, true],
      [0x1a, false],
    ]);
    expect(decode('ff0081')).toEqual([[0x81, true]]);
    expect(decode('ff0001ffff')).toEqual([
      [0x01, true],
      [0xff, false],
    ]);
    expect(decode('ff00ff')).toEqual([[0xff, true]]);
  });

  it('drops a corrupt escape and keeps the byte after it as data, never as a wakeup byte', () => {
    const d = new WakeupDecoder();
    const out: [number, boolean][] = [];
    d.feed(Buffer.from('ff01ff0002', 'hex'), (v, w) => out.push([v, w]));
    expect(out).toEqual([
      [0x01, false],
      [0x02, true],
    ]);
    expect(d.stats.badEscapes).toBe(1);
  });

  it('encodes what the host sends: the first byte marked, every later FF doubled', () => {
    expect(hex(encodeHostMessage(generalPoll(1)))).toBe('ff0081');
    expect(hex(encodeHostMessage(Buffer.from('011a', 'hex')))).toBe('ff00011a');
    const seedFFFF = encodeLongPoll(A, { command: 0x21, seed: 0xffff });
    expect(hex(encodeHostMessage(seedFFFF))).toBe(
      'ff000121ffffffff' + hex(seedFFFF.subarray(4)).replace(/ff/g, 'ffff'),
    );
  });
});

describe('polls, host to machine', () => {
  const vectors: [string, LongPollRequest, string][] = [
    ['01 shutdown', { command: 0x01 }, '01015108'],
    ['02 startup', { command: 0x02 }, '0102ca3a'],
    ['94 remote handpay reset', { command: 0x94 }, '019475cb'],
    ['21 ROM signature, seed 1234', { command: 0x21, seed: 0x1234 }, '012134120da7'],
    ['2F game 0, meters 00 05 0C', { command: 0x2f, game: 0, meters: [0x00, 0x05, 0x0c] }, '012f05000000050c9b5b'],
    [
      '4C validation ID 123456, sequence 41',
      { command: 0x4c, validationId: 0x123456, sequence: 0x29 },
      '014c5634122900008b33',
    ],
    ['4D read current', { command: 0x4d, function: 0 }, '014d00c2ac'],
    ['53 game 2', { command: 0x53, game: 2 }, '015300022e53'],
    ['71 status request', { command: 0x71, kind: 'status' }, '017101ff1fd0'],
    [
      '71 redeem, 16 bytes',
      { command: 0x71, kind: 'redeem', transferCode: 0, amountCents: 2000, barcode: BARCODE },
      '01711000000000200000001234567890123456805f',
    ],
    [
      '71 redeem with restricted expiration and pool ID',
      {
        command: 0x71,
        kind: 'redeem',
        transferCode: 0,
        amountCents: 2000,
        barcode: BARCODE,
        restricted: { expiration: '00000030', poolId: 7 },
      },
      '017116000000002000000012345678901234560000003007001ffd',
    ],
    ['7F 03/14/2025 09:26:53', { command: 0x7f, at: AT }, '017f031420250926533284'],
  ];

  it.each(vectors)('%s', (_name, req, bytes) => {
    expect(hex(encodeLongPoll(A, req))).toBe(bytes);
    expect(decodeLongPoll(Buffer.from(bytes, 'hex'))).toEqual(req);
  });

  it('sends every read poll as the address and command alone, every other one with a CRC', () => {
    for (const [code, def] of Object.entries(LONG_POLLS)) {
      const command = Number(code);
      if (def.type !== 'R') continue;
      expect(hex(encodeLongPoll(A, { command } as LongPollRequest))).toBe(`01${command.toString(16).padStart(2, '0')}`);
    }
    // Which ones carry a CRC: codec-floor.test.ts holds the whole list.
    expect(hasCrc(LONG_POLLS[0x1a]!)).toBe(false);
    expect(hasCrc(LONG_POLLS[0x71]!)).toBe(true);
    expect(hex(generalPoll(0x7f))).toBe('ff');
  });

  it('refuses data the standard does not allow', () => {
    expect(() => decodeLongPoll(withCrc([A, 0x2f, 0x02, 0x00, 0x00]))).toThrow(/3\.\.12/);
    expect(() => decodeLongPoll(withCrc([A, 0x4d, 0x40]))).toThrow(SasFormatError);
    expect(() => decodeLongPoll(withCrc([A, 0x71, 0x05, 0, 0, 0, 0, 0]))).toThrow(/expected 16/);
    expect(() => decodeLongPoll(Buffer.from('017110000000002000010012345678901234568888', 'hex'))).toThrow(
      /parsing code/,
    );
    expect(() => decodeLongPoll(withCrc([A, 0x7f, 0x13, 0x01, 0x20, 0x25, 0x00, 0x00, 0x00]))).toThrow(/no such date/);
    expect(() => decodeLongPoll(withCrc([A, 0x53, 0x0a, 0x00]))).toThrow(BcdError);
  });
});

describe('replies, machine to host', () => {
  const config = {
    gameId: 'JB',
    additionalId: '000',
    denominationCode: 1,
    maxBet: 500,
    progressiveGroup: 0,
    gameOptions: 0,
    paytableId: 'JB96',
    basePercent: 9954,
  };

  it('ACK is the address, NACK the address with bit 7, an exception one byte', () => {
    expect(hex(R.ack(5))).toBe('05');
    expect(hex(R.nack(5))).toBe('85');
    expect(hex(R.exceptionReply(0x3d))).toBe('3d');
  });

  it('meters: 1A, 0F, 18', () => {
    expect(hex(R.encodeMeters(A, 0x1a, METER_POLLS[0x1a]!, [1234]))).toBe('011a00001234452d');
    expect(hex(R.encodeMeters(A, 0x0f, METER_POLLS[0x0f]!, [1, 2, 3, 4, 5, 6]))).toBe(
      '010f000000010000000200000003000000040000000500000006eb96',
    );
    expect(hex(R.encodeMeters(A, 0x18, METER_POLLS[0x18]!, [12, 34]))).toBe('011800120034c1ad');
    expect(
      R.decodeMeters(
        Buffer.from('010f000000010000000200000003000000040000000500000006eb96', 'hex'),
        METER_POLLS[0x0f]!,
      ),
    ).toEqual([1, 2, 3, 4, 5, 6]);
  });

  const replies: [string, Buffer, string, (b: Buffer) => unknown, unknown][] = [
    [
      '1B handpay',
      R.encodeHandpay(A, { progressiveGroup: 0, level: 0x40, amount: 250000, partialPay: 0, resetId: 0 }),
      '011b00400000250000000000000000000000000000002d38',
      R.decodeHandpay,
      { progressiveGroup: 0, level: 0x40, amount: 250000, partialPay: 0, resetId: 0 },
    ],
    [
      '1F machine information (max bet over 255 as FF)',
      R.encodeMachineInfo(A, config),
      '011f4a4230303001ff0000004a423936202039393534099a',
      R.decodeMachineInfo,
      { ...config, maxBet: 255 },
    ],
    [
      '53 game configuration (base % capped at 99.99)',
      R.encodeGameConfig(A, 2, { ...config, gameId: 'PP', maxBet: 10, paytableId: 'PP12', basePercent: 10024 }),
      '015300025050303030010a000000505031322020393939394d46',
      R.decodeGameConfig,
      { game: 2, config: { ...config, gameId: 'PP', maxBet: 10, paytableId: 'PP12', basePercent: 9999 } },
    ],
    ['21 ROM signature', R.encodeRomSignature(A, 0xbeef), '0121efbef873', R.decodeRomSignature, 0xbeef],
    [
      '2F selected meters',
      R.encodeSelectedMeters(A, 0, [
        { code: 0x00, value: 246, bytes: 4 },
        { code: 0x0d, value: 2500, bytes: 5 },
      ]),
      '012f0d000000000002460d0000002500bcfc',
      (b: Buffer) => R.decodeSelectedMeters(b, (c) => METER_CODES[c]?.bytes ?? null),
      {
        game: 0,
        meters: [
          { code: 0x00, value: 246, bytes: 4 },
          { code: 0x0d, value: 2500, bytes: 5 },
        ],
      },
    ],
    [
      '4C validation ID',
      R.encodeValidationId(A, 0x123456, 42),
      '014c5634122a0000efdc',
      R.decodeValidationId,
      { validationId: 0x123456, sequence: 42 },
    ],
    [
      '4D record',
      R.encodeValidationInfo(A, {
        type: 0,
        index: 1,
        at: AT,
        validationNumber: '1234567890123456',
        amountCents: 1250,
        ticketNumber: 42,
        systemId: 0,
        expiration: '12312025',
        poolId: 0,
      }),
      '014d000103142025092653123456789012345600000012502a000012312025000015ee',
      R.decodeValidationInfo,
      {
        type: 0,
        index: 1,
        at: AT,
        validationNumber: '1234567890123456',
        amountCents: 1250,
        ticketNumber: 42,
        systemId: 0,
        expiration: '12312025',
        poolId: 0,
      },
    ],
    [
      '4D nothing to report: zeros',
      R.encodeValidationInfo(A, null),
      '014d00000000000000000000000000000000000000000000000000000000000000f670',
      R.decodeValidationInfo,
      null,
    ],
    ['51 games implemented', R.encodeGameCount(A, 2), '0151000296e6', R.decodeGameNumber, 2],
    [
      '54 version and serial',
      R.encodeVersion(A, 'PC-000042'),
      '01540c36303250432d3030303034322038',
      R.decodeVersion,
      { version: '602', serial: 'PC-000042' },
    ],
    ['55 selected game', R.encodeSelectedGame(A, 1), '015500016cb7', R.decodeGameNumber, 1],
    ['56 enabled games', R.encodeEnabledGames(A, [1, 2]), '01560502000100027cd0', R.decodeEnabledGames, [1, 2]],
    [
      '70 no ticket',
      R.encodeTicketValidation(A, { inEscrow: false }),
      '017001ffc38a',
      R.decodeTicketValidation,
      { inEscrow: false },
    ],
    [
      '70 ticket in escrow',
      R.encodeTicketValidation(A, { inEscrow: true, amountCents: 0, barcode: BARCODE }),
      '01701000000000000000001234567890123456d78c',
      R.decodeTicketValidation,
      { inEscrow: true, amountCents: 0, barcode: BARCODE },
    ],
    [
      '71 status alone (C0)',
      R.encodeRedeem(A, { machineStatus: 0xc0 }),
      '017101c06b19',
      R.decodeRedeem,
      { machineStatus: 0xc0 },
    ],
    [
      '71 pending',
      R.encodeRedeem(A, { machineStatus: 0x40, amountCents: 2000, barcode: BARCODE }),
      '0171104000000020000000123456789012345682c9',
      R.decodeRedeem,
      { machineStatus: 0x40, amountCents: 2000, barcode: BARCODE },
    ],
    ['7E date and time', R.encodeClock(A, AT), '017e031420250926538d05', R.decodeClock, AT],
    ['94 handpay reset', R.encodeHandpayReset(A, 0), '019400e124', R.decodeHandpayReset, 0],
  ];

  it.each(replies)('%s', (_name, bytes, expected, decode, value) => {
    expect(hex(bytes)).toBe(expected);
    expect(decode(Buffer.from(expected, 'hex'))).toEqual(value);
  });

  it('every reply with data has the length its poll declares', () => {
    for (const [, bytes] of replies) {
      const { reply } = LONG_POLLS[bytes[1]!]!;
      // 21 is acknowledged, and its signature comes later in a reply of its own length.
      const declared =
        reply.kind === 'fixed' ? reply.length : reply.kind === 'variable' ? bytes[2]! + 5 : ROM_SIGNATURE_REPLY_LENGTH;
      expect(bytes.length, hex(bytes)).toBe(declared);
    }
  });

  it('refuses a reply cut short with a SasFormatError, never a field left undefined', () => {
    const cut = (b: Buffer, drop: number) => b.subarray(0, b.length - drop);
    expect(() => R.decodeHandpayReset(Buffer.of(A, 0x94))).toThrow(SasFormatError);
    expect(() => R.decodeHandpay(R.encodeHandpay(A, null).subarray(0, 11))).toThrow(/cut short/);
    expect(() => R.decodeRedeem(Buffer.of(A, 0x71, 1))).toThrow(/cut short/);
    expect(() => R.decodeEnabledGames(Buffer.of(A, 0x56, 1))).toThrow(/cut short/);
    expect(() => R.decodeVersion(Buffer.of(A, 0x54))).toThrow(/cut short/);
    expect(() => R.decodeRomSignature(Buffer.of(A, 0x21, 0x34))).toThrow(/cut short/);
    expect(() => R.decodeValidationId(cut(R.encodeValidationId(A, 0x123456, 0x29), 3))).toThrow(/cut short/);
  });

  it('refuses a poll cut short with a SasFormatError', () => {
    expect(() => decodeLongPoll(Buffer.of(A))).toThrow(/cut short/);
    expect(() => decodeLongPoll(withCrc([A, 0x4d]))).toThrow(/cut short/);
    expect(() => decodeLongPoll(withCrc([A, 0x21, 0x34]))).toThrow(/cut short/);
    expect(() => decodeLongPoll(withCrc([A, 0x71]))).toThrow(/cut short/);
  });

  it('the host rejects a reply with a bad CRC or for another machine', () => {
    const b = R.encodeClock(A, AT);
    expect(() => R.checkReply(b, 2, 0x7e)).toThrow(/not for/);
    b[4]! ^= 1;
    expect(() => R.checkReply(b, A, 0x7e)).toThrow(/bad CRC/);
  });
});

describe('accounting denomination (Table C-4)', () => {
  it('maps cents to codes and refuses what has none', () => {
    expect(denominationCode(1)).toBe(0x01);
    expect(denominationCode(25)).toBe(0x04);
    expect(denominationCode(2)).toBe(0x17);
    expect(accountingDenominationCode({ accountingDenomination: 1, minorDigits: 2 })).toBe(0x01);
    expect(accountingDenominationCode({ accountingDenomination: 1, minorDigits: 0 })).toBe(0x06); // one whole unit
    expect(() => accountingDenominationCode({ accountingDenomination: 3, minorDigits: 3 })).toThrow(
      /no SAS denomination code/,
    );
  });
});

describe('secure enhanced validation numbers', () => {
  // Computed outside this code base from the standard's algorithm.
  const vectors: [number, number, string][] = [
    [1, 1, '000169370485315032'],
    [0x123456, 42, '006393700175785539'],
    [0xffffff, 0xffffff, '000000000080061624'],
    [987654, 1, '006465676495604184'],
    [987654, 2, '006716962208795056'],
    [0, 0, '000000000000000000'],
  ];

  it.each(vectors)('ID %i sequence %i → %s', (id, seq, barcode) => {
    expect(secureEnhancedBarcode(id, seq)).toBe(barcode);
    expect(secureEnhancedDigits(id, seq)).toBe(barcode.slice(2));
  });

  it('accepts the numbers it makes and refuses one with a digit misread', () => {
    for (const [id, seq, barcode] of vectors) {
      expect(secureEnhancedProblem(barcode)).toBeNull();
      expect(secureEnhancedProblem(secureEnhancedBarcode(id, (seq + 7) & 0xffffff))).toBeNull();
      // A changed digit in the second half's body breaks its check (the sum modulo 5 moves).
      const misread = barcode.slice(0, 12) + String((Number(barcode.charAt(12)) + 1) % 10) + barcode.slice(13);
      expect(secureEnhancedProblem(misread)).toMatch(/check digits/);
    }
    expect(secureEnhancedProblem('01' + '0'.repeat(16))).toMatch(/system ID/);
    expect(secureEnhancedProblem('0012')).toMatch(/18 digits/);
  });

  it('carries each half digit sum modulo 5 in the half leading digit', () => {
    for (let seq = 1; seq < 500; seq++) {
      const d = secureEnhancedDigits(0xabcdef, seq).split('').map(Number);
      for (const half of [0, 8]) {
        const lead = d[half]!;
        const rest = d.slice(half + 1, half + 8).reduce((s, x) => s + x, 0);
        expect(((lead & 1) + rest) % 5).toBe(lead >> 1);
      }
    }
  });

  it('gives different numbers to consecutive sequences and to different machines', () => {
    const seen = new Set<string>();
    for (const id of [1, 2, 0x123456]) for (let seq = 1; seq <= 2000; seq++) seen.add(secureEnhancedDigits(id, seq));
    expect(seen.size).toBe(6000);
  });

  it('4C: ID 0 asks, a new ID sets, the same setting again keeps the sequence the machine reached', () => {
    let state = { current: null, lastSet: null } as Parameters<typeof applySetValidationId>[0];
    expect(applySetValidationId(state, { validationId: 0, sequence: 0 }).reply).toEqual({
      validationId: 0,
      sequence: 0,
    });
    ({ state } = applySetValidationId(state, { validationId: 77, sequence: 10 }));
    const { config } = issueValidation(state.current!);
    expect(config.sequence).toBe(11);
    state = { ...state, current: config };
    expect(applySetValidationId(state, { validationId: 77, sequence: 10 }).reply).toEqual({
      validationId: 77,
      sequence: 11,
    });
    expect(applySetValidationId(state, { validationId: 0, sequence: 0 }).reply).toEqual({
      validationId: 77,
      sequence: 11,
    });
    expect(applySetValidationId(state, { validationId: 77, sequence: 500 }).reply).toEqual({
      validationId: 77,
      sequence: 500,
    });
  });
});

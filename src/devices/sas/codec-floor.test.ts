// Byte vectors for the polls a casino system's routine reads add (issue 27): meters by game and
// by note, validation, extended meters, features, ticket data and real-time events. As in
// codec.test.ts, every expected frame was written out by hand from the standard's layouts and its
// CRC taken with the nibble-wise algorithm the standard describes, outside this code base.

import { describe, expect, it } from 'vitest';
import { SAS_BILL_VALUES } from '../../cabinet';
import { countryCode } from './country-codes';
import { billAcceptedData, eventData, gameEndedData, gameStartedData } from './event-data';
import { EVENT_DATA_BYTES, eventCode } from './exception-codes';
import { featureBytes } from './features';
import { SasFormatError, withCrc } from './frame';
import { BILL_POLLS, METER_CODES, METER_POLLS } from './meter-codes';
import { LONG_POLLS, hasCrc } from './polls';
import * as R from './replies';
import { decodeLongPoll, encodeLongPoll, type LongPollRequest } from './requests';
import { standardValidationNumber } from './validation';

const A = 1;
const hex = (b: Buffer) => b.toString('hex');

describe('polls a floor reads, host to machine', () => {
  const vectors: [string, LongPollRequest, string][] = [
    ['0E real-time events on', { command: 0x0e, enable: true }, '010e0145d1'],
    ['0E real-time events off', { command: 0x0e, enable: false }, '010e00ccc0'],
    ['2D hand paid cancelled credits, machine', { command: 0x2d, game: 0 }, '012d0000ffe0'],
    ['2D hand paid cancelled credits, game 1', { command: 0x2d, game: 1 }, '012d000176f1'],
    ['50 validation meters, cashable tickets', { command: 0x50, validationType: 0x00 }, '0150002b89'],
    ['50 validation meters, cashable tickets redeemed', { command: 0x50, validationType: 0x80 }, '015080230d'],
    ['52 game 2 meters', { command: 0x52, game: 2 }, '01520002f209'],
    [
      '58 the host validation number',
      { command: 0x58, systemId: 1, validationNumber: '1234567890123456' },
      '01580112345678901234569c34',
    ],
    [
      '6F extended meters 0000 0004 000C',
      { command: 0x6f, game: 0, meters: [0x00, 0x04, 0x0c] },
      '016f080000000004000c0005a1',
    ],
    ['AF extended meters, game 1, 0005', { command: 0xaf, game: 1, meters: [0x05] }, '01af0400010500ea2b'],
    [
      '7B printer and redemption, 30 days',
      {
        command: 0x7b,
        controlMask: 0x0021,
        controlStates: 0x0001,
        cashableExpirationDays: 30,
        restrictedExpirationDays: 0,
      },
      '017b0821000100003000004dad',
    ],
    [
      '7C location and address 1',
      {
        command: 0x7c,
        items: [
          { code: 0x00, text: 'CASINO' },
          { code: 0x01, text: '1 MAIN ST' },
        ],
      },
      '017c130006434153494e4f010931204d41494e205354c24f',
    ],
    [
      '7D host, 30 days, location, address 2 (address 1 left as it is)',
      { command: 0x7d, hostId: 0x1234, expirationDays: 30, location: 'CASINO', address1: null, address2: 'RENO' },
      '017d1034121e06434153494e4f000452454e4f7214',
    ],
    ['A0 enabled features, machine', { command: 0xa0, game: 0 }, '01a000006c13'],
    ['A4 cash out limit, machine', { command: 0xa4, game: 0 }, '01a400000d70'],
    ['31 $1 bills', { command: 0x31 }, '0131'],
    ['3D cash out ticket', { command: 0x3d }, '013d'],
    ['48 last bill', { command: 0x48 }, '0148'],
    ['57 pending cash-out', { command: 0x57 }, '0157'],
  ];

  it.each(vectors)('%s', (_name, req, bytes) => {
    expect(hex(encodeLongPoll(A, req))).toBe(bytes);
    expect(decodeLongPoll(Buffer.from(bytes, 'hex'))).toEqual(req);
  });

  it('sends a CRC with exactly the polls the standard types S, M or G', () => {
    expect(
      Object.entries(LONG_POLLS)
        .filter(([, d]) => hasCrc(d))
        .map(([c]) => Number(c))
        .sort((a, b) => a - b),
    ).toEqual([
      0x01, 0x02, 0x0e, 0x21, 0x2d, 0x2f, 0x4c, 0x4d, 0x50, 0x52, 0x53, 0x58, 0x6f, 0x71, 0x72, 0x73, 0x74, 0x75, 0x7b,
      0x7c, 0x7d, 0x7f, 0x8a, 0x94, 0xa0, 0xa4, 0xaf,
    ]);
    expect(
      Object.entries(LONG_POLLS)
        .filter(([, d]) => d.broadcast)
        .map(([c]) => Number(c)),
    ).toEqual([0x75, 0x7c, 0x7d, 0x7f]);
  });

  it('refuses data the standard does not allow', () => {
    const bad: [number[], RegExp][] = [
      [[A, 0x0e, 0x02], /00 or 01/],
      [[A, 0x50, 0x05], /Table 15.13c/],
      [[A, 0x58, 0x01, 0x12, 0x34, 0x56, 0x78, 0x90, 0x12, 0x34, 0x5a], /not BCD/],
      [[A, 0x6f, 0x03, 0x00, 0x00, 0x04], /1 to 12/],
      [[A, 0x6f, 0x1c, 0x00, 0x00, ...new Array<number>(26).fill(0)], /1 to 12/],
      [[A, 0x6f, 0x06, 0x00, 0x00, 0x04, 0x00], /length byte/],
      [[A, 0x7b, 0x07, 0, 0, 0, 0, 0, 0, 0], /must be 8/],
      [[A, 0x7c, 0x03, 0x05, 0x01, 0x41], /Table 15.3c/],
      [[A, 0x7c, 0x03, 0x00, 0x01, 0x07], /printable/],
      [[A, 0x7c, 0x03, 0x00, 0x05, 0x41], /past the end/],
      [[A, 0x7c, 0x13, 0x10, 0x11, ...new Array<number>(17).fill(0x41)], /at most 16/],
      [[A, 0x7d, 0x01, 0x34], /two bytes/],
      [[A, 0x7d, 0x05, 0x34, 0x12, 0x00, 0x29, 0x41], /at most 40/],
      [[A, 0x7d, 0x08, 0x34, 0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x41], /after its three lines/],
    ];
    for (const [bytes, why] of bad) expect(() => decodeLongPoll(withCrc(bytes)), hex(Buffer.from(bytes))).toThrow(why);
  });

  it('encodes only what a poll can carry', () => {
    expect(() => encodeLongPoll(A, { command: 0x6f, game: 0, meters: [] })).toThrow(SasFormatError);
    expect(() =>
      encodeLongPoll(A, {
        command: 0x7d,
        hostId: null,
        expirationDays: 3,
        location: null,
        address1: null,
        address2: null,
      }),
    ).toThrow(/without a host ID/);
  });
});

describe('replies a floor reads, machine to host', () => {
  const replies: [string, Buffer, string, (b: Buffer) => unknown, unknown][] = [
    [
      '2D 2750 credits',
      R.encodeGameMeter(A, 0x2d, 0, 2750),
      '012d000000002750cdf0',
      R.decodeGameMeter,
      { game: 0, value: 2750 },
    ],
    [
      '52 game 2 coin in, out, jackpot, played',
      R.encodeGameMeters(A, 2, [1000, 900, 0, 10]),
      '0152000200001000000009000000000000000010afd6',
      R.decodeGameMeters,
      { game: 2, values: [1000, 900, 0, 10] },
    ],
    [
      '3D standard validation number and amount',
      R.encodeCashOutTicket(A, { validationNumber: '12345678', amountCents: 2750 }),
      '013d12345678000000275039b3',
      R.decodeCashOutTicket,
      { validationNumber: '12345678', amountCents: 2750 },
    ],
    [
      '48 a US $20 note, the twelfth',
      R.encodeLastBill(A, { countryCode: 37, denominationCode: 4, count: 12 }),
      '0148370400000012d75d',
      R.decodeLastBill,
      { countryCode: 37, denominationCode: 4, count: 12 },
    ],
    [
      '50 three cashable tickets, 82.50',
      R.encodeValidationMeters(A, { validationType: 0, count: 3, amountCents: 8250 }),
      '01500000000003000000825091d8',
      R.decodeValidationMeters,
      { validationType: 0, count: 3, amountCents: 8250 },
    ],
    [
      '57 a cashable ticket of 27.50 waiting',
      R.encodePendingCashout(A, { cashoutType: 0, amountCents: 2750 }),
      '0157000000002750d608',
      R.decodePendingCashout,
      { cashoutType: 0, amountCents: 2750 },
    ],
    [
      '57 nothing waiting',
      R.encodePendingCashout(A, { cashoutType: R.NOT_WAITING_FOR_VALIDATION, amountCents: 0 }),
      '0157800000000000ca31',
      R.decodePendingCashout,
      { cashoutType: 0x80, amountCents: 0 },
    ],
    ['58 acknowledged', R.encodeStatusReply(A, 0x58, 0), '015800eb47', R.decodeStatusReply, 0],
    [
      '6F 0004 and 000C in eight bytes',
      R.encodeExtendedMeters(A, 0x6f, 0, [
        { code: 0x04, bytes: 8, value: 2750 },
        { code: 0x0c, bytes: 8, value: 100 },
      ]),
      '016f18000004000800000000000027500c00080000000000000100f9ae',
      R.decodeExtendedMeters,
      {
        game: 0,
        meters: [
          { code: 0x04, bytes: 8, value: 2750 },
          { code: 0x0c, bytes: 8, value: 100 },
        ],
      },
    ],
    [
      '7B asset 1234, printer and redemption on, secure enhanced, 30 days',
      R.encodeExtendedValidation(A, {
        assetNumber: 1234,
        statusBits: 0x8021,
        cashableExpirationDays: 30,
        restrictedExpirationDays: 0,
      }),
      '017b0ad2040000218000300000eb3d',
      R.decodeExtendedValidation,
      { assetNumber: 1234, statusBits: 0x8021, cashableExpirationDays: 30, restrictedExpirationDays: 0 },
    ],
    ['7C data valid', R.encodeStatusReply(A, 0x7c, 1), '017c013112', R.decodeStatusReply, 1],
    ['7D data valid', R.encodeStatusReply(A, 0x7d, 1), '017d01e90b', R.decodeStatusReply, 1],
    [
      'A0 features',
      R.encodeEnabledFeatures(A, 0, [0xc0, 0x08, 0, 0]),
      '01a00000c008000000009a42',
      R.decodeEnabledFeatures,
      { game: 0, features: [0xc0, 0x08, 0, 0] },
    ],
    [
      'A4 2000 credits',
      R.encodeCashOutLimit(A, 0, 2000),
      '01a400002000cce0',
      R.decodeCashOutLimit,
      { game: 0, credits: 2000 },
    ],
    [
      'event: game ended, won 250',
      R.encodeEvent(A, 0x7f, gameEndedData(250)),
      '01ff7f00000250c57c',
      R.decodeEvent,
      { code: 0x7f, data: [0x00, 0x00, 0x02, 0x50] },
    ],
    [
      'event: bill accepted, the twelfth US $20',
      R.encodeEvent(A, 0x4f, billAcceptedData({ countryCode: 37, denominationCode: 4, count: 12 })),
      '01ff4f370400000012a4a4',
      R.decodeEvent,
      { code: 0x4f, data: [0x37, 0x04, 0x00, 0x00, 0x00, 0x12] },
    ],
    [
      'event: game started, 5 credits, coin in 12345',
      R.encodeEvent(A, 0x7e, gameStartedData(5, 12345)),
      '01ff7e00050001234500008e2e',
      R.decodeEvent,
      { code: 0x7e, data: [0x00, 0x05, 0x00, 0x01, 0x23, 0x45, 0x00, 0x00] },
    ],
    ['event: slot door opened', R.encodeEvent(A, 0x11, []), '01ff1114a4', R.decodeEvent, { code: 0x11, data: [] }],
  ];

  it.each(replies)('%s', (_name, bytes, expected, decode, value) => {
    expect(hex(bytes)).toBe(expected);
    expect(decode(Buffer.from(expected, 'hex'))).toEqual(value);
  });

  it('every reply has the length its poll declares, every event the length its code carries', () => {
    for (const [, bytes] of replies) {
      if (bytes[1] === 0xff) {
        expect(bytes.length).toBe(5 + (EVENT_DATA_BYTES[bytes[2]!] ?? 0));
        continue;
      }
      const def = LONG_POLLS[bytes[1]!]!;
      expect(def.reply.kind).not.toBe('ack');
      expect(bytes.length).toBe(def.reply.kind === 'fixed' ? def.reply.length : bytes[2]! + 5);
    }
  });

  it('refuses a reply cut short or overrunning', () => {
    expect(() => R.decodeExtendedMeters(Buffer.from('016f06000004000a0000', 'hex'))).toThrow(/at most 9/);
    expect(() => R.decodeExtendedMeters(Buffer.from('016f06000004000212340000', 'hex'))).toThrow(/overrun/);
    expect(() => R.decodeLastBill(Buffer.of(A, 0x48, 0x37))).toThrow(SasFormatError);
    expect(() => R.encodeGameMeters(A, 1, [1, 2, 3])).toThrow(/4 meters/);
    expect(() => R.encodeEnabledFeatures(A, 0, [1])).toThrow(/4 feature bytes/);
  });
});

describe('the meter polls by note and the event data', () => {
  it('answers 31–45 (but 3D) each with one bills-accepted meter, and no two alike', () => {
    const codes = Object.values(BILL_POLLS);
    expect(new Set(codes).size).toBe(20);
    expect(Object.keys(BILL_POLLS).map(Number)).not.toContain(0x3d);
    for (const [poll, code] of Object.entries(BILL_POLLS)) {
      expect(METER_POLLS[Number(poll)]).toEqual([{ code }]);
      expect(METER_CODES[code]).toEqual({ bytes: 4, unit: 'count' });
    }
    // The notes they count: $1 … $100,000 and $250 (the $200,000 and up are read with 2F/6F).
    expect(codes.map((c) => SAS_BILL_VALUES[c - 0x40]).sort((a, b) => a! - b!)).toEqual(
      SAS_BILL_VALUES.filter((v) => v <= 100_000),
    );
  });

  it('reports a stacked note as 4F in an event, with zeros for data kept before this version', () => {
    expect(eventCode(0x4a)).toBe(0x4f);
    expect(eventCode(0x4f)).toBe(0x4f);
    expect(eventCode(0x7e)).toBe(0x7e);
    expect(eventData(0x4a, undefined)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(eventData(0x7f, [0, 0, 2, 0x50])).toEqual([0, 0, 2, 0x50]);
    expect(eventData(0x11, undefined)).toEqual([]);
  });

  it('knows the country of a currency from Table C-5, 00 for one it has none for', () => {
    expect(countryCode('USD')).toBe(37);
    expect(countryCode('EUR')).toBe(39);
    expect(countryCode('RUB')).toBe(31);
    expect(countryCode('JPY')).toBe(0);
    expect(countryCode('constructor')).toBe(0);
  });
});

describe('standard validation numbers (15.14)', () => {
  // Worked by hand: amount + time as six BCD digits, the sum's three bytes read as hexadecimal.
  const vectors: [number, [number, number, number], string][] = [
    [2750, [9, 26, 53], '00611331'], // 002750 + 092653 = 095403 → 0x095403 = 611331
    [999_999, [23, 59, 59], '02316632'], // 999999 + 235959 = 1235958 → 235958 → 2316632
    [1_234_567, [0, 0, 0], '02311527'], // only the six low digits of the amount
    [0, [0, 0, 0], '00000000'],
  ];

  it.each(vectors)('%i credits at %j → %s', (amount, [hour, minute, second], digits) => {
    expect(standardValidationNumber(amount, { hour, minute, second })).toBe(digits);
  });

  it('is predictable from the amount and the time alone: two cash-outs that add alike share one', () => {
    expect(standardValidationNumber(100, { hour: 10, minute: 0, second: 0 })).toBe(
      standardValidationNumber(0, { hour: 10, minute: 1, second: 0 }),
    );
  });

  it('refuses an amount or a time there cannot be', () => {
    expect(() => standardValidationNumber(-1, { hour: 0, minute: 0, second: 0 })).toThrow(RangeError);
    expect(() => standardValidationNumber(1, { hour: 24, minute: 0, second: 0 })).toThrow(RangeError);
  });
});

describe('enabled features (A0)', () => {
  it('sets the validation style of the mode, validation extensions, redemption, extended meters, and nothing else', () => {
    expect(featureBytes({ validation: 'secure-enhanced', ticketRedemption: true })).toEqual([0xd0, 0x0c, 0x01, 0x00]);
    expect(featureBytes({ validation: 'system', ticketRedemption: true })).toEqual([0xb0, 0x0c, 0x01, 0x00]);
    expect(featureBytes({ validation: 'standard', ticketRedemption: false })).toEqual([0x10, 0x0c, 0x01, 0x00]);
  });
});

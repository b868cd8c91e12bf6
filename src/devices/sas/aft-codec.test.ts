// Byte vectors for the AFT polls (72–75), the legacy bonus (8A) and their replies, and fuzzing of
// their decoders. As in codec.test.ts, the expected bytes (CRC included) were computed outside
// this code base from the layouts in docs/protocols/sas.md, so a layout mistake here cannot hide
// behind the same mistake in the expectation.

import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import { AFT_STATUS, AFT_TRANSFER_TYPE } from './aft-codes';
import * as AR from './aft-replies';
import type { AftTransferRequest } from './aft-requests';
import { EXCEPTION, EXCEPTIONS } from './exception-codes';
import { SasFormatError, withCrc } from './frame';
import { METER_CODES } from './meter-codes';
import { SasPollParser } from './poll-parser';
import { LONG_POLLS } from './polls';
import { ack } from './replies';
import { decodeLongPoll, encodeLongPoll, type LongPollRequest } from './requests';
import { encodeHostMessage } from './wire';

const A = 1;
const hex = (b: Buffer) => b.toString('hex');
const poll = (h: string) => Buffer.from(h, 'hex');
const KEY = '0102030405060708090a0b0c0d0e0f1011121314';
const AT = { year: 2025, month: 3, day: 14, hour: 9, minute: 26, second: 53 };

const TRANSFER: AftTransferRequest = {
  command: 0x72,
  kind: 'transfer',
  transferCode: 0x00,
  transactionIndex: 0,
  transferType: AFT_TRANSFER_TYPE.inHouseToMachine,
  cashableCents: 12345,
  restrictedCents: 500,
  nonRestrictedCents: 0,
  flags: 0,
  assetNumber: 1234567,
  registrationKey: KEY,
  transactionId: 'TX-0001',
  expiration: '00000030',
  poolId: 0x0102,
  receipt: [{ code: 0x10, value: 'ANNA' }],
  lockTimeout: 0,
};
const TRANSFER_HEX =
  '0172420000000000012345000000050000000000000087d612000102030405060708090a0b0c0d0e0f10111213140754582d30303031000000300201061004414e4e41000052f5';

/** The transfer's body with bytes changed at body offsets (after the length byte), CRC made again. */
function tampered(edit: (body: number[]) => number[]): Buffer {
  const body = edit([...poll(TRANSFER_HEX).subarray(3, -2)]);
  return withCrc([A, 0x72, body.length, ...body]);
}

describe('AFT polls: vectors', () => {
  const cases: [string, LongPollRequest, string][] = [
    ['72 transfer', TRANSFER, TRANSFER_HEX],
    ['72 cancel', { command: 0x72, kind: 'cancel' }, '017201800bb4'],
    [
      '72 interrogate, status only',
      { command: 0x72, kind: 'interrogate', statusOnly: true, transactionIndex: 5 },
      '017202fe057a6c',
    ],
    [
      '72 interrogate',
      { command: 0x72, kind: 'interrogate', statusOnly: false, transactionIndex: 0 },
      '017202ff000f22',
    ],
    [
      '73 register',
      { command: 0x73, code: 0x01, assetNumber: 1234567, registrationKey: KEY, posId: 42 },
      '01731d0187d612000102030405060708090a0b0c0d0e0f10111213142a0000009df0',
    ],
    ['73 read', { command: 0x73, code: 0xff }, '017301ffa765'],
    ['74 lock', { command: 0x74, lockCode: 0x00, conditions: 0x03, timeout: 500 }, '01740003050014ad'],
    [
      '75 receipt data',
      {
        command: 0x75,
        items: [
          { code: 0x00, text: 'CLUB1' },
          { code: 0x10, text: '' },
        ],
      },
      '0175090005434c55423110006d6b',
    ],
    ['8A legacy bonus', { command: 0x8a, amountCredits: 250, taxStatus: 0x01 }, '018a0000025001bfc4'],
  ];
  for (const [name, req, bytes] of cases) {
    it(`${name}: encodes to the standard's bytes and decodes back`, () => {
      expect(hex(encodeLongPoll(A, req))).toBe(bytes);
      expect(decodeLongPoll(poll(bytes))).toEqual(req);
    });
  }

  it('frames every AFT poll on the line by the poll table', () => {
    const p = new SasPollParser();
    const frames = p.feed(Buffer.concat(cases.map(([, , b]) => encodeHostMessage(poll(b)))));
    expect(frames.map((f) => (f.kind === 'long' ? hex(f.bytes) : f.kind))).toEqual(cases.map(([, , b]) => b));
    expect(LONG_POLLS[0x75]!.broadcast).toBe(true);
  });

  it('takes a 72 without the lock timeout as well as with it', () => {
    const without = tampered((b) => b.slice(0, -2));
    expect(decodeLongPoll(without)).toEqual(TRANSFER);
    const withTimeout = tampered((b) => [...b.slice(0, -2), 0x12, 0x34]);
    expect(decodeLongPoll(withTimeout)).toMatchObject({ kind: 'transfer', lockTimeout: 1234 });
  });
});

describe('72 with fields the standard refuses: a status, not silence', () => {
  const refused = (b: Buffer) => decodeLongPoll(b) as { kind: string; status: number };
  it('an amount that is not BCD: 83', () => {
    expect(refused(tampered((b) => ((b[5] = 0x1a), b)))).toMatchObject({ kind: 'refused', status: 0x83 });
    expect(AFT_STATUS.notAValidAmountOrExpiration).toBe(0x83);
  });
  it('an expiration that is not BCD: 83', () => {
    // The expiration follows the 7-character ID at body offset 44.
    expect(refused(tampered((b) => ((b[51] = 0xff), b)))).toMatchObject({ status: 0x83 });
  });
  it('a transaction ID of no characters, of 21, or not ASCII: 95', () => {
    expect(refused(tampered((b) => ((b[43] = 0), b)))).toMatchObject({ status: 0x95 });
    expect(refused(tampered((b) => ((b[43] = 21), b)))).toMatchObject({ status: 0x95 });
    expect(refused(tampered((b) => ((b[44] = 0x07), b)))).toMatchObject({ status: 0x95 });
  });
  it('an ID longer than the poll, receipt data running past the end, or a bad receipt field: 82', () => {
    expect(refused(tampered((b) => ((b[43] = 20), b.slice(0, 50))))).toMatchObject({ status: 0x82 });
    expect(refused(tampered((b) => ((b[57] = 0x30), b)))).toMatchObject({ status: 0x82 });
    expect(refused(tampered((b) => ((b[58] = 0x77), b)))).toMatchObject({ status: 0x82 }); // no such field
    expect(refused(tampered((b) => b.slice(0, 30)))).toMatchObject({ status: 0x82 });
    expect(refused(tampered((b) => [...b, 0, 0, 0]))).toMatchObject({ status: 0x82 });
  });
  it('a transfer code the standard does not have: C1', () => {
    expect(refused(tampered((b) => ((b[0] = 0x02), b)))).toMatchObject({ status: 0xc1, transferCode: 2 });
  });
});

describe('AFT polls the standard does not allow: no reply (SasFormatError)', () => {
  const bad: [string, number[]][] = [
    ['73 with a code it does not have', [A, 0x73, 1, 0x02]],
    ['73 register cut short', [A, 0x73, 1, 0x01]],
    ['73 read of 3 bytes', [A, 0x73, 3, 0xff, 0, 0]],
    ['74 with lock code 01', [A, 0x74, 0x01, 0x00, 0x00, 0x00]],
    ['74 with condition bit 4', [A, 0x74, 0x00, 0x10, 0x00, 0x00]],
    ['74 with a timeout not BCD', [A, 0x74, 0x00, 0x01, 0x0a, 0x00]],
    ['75 with a code not in the table', [A, 0x75, 3, 0x05, 1, 0x41]],
    ['75 of 23 characters', [A, 0x75, 25, 0x00, 23, ...Array<number>(23).fill(0x41)]],
    ['75 running past the end', [A, 0x75, 3, 0x00, 5, 0x41]],
    ['75 not printable', [A, 0x75, 3, 0x00, 1, 0x07]],
    ['8A with tax status 03', [A, 0x8a, 0, 0, 0, 1, 0x03]],
    ['8A with an amount not BCD', [A, 0x8a, 0, 0, 0, 0xab, 0x00]],
    ['72 whose length byte lies', [A, 0x72, 5, 0x80]],
  ];
  for (const [name, bytes] of bad) it(name, () => expect(() => decodeLongPoll(withCrc(bytes))).toThrow(SasFormatError));
});

describe('AFT replies: vectors', () => {
  it('72 with a completed transfer: the record, its time and the cumulative meters', () => {
    const r: AR.AftTransferReply = {
      form: 'record',
      index: 0,
      status: 0x00,
      receiptStatus: 0xff,
      transferType: 0x00,
      amounts: { cashable: 12345, restricted: 500, nonRestricted: 0 },
      flags: 0,
      assetNumber: 1234567,
      transactionId: 'TX-0001',
      completedAt: AT,
      expiration: '00000030',
      poolId: 0x0102,
      cumulative: { cashable: 99999, restricted: 500, nonRestricted: 0 },
    };
    const bytes =
      '0172480000ff000000012345000000050000000000000087d612000754582d3030303103142025092653000000300201080000000000099999080000000000000500080000000000000000528d';
    expect(hex(AR.encodeAftTransfer(A, r))).toBe(bytes);
    expect(AR.decodeAftTransfer(poll(bytes))).toEqual(r);
  });

  it('72 pending: zero time and meters of size zero', () => {
    const r: AR.AftTransferReply = {
      form: 'record',
      index: 1,
      status: 0x40,
      receiptStatus: 0xff,
      transferType: 0x80,
      amounts: { cashable: 2000, restricted: 0, nonRestricted: 0 },
      flags: 0x0b,
      assetNumber: 7,
      transactionId: 'Z',
      completedAt: null,
      expiration: '00000000',
      poolId: 0,
      cumulative: null,
    };
    const bytes = '01722a0140ff800000002000000000000000000000000b07000000015a00000000000000000000000000000000a513';
    expect(hex(AR.encodeAftTransfer(A, r))).toBe(bytes);
    expect(AR.decodeAftTransfer(poll(bytes))).toEqual(r);
  });

  it('72 short form (cancelled, C0, C1) and no information (FF)', () => {
    expect(hex(AR.encodeAftTransfer(A, { form: 'short', index: 0, status: 0x80 }))).toBe('0172020080c759');
    expect(hex(AR.encodeAftTransfer(A, { form: 'none', index: 0, receiptStatus: 0xff }))).toBe('01720300ffff25d2');
    expect(AR.decodeAftTransfer(poll('0172020080c759'))).toEqual({ form: 'short', index: 0, status: 0x80 });
    expect([0x80, 0xc0, 0xc1].every(AR.aftShortForm)).toBe(true);
    expect(AR.aftShortForm(0x84)).toBe(false);
  });

  it('73 registration and 74 lock status', () => {
    const reg = { status: 0x01, assetNumber: 1234567, registrationKey: KEY, posId: 42 };
    const regBytes = '01731d0187d612000102030405060708090a0b0c0d0e0f10111213142a0000009df0';
    expect(hex(AR.encodeAftRegistration(A, reg))).toBe(regBytes);
    expect(AR.decodeAftRegistration(poll(regBytes))).toEqual(reg);
    const lock: AR.AftLockStatusReply = {
      assetNumber: 1234567,
      lockStatus: 0x00,
      availableTransfers: 0x13,
      hostCashoutStatus: 0x03,
      aftStatus: 0xb8,
      maxBufferIndex: 0x7f,
      balance: { cashable: 12345, restricted: 500, nonRestricted: 0 },
      transferLimit: 1_000_000,
      restrictedExpiration: '00000030',
      restrictedPoolId: 0x0102,
    };
    const lockBytes = '01742387d61200001303b87f00000123450000000500000000000000010000000000003002019980';
    expect(hex(AR.encodeAftLockStatus(A, lock))).toBe(lockBytes);
    expect(AR.decodeAftLockStatus(poll(lockBytes))).toEqual(lock);
    expect(hex(ack(A))).toBe('01'); // 75 and 8A
  });
});

describe('AFT exceptions and meters', () => {
  it('declares 69–6F and 7C by name, priority as the standard marks them', () => {
    expect([
      EXCEPTION.aftTransferComplete,
      EXCEPTION.aftHostCashoutRequest,
      EXCEPTION.aftHostCashoutWinRequest,
      EXCEPTION.aftRegisterRequest,
      EXCEPTION.aftRegistrationAcknowledged,
      EXCEPTION.aftRegistrationCancelled,
      EXCEPTION.gameLocked,
      EXCEPTION.legacyBonusAwarded,
    ]).toEqual([0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f, 0x7c]);
    expect(EXCEPTIONS[0x6e]!.priority).toBe(false);
    expect(EXCEPTIONS[0x7c]!.priority).toBe(false);
    expect(EXCEPTIONS[0x69]!.priority).toBe(true);
    expect(EXCEPTIONS[0x6f]!.priority).toBe(true);
  });

  it('reports the AFT meters in cents (5 bytes) and their counts (4)', () => {
    for (const c of [0xa0, 0xa2, 0xa4, 0xae, 0xb0, 0xb8, 0xba, 0xbc]) {
      expect(METER_CODES[c]).toEqual({ bytes: 5, unit: 'cents' });
      expect(METER_CODES[c + 1]).toEqual({ bytes: 4, unit: 'count' });
    }
    expect(METER_CODES[0xa6]).toBeUndefined(); // debit: not kept
  });
});

describe('AFT decoders under fuzzing', () => {
  const rng = (seed: number) => {
    const s = new SeededRandom(seed);
    return () => s.nextUint32() / 4294967296;
  };

  it('read any data behind a good CRC as a request, a refusal with a status, or a SasFormatError', () => {
    const r = rng(72);
    const seen = new Set<string>();
    for (const code of [0x72, 0x73, 0x74, 0x75, 0x8a]) {
      for (let n = 0; n < 2000; n++) {
        const len = Math.floor(r() * 90);
        const data = Array.from({ length: len }, () => (r() < 0.3 ? 0x00 : Math.floor(r() * 256)));
        if (data.length && r() < 0.7) data[0] = data.length - 1;
        // Most of the time a 72 that starts as a transfer, so the fields past the code are reached.
        if (code === 0x72 && data.length > 1 && r() < 0.7) data[1] = r() < 0.5 ? 0 : 1;
        try {
          const req = decodeLongPoll(withCrc([A, code, ...data]));
          seen.add(`${code.toString(16)}:${'kind' in req ? req.kind : 'ok'}`);
          if ('kind' in req && req.kind === 'refused') expect(req.status).toBeGreaterThanOrEqual(0x80);
        } catch (e) {
          expect(e, `${code.toString(16)} ${Buffer.from(data).toString('hex')}`).toBeInstanceOf(SasFormatError);
        }
      }
    }
    expect(seen).toContain('72:refused');
  });

  it('never take a tampered transfer as the one sent: every single-byte change is refused or read as different', () => {
    const r = rng(73);
    const clean = poll(TRANSFER_HEX);
    for (let n = 0; n < 3000; n++) {
      const bad = Buffer.from(clean);
      const at = 3 + Math.floor(r() * (bad.length - 5));
      bad[at] = (bad[at]! + 1 + Math.floor(r() * 255)) & 0xff;
      const framed = withCrc([...bad.subarray(0, -2)]);
      try {
        expect(decodeLongPoll(framed)).not.toEqual(TRANSFER);
      } catch (e) {
        expect(e).toBeInstanceOf(SasFormatError);
      }
    }
  });

  it('read any reply bytes as a value or a SasFormatError', () => {
    const r = rng(74);
    const decoders = Object.entries(AR).filter(([name, f]) => name.startsWith('decode') && typeof f === 'function');
    expect(decoders).toHaveLength(3);
    for (const [name, decode] of decoders) {
      for (let n = 0; n < 1000; n++) {
        const bytes = Buffer.from(Array.from({ length: Math.floor(r() * 90) }, () => Math.floor(r() * 256)));
        if (bytes.length > 3 && r() < 0.7) bytes[2] = bytes.length - 5;
        try {
          (decode as (b: Buffer) => unknown)(bytes);
        } catch (e) {
          expect(e, `${name} ${bytes.toString('hex')}`).toBeInstanceOf(SasFormatError);
        }
      }
    }
  });
});

// Machine → host: the AFT replies (72, 73, 74; 75 and 8A are a plain ACK), each layout written
// once as an encode/decode pair. Amounts are cents (the standard gives every AFT amount in
// cents); the registration key is 40 hex digits. Layouts: docs/protocols/sas.md, "AFT".

import { AFT_STATUS, REGISTRATION_KEY_BYTES, SHORT_REPLY_STATUSES } from './aft-codes';
import { bcdToDigits, digitsToBcd, fromBcd, toBcd } from './bcd';
import { SasFormatError, binaryLE, readAscii, readLE, sasByte, withCrc } from './frame';
import type { SasDateTime } from './machine';
import { decodeDateTime, encodeDateTime } from './requests';

export interface AftAmounts {
  cashable: number;
  restricted: number;
  nonRestricted: number;
}

/** One transfer as 72 reports it: the current one or one in the history. */
export interface AftTransferRecord {
  /** 00 the current or most recent transfer; 01–7F its place in the history. */
  index: number;
  status: number;
  receiptStatus: number;
  transferType: number;
  /** Cents: what moved, or what is to move while pending. */
  amounts: AftAmounts;
  flags: number;
  assetNumber: number;
  transactionId: string;
  /** When it completed; null while pending (sent as zeros). */
  completedAt: SasDateTime | null;
  expiration: string;
  poolId: number;
  /** The machine's cumulative meters of this transfer type in cents, once complete. */
  cumulative: AftAmounts | null;
}

export type AftTransferReply =
  | { form: 'short'; index: number; status: number }
  | { form: 'none'; index: number; receiptStatus: number }
  | ({ form: 'record' } & AftTransferRecord);

/** 72's reply to a refusal: the short form for the statuses the standard answers so, else a record. */
export const aftShortForm = (status: number): boolean => SHORT_REPLY_STATUSES.has(status);

const CUMULATIVE_BYTES = 8;

export function encodeAftTransfer(address: number, r: AftTransferReply): Buffer {
  const variable = (body: number[]) => withCrc([address, 0x72, body.length, ...body]);
  if (r.form === 'short') return variable([r.index, r.status]);
  if (r.form === 'none') return variable([r.index, AFT_STATUS.noTransferInfo, r.receiptStatus]);
  const id = [...Buffer.from(r.transactionId, 'latin1')];
  const meter = (v: number | undefined) =>
    r.cumulative ? [CUMULATIVE_BYTES, ...toBcd(v ?? 0, CUMULATIVE_BYTES)] : [0];
  return variable([
    r.index,
    r.status,
    r.receiptStatus,
    r.transferType,
    ...toBcd(r.amounts.cashable, 5),
    ...toBcd(r.amounts.restricted, 5),
    ...toBcd(r.amounts.nonRestricted, 5),
    r.flags,
    ...binaryLE(r.assetNumber, 4),
    id.length,
    ...id,
    ...(r.completedAt ? encodeDateTime(r.completedAt) : Array<number>(7).fill(0)),
    ...digitsToBcd(r.expiration, 4),
    ...binaryLE(r.poolId, 2),
    ...meter(r.cumulative?.cashable),
    ...meter(r.cumulative?.restricted),
    ...meter(r.cumulative?.nonRestricted),
  ]);
}

export function decodeAftTransfer(b: Buffer): AftTransferReply {
  const len = sasByte(b, 2);
  if (len !== b.length - 5) throw new SasFormatError(`72 reply length ${len} but ${b.length - 5} bytes`);
  const index = sasByte(b, 3);
  const status = sasByte(b, 4);
  if (len === 2) return { form: 'short', index, status };
  if (len === 3) return { form: 'none', index, receiptStatus: sasByte(b, 5) };
  const idLength = sasByte(b, 27);
  let at = 28 + idLength;
  const transactionId = readAscii(b, 28, idLength);
  const zeroTime = at + 7 <= b.length && b.subarray(at, at + 7).every((x) => x === 0);
  const completedAt = zeroTime ? null : decodeDateTime(b, at);
  at += 7;
  const expiration = bcdToDigits(b, at, 4);
  const poolId = readLE(b, at + 4, 2);
  at += 6;
  const meters: number[] = [];
  for (let i = 0; i < 3; i++) {
    const size = sasByte(b, at);
    if (size > 9) throw new SasFormatError(`72 cumulative meter of ${size} bytes: at most 9`);
    meters.push(size ? fromBcd(b, at + 1, size) : -1);
    at += 1 + size;
  }
  if (at !== b.length - 2) throw new SasFormatError('72 reply carries bytes after its meters');
  const [c = -1, r = -1, n = -1] = meters;
  return {
    form: 'record',
    index,
    status,
    receiptStatus: sasByte(b, 5),
    transferType: sasByte(b, 6),
    amounts: { cashable: fromBcd(b, 7, 5), restricted: fromBcd(b, 12, 5), nonRestricted: fromBcd(b, 17, 5) },
    flags: sasByte(b, 22),
    assetNumber: readLE(b, 23, 4),
    transactionId,
    completedAt,
    expiration,
    poolId,
    cumulative: c < 0 || r < 0 || n < 0 ? null : { cashable: c, restricted: r, nonRestricted: n },
  };
}

export interface AftRegistrationReply {
  status: number;
  assetNumber: number;
  registrationKey: string;
  posId: number;
}

const REGISTRATION_REPLY_LENGTH = 0x1d;

export function encodeAftRegistration(address: number, r: AftRegistrationReply): Buffer {
  if (!/^[0-9a-f]{40}$/.test(r.registrationKey)) throw new SasFormatError('a registration key is 40 hex digits');
  return withCrc([
    address,
    0x73,
    REGISTRATION_REPLY_LENGTH,
    r.status,
    ...binaryLE(r.assetNumber, 4),
    ...Buffer.from(r.registrationKey, 'hex'),
    ...binaryLE(r.posId, 4),
  ]);
}

export function decodeAftRegistration(b: Buffer): AftRegistrationReply {
  if (sasByte(b, 2) !== REGISTRATION_REPLY_LENGTH || b.length !== 5 + REGISTRATION_REPLY_LENGTH)
    throw new SasFormatError('73 reply is 29 bytes after its length');
  return {
    status: sasByte(b, 3),
    assetNumber: readLE(b, 4, 4),
    registrationKey: Buffer.from(b.subarray(8, 8 + REGISTRATION_KEY_BYTES)).toString('hex'),
    posId: readLE(b, 28, 4),
  };
}

export interface AftLockStatusReply {
  assetNumber: number;
  lockStatus: number;
  availableTransfers: number;
  hostCashoutStatus: number;
  aftStatus: number;
  maxBufferIndex: number;
  /** Cents on the machine by kind. */
  balance: AftAmounts;
  /** The most that may be transferred to the credit meter now, in cents. */
  transferLimit: number;
  /** The restricted credits' expiration and pool, when there are any. */
  restrictedExpiration: string;
  restrictedPoolId: number;
}

const LOCK_REPLY_LENGTH = 0x23;

export function encodeAftLockStatus(address: number, r: AftLockStatusReply): Buffer {
  return withCrc([
    address,
    0x74,
    LOCK_REPLY_LENGTH,
    ...binaryLE(r.assetNumber, 4),
    r.lockStatus,
    r.availableTransfers,
    r.hostCashoutStatus,
    r.aftStatus,
    r.maxBufferIndex,
    ...toBcd(r.balance.cashable, 5),
    ...toBcd(r.balance.restricted, 5),
    ...toBcd(r.balance.nonRestricted, 5),
    ...toBcd(r.transferLimit, 5),
    ...digitsToBcd(r.restrictedExpiration, 4),
    ...binaryLE(r.restrictedPoolId, 2),
  ]);
}

export function decodeAftLockStatus(b: Buffer): AftLockStatusReply {
  if (sasByte(b, 2) !== LOCK_REPLY_LENGTH || b.length !== 5 + LOCK_REPLY_LENGTH)
    throw new SasFormatError('74 reply is 35 bytes after its length');
  return {
    assetNumber: readLE(b, 3, 4),
    lockStatus: sasByte(b, 7),
    availableTransfers: sasByte(b, 8),
    hostCashoutStatus: sasByte(b, 9),
    aftStatus: sasByte(b, 10),
    maxBufferIndex: sasByte(b, 11),
    balance: { cashable: fromBcd(b, 12, 5), restricted: fromBcd(b, 17, 5), nonRestricted: fromBcd(b, 22, 5) },
    transferLimit: fromBcd(b, 27, 5),
    restrictedExpiration: bcdToDigits(b, 32, 4),
    restrictedPoolId: readLE(b, 36, 2),
  };
}

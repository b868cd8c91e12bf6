// Host → machine: the AFT polls (72 transfer, 73 registration, 74 lock and status, 75 receipt
// data) and the legacy bonus (8A), as typed values with their encode/decode pair (requests.ts
// routes to these). Layouts: docs/protocols/sas.md, "AFT".
//
// A 72 whose framing is sound but whose fields the standard refuses (an amount that is not BCD,
// a transaction ID of no characters, receipt data running past the end) is not silence: the
// standard answers it with a status, so it decodes as `kind: 'refused'` with that status. Any
// other poll here with data the standard does not allow is a SasFormatError (no reply).

import {
  AFT_CONDITION_MASK,
  AFT_LOCK_CODE,
  AFT_RECEIPT_DATA_CODES,
  AFT_RECEIPT_FIELDS,
  AFT_RECEIPT_TEXT_MAX,
  AFT_REGISTRATION_CODE,
  AFT_STATUS,
  AFT_TRANSFER_CODE,
  LEGACY_BONUS_TAX,
  REGISTRATION_KEY_BYTES,
  TRANSACTION_ID_MAX,
} from './aft-codes';
import { BcdError, bcdToDigits, digitsToBcd, fromBcd, toBcd } from './bcd';
import { SasFormatError, binaryLE, readAscii, readLE, sasByte, withCrc } from './frame';

/** A receipt field of a 72 (Table 8.3f): text, or the BCD digits of a number. */
export interface AftReceiptField {
  code: number;
  value: string;
}

export interface AftTransferRequest {
  command: 0x72;
  kind: 'transfer';
  /** 00 full only, 01 partial allowed. */
  transferCode: number;
  transactionIndex: number;
  transferType: number;
  cashableCents: number;
  restrictedCents: number;
  nonRestrictedCents: number;
  flags: number;
  assetNumber: number;
  /** 40 hex digits; all zeros when the host says no registration is needed. */
  registrationKey: string;
  transactionId: string;
  /** 8 BCD digits: MMDDYYYY, or 0000NNNN days; 00000000 none. */
  expiration: string;
  poolId: number;
  receipt: AftReceiptField[];
  /** Hundredths of a second, for "lock after transfer"; 0 when the host sends none. */
  lockTimeout: number;
}

export type AftTransferPoll =
  | AftTransferRequest
  | { command: 0x72; kind: 'cancel' }
  | { command: 0x72; kind: 'interrogate'; statusOnly: boolean; transactionIndex: number }
  /** A 72 the standard answers with a status rather than silence. */
  | { command: 0x72; kind: 'refused'; status: number; transferCode: number };

export type AftRegisterRequest =
  | {
      command: 0x73;
      code: 0x00 | 0x01 | 0x40;
      assetNumber: number;
      registrationKey: string;
      /** 0 none, FFFFFFFF no change. */
      posId: number;
    }
  | { command: 0x73; code: 0x80 | 0xff };

export interface AftLockRequest {
  command: 0x74;
  lockCode: number;
  conditions: number;
  /** Hundredths of a second (0–9999). */
  timeout: number;
}

export interface AftReceiptDataRequest {
  command: 0x75;
  /** An empty text puts the field back to the machine's default. */
  items: { code: number; text: string }[];
}

export interface LegacyBonusRequest {
  command: 0x8a;
  /** Credits of the accounting denomination. */
  amountCredits: number;
  taxStatus: number;
}

export type AftRequest =
  AftTransferPoll | AftRegisterRequest | AftLockRequest | AftReceiptDataRequest | LegacyBonusRequest;
export const AFT_COMMANDS = [0x72, 0x73, 0x74, 0x75, 0x8a] as const;
export const isAftCommand = (c: number): c is AftRequest['command'] => (AFT_COMMANDS as readonly number[]).includes(c);

const REGISTRATION_LONG = 0x1d;
const hexKey = (b: Uint8Array, at: number): string => {
  if (at + REGISTRATION_KEY_BYTES > b.length) throw new SasFormatError('registration key runs past the end');
  return Buffer.from(b.subarray(at, at + REGISTRATION_KEY_BYTES)).toString('hex');
};
function keyBytes(key: string): number[] {
  if (!/^[0-9a-f]{40}$/.test(key)) throw new SasFormatError('a registration key is 40 hex digits');
  return [...Buffer.from(key, 'hex')];
}
const asciiBytes = (text: string, max: number, what: string): number[] => {
  if (!/^[\x20-\x7e]*$/.test(text) || text.length > max)
    throw new SasFormatError(`${what} "${text}" must be at most ${max} printable ASCII characters`);
  return [...Buffer.from(text, 'latin1')];
};

export function encodeAftRequest(address: number, req: AftRequest): Buffer {
  const head = [address, req.command];
  const variable = (body: number[]) => withCrc([...head, body.length, ...body]);
  switch (req.command) {
    case 0x72:
      switch (req.kind) {
        case 'cancel':
          return variable([AFT_TRANSFER_CODE.cancel]);
        case 'interrogate':
          return variable([
            req.statusOnly ? AFT_TRANSFER_CODE.interrogateStatusOnly : AFT_TRANSFER_CODE.interrogate,
            req.transactionIndex,
          ]);
        case 'refused':
          throw new SasFormatError('a refused 72 is what the machine reads, not what a host sends');
        case 'transfer':
          return variable(transferBody(req));
      }
      break;
    case 0x73:
      if (!('assetNumber' in req)) return variable([req.code]);
      return variable([
        req.code,
        ...binaryLE(req.assetNumber, 4),
        ...keyBytes(req.registrationKey),
        ...binaryLE(req.posId, 4),
      ]);
    case 0x74:
      return withCrc([...head, req.lockCode, req.conditions, ...toBcd(req.timeout, 2)]);
    case 0x75:
      return variable(
        req.items.flatMap((i) => [i.code, i.text.length, ...asciiBytes(i.text, AFT_RECEIPT_TEXT_MAX, 'receipt line')]),
      );
    case 0x8a:
      return withCrc([...head, ...toBcd(req.amountCredits, 4), req.taxStatus]);
  }
}

function transferBody(req: AftTransferRequest): number[] {
  const id = asciiBytes(req.transactionId, TRANSACTION_ID_MAX, 'transaction ID');
  const receipt = req.receipt.flatMap((f) => {
    const def = AFT_RECEIPT_FIELDS[f.code];
    if (!def) throw new SasFormatError(`receipt field ${f.code.toString(16)} is not in Table 8.3f`);
    const bytes = 'ascii' in def ? asciiBytes(f.value, def.ascii, def.name) : [...digitsToBcd(f.value, def.bcd)];
    return [f.code, bytes.length, ...bytes];
  });
  const body: number[] = [
    req.transferCode,
    req.transactionIndex,
    req.transferType,
    ...toBcd(req.cashableCents, 5),
    ...toBcd(req.restrictedCents, 5),
    ...toBcd(req.nonRestrictedCents, 5),
    req.flags,
    ...binaryLE(req.assetNumber, 4),
    ...keyBytes(req.registrationKey),
    id.length,
    ...id,
    ...digitsToBcd(req.expiration, 4),
    ...binaryLE(req.poolId, 2),
    receipt.length,
    ...receipt,
  ];
  return [...body, ...toBcd(req.lockTimeout, 2)];
}

/** The data after a variable poll's length byte, which must say how many bytes follow. */
function lengthBody(command: number, data: Uint8Array): Uint8Array {
  const len = sasByte(data, 0);
  const body = data.subarray(1);
  if (len !== body.length)
    throw new SasFormatError(`${command.toString(16)} length byte ${len} but ${body.length} bytes follow`);
  return body;
}

/** `data`: the poll's bytes after the command, CRC removed. */
export function decodeAftRequest(command: AftRequest['command'], data: Uint8Array): AftRequest {
  switch (command) {
    case 0x72:
      return decodeTransfer(lengthBody(command, data));
    case 0x73:
      return decodeRegister(lengthBody(command, data));
    case 0x74: {
      const lockCode = sasByte(data, 0);
      if (!(Object.values(AFT_LOCK_CODE) as number[]).includes(lockCode))
        throw new SasFormatError(`74 lock code ${lockCode.toString(16)} must be 00, 80 or FF`);
      const conditions = sasByte(data, 1);
      if (conditions & ~AFT_CONDITION_MASK)
        throw new SasFormatError(`74 transfer conditions ${conditions.toString(16)}: bits 4–7 must be 0`);
      return { command, lockCode, conditions, timeout: fromBcd(data, 2, 2) };
    }
    case 0x75:
      return decodeReceiptData(lengthBody(command, data));
    case 0x8a: {
      const taxStatus = sasByte(data, 4);
      if (taxStatus > LEGACY_BONUS_TAX.wagerMatch)
        throw new SasFormatError(`8A tax status ${taxStatus.toString(16)} must be 00–02`);
      return { command, amountCredits: fromBcd(data, 0, 4), taxStatus };
    }
  }
}

function decodeRegister(body: Uint8Array): AftRegisterRequest {
  const code = sasByte(body, 0);
  if (code === AFT_REGISTRATION_CODE.unregister || code === AFT_REGISTRATION_CODE.read) {
    if (body.length !== 1 && body.length !== REGISTRATION_LONG)
      throw new SasFormatError(`73 of ${body.length} bytes: 1 or 29`);
    return { command: 0x73, code };
  }
  if (code !== AFT_REGISTRATION_CODE.initialize && code !== AFT_REGISTRATION_CODE.register && code !== 0x40)
    throw new SasFormatError(`73 registration code ${code.toString(16)} is not 00, 01, 40, 80 or FF`);
  if (body.length !== REGISTRATION_LONG)
    throw new SasFormatError(`73 ${code.toString(16)} of ${body.length} bytes: 29`);
  return {
    command: 0x73,
    code,
    assetNumber: readLE(body, 1, 4),
    registrationKey: hexKey(body, 5),
    posId: readLE(body, 25, 4),
  };
}

function decodeReceiptData(body: Uint8Array): AftReceiptDataRequest {
  if (body.length < 2) throw new SasFormatError('75 carries at least one data code and its length');
  const items: { code: number; text: string }[] = [];
  for (let at = 0; at < body.length;) {
    const code = sasByte(body, at);
    const length = sasByte(body, at + 1);
    const name = AFT_RECEIPT_DATA_CODES[code];
    if (name === undefined) throw new SasFormatError(`75 data code ${code.toString(16)} is not in Table 8.11.1b`);
    if (length > AFT_RECEIPT_TEXT_MAX) throw new SasFormatError(`75 ${name} of ${length} characters: at most 22`);
    if (at + 2 + length > body.length) throw new SasFormatError(`75 ${name} runs past the end`);
    const text = readAscii(body, at + 2, length);
    if (!/^[\x20-\x7e]*$/.test(text)) throw new SasFormatError(`75 ${name} is not printable ASCII`);
    items.push({ code, text });
    at += 2 + length;
  }
  return { command: 0x75, items };
}

/** Thrown inside the 72 decoder for a field the standard answers with a status. */
class Refused extends Error {
  constructor(readonly status: number) {
    super(`72 refused with ${status.toString(16)}`);
  }
}

function decodeTransfer(body: Uint8Array): AftTransferPoll {
  const transferCode = sasByte(body, 0);
  if (transferCode === AFT_TRANSFER_CODE.cancel) return { command: 0x72, kind: 'cancel' };
  if (transferCode === AFT_TRANSFER_CODE.interrogate || transferCode === AFT_TRANSFER_CODE.interrogateStatusOnly)
    return {
      command: 0x72,
      kind: 'interrogate',
      statusOnly: transferCode === AFT_TRANSFER_CODE.interrogateStatusOnly,
      transactionIndex: sasByte(body, 1),
    };
  if (transferCode !== AFT_TRANSFER_CODE.full && transferCode !== AFT_TRANSFER_CODE.partial)
    return { command: 0x72, kind: 'refused', status: AFT_STATUS.unsupportedTransferCode, transferCode };
  try {
    return readTransfer(body, transferCode);
  } catch (e) {
    if (e instanceof Refused) return { command: 0x72, kind: 'refused', status: e.status, transferCode };
    // A field cut short: the poll is not a transfer the standard can read.
    if (e instanceof SasFormatError && !(e instanceof BcdError))
      return { command: 0x72, kind: 'refused', status: AFT_STATUS.notAValidFunction, transferCode };
    throw e;
  }
}

const need = (body: Uint8Array, end: number) => {
  if (end > body.length) throw new Refused(AFT_STATUS.notAValidFunction);
};
const bcdOr = (status: number, body: Uint8Array, at: number, length: number): string => {
  need(body, at + length);
  try {
    return bcdToDigits(body, at, length);
  } catch {
    throw new Refused(status);
  }
};

/** Where a 72's transaction ID starts, after its length byte (the fixed fields before it: 43 bytes). */
const ID_AT = 44;

function readTransfer(body: Uint8Array, transferCode: number): AftTransferRequest {
  need(body, ID_AT);
  const amount = (at: number) => Number(bcdOr(AFT_STATUS.notAValidAmountOrExpiration, body, at, 5));
  const idLength = sasByte(body, ID_AT - 1);
  if (idLength === 0 || idLength > TRANSACTION_ID_MAX) throw new Refused(AFT_STATUS.transactionIdNotValid);
  need(body, ID_AT + idLength);
  const transactionId = readAscii(body, ID_AT, idLength);
  if (!/^[\x20-\x7e]+$/.test(transactionId)) throw new Refused(AFT_STATUS.transactionIdNotValid);
  let at = ID_AT + idLength;
  const expiration = bcdOr(AFT_STATUS.notAValidAmountOrExpiration, body, at, 4);
  at += 4;
  need(body, at + 3);
  const poolId = readLE(body, at, 2);
  at += 2;
  const receiptEnd = at + 1 + sasByte(body, at);
  need(body, receiptEnd);
  const receipt = readReceipt(body, at + 1, receiptEnd);
  at = receiptEnd;
  let lockTimeout = 0;
  if (at === body.length - 2) lockTimeout = Number(bcdOr(AFT_STATUS.notAValidFunction, body, at, 2));
  else if (at !== body.length) throw new Refused(AFT_STATUS.notAValidFunction);
  return {
    command: 0x72,
    kind: 'transfer',
    transferCode,
    transactionIndex: sasByte(body, 1),
    transferType: sasByte(body, 2),
    cashableCents: amount(3),
    restrictedCents: amount(8),
    nonRestrictedCents: amount(13),
    flags: sasByte(body, 18),
    assetNumber: readLE(body, 19, 4),
    registrationKey: hexKey(body, 23),
    transactionId,
    expiration,
    poolId,
    receipt,
    lockTimeout,
  };
}

function readReceipt(body: Uint8Array, from: number, end: number): AftReceiptField[] {
  const fields: AftReceiptField[] = [];
  for (let at = from; at < end;) {
    if (at + 2 > end) throw new Refused(AFT_STATUS.notAValidFunction);
    const code = sasByte(body, at);
    const length = sasByte(body, at + 1);
    const def = AFT_RECEIPT_FIELDS[code];
    const start = at + 2;
    if (!def || start + length > end) throw new Refused(AFT_STATUS.notAValidFunction);
    if ('ascii' in def) {
      const text = readAscii(body, start, length);
      if (length > def.ascii || !/^[\x20-\x7e]*$/.test(text)) throw new Refused(AFT_STATUS.notAValidFunction);
      fields.push({ code, value: text });
    } else {
      if (length !== def.bcd) throw new Refused(AFT_STATUS.notAValidFunction);
      fields.push({ code, value: bcdOr(AFT_STATUS.notAValidFunction, body, start, length) });
    }
    at = start + length;
  }
  return fields;
}

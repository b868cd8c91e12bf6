// SAS meter codes (Table C-7) with the width each is reported in and its unit, and the
// accounting denomination codes (Table C-4). The machine hands the link meters in its own terms
// (money in minor units of its currency, counts as counts); the link turns money into credits of
// the accounting denomination, or into cents for the meters SAS keeps in cents (0D–10).

import {
  billMeterCode,
  FIRST_BILL_METER,
  SAS_BILL_VALUES,
  SAS_METER,
  SAS_METER_NAMES,
  sasMeterCode,
  type SasMeterName,
} from '../../cabinet';

export type MeterUnit = 'credits' | 'cents' | 'count';

export interface MeterCodeDef {
  bytes: number;
  unit: MeterUnit;
}

const credits: MeterCodeDef = { bytes: 4, unit: 'credits' };
const count: MeterCodeDef = { bytes: 4, unit: 'count' };
const cents: MeterCodeDef = { bytes: 5, unit: 'cents' };

function table(): Record<number, MeterCodeDef> {
  const t: Record<number, MeterCodeDef> = {};
  const set = (from: number, to: number, def: MeterCodeDef) => {
    for (let c = from; c <= to; c++) t[c] = def;
  };
  set(0x00, 0x04, credits); // coin in, coin out, jackpot, handpaid cancelled, total cancelled
  set(0x05, 0x07, count); // games played, won, lost
  set(0x08, 0x0c, credits); // coin acceptor, hopper, coins to drop, bills, current credits
  set(0x0d, 0x10, cents); // SAS cashable / restricted ticket in and out
  set(0x11, 0x14, count); // the same, quantities
  set(0x15, 0x24, credits); // ticket in/out, transfers, played, paytable win …, total drop
  set(0x25, 0x26, count); // games since power up, since slot door closure
  set(0x27, 0x34, credits); // external coin acceptor, ticket in/out by kind, transfers by kind
  set(0x35, 0x39, count); // ticket in/out quantities by kind
  t[0x3e] = count; // bills in the stacker
  t[0x3f] = credits; // value of bills in the stacker
  set(FIRST_BILL_METER, billMeterCode(SAS_BILL_VALUES.length - 1), count); // bills accepted by note value, $1 … $1,000,000
  t[0x58] = credits; // bills to drop
  set(0x59, 0x62, count); // bills to drop by note value
  // Tickets in and out and validated handpays by kind: amounts in cents, then their counts.
  for (let c = 0x80; c <= 0x93; c += 2) {
    t[c] = cents;
    t[c + 1] = count;
  }
  // AFT transfers by kind (Table C-7): amounts in cents, then their counts; in-house to the
  // machine A0–A5, bonus to the machine AE–B1, in-house to the host B8–BD.
  for (const [from, to] of [
    [0xa0, 0xa5],
    [0xae, 0xb1],
    [0xb8, 0xbd],
  ] as const) {
    for (let c = from; c <= to; c += 2) {
      t[c] = cents;
      t[c + 1] = count;
    }
  }
  return t;
}

export const METER_CODES: Readonly<Record<number, MeterCodeDef>> = table();

/** Bill meters of long poll 1E, in order: $1, $5, $10, $20, $50, $100. */
export const BILL_METERS_1E = [0x40, 0x42, 0x43, 0x44, 0x46, 0x47] as const;

/**
 * Long polls 31–45 (but 3D): the count of one note value each, as bills-accepted meters 0040–0053
 * ($1 31, $2 32, $5 33, $10 34, $20 35, $50 36, $100 37, $500 38, $1,000 39, $200 3A, $25 3B,
 * $2,000 3C, $2,500 3E, $5,000 3F, $10,000 40, $20,000 41, $25,000 42, $50,000 43, $100,000 44,
 * $250 45).
 */
export const BILL_POLLS: Readonly<Record<number, number>> = {
  0x31: 0x40,
  0x32: 0x41,
  0x33: 0x42,
  0x34: 0x43,
  0x35: 0x44,
  0x36: 0x46,
  0x37: 0x47,
  0x38: 0x4a,
  0x39: 0x4b,
  0x3a: 0x48,
  0x3b: 0x45,
  0x3c: 0x4c,
  0x3e: 0x4d,
  0x3f: 0x4e,
  0x40: 0x4f,
  0x41: 0x50,
  0x42: 0x51,
  0x43: 0x52,
  0x44: 0x53,
  0x45: 0x49,
};

/** Table C-4: accounting denominations in cents and their codes. */
const DENOMINATIONS: ReadonlyArray<readonly [cents: number, code: number]> = [
  [1, 0x01],
  [5, 0x02],
  [10, 0x03],
  [25, 0x04],
  [50, 0x05],
  [100, 0x06],
  [500, 0x07],
  [1000, 0x08],
  [2000, 0x09],
  [10000, 0x0a],
  [20, 0x0b],
  [200, 0x0c],
  [250, 0x0d],
  [2500, 0x0e],
  [5000, 0x0f],
  [20000, 0x10],
  [25000, 0x11],
  [50000, 0x12],
  [100000, 0x13],
  [200000, 0x14],
  [250000, 0x15],
  [500000, 0x16],
  [2, 0x17],
  [3, 0x18],
  [15, 0x19],
  [40, 0x1a],
];

/** The code of a denomination given in cents, or null when SAS has none for it. */
export function denominationCode(cents: number): number | null {
  return DENOMINATIONS.find(([c]) => c === cents)?.[1] ?? null;
}

export function denominationCents(code: number): number | null {
  return DENOMINATIONS.find(([, c]) => c === code)?.[0] ?? null;
}

/** How the link converts the machine's money into SAS units. */
export interface MoneyUnits {
  /** The accounting denomination in minor units of the currency (1 = one cent of a two-digit currency). */
  accountingDenomination: number;
  /** Digits after the point of the currency's minor unit. */
  minorDigits: number;
}

/** Cents are hundredths of the currency's major unit, whatever its minor digits. */
export function minorToCents(minor: number, minorDigits: number): number {
  return minorDigits <= 2 ? minor * 10 ** (2 - minorDigits) : Math.floor(minor / 10 ** (minorDigits - 2));
}

/** A meter value in the unit SAS reports `unit` in. Money rounds down to whole credits. */
export function toSasUnits(value: number, unit: MeterUnit, money: MoneyUnits): number {
  if (unit === 'count') return value;
  if (unit === 'cents') return minorToCents(value, money.minorDigits);
  return Math.floor(value / money.accountingDenomination);
}

/** The accounting denomination's code (1F, 53), or an error naming why SAS cannot report it. */
export function accountingDenominationCode(money: MoneyUnits): number {
  const c = (money.accountingDenomination * 100) / 10 ** money.minorDigits;
  const code = Number.isInteger(c) ? denominationCode(c) : null;
  if (code === null) {
    throw new RangeError(
      `accounting denomination ${money.accountingDenomination} minor units (${c / 100} of the currency) has no SAS denomination code (Table C-4)`,
    );
  }
  return code;
}

/** One field of a fixed meter reply: a meter by code, or a count 1C adds. */
export type MeterField =
  { code: number; bytes?: number; wholeCurrency?: true } | { count: 'slotDoorOpens' | 'powerResets' };

const f = (...codes: number[]): MeterField[] => codes.map((code) => ({ code }));

/** The long polls that answer with fixed meters, each field 4 BCD unless it says otherwise. */
export const METER_POLLS: Readonly<Record<number, readonly MeterField[]>> = {
  0x0f: f(0x04, 0x00, 0x01, 0x24, 0x02, 0x05),
  0x10: f(0x04),
  0x11: f(0x00),
  0x12: f(0x01),
  0x13: f(0x24),
  0x14: f(0x02),
  0x15: f(0x05),
  0x16: f(0x06),
  0x17: f(0x07),
  0x18: [
    { code: 0x25, bytes: 2 },
    { code: 0x26, bytes: 2 },
  ],
  0x19: f(0x00, 0x01, 0x24, 0x02, 0x05),
  0x1a: f(0x0c),
  0x1c: [...f(0x00, 0x01, 0x24, 0x02, 0x05, 0x06), { count: 'slotDoorOpens' }, { count: 'powerResets' }],
  0x1e: f(...BILL_METERS_1E),
  // "Total dollar value of bills": whole units of the currency, not credits.
  0x20: [{ code: 0x0b, wholeCurrency: true }],
  ...Object.fromEntries(Object.entries(BILL_POLLS).map(([poll, code]) => [poll, f(code)])),
  0x46: f(0x0b),
  // Bills in the stacker and their value in credits: only while the acceptor reports its stacker.
  0x49: f(0x3e),
  0x4a: f(0x3f),
};

export const fieldBytes = (field: MeterField): number => ('code' in field && field.bytes) || 4;

/** Table C-7's names by code, from the cabinet's one list of the meters it knows. */
const METER_NAMES: ReadonlyMap<number, string> = new Map(
  (Object.keys(SAS_METER) as SasMeterName[]).map((name) => [SAS_METER[name], SAS_METER_NAMES[name]]),
);
export function meterName(code: number): string {
  const named = METER_NAMES.get(code);
  if (named) return named;
  const bill = code >= FIRST_BILL_METER ? SAS_BILL_VALUES[code - FIRST_BILL_METER] : undefined;
  if (bill !== undefined) return `$${bill.toLocaleString('en-US')} bills accepted`;
  return `meter ${sasMeterCode(code)}`;
}

/**
 * Long poll 50 by validation type (Table 15.13c): the meters (Table C-7) that count each, its
 * quantity and its amount in cents. Types 02–04 are tickets of AFT transfers, which have no
 * meters of their own here: this machine has no AFT, so they read zero.
 */
export const VALIDATION_METERS: Readonly<Record<number, { count: number; cents: number } | null>> = {
  0x00: { count: 0x87, cents: 0x86 }, // cashable ticket from a cash-out or a win
  0x01: { count: 0x89, cents: 0x88 }, // restricted promotional ticket from a cash-out
  0x02: null, // cashable ticket from an AFT transfer
  0x03: null, // restricted ticket from an AFT transfer
  0x04: null, // debit ticket from an AFT transfer
  0x10: { count: 0x8d, cents: 0x8c }, // cancelled credit handpay, receipt printed
  0x20: { count: 0x8f, cents: 0x8e }, // jackpot handpay, receipt printed
  0x40: { count: 0x91, cents: 0x90 }, // cancelled credit handpay, no receipt
  0x60: { count: 0x93, cents: 0x92 }, // jackpot handpay, no receipt
  0x80: { count: 0x81, cents: 0x80 }, // cashable ticket redeemed
  0x81: { count: 0x83, cents: 0x82 }, // restricted promotional ticket redeemed
  0x82: { count: 0x85, cents: 0x84 }, // nonrestricted promotional ticket redeemed
};

/** 6F and AF report every meter in this many bytes: 16 digits hold any meter this machine keeps. */
export const EXTENDED_METER_BYTES = 8;

// Meters (C-8) and the balance check (C-9). A meter is a named whole number; names follow SAS
// meter codes where one exists (the code is shown beside the name). Lifetime meters are cleared
// only by a RAM clear, period meters by a technician; both are kept in the cabinet's state so a
// transition and its meter changes are one value, committed together (C-13).

import type { GameId } from '../core';

export type Meters = Readonly<Record<string, number>>;
export interface MeterSet {
  lifetime: Meters;
  period: Meters;
}

export interface MeterDef {
  code: string | null;
  unit: 'money' | 'count';
  label: string;
}

const BASE: Record<string, MeterDef> = {
  coinIn: { code: '0000', unit: 'money', label: 'total in (wagered)' },
  coinOut: { code: '0001', unit: 'money', label: 'wins paid to the credit meter' },
  jackpot: { code: '0002', unit: 'money', label: 'handpaid jackpots' },
  handpaidCancelled: { code: '0003', unit: 'money', label: 'handpaid cancelled credits' },
  gamesPlayed: { code: '0005', unit: 'count', label: 'games played' },
  gamesWon: { code: '0006', unit: 'count', label: 'games won (returned more than staked)' },
  gamesLost: { code: '0007', unit: 'count', label: 'games lost (returned less than staked)' },
  gamesTied: { code: null, unit: 'count', label: 'games tied (returned what was staked)' },
  billsIn: { code: '000B', unit: 'money', label: 'bills in (total)' },
  billsCount: { code: null, unit: 'count', label: 'bills in (count)' },
  vouchersIn: { code: '000D', unit: 'money', label: 'vouchers in (total)' },
  vouchersInCount: { code: '0011', unit: 'count', label: 'vouchers in (count)' },
  vouchersOut: { code: '000E', unit: 'money', label: 'vouchers out (total)' },
  vouchersOutCount: { code: '0012', unit: 'count', label: 'vouchers out (count)' },
  jackpotCount: { code: null, unit: 'count', label: 'handpaid jackpots (count)' },
  handpaidCancelledCount: { code: null, unit: 'count', label: 'handpaid cancelled credits (count)' },
  gamesSincePowerUp: { code: '0025', unit: 'count', label: 'games since last power up' },
  gamesSinceDoorClose: { code: '0026', unit: 'count', label: 'games since the main door closed' },
  powerUps: { code: null, unit: 'count', label: 'power-ups' },
  'pp.exchangeFees': { code: null, unit: 'money', label: 'Poker Plus exchange fees' },
  'pp.sixthFees': { code: null, unit: 'money', label: 'Poker Plus sixth-card fees' },
  'pp.buyGameFees': { code: null, unit: 'money', label: 'Poker Plus buy-the-game fees' },
  'pp.takeHalfCount': { code: null, unit: 'count', label: 'Poker Plus take-half payouts (count)' },
  'pp.takeHalfPaid': { code: null, unit: 'money', label: 'Poker Plus take-half payouts (total)' },
};

/** Every meter name the cabinet keeps apart from the per-note, per-door and per-game ones. */
export const BASE_METERS: readonly string[] = Object.keys(BASE);
// Looked up by a Map, so a name such as "constructor" finds nothing rather than Object's own member.
const BASE_DEFS: ReadonlyMap<string, MeterDef> = new Map(Object.entries(BASE));

/**
 * Money an attendant pays by hand: nothing on the machine could tell it had been paid already,
 * so the mirror of critical memory is synced to its device when one of these moves (as when a
 * voucher number is issued; a printed voucher is settled by asking the printer).
 */
export const HANDPAID_METERS = ['handpaidCancelled', 'jackpot'] as const;

/** Per-game meters carry the game's id before a slash: "poker-plus/coinIn". */
export const PER_GAME = ['coinIn', 'coinOut', 'jackpot', 'gamesPlayed', 'gamesWon', 'gamesLost', 'gamesTied'] as const;

/** SAS bills-accepted meters 0040.. by note value in whole dollars. */
const SAS_BILL_CODES: Record<number, string> = {
  1: '0040',
  2: '0041',
  5: '0042',
  10: '0043',
  20: '0044',
  25: '0045',
  50: '0046',
  100: '0047',
  200: '0048',
  250: '0049',
  500: '004A',
  1000: '004B',
  2000: '004C',
  2500: '004D',
  5000: '004E',
  10000: '004F',
  20000: '0050',
  25000: '0051',
  50000: '0052',
  100000: '0053',
};

export const billMeter = (value: number): string => `bills.${value}`;
export const doorMeter = (door: string): string => `doorOpens.${door}`;
export const gameMeter = (game: GameId, name: (typeof PER_GAME)[number]): string => `${game}/${name}`;

/** The definition of any meter name, or null for a name the cabinet never writes. */
export function meterDef(name: string, currency = 'USD', minorDigits = 2): MeterDef | null {
  const own = BASE_DEFS.get(name);
  if (own) return own;
  const slash = name.indexOf('/');
  if (slash > 0) {
    const base = BASE_DEFS.get(name.slice(slash + 1));
    return base ? { ...base, label: `${name.slice(0, slash)}: ${base.label}` } : null;
  }
  const bill = /^bills\.(\d+)$/.exec(name);
  if (bill) {
    const value = Number(bill[1]);
    const dollars = value / 10 ** minorDigits;
    const code = currency === 'USD' && Number.isInteger(dollars) ? (SAS_BILL_CODES[dollars] ?? null) : null;
    return { code, unit: 'count', label: `bills of ${value} minor units accepted` };
  }
  const door = /^doorOpens\.(\w+)$/.exec(name);
  if (door) return { code: null, unit: 'count', label: `${door[1]} door opens` };
  return null;
}

export const EMPTY_METERS: MeterSet = { lifetime: {}, period: {} };

/** Adds deltas to both lifetime and period meters. */
export function addMeters(meters: MeterSet, deltas: Record<string, number>): MeterSet {
  const lifetime: Record<string, number> = { ...meters.lifetime };
  const period: Record<string, number> = { ...meters.period };
  for (const [name, delta] of Object.entries(deltas)) {
    if (delta === 0) continue;
    lifetime[name] = (lifetime[name] ?? 0) + delta;
    period[name] = (period[name] ?? 0) + delta;
  }
  return { lifetime, period };
}

/** Sets level-like meters (games since ...) in both scopes. */
export function setMeters(meters: MeterSet, values: Record<string, number>): MeterSet {
  return { lifetime: { ...meters.lifetime, ...values }, period: { ...meters.period, ...values } };
}

export const meter = (m: Meters, name: string): number => m[name] ?? 0;

export interface BalanceCheck {
  ok: boolean;
  /** Current credits as the meters say they must be. */
  expected: number;
  /** The balance the cabinet holds (meter 000C). */
  actual: number;
}

/**
 * C-9: current credits = bills in + vouchers in − vouchers out − handpaid cancelled credits
 * + wins paid to the credit meter − total in. Handpaid jackpots never reach the credit meter.
 */
export function checkBalance(lifetime: Meters, balance: number): BalanceCheck {
  const expected =
    meter(lifetime, 'billsIn') +
    meter(lifetime, 'vouchersIn') -
    meter(lifetime, 'vouchersOut') -
    meter(lifetime, 'handpaidCancelled') +
    meter(lifetime, 'coinOut') -
    meter(lifetime, 'coinIn');
  return { ok: expected === balance, expected, actual: balance };
}

/** Meters SAS defines as sums of others, computed when read. */
export function derivedMeters(
  lifetime: Meters,
  balance: number,
): Record<string, { code: string; label: string; value: number }> {
  return {
    currentCredits: { code: '000C', label: 'current credits', value: balance },
    totalWon: {
      code: '0022',
      label: 'total won (coin out + jackpot)',
      value: meter(lifetime, 'coinOut') + meter(lifetime, 'jackpot'),
    },
    totalHandpaid: {
      code: '0023',
      label: 'total handpaid (cancelled credits + jackpot)',
      value: meter(lifetime, 'handpaidCancelled') + meter(lifetime, 'jackpot'),
    },
    totalDrop: {
      code: '0024',
      label: 'total drop (bills + vouchers in)',
      value: meter(lifetime, 'billsIn') + meter(lifetime, 'vouchersIn'),
    },
  };
}

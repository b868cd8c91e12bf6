// Meters (C-8) and the balance check (C-9). A meter is a named whole number; names follow SAS
// meter codes where one exists (the code is shown beside the name). Lifetime meters are cleared
// only by a RAM clear, period meters by a technician; both are kept in the cabinet's state so a
// transition and its meter changes are one value, committed together (C-13).

import type { GameId } from '../core';
import { billMeterCode, SAS_METER_NAMES, sasCode as C, sasMeterCode } from './vocabulary/sas-meter-codes';
import { DOORS } from './vocabulary/devices';

export type Meters = Readonly<Record<string, number>>;
export interface MeterSet {
  lifetime: Meters;
  period: Meters;
}

export interface MeterDef {
  code: string | null;
  /**
   * Further SAS meter codes (Table C-7) that count the very same thing on this cabinet: it keeps
   * no restricted, promotional or debit tickets and no AFT, so "total ticket out" and "regular
   * cashable ticket out" are its vouchers out too. The link reports each in its own unit.
   */
  sameAs?: readonly string[];
  unit: 'money' | 'count';
  label: string;
  /** A level the cabinet sets before it counts: not reported (not even as zero) until first set. */
  untilSet?: true;
}

/** The AFT meters by their SAS names (Table C-7 A0–A5, AE–B1, B8–BD), each amount with its count. */
function aftMeters(): Record<AftMeter, MeterDef> {
  const out = {} as Record<AftMeter, MeterDef>;
  for (const name of AFT_METERS) {
    out[name] = { code: C(name), unit: 'money', label: SAS_METER_NAMES[name] };
    out[`${name}Count`] = { code: C(`${name}Count`), unit: 'count', label: SAS_METER_NAMES[`${name}Count`] };
  }
  return out;
}

/** The AFT amount meters; each has a count beside it (`aftCashableInCount`). */
export const AFT_METERS = [
  'aftCashableIn',
  'aftRestrictedIn',
  'aftNonRestrictedIn',
  'aftBonusCashableIn',
  'aftBonusNonRestrictedIn',
  'aftCashableOut',
  'aftRestrictedOut',
  'aftNonRestrictedOut',
] as const;
type AftMeter = (typeof AFT_METERS)[number] | `${(typeof AFT_METERS)[number]}Count`;

const BASE: Record<string, MeterDef> = {
  coinIn: { code: C('totalCoinIn'), unit: 'money', label: 'total in (wagered)' },
  coinOut: {
    code: C('totalCoinOut'),
    sameAs: [C('machinePaidPaytableWin')],
    unit: 'money',
    label: 'wins paid to the credit meter',
  },
  jackpot: { code: C('totalJackpot'), sameAs: [C('handPaidPaytableWin')], unit: 'money', label: 'handpaid jackpots' },
  handpaidCancelled: { code: C('totalHandpaidCancelled'), unit: 'money', label: 'handpaid cancelled credits' },
  gamesPlayed: { code: C('gamesPlayed'), unit: 'count', label: 'games played' },
  gamesWon: { code: C('gamesWon'), unit: 'count', label: 'games won (returned more than staked)' },
  gamesLost: { code: C('gamesLost'), unit: 'count', label: 'games lost (returned less than staked)' },
  gamesTied: { code: null, unit: 'count', label: 'games tied (returned what was staked)' },
  billsIn: { code: C('totalBillCredits'), unit: 'money', label: 'bills in (total)' },
  billsCount: { code: null, unit: 'count', label: 'bills in (count)' },
  // Tickets in and out: SAS cashable tickets, the only kind this cabinet prints or takes.
  vouchersIn: {
    code: C('sasCashableTicketInCents'),
    sameAs: [
      C('totalTicketIn'),
      C('totalCashableTicketIn'),
      C('regularCashableTicketIn'),
      C('regularCashableTicketInCentsByType'),
    ],
    unit: 'money',
    label: 'vouchers in (total)',
  },
  vouchersInCount: {
    code: C('sasCashableTicketInCount'),
    sameAs: [C('regularCashableTicketInCount'), C('regularCashableTicketInCountByType')],
    unit: 'count',
    label: 'vouchers in (count)',
  },
  vouchersOut: {
    code: C('sasCashableTicketOutCents'),
    sameAs: [C('totalTicketOut'), C('totalCashableTicketOut'), C('regularCashableTicketOutCentsByType')],
    unit: 'money',
    label: 'vouchers out (total)',
  },
  vouchersOutCount: {
    code: C('sasCashableTicketOutCount'),
    sameAs: [C('regularCashableTicketOutCount'), C('regularCashableTicketOutCountByType')],
    unit: 'count',
    label: 'vouchers out (count)',
  },
  jackpotCount: { code: null, unit: 'count', label: 'handpaid jackpots (count)' },
  handpaidCancelledCount: { code: null, unit: 'count', label: 'handpaid cancelled credits (count)' },
  gamesSincePowerUp: { code: C('gamesSincePowerUp'), unit: 'count', label: 'games since last power up' },
  gamesSinceDoorClose: { code: C('gamesSinceDoorClosure'), unit: 'count', label: 'games since the main door closed' },
  powerUps: { code: null, unit: 'count', label: 'power-ups' },
  // Counted from the first time the acceptor reported its stacker taken out (zero from then on at
  // each removal): before that nobody knows what is in it, so they are not reported.
  stackerBills: { code: C('stackerBills'), unit: 'count', label: 'bills in the stacker', untilSet: true },
  stackerValue: { code: C('stackerValue'), unit: 'money', label: 'value of the bills in the stacker', untilSet: true },
  // AFT (issue 42, docs/protocols/sas.md "AFT"): money the casino system moved in and out by
  // kind, each with its count; the promotional credits played and the ones that left otherwise.
  ...aftMeters(),
  aftBonusJackpot: { code: null, unit: 'money', label: 'AFT bonus jackpots (handpaid)' },
  aftBonusJackpotCount: { code: null, unit: 'count', label: 'AFT bonus jackpots (count)' },
  restrictedPlayed: { code: null, unit: 'money', label: 'restricted promotional credits played' },
  nonRestrictedPlayed: { code: null, unit: 'money', label: 'nonrestricted promotional credits played' },
  restrictedCleared: { code: null, unit: 'money', label: 'restricted promotional credits cleared (expired, by hand)' },
  nonRestrictedCashedOut: { code: null, unit: 'money', label: 'nonrestricted promotional credits cashed out' },
  // 8A: the host's legacy bonuses credited at a game's end, by tax status (9A reports them).
  legacyBonusDeductible: { code: null, unit: 'money', label: 'legacy bonus, deductible' },
  legacyBonusNonDeductible: { code: null, unit: 'money', label: 'legacy bonus, non-deductible' },
  legacyBonusWagerMatch: { code: null, unit: 'money', label: 'legacy bonus, wager match' },
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

/**
 * The note values SAS counts bills by, in whole units of the currency (Table C-7's bills-accepted
 * meters 0040–0057 in this order, and Table C-6's bill denomination codes 00–23 are their
 * positions). A note's SAS identity is its face value in the cabinet's own currency.
 */
export const SAS_BILL_VALUES: readonly number[] = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 25000, 50000, 100000, 200000,
  250000, 500000, 1000000,
];

/** The position of a note in SAS_BILL_VALUES (its Table C-6 code), or null for a note SAS has none for. */
export function sasBillIndex(value: number, minorDigits: number): number | null {
  const whole = value / 10 ** minorDigits;
  const i = Number.isInteger(whole) ? SAS_BILL_VALUES.indexOf(whole) : -1;
  return i < 0 ? null : i;
}

export const billMeter = (value: number): string => `bills.${value}`;
export const doorMeter = (door: string): string => `doorOpens.${door}`;
export const gameMeter = (game: GameId, name: (typeof PER_GAME)[number]): string => `${game}/${name}`;

/** The definition of any meter name, or null for a name the cabinet never writes. */
export function meterDef(name: string, minorDigits = 2): MeterDef | null {
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
    const i = sasBillIndex(value, minorDigits);
    const code = i === null ? null : sasMeterCode(billMeterCode(i));
    return { code, unit: 'count', label: `bills of ${value} minor units accepted` };
  }
  const door = /^doorOpens\.(\w+)$/.exec(name);
  if (door) return { code: null, unit: 'count', label: `${door[1]} door opens` };
  return null;
}

/**
 * Every meter the cabinet keeps, for a report that lists each (at zero where never written): the
 * base meters (a level set before it counts only once set), each offered game's, each door's, and
 * whatever the meters hold besides (the notes taken, a game no longer offered). A note never taken
 * has no row: which notes exist is the acceptor's, and SAS answers each of its codes at zero anyway.
 */
export function keptMeterNames(meters: MeterSet, games: readonly GameId[]): string[] {
  const written = [...Object.keys(meters.lifetime), ...Object.keys(meters.period)];
  const kept = [
    ...BASE_METERS.filter((name) => !BASE_DEFS.get(name)?.untilSet),
    ...games.flatMap((game) => PER_GAME.map((name) => gameMeter(game, name))),
    ...DOORS.map(doorMeter),
  ];
  return [...new Set([...kept, ...written])].sort();
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

/** The stacker's meters for a note stacked, once the acceptor has reported its stacker emptied. */
export function stackerCount(lifetime: Meters, value: number): Record<string, number> {
  return 'stackerBills' in lifetime ? { stackerBills: 1, stackerValue: value } : {};
}

/** The stacker taken out (and so emptied): its meters start again from zero. */
export const STACKER_EMPTIED: Readonly<Record<string, number>> = { stackerBills: 0, stackerValue: 0 };

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
  /** The promotional kinds, when the cabinet holds any: what the meters say and what it holds. */
  kinds?: { restricted: [expected: number, actual: number]; nonRestricted: [expected: number, actual: number] };
}

/** The promotional parts of the balance (credit-kinds.ts); cashable is the rest. */
export interface PromoParts {
  restricted: number;
  nonRestricted: number;
}

/**
 * C-9: current credits = bills in + vouchers in − vouchers out − handpaid cancelled credits
 * + wins paid to the credit meter − total in + AFT in − AFT out + legacy bonuses. Handpaid
 * jackpots never reach the credit meter. With promotional credits, each kind is checked too:
 * restricted = in − played − out − cleared, nonrestricted = in (bonus too) − played − out − cashed out.
 */
export function checkBalance(lifetime: Meters, balance: number, promo?: PromoParts | null): BalanceCheck {
  const m = (name: string) => meter(lifetime, name);
  const expected =
    m('billsIn') +
    m('vouchersIn') -
    m('vouchersOut') -
    m('handpaidCancelled') +
    m('coinOut') -
    m('coinIn') +
    m('aftCashableIn') +
    m('aftRestrictedIn') +
    m('aftNonRestrictedIn') +
    m('aftBonusCashableIn') +
    m('aftBonusNonRestrictedIn') -
    m('aftCashableOut') -
    m('aftRestrictedOut') -
    m('aftNonRestrictedOut') -
    m('restrictedCleared') +
    m('legacyBonusDeductible') +
    m('legacyBonusNonDeductible') +
    m('legacyBonusWagerMatch');
  const restricted = m('aftRestrictedIn') - m('restrictedPlayed') - m('aftRestrictedOut') - m('restrictedCleared');
  const nonRestricted =
    m('aftNonRestrictedIn') +
    m('aftBonusNonRestrictedIn') -
    m('nonRestrictedPlayed') -
    m('aftNonRestrictedOut') -
    m('nonRestrictedCashedOut');
  const held = { restricted: promo?.restricted ?? 0, nonRestricted: promo?.nonRestricted ?? 0 };
  const kindsOk = restricted === held.restricted && nonRestricted === held.nonRestricted;
  const check: BalanceCheck = { ok: expected === balance && kindsOk, expected, actual: balance };
  if (promo || !kindsOk)
    check.kinds = {
      restricted: [restricted, held.restricted],
      nonRestricted: [nonRestricted, held.nonRestricted],
    };
  return check;
}

/**
 * Meters SAS defines as sums of others, declared here beside the meters they sum and computed
 * when read, so they can never disagree with them (an old database included).
 */
const SUMS = {
  totalCancelled: {
    code: C('totalCancelled'),
    label: 'total cancelled credits (vouchers out + handpaid cancelled credits)',
    of: ['vouchersOut', 'handpaidCancelled'],
  },
  totalWon: { code: C('totalWon'), label: 'total won (coin out + jackpot)', of: ['coinOut', 'jackpot'] },
  totalHandpaid: {
    code: C('totalHandpaid'),
    label: 'total handpaid (cancelled credits + jackpot)',
    of: ['handpaidCancelled', 'jackpot'],
  },
  totalDrop: { code: C('totalDrop'), label: 'total drop (bills + vouchers in)', of: ['billsIn', 'vouchersIn'] },
} as const satisfies Record<string, { code: string; label: string; of: readonly (keyof typeof BASE)[] }>;

export interface DerivedMeter {
  code: string;
  label: string;
  value: number;
}

/** The meters SAS defines as sums (and current credits, which is the balance), computed when read. */
export function derivedMeters(lifetime: Meters, balance: number): Record<string, DerivedMeter> {
  const out: Record<string, DerivedMeter> = {
    currentCredits: { code: C('currentCredits'), label: 'current credits', value: balance },
  };
  for (const [name, d] of Object.entries(SUMS))
    out[name] = { code: d.code, label: d.label, value: d.of.reduce((sum, m) => sum + meter(lifetime, m), 0) };
  return out;
}

/**
 * Lifetime meters by SAS code ("000C"), for the machine (game null) or one game's: every code the
 * declaration gives a meter (its own and `sameAs`, zero until it first moves), and the sums.
 */
export function metersBySasCode(
  lifetime: Meters,
  balance: number,
  minorDigits: number,
  game: GameId | null,
): Map<string, number> {
  const out = new Map<string, number>();
  const add = (def: MeterDef | null, v: number) => {
    for (const code of def?.code ? [def.code, ...(def.sameAs ?? [])] : []) out.set(code, (out.get(code) ?? 0) + v);
  };
  if (game) {
    for (const name of PER_GAME) add(meterDef(name), lifetime[gameMeter(game, name)] ?? 0);
    return out;
  }
  for (const name of BASE_METERS) if (!BASE_DEFS.get(name)?.untilSet) add(meterDef(name, minorDigits), 0);
  // Every note is counted by its value, so one never taken is known to be none.
  SAS_BILL_VALUES.forEach((_, i) => out.set(sasMeterCode(billMeterCode(i)), 0));
  for (const [name, value] of Object.entries(lifetime))
    if (!name.includes('/')) add(meterDef(name, minorDigits), value);
  for (const d of Object.values(derivedMeters(lifetime, balance))) out.set(d.code, d.value);
  return out;
}

// Pay tables as validated data (J-5, J-6, P-12): one coefficient per category, paid per chip
// staked and returned on top of the stake.

import { CATEGORIES, JACKS_CATEGORIES, type Category, type GameId, type JacksCategory } from './categories';

export interface JacksPayTable {
  game: 'jacks-or-better';
  coefficients: Readonly<Record<JacksCategory, number>>;
  /** J-6: a different royal coefficient when the bet is maxBet (e.g. 800 in 9/6). */
  royalAtMaxBet?: number;
}

export interface PokerPlusPayTable {
  game: 'poker-plus';
  coefficients: Readonly<Record<Category, number>>;
}

export type PayTable = JacksPayTable | PokerPlusPayTable;

export const DEFAULT_JACKS_PAYTABLE: JacksPayTable = Object.freeze({
  game: 'jacks-or-better',
  coefficients: Object.freeze({
    'royal-flush': 250,
    'straight-flush': 50,
    'four-of-a-kind': 25,
    'full-house': 9,
    flush: 6,
    straight: 4,
    'three-of-a-kind': 3,
    'two-pair': 2,
    'jacks-or-better': 1,
    nothing: 0,
  }),
});

/**
 * P-12: the five-card stud table with the flush at 4, the richest of its shape whose best play
 * stays below 99.5% (docs/rules.md). The flush at 5 is estimated above 100% at best play; the
 * Jacks or Better table, 250/50/25/9/6/…, once stood here too, and returns more than 100%.
 */
export const DEFAULT_POKER_PLUS_PAYTABLE: PokerPlusPayTable = Object.freeze({
  game: 'poker-plus',
  coefficients: Object.freeze({
    'royal-flush': 100,
    'straight-flush': 50,
    'four-of-a-kind': 20,
    'full-house': 7,
    flush: 4,
    straight: 4,
    'three-of-a-kind': 3,
    'two-pair': 2,
    pair: 1,
    'high-card': 0,
  }),
});

/** The extra key a pay table object may carry for J-6's royal at max bet. */
export const ROYAL_AT_MAX_BET_KEY = 'royal-flush-max-bet';

export const MAX_COEFFICIENT = 1_000_000;

export type PayTableParse<T> = { ok: true; table: T } | { ok: false; error: string };

/**
 * Reads a pay table object ({category id: coefficient}); missing categories keep the game's
 * defaults. Unknown keys and anything but whole coefficients in 0..1,000,000 are refused.
 */
export function parsePayTable(game: 'jacks-or-better', input: unknown): PayTableParse<JacksPayTable>;
export function parsePayTable(game: 'poker-plus', input: unknown): PayTableParse<PokerPlusPayTable>;
export function parsePayTable(game: GameId, input: unknown): PayTableParse<PayTable>;
export function parsePayTable(game: GameId, input: unknown): PayTableParse<PayTable> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, error: 'paytable must be an object from category id to coefficient' };
  }
  const ids: readonly string[] = game === 'jacks-or-better' ? JACKS_CATEGORIES : CATEGORIES;
  const base = game === 'jacks-or-better' ? DEFAULT_JACKS_PAYTABLE : DEFAULT_POKER_PLUS_PAYTABLE;
  const coefficients: Record<string, number> = { ...base.coefficients };
  let royalAtMaxBet: number | undefined;
  for (const [key, value] of Object.entries(input)) {
    const allowed = ids.includes(key) || (game === 'jacks-or-better' && key === ROYAL_AT_MAX_BET_KEY);
    if (!allowed) {
      return { ok: false, error: `paytable: "${key}" is not a ${game} category (expected one of ${ids.join(', ')})` };
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_COEFFICIENT) {
      return { ok: false, error: `paytable: "${key}" must be a whole number from 0 to ${MAX_COEFFICIENT}` };
    }
    if (key === ROYAL_AT_MAX_BET_KEY) royalAtMaxBet = value;
    else coefficients[key] = value;
  }
  if (game === 'jacks-or-better') {
    const table: JacksPayTable = { game, coefficients: coefficients as Record<JacksCategory, number> };
    if (royalAtMaxBet !== undefined) table.royalAtMaxBet = royalAtMaxBet;
    return { ok: true, table };
  }
  return { ok: true, table: { game, coefficients: coefficients as Record<Category, number> } };
}

/** J-5: a paying hand returns its coefficient (per chip, at that bet) for every chip bet. */
export const jacksWin = (coefficient: number, bet: number): number => coefficient * bet;

/** Jacks or Better coefficient of a category at a bet (J-5, J-6). */
export function jacksCoefficient(table: JacksPayTable, hand: JacksCategory, bet: number, maxBet: number): number {
  if (hand === 'royal-flush' && bet === maxBet && table.royalAtMaxBet !== undefined) return table.royalAtMaxBet;
  return table.coefficients[hand];
}

/**
 * What is wrong with a pay table as the cabinet keeps it ({game, coefficients, royalAtMaxBet}),
 * or null: every category of the game present with a coefficient parsePayTable would accept, and
 * nothing else. Stored settings are read back through this, so an edited table is not obeyed.
 */
export function payTableProblem(game: GameId, table: unknown): string | null {
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return 'must be a pay table object';
  const t = table as Record<string, unknown>;
  const allowed = game === 'jacks-or-better' ? ['game', 'coefficients', 'royalAtMaxBet'] : ['game', 'coefficients'];
  const extra = Object.keys(t).find((k) => !allowed.includes(k));
  if (extra !== undefined) return `has "${extra}", which is not part of a ${game} pay table`;
  if (t.game !== game) return `is for ${String(t.game)}, not ${game}`;
  const coefficient = (v: unknown): boolean =>
    typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_COEFFICIENT;
  const c = t.coefficients;
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return 'must have coefficients by category';
  const ids: readonly string[] = game === 'jacks-or-better' ? JACKS_CATEGORIES : CATEGORIES;
  const keys = Object.keys(c);
  const unknown = keys.find((k) => !ids.includes(k));
  if (unknown !== undefined) return `"${unknown}" is not a ${game} category`;
  const missing = ids.find((k) => !keys.includes(k));
  if (missing !== undefined) return `has no coefficient for "${missing}"`;
  const bad = ids.find((k) => !coefficient((c as Record<string, unknown>)[k]));
  if (bad !== undefined) return `"${bad}" must be a whole number from 0 to ${MAX_COEFFICIENT}`;
  if (t.royalAtMaxBet !== undefined && !coefficient(t.royalAtMaxBet))
    return `"${ROYAL_AT_MAX_BET_KEY}" must be a whole number from 0 to ${MAX_COEFFICIENT}`;
  return null;
}

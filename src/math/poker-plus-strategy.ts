// A Poker Plus strategy as data (JSON): ordered rules for the draw actions of P-3 (the second of
// which exchanges one card at most), a condition for BET (P-4) and the categories that take half
// (P-6) or buy the game (P-7). Parsed with a clear error naming the offending path, so a broken
// strategy file, or one asking what P-3 forbids, never runs.

import { CATEGORIES, RANK_CHARS, type Category } from '../core';
import { parseTables, type StrategyTables } from './poker-plus-table-strategy';

export type DrawName = 'four-flush' | 'three-flush' | 'open-straight' | 'four-straight';
export const DRAW_NAMES: readonly DrawName[] = ['four-flush', 'three-flush', 'open-straight', 'four-straight'];

export type Condition =
  | 'any'
  | { handAtLeast: Category }
  | { pairAtLeast: string }
  | { draw: DrawName }
  | { upCardAtLeast: string }
  | { upCardBelow: string }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

/** Which cards an exchange throws away: those outside the pairs, the flush draw, the straight draw, or all. */
export type ExchangeWhat = 'unpaired' | 'off-flush' | 'off-straight' | 'all';
export const EXCHANGE_WHATS: readonly ExchangeWhat[] = ['unpaired', 'off-flush', 'off-straight', 'all'];

/**
 * Which one card an exchange of one throws away (poker-plus-patterns.ts, lowestUnpairedPosition
 * and offDrawPosition): the lowest card outside the pairs, trips and quads; a card off a
 * four-flush; a card off a four-card straight draw. Off a draw, a card that pairs nothing goes
 * before one that pairs, then the lowest.
 */
export type OneCardWhat = 'lowest-unpaired' | 'off-flush' | 'off-straight';
export const ONE_CARD_WHATS: readonly OneCardWhat[] = ['lowest-unpaired', 'off-flush', 'off-straight'];

/** What the second draw action may do (P-3): stand, fold, a sixth card, or exchange one card. */
export type SecondAction = 'stand' | 'fold' | 'buySixth' | { exchangeOne: OneCardWhat };
/** The first may also exchange any number of cards. */
export type DrawAction = SecondAction | { exchange: ExchangeWhat };

export interface Rule<A extends DrawAction = DrawAction> {
  if: Condition;
  then: A;
}

export interface PokerPlusStrategy {
  name: string;
  /** Rules for the first draw action, on the dealt five; the first that matches acts. */
  first: Rule[];
  /** Rules for the second draw action, after a first: never an exchange of more than one card. */
  second: Rule<SecondAction>[];
  /** BET when this holds for the final hand, else FOLD. */
  bet: Condition;
  takeHalf: Category[];
  buyGame: Category[];
  /** Decide BET/FOLD, take half and buy the game by the exact expected value instead. */
  exact?: boolean;
  /**
   * Every decision by table instead (poker-plus-table-strategy.ts): a strategy file gives
   * either the rules above or "tables", not both.
   */
  tables?: StrategyTables;
}

export type StrategyParse = { ok: true; strategy: PokerPlusStrategy } | { ok: false; error: string };

class StrategyError extends Error {}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function onlyKey(x: Record<string, unknown>, path: string): [string, unknown] {
  const keys = Object.keys(x);
  const key = keys[0];
  if (keys.length !== 1 || key === undefined)
    throw new StrategyError(`${path}: expected an object with exactly one key, got ${keys.length}`);
  return [key, x[key]];
}

function rank(x: unknown, path: string): string {
  if (typeof x !== 'string' || x.length !== 1 || !RANK_CHARS.includes(x.toUpperCase())) {
    throw new StrategyError(`${path}: expected a rank (one of ${RANK_CHARS.split('').join(' ')})`);
  }
  return x.toUpperCase();
}

function category(x: unknown, path: string): Category {
  if (typeof x !== 'string' || !(CATEGORIES as readonly string[]).includes(x)) {
    throw new StrategyError(`${path}: expected a Poker Plus category (${CATEGORIES.join(', ')})`);
  }
  return x as Category;
}

function list<T>(x: unknown, path: string, item: (v: unknown, p: string) => T): T[] {
  if (!Array.isArray(x)) throw new StrategyError(`${path}: expected an array`);
  return x.map((v, i) => item(v, `${path}[${i}]`));
}

function condition(x: unknown, path: string): Condition {
  if (x === 'any') return 'any';
  if (!isObject(x)) throw new StrategyError(`${path}: expected "any" or a condition object`);
  const [key, value] = onlyKey(x, path);
  const at = `${path}.${key}`;
  switch (key) {
    case 'handAtLeast':
      return { handAtLeast: category(value, at) };
    case 'pairAtLeast':
      return { pairAtLeast: rank(value, at) };
    case 'upCardAtLeast':
      return { upCardAtLeast: rank(value, at) };
    case 'upCardBelow':
      return { upCardBelow: rank(value, at) };
    case 'draw':
      if (typeof value !== 'string' || !(DRAW_NAMES as readonly string[]).includes(value)) {
        throw new StrategyError(`${at}: expected one of ${DRAW_NAMES.join(', ')}`);
      }
      return { draw: value as DrawName };
    case 'all':
      return { all: list(value, at, condition) };
    case 'any':
      return { any: list(value, at, condition) };
    case 'not':
      return { not: condition(value, at) };
    default:
      throw new StrategyError(`${path}: unknown condition "${key}"`);
  }
}

const quoted = (xs: readonly string[]): string => xs.map((w) => `"${w}"`).join('|');
const ONE_CARD = `{"exchangeOne": ${quoted(ONE_CARD_WHATS)}}`;

function action(x: unknown, path: string): DrawAction {
  if (x === 'stand' || x === 'fold' || x === 'buySixth') return x;
  if (isObject(x)) {
    const [key, value] = onlyKey(x, path);
    if (key === 'exchange' && typeof value === 'string' && (EXCHANGE_WHATS as readonly string[]).includes(value)) {
      return { exchange: value as ExchangeWhat };
    }
    if (key === 'exchangeOne' && typeof value === 'string' && (ONE_CARD_WHATS as readonly string[]).includes(value)) {
      return { exchangeOne: value as OneCardWhat };
    }
  }
  throw new StrategyError(
    `${path}: expected "stand", "fold", "buySixth", {"exchange": ${quoted(EXCHANGE_WHATS)}} or ${ONE_CARD}`,
  );
}

function secondAction(x: unknown, path: string): SecondAction {
  const a = action(x, path);
  if (typeof a === 'object' && 'exchange' in a) {
    throw new StrategyError(
      `${path}: a second draw action exchanges one card only (P-3): expected "stand", "fold", "buySixth" or ${ONE_CARD}`,
    );
  }
  return a;
}

function ruleOf<A extends DrawAction>(then: (x: unknown, path: string) => A) {
  return (x: unknown, path: string): Rule<A> => {
    if (!isObject(x)) throw new StrategyError(`${path}: expected {"if": CONDITION, "then": ACTION}`);
    for (const key of Object.keys(x))
      if (key !== 'if' && key !== 'then') throw new StrategyError(`${path}: unknown key "${key}"`);
    return { if: condition(x.if, `${path}.if`), then: then(x.then, `${path}.then`) };
  };
}

const KEYS = ['name', 'first', 'second', 'bet', 'takeHalf', 'buyGame', 'exact'];
const RULE_KEYS = ['first', 'second', 'bet', 'takeHalf', 'buyGame', 'exact'];

export function parseStrategy(input: unknown): StrategyParse {
  try {
    if (!isObject(input)) throw new StrategyError('strategy: expected a JSON object');
    if (typeof input.name !== 'string' || input.name.length === 0)
      throw new StrategyError('strategy.name: expected a non-empty string');
    if ('tables' in input) {
      const rules = Object.keys(input).find((k) => RULE_KEYS.includes(k));
      if (rules !== undefined)
        throw new StrategyError(`strategy: "${rules}" and "tables" together; give one or the other`);
      const extra = Object.keys(input).find((k) => k !== 'name' && k !== 'tables');
      if (extra !== undefined) throw new StrategyError(`strategy: unknown key "${extra}"`);
      const tables = parseTables(input.tables, 'strategy.tables');
      if (!tables.ok) throw new StrategyError(tables.error);
      // The rule fields stay empty: the tables decide everything (poker-plus-play.ts).
      return {
        ok: true,
        strategy: {
          name: input.name,
          first: [],
          second: [],
          bet: 'any',
          takeHalf: [],
          buyGame: [],
          tables: tables.tables,
        },
      };
    }
    for (const key of Object.keys(input))
      if (!KEYS.includes(key)) throw new StrategyError(`strategy: unknown key "${key}"`);
    if (input.exact !== undefined && typeof input.exact !== 'boolean')
      throw new StrategyError('strategy.exact: expected true or false');
    const strategy: PokerPlusStrategy = {
      name: input.name,
      first: list(input.first, 'strategy.first', ruleOf(action)),
      second: list(input.second, 'strategy.second', ruleOf(secondAction)),
      bet: condition(input.bet, 'strategy.bet'),
      takeHalf: list(input.takeHalf, 'strategy.takeHalf', category),
      buyGame: list(input.buyGame, 'strategy.buyGame', category),
    };
    for (const c of strategy.takeHalf) {
      if (CATEGORIES.indexOf(c) < CATEGORIES.indexOf('straight'))
        throw new StrategyError(`strategy.takeHalf: P-6 allows half only with a straight or better, not ${c}`);
      if (strategy.buyGame.includes(c))
        throw new StrategyError(`strategy: ${c} both takes half and buys the game (P-7 allows one)`);
    }
    if (input.exact === true) strategy.exact = true;
    return { ok: true, strategy };
  } catch (e) {
    if (e instanceof StrategyError) return { ok: false, error: e.message };
    throw e;
  }
}

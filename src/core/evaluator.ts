// Hand evaluation (H-3 to H-6): one number per hand, higher wins, equal only for hands equal
// by H-5. The five- and six-card paths allocate nothing: a few table reads and integer ops.

import { CATEGORIES, type Category } from './categories';
import { makeCard, type Card } from './cards';
import { buildEvaluatorTables, HAND_VALUE_COUNT, RANK_KEYS_5, RANK_KEYS_6 } from './evaluator-tables';

const tables = buildEvaluatorTables();
const RANK5 = tables.rank5;
const RANK6 = tables.rank6;
const FLUSH = tables.flush;
const CATEGORY = tables.category;
const JACKS_MIN = tables.jacksMin;

const KEY5 = new Int32Array(52);
const KEY6 = new Int32Array(52);
const BIT = new Int32Array(52);
for (const [rank, key5] of RANK_KEYS_5.entries()) {
  for (let suit = 0; suit < 4; suit++) {
    KEY5[makeCard(rank, suit)] = key5;
    BIT[makeCard(rank, suit)] = 1 << rank;
  }
}
for (const [rank, key6] of RANK_KEYS_6.entries()) {
  for (let suit = 0; suit < 4; suit++) KEY6[makeCard(rank, suit)] = key6;
}

export { HAND_VALUE_COUNT };

// The hot paths below read the tables without a bounds check: a card is 0..51 (H-1), so every
// index is in range by construction (a KEY sum or a rank mask lands inside the table it was
// sized for). The `!` on each read says so to the compiler; a check here would cost every hand.

/** Value of exactly five cards. */
export function evaluate5(a: Card, b: Card, c: Card, d: Card, e: Card): number {
  if ((((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3) === 0) {
    return FLUSH[BIT[a]! | BIT[b]! | BIT[c]! | BIT[d]! | BIT[e]!]!;
  }
  return RANK5[KEY5[a]! + KEY5[b]! + KEY5[c]! + KEY5[d]! + KEY5[e]!]!;
}

/** Value of the best five of six cards (H-6). */
export function evaluate6(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card): number {
  // Four 4-bit suit counters; a counter reaches 5 only if 5 + 3 sets its top bit.
  const suits =
    (1 << ((a & 3) << 2)) +
    (1 << ((b & 3) << 2)) +
    (1 << ((c & 3) << 2)) +
    (1 << ((d & 3) << 2)) +
    (1 << ((e & 3) << 2)) +
    (1 << ((f & 3) << 2));
  const over = (suits + 0x3333) & 0x8888;
  if (over !== 0) {
    // With five or more of one suit no pairing of the rest can beat the flush (H-3).
    const suit = (31 - Math.clz32(over)) >> 2;
    let mask = 0;
    if ((a & 3) === suit) mask |= BIT[a]!;
    if ((b & 3) === suit) mask |= BIT[b]!;
    if ((c & 3) === suit) mask |= BIT[c]!;
    if ((d & 3) === suit) mask |= BIT[d]!;
    if ((e & 3) === suit) mask |= BIT[e]!;
    if ((f & 3) === suit) mask |= BIT[f]!;
    return FLUSH[mask]!;
  }
  return RANK6[KEY6[a]! + KEY6[b]! + KEY6[c]! + KEY6[d]! + KEY6[e]! + KEY6[f]!]!;
}

/**
 * Value of a hand of five or six cards (six: the best five plays, H-6); seven or more cards
 * take the best of every six. Cards must be distinct card numbers (see parseCards).
 */
export function evaluate(cards: ArrayLike<Card>): number {
  if (cards.length === 5) return evaluate5(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
  if (cards.length === 6) return evaluate6(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!, cards[5]!);
  if (cards.length < 5) throw new RangeError(`evaluate needs five or more cards, got ${cards.length}`);
  let best = 0;
  const all = Array.from(cards);
  for (let skip = 0; skip < all.length; skip++) {
    best = Math.max(best, evaluate(all.filter((_, i) => i !== skip)));
  }
  return best;
}

export function checkValue(value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > HAND_VALUE_COUNT) {
    throw new RangeError(`not a hand value: ${value}`);
  }
}

/** Category id of a hand value (H-3), by the general names (`pair`, `high-card`). */
export function categoryOf(value: number): Category {
  checkValue(value);
  // A checked value has a category, and the table holds only indexes 0..9.
  return CATEGORIES[CATEGORY[value]!]!;
}

/**
 * Category index (0 = high card .. 9 = royal flush) without the string, for hot paths: `value`
 * must be a hand value from the evaluator (unchecked, unlike categoryOf).
 */
export function categoryIndexOf(value: number): number {
  return CATEGORY[value]!;
}

/** Positive when hand a beats hand b, zero for equal hands (H-5), negative otherwise. */
export function compareHands(a: ArrayLike<Card>, b: ArrayLike<Card>): number {
  return evaluate(a) - evaluate(b);
}

/** The five cards that play (H-6), in the hand's own order; the first best subset on ties. */
export function bestFive(cards: readonly Card[]): Card[] {
  if (cards.length === 5) return [...cards];
  const target = evaluate(cards);
  for (let skip = 0; skip < cards.length; skip++) {
    const rest = cards.filter((_, i) => i !== skip);
    if (evaluate(rest) === target) return bestFive(rest);
  }
  throw new Error('bestFive: no subset reaches the hand value');
}

/** Lowest value that is a pair of jacks or better (for analyses that work on values). */
export const JACKS_OR_BETTER_MIN_VALUE = JACKS_MIN;

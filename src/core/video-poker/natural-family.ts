// A family without wild cards: its category is a function of the hand's value (H-3 to H-5), so
// a family says how each ordinary hand falls (the general category with the ranks of its groups)
// and gets a lookup by value, as fast as the evaluator itself. Bonus Poker's fours by rank and
// Double Double Bonus's kickers are both read off the ranks of the groups.

import { makeCard, type Card } from '../cards';
import { categoryIndexOf, evaluate5, HAND_VALUE_COUNT } from '../evaluator';
import type { Coefficients, VideoPokerFamily } from './family';

/** A hand as H-5 orders it: the general category (0 high card .. 9 royal flush) and its ranks. */
export interface HandShape {
  /** Index in core's CATEGORIES: 0 high card, 1 pair, ..., 7 four of a kind, 8 straight flush, 9 royal flush. */
  general: number;
  /** Ranks by group, largest group first, then higher rank: a four's rank, then its kicker. */
  groups: readonly number[];
}

export interface NaturalFamilySpec<C extends string, G extends string = string> {
  game: G;
  name: string;
  rules: string;
  categories: readonly C[];
  royal: C;
  defaultTable: { coefficients: Coefficients<C>; royalAtMaxBet?: number };
  /** The family's category of a hand of that shape. */
  categoryOf(shape: HandShape): C;
  /** Categories whose fifth card is part of the hand (a four with its kicker): held with it. */
  kickerCategories?: readonly C[];
}

const GENERAL_PAT = new Set([4, 5, 6, 8, 9]);

/** Calls visit for one hand of every value 1..7462, with the value's shape. */
export function forEachHandShape(visit: (value: number, shape: HandShape, cards: readonly Card[]) => void): void {
  const ranks: number[] = [];
  const emit = (flush: boolean): void => {
    const seen = new Array<number>(13).fill(0);
    const distinct = new Set(ranks).size === 5;
    // Suits by occurrence within a rank (no flush can repeat a rank); five distinct ranks take
    // one odd suit unless they are the flush.
    const cards = ranks.map((r, i) => makeCard(r, flush ? 0 : distinct ? (i === 4 ? 1 : 0) : seen[r]!++));
    const value = evaluate5(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
    const counts = new Map<number, number>();
    for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
    const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([r]) => r);
    visit(value, { general: categoryIndexOf(value), groups }, cards);
  };
  const walk = (rank: number, left: number): void => {
    if (left === 0) {
      emit(false);
      if (new Set(ranks).size === 5) emit(true);
      return;
    }
    if (rank > 12) return;
    for (let c = Math.min(4, left); c >= 0; c--) {
      for (let i = 0; i < c; i++) ranks.push(rank);
      walk(rank + 1, left - c);
      for (let i = 0; i < c; i++) ranks.pop();
    }
  };
  walk(0, 5);
}

/** The family's category of every hand value, from its categoryOf over one hand of each value. */
function categoriesByValue<C extends string>(spec: NaturalFamilySpec<C, string>): Uint8Array {
  const index = new Map(spec.categories.map((c, i) => [c, i]));
  const byValue = new Uint8Array(HAND_VALUE_COUNT + 1);
  let filled = 0;
  forEachHandShape((value, shape) => {
    const category = index.get(spec.categoryOf(shape));
    if (category === undefined) throw new Error(`${spec.game}: categoryOf gave an unknown category`);
    byValue[value] = category;
    filled++;
  });
  if (filled !== HAND_VALUE_COUNT) throw new Error(`${spec.game}: ${filled} hand values, expected ${HAND_VALUE_COUNT}`);
  return byValue;
}

export function naturalFamily<C extends string, G extends string = string>(
  spec: NaturalFamilySpec<C, G>,
): VideoPokerFamily<C, G> {
  const withKicker = new Set((spec.kickerCategories ?? []).map((c) => spec.categories.indexOf(c)));
  // Built on first use (a few tens of ms): a process loads every family and plays one.
  let category5: ((a: Card, b: Card, c: Card, d: Card, e: Card) => number) | null = null;
  return {
    game: spec.game,
    name: spec.name,
    rules: spec.rules,
    categories: spec.categories,
    royal: spec.royal,
    defaultTable: spec.defaultTable,
    get category5() {
      if (category5 === null) {
        const byValue = categoriesByValue(spec);
        category5 = (a, b, c, d, e) => byValue[evaluate5(a, b, c, d, e)]!;
      }
      return category5;
    },
    madeBy(cards, category) {
      const all = [0, 1, 2, 3, 4];
      const general = categoryIndexOf(evaluate5(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!));
      if (withKicker.has(category) || GENERAL_PAT.has(general)) return all;
      // Fours, threes, two pair and a paying pair: the cards in groups (J-3).
      const count = new Map<number, number>();
      for (const c of cards) count.set(c >> 2, (count.get(c >> 2) ?? 0) + 1);
      return all.filter((p) => (count.get(cards[p]! >> 2) ?? 0) >= 2);
    },
  };
}

// The classes of a Poker Plus box a table strategy reads (poker-plus-table-strategy.ts): a draw
// class (what the box makes and what it draws to) before a draw action, and a final class (what
// it makes, and whether it holds the up card's rank) at the final decision. Each by name, as a
// strategy file and docs/poker-plus-strategy.md name them, and by number from a hand value and a
// few bits, as the simulator's look-ahead over every card to come needs them (the two agree:
// poker-plus-table-strategy.test.ts).

import {
  CATEGORIES,
  categoryIndexOf,
  evaluate,
  HAND_VALUE_COUNT,
  makeCard,
  RANK_CHARS,
  rankOf,
  type Card,
} from '../core';
import { flushDrawPositions, straightDrawPositions } from './poker-plus-patterns';
import { rankMultisets } from './poker-plus-rank-tables';

const MADE = ['straight', 'flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'royal-flush'];
const PAIRS = [...RANK_CHARS].map((r) => `pair-${r}`);
export const MADE_CLASSES: readonly string[] = MADE;

/**
 * A box without a pair is worth what pairing one of its cards would be: a pair above the up
 * card's rank beats the dealer's pair of it. So those classes count the box's cards ranked
 * above the up card: 0, 1, 2, or 3 and more.
 */
const ABOVE = [0, 1, 2, 3];
const unpairedClasses = (c: string): string[] => ABOVE.map((n) => `${c}-above-${n}`);

/** The draw classes, best made hand first. */
export const DRAW_CLASSES: readonly string[] = [
  ...[...MADE].reverse(),
  'three-of-a-kind',
  'two-pair',
  'pair-four-flush',
  'pair-open-straight',
  'pair-inside-straight',
  ...[...PAIRS].reverse(),
  ...['four-flush', 'open-straight', 'inside-straight', 'high-card'].flatMap(unpairedClasses),
];

/** The final classes. */
export const FINAL_CLASSES: readonly string[] = [
  ...[...MADE].reverse(),
  'three-of-a-kind',
  'two-pair',
  ...[...PAIRS].reverse().flatMap((p) => [p, `${p}-up-held`]),
  'ace-high',
  'ace-high-up-held',
  'high-card',
  'high-card-up-held',
];

function topPair(cards: readonly Card[]): number {
  const copies = new Int8Array(13);
  for (const c of cards) copies[rankOf(c)]!++;
  for (let r = 12; r >= 0; r--) if (copies[r]! >= 2) return r;
  return -1;
}

/** How many of the box's cards rank above the up card, at most 3. */
export function aboveUp(cards: readonly Card[], upCard: Card): number {
  let n = 0;
  for (const c of cards) if (rankOf(c) > rankOf(upCard)) n++;
  return Math.min(n, 3);
}

/** The draw class of a box of five or six cards against the up card. */
export function drawClass(cards: readonly Card[], upCard: Card): string {
  const category = categoryIndexOf(evaluate(cards));
  if (category >= 4) return CATEGORIES[category]!;
  if (category === 3) return 'three-of-a-kind';
  if (category === 2) return 'two-pair';
  const fourFlush = flushDrawPositions(cards, 4).length > 0;
  if (category === 1) {
    if (fourFlush) return 'pair-four-flush';
    if (straightDrawPositions(cards, true).length > 0) return 'pair-open-straight';
    if (straightDrawPositions(cards, false).length > 0) return 'pair-inside-straight';
    return `pair-${RANK_CHARS[topPair(cards)]}`;
  }
  const above = `-above-${aboveUp(cards, upCard)}`;
  if (fourFlush) return `four-flush${above}`;
  if (straightDrawPositions(cards, true).length > 0) return `open-straight${above}`;
  if (straightDrawPositions(cards, false).length > 0) return `inside-straight${above}`;
  return `high-card${above}`;
}

/** The final class of a box against the up card. */
export function finalClass(cards: readonly Card[], upCard: Card): string {
  const category = categoryIndexOf(evaluate(cards));
  if (category >= 2) return category === 3 ? 'three-of-a-kind' : category === 2 ? 'two-pair' : CATEGORIES[category]!;
  // Cards of the up card's rank in the box are not in the dealer's: a game comes less often.
  const held = cards.some((c) => rankOf(c) === rankOf(upCard)) ? '-up-held' : '';
  if (category === 1) return `pair-${RANK_CHARS[topPair(cards)]}${held}`;
  return `${cards.some((c) => rankOf(c) === 12) ? 'ace-high' : 'high-card'}${held}`;
}

// By number. A hand value gives the category, the pair's rank and whether an ace plays; a box's
// rank mask gives its straight draws; its suit counts, a four-flush.

/** For every hand value: its category index, and its pair's rank (pairs) or 12 when an ace plays (high cards), else -1. */
const VALUE_CATEGORY = new Int8Array(HAND_VALUE_COUNT + 1);
const VALUE_RANK = new Int8Array(HAND_VALUE_COUNT + 1).fill(-1);
{
  const fives = rankMultisets(5);
  for (let at = 0; at < fives.length; at += 5) {
    const ranks = [...fives.subarray(at, at + 5)];
    const copies = new Int8Array(13);
    for (const r of ranks) copies[r]!++;
    if (copies.some((n) => n > 4)) continue;
    const distinct = new Set(ranks).size === 5;
    // Mixed suits (five different ranks alternate two suits; copies of a rank take suits in
    // turn), and for five different ranks the suited hand too.
    const taken = new Int8Array(13);
    const mixed = ranks.map((r, i) => makeCard(r, distinct ? i % 2 : taken[r]!++));
    for (const hand of distinct ? [mixed, ranks.map((r) => makeCard(r, 0))] : [mixed]) {
      const v = evaluate(hand);
      const c = categoryIndexOf(v);
      VALUE_CATEGORY[v] = c;
      if (c === 1) VALUE_RANK[v] = topPair(hand);
      if (c === 0 && ranks.includes(12)) VALUE_RANK[v] = 12;
    }
  }
}

/** Straight draws of a rank mask: 2 four in a row both ends open, 1 four of a five-rank window, 0 none (as straightDrawPositions reads them). */
const STRAIGHT_DRAW = (() => {
  const draw = new Int8Array(8192);
  for (let mask = 0; mask < 8192; mask++) {
    const cards: Card[] = [];
    for (let r = 0; r < 13; r++) if (mask & (1 << r)) cards.push(makeCard(r, cards.length % 4));
    if (cards.length < 4) continue;
    draw[mask] =
      straightDrawPositions(cards, true).length > 0 ? 2 : straightDrawPositions(cards, false).length > 0 ? 1 : 0;
  }
  return draw;
})();

const index = (names: readonly string[], name: string): number => {
  const i = names.indexOf(name);
  if (i < 0) throw new Error(`hand classes: no class ${name}`);
  return i;
};
const DRAW_OF_CATEGORY = CATEGORIES.map((c, i) =>
  i >= 4
    ? index(DRAW_CLASSES, c)
    : i === 3
      ? index(DRAW_CLASSES, 'three-of-a-kind')
      : i === 2
        ? index(DRAW_CLASSES, 'two-pair')
        : -1,
);
const DRAW_PAIR = [...RANK_CHARS].map((r) => index(DRAW_CLASSES, `pair-${r}`));
const DRAW_PAIR_FLUSH = index(DRAW_CLASSES, 'pair-four-flush');
const DRAW_PAIR_STRAIGHT = [-1, index(DRAW_CLASSES, 'pair-inside-straight'), index(DRAW_CLASSES, 'pair-open-straight')];
// The unpaired classes come four to a row, by the cards above the up card (0..3).
const DRAW_HIGH = [
  index(DRAW_CLASSES, 'high-card-above-0'),
  index(DRAW_CLASSES, 'inside-straight-above-0'),
  index(DRAW_CLASSES, 'open-straight-above-0'),
];
const DRAW_FOUR_FLUSH = index(DRAW_CLASSES, 'four-flush-above-0');

/**
 * The draw class (DRAW_CLASSES' index) of a box of hand value `value`, whose suits include four
 * of one (`fourFlush`) or not, whose ranks make the 13-bit `mask`, with `above` (0..3) cards
 * above the up card.
 */
export function drawClassIndex(value: number, fourFlush: boolean, mask: number, above: number): number {
  const c = VALUE_CATEGORY[value]!;
  if (c >= 2) return DRAW_OF_CATEGORY[c]!;
  const straight = STRAIGHT_DRAW[mask]!;
  if (c === 1) {
    if (fourFlush) return DRAW_PAIR_FLUSH;
    return straight > 0 ? DRAW_PAIR_STRAIGHT[straight]! : DRAW_PAIR[VALUE_RANK[value]!]!;
  }
  return (fourFlush ? DRAW_FOUR_FLUSH : DRAW_HIGH[straight]!) + above;
}

const FINAL_OF_CATEGORY = CATEGORIES.map((c, i) =>
  i >= 4
    ? index(FINAL_CLASSES, c)
    : i === 3
      ? index(FINAL_CLASSES, 'three-of-a-kind')
      : i === 2
        ? index(FINAL_CLASSES, 'two-pair')
        : -1,
);
const FINAL_PAIR = [...RANK_CHARS].map((r) => index(FINAL_CLASSES, `pair-${r}`));
const FINAL_ACE = index(FINAL_CLASSES, 'ace-high');
const FINAL_HIGH = index(FINAL_CLASSES, 'high-card');

/** The final class (FINAL_CLASSES' index) of a box of hand value `value`, holding the up card's rank or not. */
export function finalClassIndex(value: number, upHeld: boolean): number {
  const c = VALUE_CATEGORY[value]!;
  if (c >= 2) return FINAL_OF_CATEGORY[c]!;
  // Each pair and high-card class is followed by its "-up-held" twin.
  const base = c === 1 ? FINAL_PAIR[VALUE_RANK[value]!]! : VALUE_RANK[value] === 12 ? FINAL_ACE : FINAL_HIGH;
  return base + (upHeld ? 1 : 0);
}

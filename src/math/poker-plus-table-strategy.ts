// A Poker Plus strategy as tables of what boxes are worth, by class of hand (poker-plus-hand-
// classes.ts) and rank of the dealer's up card, in antes from that point on, and one rule: at
// each draw action take the option worth most.
//
// - At the first draw action (P-3): folding is worth -1; standing, what the box is worth at the
//   final decision (`worth`); a sixth card or an exchange of one card, the average over every
//   card that can come of what the new box is worth at the second draw action (`second`), less
//   the ante it costs; without a pair, exchanging the two cards off three of a suit, the same
//   over every two cards that can come; exchanging all five cards, or (a pair or three of a
//   kind) the cards outside it, what the `exchange` table says, fee included.
// - At the second draw action (one card, or a sixth to five): standing is worth `worth`; a sixth
//   card or an exchange of one card, the average of `worth` over every card that can come, less
//   the ante it costs.
// - At the final decision (P-4, P-6, P-7): the `final` table's choice.
//
// The tables are data (a strategy file's "tables"), found by `parsheet poker-plus --best` from
// exact decision values (poker-plus-best.ts); docs/poker-plus-strategy.md prints them.

import { drawFee, evaluate, evaluate5, evaluate6, RANK_CHARS, rankOf, suitOf, type Card } from '../core';
import {
  DRAW_CLASSES,
  drawClass,
  drawClassIndex,
  FINAL_CLASSES,
  finalClass,
  finalClassIndex,
  MADE_CLASSES,
} from './poker-plus-hand-classes';
import { pairedPositions } from './poker-plus-patterns';

export { DRAW_CLASSES, FINAL_CLASSES, drawClass, finalClass } from './poker-plus-hand-classes';

export const FINAL_ACTIONS = ['fold', 'bet', 'bet-buy', 'bet-half'] as const;
export type FinalTableAction = (typeof FINAL_ACTIONS)[number];

/** One entry per up card rank, deuce first. */
export type TableRow<A> = A[];

/** The classes whose cards outside the pairs the first action may exchange (two or more cards). */
export const UNPAIRED_CLASSES: readonly string[] = DRAW_CLASSES.filter(
  (c) => c.startsWith('pair-') || c === 'three-of-a-kind',
);

/** The second table's rows: every draw class with five cards held and with six. */
export const SECOND_CLASSES: readonly string[] = [5, 6].flatMap((n) => DRAW_CLASSES.map((c) => `${c}/${n}`));

export interface StrategyTables {
  /** Exchanges of several cards at the first action, fee included: all five, and the cards outside a pair or three of a kind. */
  exchange: { all: Record<string, TableRow<number>>; unpaired: Record<string, TableRow<number>> };
  /** What a box is worth just before the second draw action, by draw class and cards held ("pair-9/6"). */
  second: Record<string, TableRow<number>>;
  /** What a box is worth at the final decision, by final class. */
  worth: Record<string, TableRow<number>>;
  final: Record<string, TableRow<FinalTableAction>>;
}

/** The cell of a row for this up card. */
export const cell = <A>(row: readonly A[], upCard: Card): A => row[rankOf(upCard)]!;

/** What a draw action does to a box: stand (null), fold, a sixth card, or these positions. */
export type TableDraw = null | 'fold' | 'sixth' | number[];

/** The first action's options as the rule weighs them, in the order ties keep. */
export type FirstOption =
  'fold' | 'stand' | 'sixth' | 'exchange-one' | 'exchange-off-three-flush' | 'exchange-unpaired' | 'exchange-all';
export const FIRST_OPTIONS: readonly FirstOption[] = [
  'fold',
  'stand',
  'sixth',
  'exchange-one',
  'exchange-off-three-flush',
  'exchange-unpaired',
  'exchange-all',
];

// The tables by number for the look-ahead: per up rank, `second` at draw class * 2 + (six
// cards), `worth` at final class.
interface Compiled {
  second: Float64Array[];
  worth: Float64Array[];
}
const compiledTables = new WeakMap<StrategyTables, Compiled>();

function compiled(tables: StrategyTables): Compiled {
  let c = compiledTables.get(tables);
  if (c !== undefined) return c;
  c = {
    second: [...RANK_CHARS].map((_, up) =>
      Float64Array.from(DRAW_CLASSES.flatMap((d) => [tables.second[`${d}/5`]![up]!, tables.second[`${d}/6`]![up]!])),
    ),
    worth: [...RANK_CHARS].map((_, up) => Float64Array.from(FINAL_CLASSES.map((f) => tables.worth[f]![up]!))),
  };
  compiledTables.set(tables, c);
  return c;
}

/** The ranks (as a 13-bit mask) and the four-of-a-suit of a box, from counts. */
function maskOf(copies: Int8Array): number {
  let mask = 0;
  for (let r = 0; r < 13; r++) if (copies[r]! > 0) mask |= 1 << r;
  return mask;
}

/**
 * The first draw action by the tables, and each option's worth (`values`, in FirstOption order,
 * each the best of its kind; the exchange of one card's best position in `position`).
 */
export function firstChoice(
  tables: StrategyTables,
  box: readonly Card[],
  upCard: Card,
): { draw: TableDraw; values: Record<FirstOption, number | null>; position: number } {
  if (box.length !== 5) throw new RangeError('firstChoice: the first action is taken on the five dealt');
  const up = rankOf(upCard);
  const t = compiled(tables);
  const second = t.second[up]!;
  const worth = t.worth[up]!;
  const copies = new Int8Array(13);
  const suits = new Int8Array(4);
  let upHeld = false;
  let above = 0;
  for (const c of box) {
    copies[rankOf(c)]!++;
    suits[suitOf(c)]!++;
    if (rankOf(c) === up) upHeld = true;
    if (rankOf(c) > up) above++;
  }
  const cap = (n: number): number => (n > 3 ? 3 : n);
  const out = new Uint8Array(52);
  for (const c of box) out[c] = 1;
  out[upCard] = 1;
  const [c0, c1, c2, c3, c4] = box as [Card, Card, Card, Card, Card];
  // Per position, the four others' rank mask and suit counts.
  const maskWithout: number[] = [];
  const suitsWithout: Int8Array[] = [];
  for (const c of box) {
    copies[rankOf(c)]!--;
    maskWithout.push(maskOf(copies));
    copies[rankOf(c)]!++;
    const s = Int8Array.from(suits);
    s[suitOf(c)]!--;
    suitsWithout.push(s);
  }
  const mask = maskOf(copies);
  const e5 = evaluate5;
  const e6 = evaluate6;
  const sums = [0, 0, 0, 0, 0, 0];
  let unseen = 0;
  for (let r = 0; r < 52; r++) {
    if (out[r]) continue;
    unseen++;
    const rs = r & 3;
    const bit = 1 << (r >> 2);
    const rAbove = r >> 2 > up ? 1 : 0;
    // A sixth card.
    const six = e6(c0, c1, c2, c3, c4, r);
    sums[5]! += second[2 * drawClassIndex(six, fourOfASuit(suits, rs), mask | bit, cap(above + rAbove)) + 1]!;
    for (let p = 0; p < 5; p++) {
      const v =
        p === 0
          ? e5(r, c1, c2, c3, c4)
          : p === 1
            ? e5(c0, r, c2, c3, c4)
            : p === 2
              ? e5(c0, c1, r, c3, c4)
              : p === 3
                ? e5(c0, c1, c2, r, c4)
                : e5(c0, c1, c2, c3, r);
      const a = above - (rankOf(box[p]!) > up ? 1 : 0) + rAbove;
      sums[p]! += second[2 * drawClassIndex(v, fourOfASuit(suitsWithout[p]!, rs), maskWithout[p]! | bit, cap(a))]!;
    }
  }
  const fee = drawFee(1, 0, 1);
  const row = drawClass(box, upCard);
  const three = threeFlush(box, copies, suits);
  const offThree = three === null ? null : twoCardWorth(second, box, three, out, up);
  let position = 0;
  for (let p = 1; p < 5; p++) if (sums[p]! > sums[position]! + 1e-9) position = p;
  const unpaired =
    pairedPositions(box).length > 0 && UNPAIRED_CLASSES.includes(row)
      ? cell(tables.exchange.unpaired[row]!, upCard)
      : null;
  const values: Record<FirstOption, number | null> = {
    fold: -1,
    stand: worth[finalClassIndex(evaluate(box), upHeld)]!,
    sixth: sums[5]! / unseen - drawFee(1, 0, 'sixth'),
    'exchange-one': sums[position]! / unseen - fee,
    'exchange-off-three-flush': offThree === null ? null : offThree - drawFee(1, 0, 2),
    'exchange-unpaired': unpaired,
    'exchange-all': cell(tables.exchange.all[row]!, upCard),
  };
  let best: FirstOption = 'fold';
  for (const o of FIRST_OPTIONS) {
    const v = values[o];
    if (v !== null && v > values[best]! + 1e-9) best = o;
  }
  const draw: TableDraw =
    best === 'fold'
      ? 'fold'
      : best === 'stand'
        ? null
        : best === 'sixth'
          ? 'sixth'
          : best === 'exchange-one'
            ? [position]
            : best === 'exchange-off-three-flush'
              ? [0, 1, 2, 3, 4].filter((i) => !three!.includes(i))
              : best === 'exchange-all'
                ? [0, 1, 2, 3, 4]
                : [0, 1, 2, 3, 4].filter((i) => !pairedPositions(box).includes(i));
  return { draw, values, position };
}

/** Without a pair, the positions of exactly three cards of one suit; else null. */
function threeFlush(box: readonly Card[], copies: Int8Array, suits: Int8Array): number[] | null {
  if (copies.some((n) => n > 1)) return null;
  const suit = suits.indexOf(3);
  if (suit < 0) return null;
  return [0, 1, 2, 3, 4].filter((i) => suitOf(box[i]!) === suit);
}

/** The average over every two unseen cards of what the three `kept` and those two are worth before the second action. */
function twoCardWorth(
  second: Float64Array,
  box: readonly Card[],
  kept: readonly number[],
  out: Uint8Array,
  up: number,
): number {
  const [k0, k1, k2] = kept.map((i) => box[i]!) as [Card, Card, Card];
  const suit = suitOf(k0);
  const keptMask = (1 << rankOf(k0)) | (1 << rankOf(k1)) | (1 << rankOf(k2));
  const keptAbove = [k0, k1, k2].filter((c) => rankOf(c) > up).length;
  const pool: Card[] = [];
  for (let c = 0; c < 52; c++) if (!out[c]) pool.push(c);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < pool.length; i++) {
    const a = pool[i]!;
    for (let j = i + 1; j < pool.length; j++) {
      const b = pool[j]!;
      const v = evaluate5(k0, k1, k2, a, b);
      const inSuit = (suitOf(a) === suit ? 1 : 0) + (suitOf(b) === suit ? 1 : 0);
      const above = keptAbove + (rankOf(a) > up ? 1 : 0) + (rankOf(b) > up ? 1 : 0);
      sum +=
        second[
          2 * drawClassIndex(v, inSuit === 1, keptMask | (1 << rankOf(a)) | (1 << rankOf(b)), above > 3 ? 3 : above)
        ]!;
      n++;
    }
  }
  return sum / n;
}

const fourOfASuit = (suits: Int8Array, added: number): boolean => {
  for (let s = 0; s < 4; s++) if (suits[s]! + (s === added ? 1 : 0) >= 4) return true;
  return false;
};

/**
 * The second draw action by the worth table: each exchange of one card, and a sixth card to
 * five, is worth the average over every card that can come of the new box's worth, less the
 * ante it costs (P-3); the best of them is taken when it beats the box's own worth.
 */
export function secondChoice(
  tables: StrategyTables,
  cards: readonly Card[],
  upCard: Card,
  seen: readonly Card[],
): TableDraw {
  if (cards.length !== 5 && cards.length !== 6) throw new RangeError('secondChoice: a box holds five or six cards');
  const worth = compiled(tables).worth[rankOf(upCard)]!;
  const up = rankOf(upCard);
  const out = new Uint8Array(52);
  for (const c of cards) out[c] = 1;
  out[upCard] = 1;
  for (const c of seen) out[c] = 1;
  const n = cards.length;
  // Whether the box holds the up card's rank, with each card exchanged and with a new one.
  let upHeld = 0;
  for (const c of cards) if (rankOf(c) === up) upHeld++;
  const heldWithout = cards.map((c) => upHeld - (rankOf(c) === up ? 1 : 0));
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  const [c0, c1, c2, c3, c4, c5 = -1] = cards as [Card, Card, Card, Card, Card, Card?];
  const h0 = heldWithout[0]!;
  const h1 = heldWithout[1]!;
  const h2 = heldWithout[2]!;
  const h3 = heldWithout[3]!;
  const h4 = heldWithout[4]!;
  const h5 = heldWithout[5] ?? 0;
  let unseen = 0;
  const e5 = evaluate5;
  const e6 = evaluate6;
  const f = finalClassIndex;
  for (let r = 0; r < 52; r++) {
    if (out[r]) continue;
    unseen++;
    const rh = r >> 2 === up ? 1 : 0;
    if (n === 5) {
      s0 += worth[f(e5(r, c1, c2, c3, c4), h0 + rh > 0)]!;
      s1 += worth[f(e5(c0, r, c2, c3, c4), h1 + rh > 0)]!;
      s2 += worth[f(e5(c0, c1, r, c3, c4), h2 + rh > 0)]!;
      s3 += worth[f(e5(c0, c1, c2, r, c4), h3 + rh > 0)]!;
      s4 += worth[f(e5(c0, c1, c2, c3, r), h4 + rh > 0)]!;
      s5 += worth[f(e6(c0, c1, c2, c3, c4, r), upHeld + rh > 0)]!;
    } else {
      s0 += worth[f(e6(r, c1, c2, c3, c4, c5), h0 + rh > 0)]!;
      s1 += worth[f(e6(c0, r, c2, c3, c4, c5), h1 + rh > 0)]!;
      s2 += worth[f(e6(c0, c1, r, c3, c4, c5), h2 + rh > 0)]!;
      s3 += worth[f(e6(c0, c1, c2, r, c4, c5), h3 + rh > 0)]!;
      s4 += worth[f(e6(c0, c1, c2, c3, r, c5), h4 + rh > 0)]!;
      s5 += worth[f(e6(c0, c1, c2, c3, c4, r), h5 + rh > 0)]!;
    }
  }
  const sums = [s0, s1, s2, s3, s4, s5];
  // In antes: the tables are per ante, and the action costs one (P-3).
  const fee = drawFee(1, 1, 1);
  let best = worth[f(evaluate(cards), upHeld > 0)]! + fee;
  let choice: TableDraw = null;
  for (let o = 0; o < 6; o++) {
    const v = sums[o]! / unseen;
    if (v > best + 1e-9) {
      best = v;
      // Five cards: option 5 is a sixth card; six: exchanging the sixth.
      choice = o < n ? [o] : 'sixth';
    }
  }
  return choice;
}

/**
 * The first or second draw action for a box, by the tables; null to stand. `seen`: the cards
 * exchanged away (they cannot come).
 */
export function tablesDraw(
  tables: StrategyTables,
  taken: number,
  cards: readonly Card[],
  upCard: Card,
  seen: readonly Card[] = [],
): TableDraw {
  if (taken >= 2) return null;
  if (taken === 0) return firstChoice(tables, cards, upCard).draw;
  return secondChoice(tables, cards, upCard, seen);
}

export function tablesFinal(tables: StrategyTables, cards: readonly Card[], upCard: Card): FinalTableAction {
  return cell(tables.final[finalClass(cards, upCard)]!, upCard);
}

// Reading a strategy file's tables: every class has its row of thirteen entries, and nothing else.

export type TablesParse = { ok: true; tables: StrategyTables } | { ok: false; error: string };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A table's rows as a strategy file gives them: every class in `classes`, thirteen entries each. */
export function parseTableRows<A>(
  x: unknown,
  path: string,
  classes: readonly string[],
  what: string,
  ok: (a: unknown) => a is A,
): Record<string, A[]> | string {
  if (!isObject(x)) return `${path}: expected an object from hand class to ${RANK_CHARS.length} ${what}`;
  const extra = Object.keys(x).find((k) => !classes.includes(k));
  if (extra !== undefined) return `${path}: "${extra}" is not a hand class of this table`;
  const out: Record<string, A[]> = {};
  for (const c of classes) {
    const row = x[c];
    if (!Array.isArray(row) || row.length !== RANK_CHARS.length)
      return `${path}.${c}: expected ${RANK_CHARS.length} ${what}, one per up card ${RANK_CHARS.split('').join(' ')}`;
    const bad = row.findIndex((a) => !ok(a));
    if (bad >= 0) return `${path}.${c}[${bad}] (up card ${RANK_CHARS[bad]}): expected ${what.replace(/s$/, '')}`;
    out[c] = row as A[];
  }
  return out;
}

export const isWorth = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1e6;
export const isFinal = (a: unknown): a is FinalTableAction => (FINAL_ACTIONS as readonly unknown[]).includes(a);

export function parseTables(x: unknown, path: string): TablesParse {
  const keys = ['exchange', 'second', 'worth', 'final'];
  if (!isObject(x)) return { ok: false, error: `${path}: expected {${keys.map((k) => `"${k}"`).join(', ')}}` };
  const extra = Object.keys(x).find((k) => !keys.includes(k));
  if (extra !== undefined) return { ok: false, error: `${path}: unknown key "${extra}"` };
  const numbers = 'numbers of antes';
  const ex = x.exchange;
  if (!isObject(ex) || Object.keys(ex).some((k) => k !== 'all' && k !== 'unpaired'))
    return { ok: false, error: `${path}.exchange: expected {"all", "unpaired"}` };
  const all = parseTableRows(ex.all, `${path}.exchange.all`, DRAW_CLASSES, numbers, isWorth);
  if (typeof all === 'string') return { ok: false, error: all };
  const unpaired = parseTableRows(ex.unpaired, `${path}.exchange.unpaired`, UNPAIRED_CLASSES, numbers, isWorth);
  if (typeof unpaired === 'string') return { ok: false, error: unpaired };
  const second = parseTableRows(x.second, `${path}.second`, SECOND_CLASSES, numbers, isWorth);
  if (typeof second === 'string') return { ok: false, error: second };
  const worth = parseTableRows(x.worth, `${path}.worth`, FINAL_CLASSES, numbers, isWorth);
  if (typeof worth === 'string') return { ok: false, error: worth };
  const final = parseTableRows(
    x.final,
    `${path}.final`,
    FINAL_CLASSES,
    `actions (${FINAL_ACTIONS.join(', ')})`,
    isFinal,
  );
  if (typeof final === 'string') return { ok: false, error: final };
  for (const [c, row] of Object.entries(final)) {
    // P-6: half only with a straight or better.
    const bad = row.findIndex((a) => a === 'bet-half');
    if (bad >= 0 && !MADE_CLASSES.includes(c))
      return { ok: false, error: `${path}.final.${c}[${bad}]: P-6 allows half only with a straight or better` };
  }
  return { ok: true, tables: { exchange: { all, unpaired }, second, worth, final } };
}

// The first draw action's values (P-3) on a dealt box, each followed by the best second action
// and the best final decision: fold, stand, a sixth card, and the 31 exchanges. Exact where
// the draws are few: a sixth card and the five exchanges of one card (47 draws each, every
// one valued by SecondValuer, the six options after one draw sharing its dealer counts).
// Sampled where they are many (C(47, k) draws for k = 2..5 cards): `samples` draws per k,
// the same draws for every exchange of that many cards (so their differences are sharper),
// each valued exactly; with a control variate, the draw's hand class valued by a table
// (classValue), whose mean over every draw is counted exactly (drawClassCounts), so only
// what the class leaves unexplained is sampled.

import { drawFee, evaluate, uniformBelow, type Card, type RandomSource } from '../core';
import { drawClassCounts, classOfCards, HAND_CLASSES } from './poker-plus-draw-classes';
import { FinalTable, type FinalPricer } from './poker-plus-final-values';
import { SecondValuer } from './poker-plus-second-values';

export type FirstAction =
  { kind: 'fold' } | { kind: 'stand' } | { kind: 'sixth' } | { kind: 'exchange'; positions: number[] };

export interface FirstOptionValue {
  action: FirstAction;
  /** Net chips from here on, fee included (the ante is sunk: folding is -ante). */
  value: number;
  /** Standard error of `value`: 0 when exact. */
  error: number;
  /** Draws valued: every one (exact), or the sample's size. */
  draws: number;
  exact: boolean;
}

/** Every set of k positions of five, ascending, in a fixed order. */
export const POSITION_SETS: readonly (readonly number[])[][] = (() => {
  const byK: number[][][] = [[], [], [], [], [], []];
  for (let mask = 1; mask < 32; mask++) {
    const set = [0, 1, 2, 3, 4].filter((p) => mask & (1 << p));
    byK[set.length]!.push(set);
  }
  return byK;
})();

/** What a table of hand classes says a second-action box of that class is worth. */
export type ClassValue = (upCard: Card, handClass: number) => number;

export interface FirstValuerOptions {
  /** Draws sampled per number of cards exchanged (2..5). */
  samples: number;
  random: RandomSource;
  classValue: ClassValue;
  /**
   * Sample close calls further: an exchange within z standard errors of the best other option
   * gets more draws (its group's count doubles) until its error is at most `error` or its
   * group has `maxSamples`.
   */
  refine?: { z: number; error: number; maxSamples: number };
}

/** The sampled exchanges of k cards, all on the same draws, and their running sums. */
interface SampledGroup {
  box: readonly Card[];
  upCard: Card;
  isUnseen: Uint8Array;
  rest: Card[];
  k: number;
  sets: readonly (readonly number[])[];
  sum: Float64Array;
  sum2: Float64Array;
  samples: number;
  value: (i: number) => number;
  error: (i: number) => number;
}

export class FirstValuer {
  private readonly second: SecondValuer;
  private readonly table: FinalTable;
  private readonly counts = new Float64Array(HAND_CLASSES);

  constructor(
    readonly pricer: FinalPricer,
    private readonly options: FirstValuerOptions,
  ) {
    this.second = new SecondValuer(pricer);
    this.table = new FinalTable(pricer);
  }

  /** The best second action's value of a box, its unseen cards given (every option after). */
  secondValues(boxes: readonly (readonly Card[])[], upCard: Card, isUnseen: ArrayLike<number>) {
    return this.second.valueAll(boxes, upCard, isUnseen);
  }

  /** Every first action's value on the dealt five `box` against the up card. */
  values(box: readonly Card[], upCard: Card, only?: (action: FirstAction) => boolean): FirstOptionValue[] {
    const { pricer } = this;
    const ante = pricer.ante;
    const keep = 1 - pricer.bonus;
    const isUnseen = new Uint8Array(52).fill(1);
    for (const c of box) isUnseen[c] = 0;
    isUnseen[upCard] = 0;
    const pool: Card[] = [];
    for (let c = 0; c < 52; c++) if (isUnseen[c]) pool.push(c);
    this.table.set(isUnseen, upCard);
    const out: FirstOptionValue[] = [
      { action: { kind: 'fold' }, value: -ante, error: 0, draws: 0, exact: true },
      { action: { kind: 'stand' }, value: this.table.best(evaluate(box)), error: 0, draws: 0, exact: true },
    ];
    const wanted = (a: FirstAction): boolean => only === undefined || only(a);

    // Exact: one card drawn, into a sixth place or in place of one of the five.
    const oneCard: { action: FirstAction; slot: number }[] = [];
    if (wanted({ kind: 'sixth' })) oneCard.push({ action: { kind: 'sixth' }, slot: 0 });
    for (let p = 0; p < 5; p++) {
      const action: FirstAction = { kind: 'exchange', positions: [p] };
      if (wanted(action)) oneCard.push({ action, slot: p + 1 });
    }
    if (oneCard.length > 0) {
      const sums = new Float64Array(6);
      const after = Uint8Array.from(isUnseen);
      for (const r of pool) {
        after[r] = 0;
        const boxes = oneCard.map(({ slot }) =>
          slot === 0 ? [...box, r] : box.map((c, i) => (i === slot - 1 ? r : c)),
        );
        this.second.valueAll(boxes, upCard, after).forEach((v, i) => (sums[oneCard[i]!.slot]! += v.best));
        after[r] = 1;
      }
      for (const { action, slot } of oneCard) {
        const fee = drawFee(ante, 0, slot === 0 ? 'sixth' : 1) * keep;
        out.push({ action, value: sums[slot]! / pool.length - fee, error: 0, draws: pool.length, exact: true });
      }
    }

    // Sampled: k = 2..5 cards, the same draws for every exchange of k.
    const refine = this.options.refine;
    const groups: SampledGroup[] = [];
    for (let k = 2; k <= 5; k++) {
      const sets = POSITION_SETS[k]!.filter((positions) => wanted({ kind: 'exchange', positions: [...positions] }));
      if (sets.length > 0) groups.push(this.sampledGroup(box, upCard, isUnseen, pool, k, sets));
    }
    const exactBest = out.reduce((m, o) => Math.max(m, o.value), Number.NEGATIVE_INFINITY);
    for (const g of groups) this.sample(g, this.options.samples);
    // Where a sampled exchange could be the best (within z standard errors of the best other
    // option), sample its draws again until its error is small, so that a close call is not
    // decided by noise.
    if (refine !== undefined) {
      for (;;) {
        const values = groups.flatMap((g) => g.sets.map((_, i) => ({ g, value: g.value(i), error: g.error(i) })));
        const grow = new Set<SampledGroup>();
        for (const v of values) {
          let other = exactBest;
          for (const w of values) if (w !== v && w.value > other) other = w.value;
          const close = Math.abs(v.value - other) < refine.z * v.error;
          if (close && v.error > refine.error && v.g.samples < refine.maxSamples) grow.add(v.g);
        }
        if (grow.size === 0) break;
        for (const g of grow) this.sample(g, Math.min(g.samples, refine.maxSamples - g.samples));
      }
    }
    for (const g of groups) {
      g.sets.forEach((positions, i) => {
        out.push({
          action: { kind: 'exchange', positions: [...positions] },
          value: g.value(i),
          error: g.error(i),
          draws: g.samples,
          exact: false,
        });
      });
    }
    return out;
  }

  private sampledGroup(
    box: readonly Card[],
    upCard: Card,
    isUnseen: Uint8Array,
    pool: readonly Card[],
    k: number,
    sets: readonly (readonly number[])[],
  ): SampledGroup {
    const { classValue } = this.options;
    // The control variate's exact mean for each exchange.
    const explained = sets.map((positions) => {
      const kept = box.filter((_, i) => !positions.includes(i));
      const draws = drawClassCounts(kept, isUnseen, this.counts);
      let sum = 0;
      for (let c = 0; c < HAND_CLASSES; c++) if (this.counts[c]! > 0) sum += this.counts[c]! * classValue(upCard, c);
      return sum / draws;
    });
    const fee = drawFee(this.pricer.ante, 0, k) * (1 - this.pricer.bonus);
    const sum = new Float64Array(sets.length);
    const sum2 = new Float64Array(sets.length);
    const group: SampledGroup = {
      box,
      upCard,
      isUnseen,
      rest: [...pool],
      k,
      sets,
      sum,
      sum2,
      samples: 0,
      value: (i) => explained[i]! + (group.samples > 0 ? sum[i]! / group.samples : 0) - fee,
      error: (i) => {
        const n = group.samples;
        if (n < 2) return Number.POSITIVE_INFINITY;
        const mean = sum[i]! / n;
        return Math.sqrt(Math.max(0, sum2[i]! / n - mean * mean) / (n - 1));
      },
    };
    return group;
  }

  /** `n` more draws of the group's k cards, each valued for every exchange of the group. */
  private sample(g: SampledGroup, n: number): void {
    const { random, classValue } = this.options;
    const { box, upCard, rest, k, sets } = g;
    const after = Uint8Array.from(g.isUnseen);
    for (let s = 0; s < n; s++) {
      // A uniform k of the unseen: a partial shuffle of the pool's first k places.
      for (let i = 0; i < k; i++) {
        const j = i + uniformBelow(random, rest.length - i);
        const t = rest[i]!;
        rest[i] = rest[j]!;
        rest[j] = t;
      }
      const drawn = rest.slice(0, k);
      for (const c of drawn) after[c] = 0;
      const boxes = sets.map((positions) => {
        const b = [...box];
        positions.forEach((p, i) => (b[p] = drawn[i]!));
        return b;
      });
      this.second.valueAll(boxes, upCard, after).forEach((v, i) => {
        const x = v.best - classValue(upCard, classOfCards(boxes[i]!));
        g.sum[i]! += x;
        g.sum2[i]! += x * x;
      });
      for (const c of drawn) after[c] = 1;
    }
    g.samples += n;
  }
}

// A table of what a second-action box of each hand class (poker-plus-draw-classes.ts) is worth
// against each up card rank: one representative box per class valued exactly (SecondValuer).
// It only steers the sampled first action's control variate: any table leaves those estimates
// unbiased, a closer one makes them sharper.

import { makeCard, RANK_CHARS, rankOf, type Card } from '../core';
import { classOfCards, HAND_CLASSES } from './poker-plus-draw-classes';
import type { FinalPricer } from './poker-plus-final-values';
import { SecondValuer } from './poker-plus-second-values';

/**
 * A representative five of each class but the pairs: ranks as in RANK_CHARS, and how many of
 * them share a suit (poker-plus-draw-classes.ts numbers the classes).
 */
const REPRESENTATIVES: Record<number, readonly [ranks: string, suited: number]> = {
  0: ['2479J', 0],
  1: ['5689K', 0],
  2: ['5678K', 0],
  3: ['259JK', 4],
  4: ['5689K', 4],
  5: ['5678K', 4],
  19: ['9955Q', 0],
  20: ['888K4', 0],
  21: ['6789T', 0],
  22: ['369JK', 5],
  23: ['TTT55', 0],
  24: ['7777Q', 0],
  25: ['56789', 5],
  26: ['TJQKA', 5],
};
const PAIR_CLASS = 6;

function representative(handClass: number): { ranks: number[]; suited: number } {
  if (handClass >= PAIR_CLASS && handClass < PAIR_CLASS + 13) {
    const r = handClass - PAIR_CLASS;
    const kickers = [12, 8, 4, 10, 6, 3].filter((x) => x !== r).slice(0, 3);
    return { ranks: [r, r, ...kickers], suited: 0 };
  }
  const [ranks, suited] = REPRESENTATIVES[handClass]!;
  return { ranks: [...ranks].map((c) => RANK_CHARS.indexOf(c)), suited };
}

/**
 * Cards of those ranks, none of them the up card (a spade): the first `suited` in clubs, the
 * rest through the other suits in turn, else any suit free; four of the up card's rank take the
 * next rank instead.
 */
function cardsOf(ranks: readonly number[], suited: number, upCard: Card): Card[] {
  const up = rankOf(upCard);
  const copies = ranks.filter((r) => r === up).length;
  const use = copies === 4 ? ranks.map((r) => (r === up ? (up + 1) % 13 : r)) : ranks;
  const used = new Set<Card>([upCard]);
  return use.map((r, i) => {
    const preferred = [0, 1, 2, 3].map((t) => (i < suited ? 0 : 1 + ((i + t) % 3)));
    const card = [...preferred, 0, 1, 2, 3].map((s) => makeCard(r, s)).find((c) => !used.has(c));
    if (card === undefined) throw new Error('class values: no card left for a representative box');
    used.add(card);
    return card;
  });
}

export class ClassValues {
  private readonly values = new Float64Array(13 * HAND_CLASSES).fill(Number.NaN);
  private readonly second: SecondValuer;

  constructor(pricer: FinalPricer) {
    this.second = new SecondValuer(pricer);
  }

  /** The table's value of a box of this class against an up card of this rank. */
  readonly value = (upCard: Card, handClass: number): number => {
    const at = rankOf(upCard) * HAND_CLASSES + handClass;
    let v = this.values[at]!;
    if (Number.isNaN(v)) {
      // Up card of the rank in spades; the box avoids it.
      const up = makeCard(rankOf(upCard), 3);
      const { ranks, suited } = representative(handClass);
      const box = cardsOf(ranks, suited, up);
      if (classOfCards(box) !== handClass) throw new Error(`class values: the box for class ${handClass} is not of it`);
      const isUnseen = new Uint8Array(52).fill(1);
      for (const c of box) isUnseen[c] = 0;
      isUnseen[up] = 0;
      v = this.values[at] = this.second.valueAll([box], up, isUnseen)[0]!.best;
    }
    return v;
  };
}

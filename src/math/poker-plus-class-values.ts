// A table of what a second-action box of each hand class (poker-plus-draw-classes.ts) is worth
// against each up card rank: one representative box per class valued exactly (SecondValuer).
// It only steers the sampled first action's control variate: any table leaves those estimates
// unbiased, a closer one makes them sharper.

import { makeCard, rankOf, type Card } from '../core';
import { classOfCards, HAND_CLASSES } from './poker-plus-draw-classes';
import type { FinalPricer } from './poker-plus-final-values';
import { SecondValuer } from './poker-plus-second-values';

/** A representative five of each class: ranks (0 deuce .. 12 ace), and how many share a suit. */
function representative(handClass: number): { ranks: number[]; suited: number } {
  const high: { ranks: number[]; suited: number }[] = [
    { ranks: [0, 2, 5, 7, 9], suited: 0 },
    { ranks: [3, 4, 6, 7, 11], suited: 0 },
    { ranks: [3, 4, 5, 6, 11], suited: 0 },
    { ranks: [0, 3, 7, 9, 11], suited: 4 },
    { ranks: [3, 4, 6, 7, 11], suited: 4 },
    { ranks: [3, 4, 5, 6, 11], suited: 4 },
  ];
  if (handClass < high.length) return high[handClass]!;
  if (handClass < high.length + 13) {
    const r = handClass - high.length;
    const kickers = [12, 8, 4, 10, 6, 3].filter((x) => x !== r).slice(0, 3);
    return { ranks: [r, r, ...kickers], suited: 0 };
  }
  const made: { ranks: number[]; suited: number }[] = [
    { ranks: [7, 7, 3, 3, 10], suited: 0 },
    { ranks: [6, 6, 6, 11, 2], suited: 0 },
    { ranks: [4, 5, 6, 7, 8], suited: 0 },
    { ranks: [1, 4, 7, 9, 11], suited: 5 },
    { ranks: [8, 8, 8, 3, 3], suited: 0 },
    { ranks: [5, 5, 5, 5, 10], suited: 0 },
    { ranks: [3, 4, 5, 6, 7], suited: 5 },
    { ranks: [8, 9, 10, 11, 12], suited: 5 },
  ];
  return made[handClass - high.length - 13]!;
}

/**
 * Cards of those ranks, none of them the up card (a spade): the first `suited` in clubs, the
 * rest through the other suits in turn; four of the up card's rank take the next rank instead.
 */
function cardsOf(ranks: readonly number[], suited: number, upCard: Card): Card[] {
  const up = rankOf(upCard);
  const copies = ranks.filter((r) => r === up).length;
  const use = copies === 4 ? ranks.map((r) => (r === up ? (up + 1) % 13 : r)) : ranks;
  const used = new Set<Card>([upCard]);
  return use.map((r, i) => {
    for (let t = 0; t < 4; t++) {
      const card = makeCard(r, i < suited ? 0 : 1 + ((i + t) % 3));
      if (!used.has(card)) {
        used.add(card);
        return card;
      }
    }
    for (let s = 0; s < 4; s++) {
      const card = makeCard(r, s);
      if (!used.has(card)) {
        used.add(card);
        return card;
      }
    }
    throw new Error('class values: no card left for a representative box');
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

// The second draw action's exact values (P-3 as the original reads it: exchange one card, or buy
// a sixth card if the box has five, for one ante), each followed by the best final decision:
// every replacement card for every legal one-card exchange, and every sixth card. Several boxes
// that share one set of unseen cards (a first action's different exchanges after the same draw)
// are valued together, so each card's dealer counts serve all of them.

import { drawFee, evaluate, evaluate5, evaluate6, HAND_VALUE_COUNT, type Card } from '../core';
import { MAX_VALUES } from './poker-plus-dealer-counts';
import { FinalTable, type FinalPricer } from './poker-plus-final-values';

export interface SecondValues {
  /** The best final decision now (no second action). */
  stand: number;
  /** Exchanging the card at each position, fee included; as many as the box has cards. */
  exchange: number[];
  /** A sixth card, fee included; null when the box has six. */
  sixth: number | null;
  /** The best of them. */
  best: number;
}

/** Most boxes valued together: a rank's four cards' hands fit one count (MAX_VALUES). */
export const MAX_BOXES = 10;

export class SecondValuer {
  private readonly table: FinalTable;
  private readonly values = new Int32Array(MAX_VALUES);
  /** Per hand value: the rank under way's last mark, and the value's place among its values. */
  private readonly marked = new Int32Array(HAND_VALUE_COUNT + 1);
  private mark = 0;
  private readonly place = new Int32Array(HAND_VALUE_COUNT + 1);
  /** Per card of the rank under way (by suit), each option's new hand: box b's at b * 7. */
  private readonly optionValue = [0, 1, 2, 3].map(() => new Int32Array(MAX_BOXES * 7));
  private readonly sums = new Float64Array(MAX_BOXES * 7);

  constructor(readonly pricer: FinalPricer) {
    this.table = new FinalTable(pricer);
  }

  /**
   * Values every box's second action. `isUnseen`: the cards neither in any box, nor the up
   * card, nor exchanged away, for all of them alike (each box's cards are seen).
   */
  valueAll(boxes: readonly (readonly Card[])[], upCard: Card, isUnseen: ArrayLike<number>): SecondValues[] {
    if (boxes.length > MAX_BOXES) throw new RangeError(`SecondValuer: at most ${MAX_BOXES} boxes`);
    const table = this.table;
    table.set(isUnseen, upCard);
    const feeCost = drawFee(this.pricer.ante, 1, 1) * (1 - this.pricer.bonus);
    const sums = this.sums;
    sums.fill(0);
    const values = this.values;
    const { marked, place } = this;
    const options = boxes.length * 7;
    let unseen = 0;
    // A rank at a time: its cards' dealer counts share all but where the suit matters.
    for (let rho = 0; rho < 13; rho++) {
      let k = 0;
      let cards = 0;
      const mark = ++this.mark;
      for (let s = 0; s < 4; s++) {
        const r = rho * 4 + s;
        if (!isUnseen[r]) continue;
        cards |= 1 << s;
        const optionValue = this.optionValue[s]!;
        newHands(boxes, r, optionValue);
        for (let o = 0; o < options; o++) {
          const v = optionValue[o]!;
          if (v === 0 || marked[v] === mark) continue;
          marked[v] = mark;
          values[k++] = v;
        }
      }
      if (cards === 0) continue;
      // The distinct hands, ascending, and where each stands among them.
      values.subarray(0, k).sort();
      for (let j = 0; j < k; j++) place[values[j]!] = j;
      table.withoutRank(rho, values, k);
      for (let s = 0; s < 4; s++) {
        if (!(cards & (1 << s))) continue;
        unseen++;
        const optionValue = this.optionValue[s]!;
        for (let o = 0; o < options; o++) {
          const v = optionValue[o]!;
          if (v !== 0) sums[o]! += table.bestAfter(s, v, place[v]!);
        }
      }
    }
    return boxes.map((box, b) => {
      const stand = table.best(evaluate(box));
      const o = b * 7;
      const exchange = box.map((_, p) => sums[o + p]! / unseen - feeCost);
      const sixth = box.length === 5 ? sums[o + 5]! / unseen - feeCost : null;
      let best = stand;
      for (const v of exchange) if (v > best) best = v;
      if (sixth !== null && sixth > best) best = sixth;
      return { stand, exchange, sixth, best };
    });
  }
}

/** Each option's new hand with card r: box b's exchanges at b * 7 + position, its sixth at + 5. */
function newHands(boxes: readonly (readonly Card[])[], r: Card, out: Int32Array): void {
  for (let b = 0; b < boxes.length; b++) {
    const box = boxes[b]!;
    const o = b * 7;
    if (box.length === 5) {
      const [c0, c1, c2, c3, c4] = box as [Card, Card, Card, Card, Card];
      out[o] = evaluate5(r, c1, c2, c3, c4);
      out[o + 1] = evaluate5(c0, r, c2, c3, c4);
      out[o + 2] = evaluate5(c0, c1, r, c3, c4);
      out[o + 3] = evaluate5(c0, c1, c2, r, c4);
      out[o + 4] = evaluate5(c0, c1, c2, c3, r);
      out[o + 5] = evaluate6(c0, c1, c2, c3, c4, r);
      out[o + 6] = 0;
    } else {
      const [c0, c1, c2, c3, c4, c5] = box as [Card, Card, Card, Card, Card, Card];
      out[o] = evaluate6(r, c1, c2, c3, c4, c5);
      out[o + 1] = evaluate6(c0, r, c2, c3, c4, c5);
      out[o + 2] = evaluate6(c0, c1, r, c3, c4, c5);
      out[o + 3] = evaluate6(c0, c1, c2, r, c4, c5);
      out[o + 4] = evaluate6(c0, c1, c2, c3, r, c5);
      out[o + 5] = evaluate6(c0, c1, c2, c3, c4, r);
      out[o + 6] = 0;
    }
  }
}

// The best-play analysis values each option exactly where it says so: here each is held to the
// plain reckoning, every card that can come valued one by one with the final decision
// (fastFinalDecision, itself held to the enumeration in poker-plus-final.test.ts).
import { describe, expect, it } from 'vitest';
import { DEFAULT_POKER_PLUS_CONFIG, parseCard, parseCards, SeededRandom, shuffledDeck, type Card } from '../core';
import { classOfCards, drawClassCounts, HAND_CLASSES } from './poker-plus-draw-classes';
import { fastFinalDecision } from './poker-plus-final';
import { FinalPricer } from './poker-plus-final-values';
import { FirstValuer } from './poker-plus-first-values';
import { SecondValuer } from './poker-plus-second-values';

const pricer = new FinalPricer(DEFAULT_POKER_PLUS_CONFIG, 1);
const bestFinal = (box: readonly Card[], upCard: Card, seen: readonly Card[]): number => {
  const d = fastFinalDecision({ box, upCard, seen, ante: 1 });
  return d.values[d.best]!;
};
const unseenOf = (out: readonly Card[]): Card[] => [...Array(52).keys()].filter((c) => !out.includes(c));
const isUnseen = (out: readonly Card[]): Uint8Array => {
  const u = new Uint8Array(52).fill(1);
  for (const c of out) u[c] = 0;
  return u;
};

/** The best second action by plain reckoning: every position (and a sixth to five) after every card. */
function plainSecond(box: readonly Card[], upCard: Card, seen: readonly Card[]): number {
  const cards = unseenOf([...box, upCard, ...seen]);
  let best = bestFinal(box, upCard, seen);
  for (let p = 0; p <= box.length; p++) {
    if (p === box.length && box.length === 6) break;
    let sum = 0;
    for (const c of cards) {
      const next = p === box.length ? [...box, c] : box.map((x, i) => (i === p ? c : x));
      sum += bestFinal(next, upCard, p === box.length ? seen : [...seen, box[p]!]);
    }
    best = Math.max(best, sum / cards.length - 1);
  }
  return best;
}

describe('Poker Plus decision values', () => {
  it('values the second action exactly: every one-card exchange and sixth card, every card', () => {
    const valuer = new SecondValuer(pricer);
    for (const [boxText, upText, seenText] of [
      ['9c 9d 4h 4s 2c', 'Kh', '7d'],
      ['2h 9h Kc 5h Jh 7s', '8d', ''],
      ['5c 6d 7h 8s Kc 2d', 'Jd', 'As 3c'],
    ] as const) {
      const box = parseCards(boxText);
      const up = parseCard(upText);
      const seen = seenText ? parseCards(seenText) : [];
      const v = valuer.valueAll([box], up, isUnseen([...box, up, ...seen]))[0]!;
      expect(v.best).toBeCloseTo(plainSecond(box, up, seen), 9);
      expect(v.stand).toBeCloseTo(bestFinal(box, up, seen), 12);
    }
  });

  it("values the first action's sixth card exactly, each draw followed by the best second action", () => {
    const box = parseCards('Qc Qd 7h 9s 4c');
    const up = parseCard('Kh');
    const first = new FirstValuer(pricer, { samples: 2, random: new SeededRandom('x'), classValue: () => 0 });
    const sixth = first.values(box, up, (a) => a.kind === 'sixth').find((o) => o.action.kind === 'sixth')!;
    const cards = unseenOf([...box, up]);
    // Plain reckoning of a few draws, their mean against the valuer's own second values.
    const second = new SecondValuer(pricer);
    let sum = 0;
    for (const c of cards) sum += second.valueAll([[...box, c]], up, isUnseen([...box, c, up]))[0]!.best;
    expect(sixth.exact).toBe(true);
    expect(sixth.value).toBeCloseTo(sum / cards.length - 1, 12);
    for (const c of cards.slice(0, 2)) {
      expect(second.valueAll([[...box, c]], up, isUnseen([...box, c, up]))[0]!.best).toBeCloseTo(
        plainSecond([...box, c], up, []),
        9,
      );
    }
  });

  it('counts the classes a draw can make exactly, as enumerating every draw does', () => {
    const random = new SeededRandom('draw classes');
    for (let i = 0; i < 12; i++) {
      const deck = shuffledDeck(random);
      const box = deck.slice(0, 5);
      const up = deck[5]!;
      const u = isUnseen([...box, up]);
      const pool = unseenOf([...box, up]);
      // Keep three or two cards (all suited now and then), draw two or three.
      const kept =
        i % 3 === 0
          ? [...box.filter((c) => (c & 3) === (box[0]! & 3)), ...box].slice(0, 3 - (i % 2))
          : box.slice(0, 3 - (i % 2));
      const unique = [...new Set(kept)];
      const k = 5 - unique.length;
      const counts = new Float64Array(HAND_CLASSES);
      const total = drawClassCounts(unique, u, counts);
      const plain = new Float64Array(HAND_CLASSES);
      let n = 0;
      const pick: Card[] = [];
      const walk = (from: number): void => {
        if (pick.length === k) {
          plain[classOfCards([...unique, ...pick])]!++;
          n++;
          return;
        }
        for (let j = from; j < pool.length; j++) {
          pick.push(pool[j]!);
          walk(j + 1);
          pick.pop();
        }
      };
      walk(0);
      expect(total).toBe(n);
      expect([...counts]).toEqual([...plain]);
    }
  });
});

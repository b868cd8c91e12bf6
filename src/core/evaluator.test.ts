import { jacksCategoryOf } from './games/jacks-or-better/categories';
import { describe, expect, it } from 'vitest';
import { parseCards } from './cards';
import { bestFive, categoryOf, compareHands, evaluate, evaluate5, evaluate6, HAND_VALUE_COUNT } from './evaluator';
import { referenceKey, referenceRank } from './hand-reference';
import { SeededRandom, uniformBelow } from './random';
import { shuffledDeck } from './deck';

const v = (text: string): number => evaluate(parseCards(text));

describe('evaluation of every five-card hand (H-3)', () => {
  it('counts each category as combinatorics says', () => {
    const counts: Record<string, number> = {};
    const jacks: Record<string, number> = {};
    const seen = new Set<number>();
    for (let a = 0; a < 48; a++)
      for (let b = a + 1; b < 49; b++)
        for (let c = b + 1; c < 50; c++)
          for (let d = c + 1; d < 51; d++)
            for (let e = d + 1; e < 52; e++) {
              const value = evaluate5(a, b, c, d, e);
              seen.add(value);
              const cat = categoryOf(value);
              counts[cat] = (counts[cat] ?? 0) + 1;
              const jc = jacksCategoryOf(value);
              jacks[jc] = (jacks[jc] ?? 0) + 1;
            }
    expect(counts).toEqual({
      'royal-flush': 4,
      'straight-flush': 36,
      'four-of-a-kind': 624,
      'full-house': 3744,
      flush: 5108,
      straight: 10200,
      'three-of-a-kind': 54912,
      'two-pair': 123552,
      pair: 1098240,
      'high-card': 1302540,
    });
    expect(jacks['jacks-or-better']).toBe(337920);
    expect(jacks.nothing).toBe(1098240 - 337920 + 1302540);
    expect(seen.size).toBe(HAND_VALUE_COUNT);
  });
});

describe('ordering inside categories (H-4, H-5)', () => {
  const higher: [string, string, string][] = [
    ['royal beats king-high straight flush', 'As Ks Qs Js Ts', 'Kh Qh Jh Th 9h'],
    ['the wheel is the lowest straight flush', '6d 5d 4d 3d 2d', '5c 4c 3c 2c Ac'],
    ['quads by the quad rank', '3c 3d 3h 3s 2c', '2c 2d 2h 2s Ac'],
    ['quads then the kicker', '9c 9d 9h 9s 5c', '9c 9d 9h 9s 4d'],
    ['full house by the trips', '4c 4d 4h 2s 2c', '3c 3d 3h As Ac'],
    ['full house then the pair', 'Kc Kd Kh 8s 8c', 'Kc Kd Kh 7s 7c'],
    ['flush card by card from the top', 'Ac Jc 9c 5c 3c', 'Ac Jc 9c 5c 2c'],
    ['flush beats straight', '2c 3c 4c 5c 7c', 'As Kd Qh Jc Ts'],
    ['straight by its high card', '6c 5d 4h 3s 2c', '5c 4d 3h 2s Ac'],
    ['the wheel is the lowest straight', '6c 5d 4h 3s 2c', 'Ac 2d 3h 4s 5c'],
    ['broadway is the highest straight', 'Ac Kd Qh Js Tc', 'Kc Qd Jh Ts 9c'],
    ['three of a kind by the trips', '8c 8d 8h 3s 2c', '7c 7d 7h As Kc'],
    ['three of a kind then kickers', '8c 8d 8h Ks 2c', '8c 8d 8h Qs Jc'],
    ['two pair by the high pair', 'Kc Kd 3h 3s 2c', 'Qc Qd Jh Js Ac'],
    ['two pair then the low pair', 'Kc Kd 4h 4s 2c', 'Kc Kd 3h 3s Ac'],
    ['two pair then the kicker', 'Kc Kd 4h 4s 3c', 'Kc Kd 4h 4s 2c'],
    ['pair by the pair', '3c 3d 4h 5s 6c', '2c 2d Ah Ks Qc'],
    ['pair then kickers from the top', 'Jc Jd Ah 5s 3c', 'Jc Jd Kh Qs Tc'],
    ['pair third kicker', 'Jc Jd Ah 5s 4c', 'Jc Jd Ah 5s 3c'],
    ['high card card by card', 'Ac Qd 9h 5s 3c', 'Ac Qd 9h 5s 2c'],
    ['high card first card', 'Ac 5d 4h 3s 7c', 'Kc Qd Jh 9s 8c'],
  ];
  it.each(higher)('%s', (_name, a, b) => {
    expect(v(a)).toBeGreaterThan(v(b));
  });

  it('hands equal at every step are equal whatever their suits', () => {
    expect(v('Ac Kc Qc Jc 9c')).toBe(v('Ah Kh Qh Jh 9h'));
    expect(v('Ac Kd 8h 8s 2c')).toBe(v('As Kh 8c 8d 2d'));
    expect(compareHands(parseCards('5c 4d 3h 2s Ac'), parseCards('5h 4h 3c 2d Ad'))).toBe(0);
  });

  it('has no wrap-around straight (H-4)', () => {
    expect(categoryOf(v('Qc Kd Ah 2s 3c'))).toBe('high-card');
    expect(categoryOf(v('Ac 2d 3h 4s 5c'))).toBe('straight');
    expect(categoryOf(v('As Ks Qs Js Ts'))).toBe('royal-flush');
  });

  it('agrees with the reference statement of the rules on random hands', () => {
    const rng = new SeededRandom(7);
    for (let i = 0; i < 20000; i++) {
      const a = shuffledDeck(rng).slice(0, 5);
      const b = shuffledDeck(rng).slice(0, 5);
      const ref = (h: number[]): number =>
        referenceKey(
          referenceRank(
            h.map((c) => c >> 2),
            h.every((c) => (c & 3) === (h[0]! & 3)),
          ),
        );
      expect(Math.sign(evaluate(a) - evaluate(b))).toBe(Math.sign(ref(a) - ref(b)));
    }
  });
});

describe('six cards: the best five plays (H-6)', () => {
  const bruteBest = (cards: number[]): number => {
    let best = 0;
    for (let skip = 0; skip < 6; skip++) best = Math.max(best, evaluate(cards.filter((_, i) => i !== skip)));
    return best;
  };

  it('equals the best of the six five-card hands on random deals', () => {
    const rng = new SeededRandom(11);
    for (let i = 0; i < 50000; i++) {
      const six = shuffledDeck(rng).slice(0, 6);
      expect(evaluate6(six[0]!, six[1]!, six[2]!, six[3]!, six[4]!, six[5]!)).toBe(bruteBest(six));
    }
  });

  it('equals brute force on hand-built six-card hands', () => {
    for (const text of [
      'As Ks Qs Js Ts 9s', // royal among six suited
      'Ah Kh Qh Jh 9h Tc', // flush, not a straight flush
      '9c 9d 9h 9s Ac Ah', // quads with a pair beside
      '2c 3c 4c 5c 7c 6d', // flush beats the straight with the offsuit card
      'Kc Kd Kh Qs Qc Qd', // two sets: kings full of queens
      'Ac 2c 3d 4h 5s 6s', // six-high straight over the wheel
    ]) {
      const cards = parseCards(text);
      expect(evaluate(cards)).toBe(bruteBest(cards));
    }
    expect(categoryOf(v('Kc Kd Kh Qs Qc Qd'))).toBe('full-house');
    expect(categoryOf(v('Ah Kh Qh Jh 9h Tc'))).toBe('flush');
  });

  it('never counts the sixth card (bestFive returns the five that play)', () => {
    const cards = parseCards('Ah Ad 7c 4s 2h Kd');
    const five = bestFive(cards);
    expect(five).toHaveLength(5);
    expect(evaluate(five)).toBe(evaluate(cards));
    expect(five).not.toContain(parseCards('2h')[0]);
  });

  it('takes the best of every six for seven cards', () => {
    const rng = new SeededRandom(3);
    for (let i = 0; i < 2000; i++) {
      const seven = shuffledDeck(rng).slice(0, 7);
      let best = 0;
      for (let skip = 0; skip < 7; skip++) best = Math.max(best, evaluate(seven.filter((_, j) => j !== skip)));
      expect(evaluate(seven)).toBe(best);
    }
  });
});

describe('bad input', () => {
  it('refuses fewer than five cards and values out of range', () => {
    expect(() => evaluate(parseCards('As Kd'))).toThrow(RangeError);
    expect(() => categoryOf(0)).toThrow(RangeError);
    expect(() => categoryOf(HAND_VALUE_COUNT + 1)).toThrow(RangeError);
  });
});

describe('uniform scaling of the random source', () => {
  it('stays in range and rejects the biased tail', () => {
    let calls = 0;
    const stuckHigh = { nextUint32: () => (calls++ === 0 ? 0xffffffff : 5) };
    // 0xffffffff lies above the largest multiple of 10 below 2^32, so it must be rejected.
    expect(uniformBelow(stuckHigh, 10)).toBe(5);
    expect(calls).toBe(2);
    const rng = new SeededRandom(1);
    for (let i = 0; i < 1000; i++) {
      const x = uniformBelow(rng, 52);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(52);
    }
  });
});

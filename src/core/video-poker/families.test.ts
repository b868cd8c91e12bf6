import { describe, expect, it } from 'vitest';
import { parseCards, type Card } from '../cards';
import { SeededRandom } from '../random';
import { shuffledDeck } from '../deck';
import { evaluate5 } from '../evaluator';
import { autoHoldPositions, DEFAULT_JACKS_PAYTABLE, jacksCategoryOf, parsePayTable } from '..';
import {
  BONUS_POKER_FAMILY,
  categoryIdOf,
  DOUBLE_DOUBLE_BONUS_FAMILY,
  familyAutoHold,
  JACKS_OR_BETTER_FAMILY,
  type VideoPokerFamily,
} from '.';

/** How many of all 2,598,960 hands fall in each of the family's categories. */
function countAll(family: VideoPokerFamily): Record<string, number> {
  const counts = new Array<number>(family.categories.length).fill(0);
  for (let a = 0; a < 48; a++)
    for (let b = a + 1; b < 49; b++)
      for (let c = b + 1; c < 50; c++)
        for (let d = c + 1; d < 51; d++) for (let e = d + 1; e < 52; e++) counts[family.category5(a, b, c, d, e)]!++;
  return Object.fromEntries(family.categories.map((id, i) => [id, counts[i]!]));
}

// Counts of H-3's categories, as combinatorics gives them.
const SHARED = {
  'royal-flush': 4,
  'straight-flush': 36,
  'full-house': 3744,
  flush: 5108,
  straight: 10200,
  'three-of-a-kind': 54912,
  'two-pair': 123552,
  // Four ranks (J, Q, K, A), six pairs of each, three other ranks of the twelve, any suits.
  'jacks-or-better': 4 * 6 * 220 * 64,
};
const nothing = (counted: Record<string, number>): number =>
  2598960 - Object.entries(counted).reduce((s, [id, n]) => (id === 'nothing' ? s : s + n), 0);

describe('the families without wild cards', () => {
  it('Jacks or Better as a family falls as core categoryOf says', () => {
    const counted = countAll(JACKS_OR_BETTER_FAMILY);
    expect(counted).toEqual({ ...SHARED, 'four-of-a-kind': 624, nothing: nothing(counted) });
    const random = new SeededRandom('family-categories');
    for (let i = 0; i < 5000; i++) {
      const [a, b, c, d, e] = shuffledDeck(random).slice(0, 5) as [Card, Card, Card, Card, Card];
      const id = JACKS_OR_BETTER_FAMILY.categories[JACKS_OR_BETTER_FAMILY.category5(a, b, c, d, e)];
      if (id !== jacksCategoryOf(evaluate5(a, b, c, d, e))) throw new Error(`${a} ${b} ${c} ${d} ${e}`);
    }
  });

  it('Bonus Poker pays fours by rank: 48 of aces, 144 of 2s-4s, 432 of 5s-Ks', () => {
    const counted = countAll(BONUS_POKER_FAMILY);
    expect(counted).toEqual({
      ...SHARED,
      'four-aces': 4 * 12,
      'four-2-4': 3 * 48,
      'four-5-k': 9 * 48,
      nothing: nothing(counted),
    });
    expect(counted.nothing).toBe(2598960 - 4 - 36 - 624 - 3744 - 5108 - 10200 - 54912 - 123552 - 337920);
  });

  it('Double Double Bonus splits the fours by kicker, as a direct count of every four and kicker gives', () => {
    // Every four of a kind (13 ranks) with each of its 48 possible fifth cards, judged by D-1 read plainly.
    const direct: Record<string, number> = {};
    for (let four = 0; four < 13; four++)
      for (let kicker = 0; kicker < 52; kicker++) {
        if (kicker >> 2 === four) continue;
        const k = kicker >> 2;
        const low = (r: number): boolean => r <= 2;
        const id =
          four === 12
            ? low(k)
              ? 'four-aces-with-2-4'
              : 'four-aces'
            : low(four)
              ? k === 12 || low(k)
                ? 'four-2-4-with-a-4'
                : 'four-2-4'
              : 'four-5-k';
        direct[id] = (direct[id] ?? 0) + 1;
        const hand = [four * 4, four * 4 + 1, four * 4 + 2, four * 4 + 3, kicker];
        expect(categoryIdOf(DOUBLE_DOUBLE_BONUS_FAMILY, hand)).toBe(id);
      }
    expect(direct).toEqual({
      'four-aces-with-2-4': 12,
      'four-aces': 36,
      'four-2-4-with-a-4': 36,
      'four-2-4': 108,
      'four-5-k': 432,
    });
    const counted = countAll(DOUBLE_DOUBLE_BONUS_FAMILY);
    expect(counted).toEqual({ ...SHARED, ...direct, nothing: nothing(counted) });
  });

  it('auto-holds as Jacks or Better does, deal for deal', () => {
    const random = new SeededRandom('family-auto-hold');
    const nineSix = parsePayTable('jacks-or-better', { 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 });
    if (!nineSix.ok) throw new Error(nineSix.error);
    let held = 0;
    for (let i = 0; i < 5000; i++) {
      const deal = shuffledDeck(random).slice(0, 5);
      const family = familyAutoHold(JACKS_OR_BETTER_FAMILY, deal, DEFAULT_JACKS_PAYTABLE).join();
      if (family !== autoHoldPositions(deal).join()) throw new Error(`${deal}: ${family}`);
      if (
        familyAutoHold(JACKS_OR_BETTER_FAMILY, deal, nineSix.table).join() !==
        autoHoldPositions(deal, nineSix.table).join()
      )
        throw new Error(`${deal}: 9/6`);
      if (family !== '') held++;
    }
    // About one deal in six pays (a jacks-or-better pair or better).
    expect(held).toBeGreaterThan(500);
  });

  it('holds a kicker that pays with its four, and a four without one alone (D-2)', () => {
    const table = { game: 'double-double-bonus', ...DOUBLE_DOUBLE_BONUS_FAMILY.defaultTable };
    const hold = (text: string): number[] => familyAutoHold(DOUBLE_DOUBLE_BONUS_FAMILY, parseCards(text), table);
    expect(hold('As Ac Ad Ah 3c')).toEqual([0, 1, 2, 3, 4]);
    expect(hold('As Ac Kd Ah Ad')).toEqual([0, 1, 3, 4]);
    expect(hold('4s 4c Ad 4h 4d')).toEqual([0, 1, 2, 3, 4]);
    expect(hold('4s 4c 9d 4h 4d')).toEqual([0, 1, 3, 4]);
    expect(hold('Js Jc 9d 4h 2d')).toEqual([0, 1]);
    expect(hold('7s 7c 9d 4h 2d')).toEqual([]);
    const bonus = { game: 'bonus-poker', ...BONUS_POKER_FAMILY.defaultTable };
    expect(familyAutoHold(BONUS_POKER_FAMILY, parseCards('As Ac Ad Ah 3c'), bonus)).toEqual([0, 1, 2, 3]);
  });
});

describe('category ids', () => {
  it('name a hand by the family that judges it', () => {
    const hand: Card[] = parseCards('As Ac Ad Ah 3c');
    expect(categoryIdOf(JACKS_OR_BETTER_FAMILY, hand)).toBe('four-of-a-kind');
    expect(categoryIdOf(BONUS_POKER_FAMILY, hand)).toBe('four-aces');
    expect(categoryIdOf(DOUBLE_DOUBLE_BONUS_FAMILY, hand)).toBe('four-aces-with-2-4');
    expect(() => categoryIdOf(BONUS_POKER_FAMILY, hand.slice(0, 4))).toThrow(/five cards/);
  });
});

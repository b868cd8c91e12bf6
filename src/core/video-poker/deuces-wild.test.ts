import { describe, expect, it } from 'vitest';
import { parseCards, type Card } from '../cards';
import { SeededRandom, uniformBelow } from '../random';
import { bruteForceDeuces } from '../testing/deuces-brute-force';
import {
  BONUS_POKER_FAMILY,
  categoryIdOf,
  DEUCES_WILD_FAMILY,
  DEUCES_WILD_CATEGORIES,
  deucesCategory5,
  familyAutoHold,
  wildPositions,
} from '.';

const category = (text: string): string => categoryIdOf(DEUCES_WILD_FAMILY, parseCards(text));

/** `n` random hands with exactly `deuces` deuces. */
function handsWithDeuces(random: SeededRandom, deuces: number, n: number): Card[][] {
  const out: Card[][] = [];
  while (out.length < n) {
    const pick = (from: readonly Card[], k: number): Card[] => {
      const pool = [...from];
      return Array.from({ length: k }, () => pool.splice(uniformBelow(random, pool.length), 1)[0]!);
    };
    const hand = [
      ...pick([0, 1, 2, 3], deuces),
      ...pick(
        Array.from({ length: 48 }, (_, i) => i + 4),
        5 - deuces,
      ),
    ];
    out.push(hand);
  }
  return out;
}

describe('Deuces Wild evaluator (W-2, W-3)', () => {
  it('agrees with trying every value for every deuce, on a random sample of each deuce count', () => {
    // All 2,598,960 hands: `npm run bench:deuces` (the brute force takes minutes).
    const random = new SeededRandom('deuces-brute');
    const sizes = [2000, 2000, 200, 20];
    let checked = 0;
    sizes.forEach((n, deuces) => {
      for (const hand of handsWithDeuces(random, deuces, n)) {
        const fast = DEUCES_WILD_CATEGORIES[deucesCategory5(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!)];
        if (fast !== bruteForceDeuces(hand)) throw new Error(`${hand}: ${fast}, brute force ${bruteForceDeuces(hand)}`);
        checked++;
      }
    });
    // Every hand of four deuces (48 of them).
    for (let fifth = 4; fifth < 52; fifth++) expect(deucesCategory5(0, 1, 2, 3, fifth)).toBe(9);
    expect(checked).toBe(4220);
  });

  it('names the categories the rules give as examples', () => {
    expect(category('Ah Kh Qh Jh Th')).toBe('royal-flush');
    expect(category('Ah Kh Qh Jh 2c')).toBe('wild-royal-flush');
    expect(category('2c 2d 2h 2s 7d')).toBe('four-deuces');
    expect(category('7c 7d 7h 2s 2d')).toBe('five-of-a-kind');
    expect(category('7c 7d 7h 7s 2d')).toBe('five-of-a-kind');
    expect(category('2c 5d 4d 3d 6d')).toBe('straight-flush');
    expect(category('Ad 2c 3d 4d 5d')).toBe('straight-flush');
    expect(category('Ad 2c 3d 4s 5d')).toBe('straight');
    expect(category('Qd Qc Ad 2d 3s')).toBe('three-of-a-kind');
    expect(category('Qd Kc Ad 2d 3s')).toBe('nothing');
    expect(category('9c 9d 2h 5s 5d')).toBe('full-house');
    expect(category('9c 9d 9h 5s 5d')).toBe('full-house');
    expect(category('9c 9d 2h 2s 5d')).toBe('four-of-a-kind');
    expect(category('9c 4c 2h 2s Jc')).toBe('flush');
    expect(category('9c 9d 5h 5s Kd')).toBe('nothing');
    expect(category('9c 8d 5h 4s Kd')).toBe('nothing');
  });

  it('numbers its categories in the order of DEUCES_WILD_CATEGORIES', () => {
    // The hot path returns numbers: each example must land on its own id.
    const examples = [
      '9c 8d 5h 4s Kd',
      '9c 9d 9h 4s Kd',
      '9c Td Jh Qs Kd',
      '9c 4c 6c Qc Kc',
      '9c 9d 9h 4s 4d',
      '9c 9d 9h 9s Kd',
      '9c Tc Jc Qc Kc',
      '9c 9d 9h 9s 2d',
      'Ac Kc Qc Jc 2d',
      '2c 2d 2h 2s Kd',
      'Ac Kc Qc Jc Tc',
    ];
    examples.forEach((text, i) =>
      expect(categoryIdOf(DEUCES_WILD_FAMILY, parseCards(text))).toBe(DEUCES_WILD_CATEGORIES[i]),
    );
  });

  it('auto-holds the deuces with the cards that make the hand (W-4)', () => {
    const table = { game: 'deuces-wild', coefficients: DEUCES_WILD_FAMILY.defaultTable.coefficients };
    const hold = (text: string): number[] => familyAutoHold(DEUCES_WILD_FAMILY, parseCards(text), table);
    expect(hold('2c 7d 7h Ks 4d')).toEqual([0, 1, 2]);
    expect(hold('2c 2d 9h Ks 4d')).toEqual([0, 1, 3]);
    expect(hold('2c 2d 2h 2s 4d')).toEqual([0, 1, 2, 3]);
    expect(hold('2c 8d 8h 8s 4d')).toEqual([0, 1, 2, 3]);
    expect(hold('2c 5d 4d 3d 6d')).toEqual([0, 1, 2, 3, 4]);
    expect(hold('9c 9d 5h 5s Kd')).toEqual([]);
    // A category the table pays nothing for holds nothing.
    const noThrees = { ...table, coefficients: { ...table.coefficients, 'three-of-a-kind': 0 } };
    expect(familyAutoHold(DEUCES_WILD_FAMILY, parseCards('2c 7d 7h Ks 4d'), noThrees)).toEqual([]);
  });
});

describe('the wild cards on show (W-1)', () => {
  it('are the deuces, by position, in Deuces Wild alone', () => {
    expect(wildPositions(DEUCES_WILD_FAMILY, parseCards('2c Kd 2h 7s 2s'))).toEqual([0, 2, 4]);
    expect(wildPositions(DEUCES_WILD_FAMILY, parseCards('Ac Kd Qh Js Ts'))).toEqual([]);
    expect(wildPositions(BONUS_POKER_FAMILY, parseCards('2c Kd 2h 7s 2s'))).toEqual([]);
    expect(wildPositions(undefined, parseCards('2c Kd 2h 7s 2s'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseCards } from '../core';
import {
  boxCategory,
  flushDrawPositions,
  lowestUnpairedPosition,
  offDrawPosition,
  pairedPositions,
  straightDrawPositions,
  topPairRank,
} from './poker-plus-patterns';

describe('Poker Plus patterns', () => {
  it('finds pairs and the top pair', () => {
    expect(pairedPositions(parseCards('9c 4d 9h Ks 4c'))).toEqual([0, 1, 2, 4]);
    expect(topPairRank(parseCards('9c 4d 9h Ks 4c'))).toBe(7);
    expect(topPairRank(parseCards('9c 4d 8h Ks 2c'))).toBe(-1);
    expect(boxCategory(parseCards('9c 4d 9h Ks 4c 4s'))).toBe(6);
  });

  it('finds four (or three) of a suit', () => {
    expect(flushDrawPositions(parseCards('2h 9h Kc 5h Jh'), 4)).toEqual([0, 1, 3, 4]);
    expect(flushDrawPositions(parseCards('2h 9h Kc 5d Jh'), 4)).toEqual([]);
    expect(flushDrawPositions(parseCards('2h 9h Kc 5d Jh'), 3)).toEqual([0, 1, 4]);
  });

  it('tells open-ended straight draws from inside ones, aces both ways', () => {
    expect(straightDrawPositions(parseCards('5c 6d 7h 8s Kc'), true)).toEqual([0, 1, 2, 3]);
    expect(straightDrawPositions(parseCards('2c 3d 4h 5s Kc'), true)).toEqual([0, 1, 2, 3]);
    // J-Q-K-A and A-2-3-4 can be filled one way only.
    expect(straightDrawPositions(parseCards('Jc Qd Kh As 4c'), true)).toEqual([]);
    expect(straightDrawPositions(parseCards('Jc Qd Kh As 4c'), false)).toEqual([0, 1, 2, 3]);
    expect(straightDrawPositions(parseCards('Ac 2d 3h 4s 9c'), false)).toEqual([0, 1, 2, 3]);
    expect(straightDrawPositions(parseCards('5c 6d 8h 9s Kc'), false)).toEqual([0, 1, 2, 3]);
    expect(straightDrawPositions(parseCards('5c 6d 9h Ts Kc'), false)).toEqual([]);
    // A pair inside the draw keeps one card of the rank.
    expect(straightDrawPositions(parseCards('5c 6d 6h 7s 8c'), true)).toEqual([0, 1, 3, 4]);
  });

  it('names the one card an exchange of one throws: the lowest kicker, or the card off a draw that pairs nothing', () => {
    expect(lowestUnpairedPosition(parseCards('9c 4d 9h Ks 6c'))).toBe(1);
    expect(lowestUnpairedPosition(parseCards('Qc 7d Qh 7s 3c 3d'))).toBeNull();
    expect(lowestUnpairedPosition(parseCards('Ac Kd 8h 6s 3c 2d'))).toBe(5);
    const flush = parseCards('2h 9h Kc 5h Jh 7s');
    expect(offDrawPosition(flush, flushDrawPositions(flush, 4))).toBe(5);
    // Off the flush draw, the unpaired card goes before the nine that pairs, however low.
    const paired = parseCards('2h 9h 9c 5h Jh Kd');
    expect(offDrawPosition(paired, flushDrawPositions(paired, 4))).toBe(5);
    const straight = parseCards('5c 6d 7h 8s 8c Kc');
    expect(offDrawPosition(straight, straightDrawPositions(straight, false))).toBe(5);
    expect(offDrawPosition(parseCards('2h 9d Kc 5h Js'), [])).toBeNull();
    expect(offDrawPosition(parseCards('2h 9h Kh 5h Jh'), [0, 1, 2, 3, 4])).toBeNull();
  });
});

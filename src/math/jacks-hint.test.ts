import { describe, expect, it } from 'vitest';
import { DEFAULT_JACKS_PAYTABLE, evaluate5, jacksCategoryOf, parseCards, parsePayTable, type Card } from '../core';
import { createJacksAdvisor, HintInputError, jacksHint } from './jacks-hint';

const nineSix = (() => {
  const parsed = parsePayTable('jacks-or-better', { 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.table;
})();

/** Brute-force expected return of one hold, per chip at max bet. */
function bruteEv(deal: Card[], held: number[]): number {
  const rest = [...Array(52).keys()].filter((c) => !deal.includes(c));
  const keep = held.map((p) => deal[p]!);
  let total = 0;
  let draws = 0;
  const walk = (from: number, hand: Card[]): void => {
    if (hand.length === 5) {
      const hand5 = jacksCategoryOf(evaluate5(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!));
      total += hand5 === 'royal-flush' ? 800 : nineSix.coefficients[hand5];
      draws++;
      return;
    }
    for (let i = from; i < rest.length; i++) walk(i + 1, [...hand, rest[i]!]);
  };
  walk(0, keep);
  return total / draws;
}

describe('Jacks or Better hint', () => {
  const advise = createJacksAdvisor(nineSix);

  it('lists all 32 holds, best first, with the exact expected return of each', () => {
    const deal = parseCards('Ah Kh Qh Jh 2c');
    const holds = advise(deal);
    expect(holds).toHaveLength(32);
    expect(new Set(holds.map((h) => h.mask)).size).toBe(32);
    for (let i = 1; i < 32; i++) expect(holds[i]!.ev).toBeLessThanOrEqual(holds[i - 1]!.ev);
    expect(holds[0]!.held).toEqual([0, 1, 2, 3]);
    expect(holds[0]!.ev).toBeCloseTo(bruteEv(deal, [0, 1, 2, 3]), 12);
    const three = holds.find((h) => h.mask === 0b01110)!;
    expect(three.cards).toEqual(parseCards('Kh Qh Jh'));
    expect(three.ev).toBeCloseTo(bruteEv(deal, [1, 2, 3]), 12);
    expect(Object.values(holds[0]!.counts).reduce((a, b) => a + b, 0)).toBe(47);
  });

  it('follows the positions of the deal as given, not sorted', () => {
    const holds = advise(parseCards('2c Jh Qh Kh Ah'));
    expect(holds[0]!.held).toEqual([1, 2, 3, 4]);
  });

  it('keeps a dealt pat hand and breaks a low pair for nothing better', () => {
    expect(advise(parseCards('9s Ts Js Qs Ks'))[0]!.mask).toBe(31);
    // A pair of threes against three unsuited, unconnected cards: hold the pair.
    expect(advise(parseCards('3c 3d 8h Ts 5c'))[0]!.held).toEqual([0, 1]);
  });

  it('prices the royal at 250 below max bet and with the default table', () => {
    const deal = parseCards('Ah Kh Qh Jh 2c');
    const low = createJacksAdvisor(nineSix, { bet: 1, maxBet: 5 })(deal);
    expect(low[0]!.ev).toBeLessThan(advise(deal)[0]!.ev);
    // J-5's default is 9/6 with the royal at 250: the same as 9/6 below max bet.
    expect(jacksHint(deal, DEFAULT_JACKS_PAYTABLE)[0]!.ev).toBe(low[0]!.ev);
    expect(low[0]!.ev).toBeCloseTo(bruteEv(deal, [0, 1, 2, 3]) - 550 / 47, 12);
  });

  it('refuses anything but five distinct cards', () => {
    expect(() => advise(parseCards('Ah Kh Qh Jh'))).toThrow(HintInputError);
    expect(() => advise(parseCards('Ah Ah Qh Jh 2c'))).toThrow(/twice/);
    expect(() => advise([1, 2, 3, 4, 52])).toThrow(HintInputError);
  });
});

import { describe, expect, it } from 'vitest';
import { parseCard, parseCards, SeededRandom } from '../core';
import { drawValue, standValue } from './poker-plus-draw-ev';
import { finalDecision } from './poker-plus-ev';

const box = parseCards('Qc Qd 7h 9s 4c');
const up = parseCard('Kh');
// Thirty cards the player has seen (exchanged away earlier), so that 16 are left to draw and
// every enumeration stays small.
const seen = [...Array(52).keys()].filter((c) => !box.includes(c) && c !== up).slice(0, 30);
const POOL = 16;

describe('Poker Plus draw values', () => {
  it('values standing as the best final decision', () => {
    const d = finalDecision({ box, upCard: up, ante: 1 });
    expect(standValue(box, up, 1)).toBe(Math.max(d.values.fold!, d.values.bet!, d.values.buyGame!));
    expect(standValue(parseCards('Ah Kd 8c 6s 3d'), parseCard('7c'), 1)).toBe(-1);
  });

  it('enumerates every card a sixth card or a one-card exchange can bring, and charges P-3 fees', () => {
    const sixth = drawValue({ box, upCard: up, seen, option: { kind: 'sixth' }, ante: 1 });
    expect(sixth).toMatchObject({ hands: POOL, exact: true, fee: 1, error: 0 });
    const one = drawValue({ box, upCard: up, seen, option: { kind: 'exchange', positions: [4] }, ante: 2 });
    expect(one).toMatchObject({ hands: POOL, exact: true, fee: 2 });
    // The card thrown away is seen: it is neither drawn again nor in the dealer's hand.
    let sum = 0;
    for (let c = 0; c < 52; c++) {
      if (box.includes(c) || c === up || seen.includes(c)) continue;
      sum += standValue([...box.slice(0, 4), c], up, 2, [...seen, box[4]!]);
    }
    expect(one.value).toBeCloseTo(sum / POOL - 2, 12);
    expect(
      drawValue({ box, upCard: up, seen, option: { kind: 'exchange', positions: [3, 4] }, ante: 1 }),
    ).toMatchObject({ hands: (POOL * (POOL - 1)) / 2, exact: true });
  });

  it('charges two antes for a first exchange of two to four cards and one ante for a second action of one card', () => {
    const random = new SeededRandom('fees');
    expect(
      drawValue(
        { box, upCard: up, seen, option: { kind: 'exchange', positions: [2, 3, 4] }, ante: 1 },
        { maxHands: 20, random },
      ).fee,
    ).toBe(2);
    const six = [...box, seen[0]!];
    const second = { box: six, upCard: up, seen: seen.slice(1), ante: 1, taken: 1 };
    expect(drawValue({ ...second, option: { kind: 'exchange', positions: [5] } })).toMatchObject({
      fee: 1,
      exact: true,
    });
    // P-3: a second action exchanges one card only.
    expect(() =>
      drawValue({ ...second, option: { kind: 'exchange', positions: [2, 3, 4, 5] } }, { maxHands: 20, random }),
    ).toThrow('drawValue: P-3: a second draw action exchanges one card only (rules version 2), not 4');
  });

  it('samples many draws with a seeded source, within its error of the exact value', () => {
    const exact = drawValue({ box, upCard: up, seen, option: { kind: 'exchange', positions: [3, 4] }, ante: 1 });
    const sampled = drawValue(
      { box, upCard: up, seen, option: { kind: 'exchange', positions: [3, 4] }, ante: 1 },
      { maxHands: 60, random: new SeededRandom('s') },
    );
    // 120 pairs of cards to choose from and a limit of 60: sampled, not enumerated.
    expect(sampled.exact).toBe(false);
    expect(sampled.hands).toBe(60);
    expect(Math.abs(sampled.value - exact.value)).toBeLessThan(4 * sampled.error);
    expect(() =>
      drawValue({ box, upCard: up, option: { kind: 'exchange', positions: [1, 2, 3, 4] }, ante: 1 }),
    ).toThrow(/random source/);
  });

  it('refuses to exchange a position the box does not have', () => {
    for (const positions of [[5], [-1], [0, 1.5]]) {
      expect(() => drawValue({ box, upCard: up, seen, option: { kind: 'exchange', positions }, ante: 1 })).toThrow(
        /no card at position/,
      );
    }
  });
});

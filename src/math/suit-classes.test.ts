import { describe, expect, it } from 'vitest';
import { suitClasses } from './suit-classes';

// A deal's class key: its four suit masks sorted high to low (52 bits, exact in a number).
function classKey(cards: ArrayLike<number>): number {
  const masks = [0, 0, 0, 0];
  for (let i = 0; i < 5; i++) masks[cards[i]! & 3]! |= 1 << (cards[i]! >> 2);
  masks.sort((a, b) => b - a);
  return ((masks[0]! * 8192 + masks[1]!) * 8192 + masks[2]!) * 8192 + masks[3]!;
}

describe('suit classes', () => {
  it('cover every one of the 2,598,960 deals exactly as often as their weights say', () => {
    const classes = suitClasses();
    expect(classes.count).toBe(134459);
    const weightOf = new Map<number, number>();
    let unsorted = 0;
    for (let i = 0; i < classes.count; i++) {
      const deal = classes.deals.subarray(i * 5, i * 5 + 5);
      for (let j = 1; j < 5; j++) if (deal[j]! <= deal[j - 1]!) unsorted++;
      weightOf.set(classKey(deal), classes.weights[i]!);
    }
    expect(unsorted).toBe(0);
    expect(weightOf.size).toBe(134459);
    const seen = new Map<number, number>();
    const deal = [0, 0, 0, 0, 0];
    for (deal[0] = 0; deal[0] < 52; deal[0]++)
      for (deal[1] = deal[0] + 1; deal[1] < 52; deal[1]++)
        for (deal[2] = deal[1] + 1; deal[2] < 52; deal[2]++)
          for (deal[3] = deal[2] + 1; deal[3] < 52; deal[3]++)
            for (deal[4] = deal[3] + 1; deal[4] < 52; deal[4]++) {
              const key = classKey(deal);
              seen.set(key, (seen.get(key) ?? 0) + 1);
            }
    expect(seen.size).toBe(134459);
    const wrong = [...seen].filter(([key, n]) => weightOf.get(key) !== n);
    expect(wrong).toEqual([]);
  });
});

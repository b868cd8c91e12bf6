// Five-card deals up to a permutation of the suits. A deal is four 13-bit rank masks, one per
// suit; permuting suits permutes the masks, so a class is the masks sorted high to low, and its
// size is 24 over the symmetries among equal masks. 2,598,960 deals fall in 134,459 classes.

export interface SuitClasses {
  /** Five ascending cards per class, flat. */
  deals: Int32Array;
  /** How many deals each class stands for (1 to 24). */
  weights: Uint8Array;
  count: number;
}

export const SUIT_CLASS_COUNT = 134459;

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

const FACTORIAL = [1, 1, 2, 6, 24];

export function suitClasses(): SuitClasses {
  // Masks of each popcount, highest first.
  const byPop: number[][] = [[], [], [], [], [], []];
  for (let m = 8191; m >= 0; m--) {
    const p = popcount(m);
    if (p <= 5) byPop[p]!.push(m);
  }
  const deals = new Int32Array(SUIT_CLASS_COUNT * 5);
  const weights = new Uint8Array(SUIT_CLASS_COUNT);
  let count = 0;
  const masks = [0, 0, 0, 0];
  const emit = (): void => {
    if (count === SUIT_CLASS_COUNT) throw new Error('suit classes: more than expected');
    // Ascending cards: rank by rank, suits in order within a rank.
    let at = count * 5;
    for (let r = 0; r < 13; r++) {
      const bit = 1 << r;
      for (let s = 0; s < 4; s++) if (masks[s]! & bit) deals[at++] = r * 4 + s;
    }
    let symmetries = 1;
    let run = 1;
    for (let s = 1; s <= 4; s++) {
      if (s < 4 && masks[s] === masks[s - 1]) run++;
      else {
        symmetries *= FACTORIAL[run]!;
        run = 1;
      }
    }
    weights[count++] = 24 / symmetries;
  };
  const walk = (suit: number, max: number, left: number): void => {
    const last = suit === 3;
    for (let p = last ? left : 0; p <= left; p++) {
      for (const m of byPop[p]!) {
        if (m > max) continue;
        masks[suit] = m;
        if (last) emit();
        else walk(suit + 1, m, left - p);
      }
    }
  };
  walk(0, 8191, 5);
  if (count !== SUIT_CLASS_COUNT) throw new Error(`suit classes: ${count}, expected ${SUIT_CLASS_COUNT}`);
  return { deals, weights, count };
}

/** Every deal as its own class of weight 1: the slow way round, to check the classes against. */
export function everyDeal(): SuitClasses {
  const count = 2598960;
  const deals = new Int32Array(count * 5);
  const weights = new Uint8Array(count).fill(1);
  let at = 0;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            deals[at++] = a;
            deals[at++] = b;
            deals[at++] = c;
            deals[at++] = d;
            deals[at++] = e;
          }
  return { deals, weights, count };
}

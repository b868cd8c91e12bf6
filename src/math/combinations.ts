// Binomial coefficients and the combinatorial number system: every k-subset of the 52 cards
// gets a dense index (colex order), so per-subset tables are flat typed arrays, not maps.

/** BINOMIAL[n][k] for n, k in 0..52; exact (the largest used, C(52,5), is far below 2^53). */
export const BINOMIAL: readonly Float64Array[] = (() => {
  const rows: Float64Array[] = [];
  for (let n = 0; n <= 52; n++) {
    const row = new Float64Array(53);
    row[0] = 1;
    for (let k = 1; k <= n; k++) row[k] = rows[n - 1]![k - 1]! + (k <= n - 1 ? rows[n - 1]![k]! : 0);
    rows.push(row);
  }
  return rows;
})();

export const choose = (n: number, k: number): number => (k < 0 || k > n ? 0 : BINOMIAL[n]![k]!);

/** Colex index of a strictly ascending subset: sum of C(card_i, i + 1). */
export function subsetIndex(sortedCards: ArrayLike<number>): number {
  let index = 0;
  for (let i = 0; i < sortedCards.length; i++) index += BINOMIAL[sortedCards[i]!]![i + 1]!;
  return index;
}

/** Calls visit(cards) for every ascending k-subset of 0..n-1, in colex order (index 0, 1, ...). */
export function forEachSubset(n: number, k: number, visit: (cards: Int32Array) => void): void {
  const cards = new Int32Array(k);
  for (let i = 0; i < k; i++) cards[i] = i;
  if (k > n) return;
  for (;;) {
    visit(cards);
    // Colex successor: raise the lowest card that can rise, reset the ones below it.
    let i = 0;
    while (i < k && (i === k - 1 ? cards[i]! + 1 >= n : cards[i]! + 1 === cards[i + 1])) i++;
    if (i === k) return;
    cards[i]!++;
    for (let j = 0; j < i; j++) cards[j] = j;
  }
}

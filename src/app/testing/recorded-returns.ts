// Poker Plus returns as a file records them (src/app/recorded-return.ts), for tests only: figures
// made up, but consistent with one another, so that a test changes one of them to break it.

/** The default strategy's return, as `typicalPlay` writes it. */
export const TYPICAL_PLAY = {
  returnPct: 97.9,
  returnCi95: [97.85, 97.95] as [number, number],
  returnBasis: 'simulated: made up for a test',
};

/** A stage's headroom with this mean and upper bound (its interval symmetric, clipped at 0). */
export const headroom = (mean: number, high: number) => ({
  mean,
  ci95: [Math.max(0, 2 * mean - high), high] as [number, number],
  points: 3000,
});

/**
 * A best-play basis whose strategy returns `rtp` ± 0.1 and whose headrooms' upper bounds add
 * 0.26 points: `upper` is rtp + 0.36, to 4 decimals.
 */
export function bestBasis(rtp = 98.6) {
  const round = (x: number): number => Math.round(x * 1e4) / 1e4;
  const ci95: [number, number] = [round(rtp - 0.1), round(rtp + 0.1)];
  return {
    play: 'best' as const,
    command: 'npm run -s cabinet -- parsheet poker-plus --best --paytable test.json --json',
    rounds: 1_000_000,
    seed: 'best',
    date: '2026-12-02',
    rulesVersion: 2,
    strategy: 'test-strategy.json',
    rtp,
    ci95,
    headroom: { first: headroom(0.1, 0.2), second: headroom(0.02, 0.05), final: headroom(0, 0.01) },
    upper: round(ci95[1] + 0.26),
  };
}

/** The return fields of a Poker Plus table judged on best play, as a file writes them beside the table. */
export function bestPlayRecord(rtp = 98.6, typical = TYPICAL_PLAY) {
  const basis = bestBasis(rtp);
  return { returnPct: basis.upper, returnBasis: basis, typicalPlay: typical };
}

// The ANTE −/+ buttons step along a ladder of round values, so 1..100 takes a dozen presses
// rather than a hundred; the operator's limits (P-14) are always on the ladder.

const LADDER = [
  1, 2, 3, 4, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000, 2000, 5000, 10000,
];

export function anteSteps(min: number, max: number): number[] {
  const inside = LADDER.filter((v) => v > min && v < max);
  return min >= max ? [min] : [min, ...inside, max];
}

/** The next ante up (dir 1) or down (dir −1), or null at the limit. */
export function nextAnte(current: number, min: number, max: number, dir: 1 | -1): number | null {
  const steps = anteSteps(min, max);
  const next = dir > 0 ? steps.find((v) => v > current) : [...steps].reverse().find((v) => v < current);
  return next ?? null;
}

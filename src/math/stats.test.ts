import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, gammaP, gammaQ, logGamma, normalSurvival, normalTwoSided } from './stats';

const relative = (a: number, b: number): number => Math.abs(a - b) / Math.abs(b);

describe('statistics', () => {
  it('log-gamma matches factorials and Γ(1/2) = √π', () => {
    let f = 1;
    for (let n = 1; n <= 30; n++) {
      expect(Math.abs(logGamma(n) - Math.log(f))).toBeLessThan(1e-12 * Math.max(1, Math.log(f)));
      f *= n;
    }
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    expect(() => logGamma(0)).toThrow(RangeError);
  });

  it('regularized incomplete gamma matches closed forms', () => {
    for (const x of [0.1, 1, 3.5, 10, 40]) {
      expect(gammaQ(1, x)).toBeCloseTo(Math.exp(-x), 14);
      // Integer a: Q(3, x) = e^-x (1 + x + x²/2).
      expect(relative(gammaQ(3, x), Math.exp(-x) * (1 + x + (x * x) / 2))).toBeLessThan(1e-12);
      expect(gammaP(2.5, x) + gammaQ(2.5, x)).toBeCloseTo(1, 14);
    }
  });

  it('chi-square tails match published critical values', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSurvival(6.634896601021214, 1)).toBeCloseTo(0.01, 12);
    expect(chiSquareSurvival(23.209251158954356, 10)).toBeCloseTo(0.01, 12);
    expect(chiSquareSurvival(21.665994333461924, 9)).toBeCloseTo(0.01, 12);
    expect(chiSquareSurvival(124.34211340400407, 100)).toBeCloseTo(0.05, 11);
    // Large df (the 52 × 52 table has 2601): the median is close to df − 2/3.
    expect(chiSquareSurvival(2601 - 2 / 3, 2601)).toBeCloseTo(0.5, 3);
    expect(chiSquareSurvival(0, 5)).toBe(1);
  });

  it('normal tails match published values', () => {
    expect(normalSurvival(1.959963984540054)).toBeCloseTo(0.025, 13);
    expect(relative(normalSurvival(3), 0.0013498980316300946)).toBeLessThan(1e-11);
    expect(relative(normalSurvival(6), 9.865876450376946e-10)).toBeLessThan(1e-9);
    expect(normalSurvival(0)).toBeCloseTo(0.5, 14);
    expect(normalSurvival(-1.959963984540054)).toBeCloseTo(0.975, 13);
    expect(normalTwoSided(2.5758293035489004)).toBeCloseTo(0.01, 13);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BONUS_POKER_FAMILY,
  coefficientsAt,
  DEUCES_WILD_FAMILY,
  familyCoefficient,
  familyPayTableProblem,
  JACKS_OR_BETTER_FAMILY,
  parseFamilyPayTable,
  VIDEO_POKER_FAMILIES,
} from '.';

describe('family pay tables', () => {
  it('read a table object, keeping the defaults for categories it leaves out', () => {
    const parsed = parseFamilyPayTable(BONUS_POKER_FAMILY, { 'full-house': 7 });
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.table.game).toBe('bonus-poker');
    expect(parsed.table.coefficients['full-house']).toBe(7);
    expect(parsed.table.coefficients['four-aces']).toBe(80);
    expect(parsed.table.royalAtMaxBet).toBe(800);
  });

  it('refuse a category of another family, naming it and the family', () => {
    const parsed = parseFamilyPayTable(BONUS_POKER_FAMILY, { 'four-deuces': 200 });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/"four-deuces" is not a bonus-poker category/);
  });

  it('refuse a coefficient that is not a whole number from 0 to 1,000,000', () => {
    for (const bad of [-1, 2.5, 1_000_001, '9', null, Number.NaN]) {
      const parsed = parseFamilyPayTable(DEUCES_WILD_FAMILY, { 'full-house': bad });
      expect(parsed.ok, String(bad)).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/"full-house" must be a whole number from 0 to 1000000/);
    }
    expect(parseFamilyPayTable(DEUCES_WILD_FAMILY, [1, 2]).ok).toBe(false);
    expect(parseFamilyPayTable(DEUCES_WILD_FAMILY, 'table').ok).toBe(false);
  });

  it("pay the royal's max-bet coefficient at max bet only (J-6)", () => {
    const parsed = parseFamilyPayTable(DEUCES_WILD_FAMILY, {});
    if (!parsed.ok) throw new Error(parsed.error);
    const royal = DEUCES_WILD_FAMILY.categories.indexOf('royal-flush');
    const wildRoyal = DEUCES_WILD_FAMILY.categories.indexOf('wild-royal-flush');
    expect(familyCoefficient(DEUCES_WILD_FAMILY, parsed.table, royal, 5, 5)).toBe(800);
    expect(familyCoefficient(DEUCES_WILD_FAMILY, parsed.table, royal, 4, 5)).toBe(250);
    expect(familyCoefficient(DEUCES_WILD_FAMILY, parsed.table, wildRoyal, 5, 5)).toBe(25);
    expect(Array.from(coefficientsAt(DEUCES_WILD_FAMILY, parsed.table))).toEqual([
      0, 1, 2, 2, 3, 5, 9, 15, 25, 200, 800,
    ]);
  });

  it('check a kept table: every category, nothing else, the right game', () => {
    for (const family of VIDEO_POKER_FAMILIES) {
      const kept = { game: family.game, ...family.defaultTable };
      expect(familyPayTableProblem(family, kept)).toBeNull();
      const { nothing: _, ...short } = kept.coefficients as Record<string, number>;
      expect(familyPayTableProblem(family, { ...kept, coefficients: short })).toMatch(/nothing/);
    }
    expect(
      familyPayTableProblem(JACKS_OR_BETTER_FAMILY, { game: 'bonus-poker', ...JACKS_OR_BETTER_FAMILY.defaultTable }),
    ).toMatch(/must be "jacks-or-better"/);
    expect(
      familyPayTableProblem(BONUS_POKER_FAMILY, { game: 'bonus-poker', ...BONUS_POKER_FAMILY.defaultTable, extra: 1 }),
    ).not.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  BONUS_POKER_FAMILY,
  DEUCES_WILD_FAMILY,
  parseFamilyPayTable,
  type VideoPokerPayTable,
} from '../../core/video-poker';
import { PAR_SHEET_TOTAL, parSheetFromCounts, type FamilyParSheet } from './parsheet';
import { cachedParSheet, keptSheetProblem, parSheetDigest, type ParSheetStore } from './parsheet-cache';

const table = (input: object): VideoPokerPayTable => {
  const parsed = parseFamilyPayTable(DEUCES_WILD_FAMILY, input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.table;
};
const nsud = table({ 'five-of-a-kind': 16, 'straight-flush': 10, 'four-of-a-kind': 4, 'full-house': 4, flush: 3 });

// A made-up sheet whose counts add up (the analysis is not what these tests are about: a stub
// compute stands for it, and counts how often it is asked).
const counts = DEUCES_WILD_FAMILY.categories.map((_, i) => (i === 0 ? PAR_SHEET_TOTAL - 10 * 1000 : 1000));
const computed = (t: VideoPokerPayTable): FamilyParSheet => parSheetFromCounts(DEUCES_WILD_FAMILY, counts, t);

function memoryStore(): ParSheetStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: (d) => map.get(d), set: (d, s) => void map.set(d, JSON.parse(JSON.stringify(s))) };
}

describe('par sheets kept by table digest', () => {
  it('works a table out once, then reads it back as long as the table is the same', async () => {
    const store = memoryStore();
    let asked = 0;
    const compute = async (_: unknown, t: VideoPokerPayTable) => (asked++, computed(t));
    const first = await cachedParSheet(DEUCES_WILD_FAMILY, nsud, store, compute);
    const second = await cachedParSheet(DEUCES_WILD_FAMILY, { ...nsud }, store, compute);
    expect([first.kept, second.kept, asked]).toEqual([false, true, 1]);
    expect(second.sheet).toEqual(first.sheet);
    // A changed table has another digest: worked out again, the first still kept.
    const other = await cachedParSheet(DEUCES_WILD_FAMILY, table({ flush: 3 }), store, compute);
    expect([other.kept, asked, store.map.size]).toEqual([false, 2, 2]);
  });

  it('keys by what the sheet depends on: the coefficients at max bet, the family', () => {
    expect(parSheetDigest(DEUCES_WILD_FAMILY, nsud)).toBe(
      parSheetDigest(DEUCES_WILD_FAMILY, { ...nsud, game: 'deuces-wild' }),
    );
    expect(parSheetDigest(DEUCES_WILD_FAMILY, nsud)).not.toBe(
      parSheetDigest(DEUCES_WILD_FAMILY, { ...nsud, royalAtMaxBet: 4000 }),
    );
    const bonus = { game: 'bonus-poker', ...BONUS_POKER_FAMILY.defaultTable };
    expect(parSheetDigest(BONUS_POKER_FAMILY, bonus)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['a sheet whose return was raised', (s: FamilyParSheet) => ({ ...s, rtp: s.rtp + 0.01 })],
    [
      'a count moved between categories',
      (s: FamilyParSheet) => ({
        ...s,
        hands: { ...s.hands, 'royal-flush': { ...s.hands['royal-flush']!, count: s.hands['royal-flush']!.count + 1 } },
      }),
    ],
    ['another family’s sheet', () => ({ game: 'bonus-poker', rtp: 1, total: PAR_SHEET_TOTAL, hands: {} })],
    ['not a sheet at all', () => 'a string'],
  ])('refuses %s and works the table out again', async (_, tamper) => {
    const store = memoryStore();
    const { digest } = await cachedParSheet(DEUCES_WILD_FAMILY, nsud, store, async (_, t) => computed(t));
    store.map.set(digest, tamper(store.map.get(digest) as FamilyParSheet));
    let asked = 0;
    const again = await cachedParSheet(DEUCES_WILD_FAMILY, nsud, store, async (_, t) => (asked++, computed(t)));
    expect(again.kept).toBe(false);
    expect(again.refused).not.toBeNull();
    expect(asked).toBe(1);
    expect(keptSheetProblem(DEUCES_WILD_FAMILY, nsud, store.map.get(digest))).toBeNull();
  });
});

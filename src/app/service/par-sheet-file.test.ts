// Par sheets kept beside the records (issue 38 §3): read back at the next start under the machine
// key's seal; an edited file or another machine's is not believed.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEUCES_WILD, JACKS_OR_BETTER, type FamilyPayTable, type VideoPokerId } from '../../core';
import { keptSheetProblem, parSheetDigest } from '../../math/video-poker/parsheet-cache';
import { PAR_SHEET_TOTAL, parSheetFromCounts } from '../../math/video-poker/parsheet';
import { ParSheetFile, PAR_SHEET_FILE } from './par-sheet-file';
import { exactReturns, keepParSheetsIn } from './table-returns';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'par-sheets-'));
});
afterEach(() => {
  keepParSheetsIn(null);
  rmSync(dir, { recursive: true, force: true });
});

const key = randomBytes(32);
const path = () => join(dir, PAR_SHEET_FILE);
const family = DEUCES_WILD.family;
// A Deuces Wild table no other test rates (flush 4), and a made-up sheet whose counts add up:
// believed only for its seal, as the file's whole point is not to work the sheet out again.
const table: FamilyPayTable<VideoPokerId> = {
  ...DEUCES_WILD.payTable.default,
  coefficients: { ...DEUCES_WILD.payTable.default.coefficients, flush: 4 },
};
const counts = family.categories.map((_, i) => (i === 0 ? PAR_SHEET_TOTAL - 10 * 1000 : 1000));
const sheet = parSheetFromCounts(family, counts, table);
const digest = parSheetDigest(family, table);

describe('the par-sheet file', () => {
  it('gives back what it kept, at the next start', () => {
    new ParSheetFile(path(), key).set(digest, sheet);
    const again = new ParSheetFile(path(), key);
    expect([again.refused, again.size]).toEqual([null, 1]);
    expect(again.get(digest)).toEqual(sheet);
    expect(again.get('0'.repeat(64))).toBeUndefined();
  });

  it.each([
    ['an edited figure', (text: string) => text.replace(/"rtp":[0-9.]+/, '"rtp":0.95')],
    ['a cut', (text: string) => text.slice(0, text.length / 2)],
  ])('believes nothing of a file with %s', (_, edit) => {
    new ParSheetFile(path(), key).set(digest, sheet);
    writeFileSync(path(), edit(readFileSync(path(), 'utf8')));
    const again = new ParSheetFile(path(), key);
    expect(again.refused).not.toBeNull();
    expect(again.get(digest)).toBeUndefined();
  });

  it("believes nothing of another machine's file", () => {
    new ParSheetFile(path(), key).set(digest, sheet);
    const other = new ParSheetFile(path(), randomBytes(32));
    expect([other.refused, other.get(digest)]).toEqual(['its seal does not verify', undefined]);
  });

  it('rates a kept table from the file without working it out, and keeps what it works out', () => {
    const file = new ParSheetFile(path(), key);
    file.set(digest, sheet);
    keepParSheetsIn(new ParSheetFile(path(), key));
    // The made-up sheet's return, which no analysis gives: read, not worked out.
    expect(exactReturns([table])[0]?.pct).toBe(sheet.rtp * 100);
    // Jacks or Better's own analysis keeps a sheet the family's check believes at the next start.
    const nineFive: FamilyPayTable<VideoPokerId> = {
      ...JACKS_OR_BETTER.payTable.default,
      coefficients: { ...JACKS_OR_BETTER.payTable.default.coefficients, flush: 5 },
    };
    const [rated] = exactReturns([nineFive]);
    const kept = new ParSheetFile(path(), key).get(parSheetDigest(JACKS_OR_BETTER.family, nineFive));
    expect(keptSheetProblem(JACKS_OR_BETTER.family, nineFive, kept)).toBeNull();
    expect((kept as { rtp: number }).rtp * 100).toBe(rated?.pct);
  });
});

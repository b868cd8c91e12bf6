// The pay tables of the video-poker families (issue 38) sit in assets/paytables beside Jacks or
// Better's: the loader checks each whole, by its family's own categories, and offers it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEUCES_WILD, GAME_IDS } from '../../core';
import { defaultPayTablesDir, loadPayTables, PayTableError } from './installed-pay-tables';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'family-tables-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const installed = (id: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(defaultPayTablesDir(), `${id}.json`), 'utf8'));
const write = (name: string, content: unknown): void => writeFileSync(join(dir, name), JSON.stringify(content));
const jacks = installed('jacks-or-better-9-6');

describe('family pay tables in the installed folder', () => {
  it('are checked and offered, each for its own game, its return still to be worked out', () => {
    const catalog = loadPayTables(defaultPayTablesDir());
    expect(new Set(catalog.installed.map((t) => t.game))).toEqual(new Set(GAME_IDS));
    write('jacks-or-better-9-6.json', jacks);
    write('deuces-wild-nsud.json', installed('deuces-wild-nsud'));
    const offered = loadPayTables(dir).installed;
    expect(offered.map((t) => [t.id, t.game, t.rtp])).toEqual([
      ['jacks-or-better-9-6', 'jacks-or-better', null],
      ['deuces-wild-nsud', 'deuces-wild', null],
    ]);
    expect(offered[1]!.table).toEqual({ ...DEUCES_WILD.payTable.default });
  });

  it.each([
    ['a category of another family', { table: { 'four-aces': 80 } }, /"four-aces" is not a deuces-wild category/],
    ['a bad coefficient', { table: { 'five-of-a-kind': -15 } }, /five-of-a-kind.*must be a whole number/],
    ['an unknown field', { rtp: 100 }, /unknown field "rtp"/],
    ['a return that is not exact', { returnBasis: { play: 'typical', method: 'x' } }, /returnBasis/],
  ])('refuse the start for %s, naming the file', (_, change, error) => {
    write('jacks-or-better-9-6.json', jacks);
    write('deuces-wild-nsud.json', { ...installed('deuces-wild-nsud'), ...change });
    expect(() => loadPayTables(dir)).toThrow(PayTableError);
    expect(() => loadPayTables(dir)).toThrow(new RegExp(`deuces-wild-nsud.json: .*${error.source}`));
  });

  it('refuse a file not named after its id', () => {
    write('jacks-or-better-9-6.json', jacks);
    write('nsud.json', installed('deuces-wild-nsud'));
    expect(() => loadPayTables(dir)).toThrow(/nsud.json: the file must be named after its id/);
  });
});

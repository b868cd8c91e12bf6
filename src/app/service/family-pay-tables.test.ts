// The pay tables of the video-poker families (src/core/video-poker) sit in assets/paytables
// before any game module runs them (issue 38): the loader checks each whole and offers none.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  it('are checked and left out of the catalog until a game module offers them', () => {
    const catalog = loadPayTables(defaultPayTablesDir());
    expect(new Set(catalog.installed.map((t) => t.game))).toEqual(new Set(['jacks-or-better', 'poker-plus']));
    write('jacks-or-better-9-6.json', jacks);
    write('deuces-wild-nsud.json', installed('deuces-wild-nsud'));
    expect(loadPayTables(dir).installed.map((t) => t.id)).toEqual(['jacks-or-better-9-6']);
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

import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_JACKS_PAYTABLE, DEFAULT_POKER_PLUS_PAYTABLE } from '../../core';
import { samePayTable } from '../../cabinet';
import {
  defaultPayTablesDir,
  fullyRated,
  installedPayTables,
  loadPayTables,
  PayTableError,
  withExactReturns,
} from './installed-pay-tables';
import { EXACT_BASIS } from './table-returns';
import {
  bestBasis as makeBestBasis,
  bestPlayRecord,
  headroom as head,
  TYPICAL_PLAY,
} from '../testing/recorded-returns';

/** The exact return of 8/5 with the royal at 250 at every bet. */
const EIGHT_FIVE_PCT = 96.0635;
import { packageRoot } from './package-root';
import { signedForTest, TEST_TABLE_KEYS } from '../testing/paytable-test-key';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paytables-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// 8/5 with the royal at 250 at every bet: its exact return, which the loader works out itself.
const good = {
  id: 'jacks-test',
  game: 'jacks-or-better',
  name: 'Test table',
  table: { 'full-house': 8, flush: 5 },
  returnPct: EIGHT_FIVE_PCT,
  returnBasis: { play: 'exact', method: 'the par sheet, at max bet' },
};
const typicalPlay = TYPICAL_PLAY;
const bestBasis = makeBestBasis();
const pokerPlus = {
  id: 'pp-test',
  game: 'poker-plus',
  name: 'Poker Plus test table',
  table: { 'full-house': 6 },
  ...bestPlayRecord(),
};
/** A file as a lab ships it: signed with the (test) key the test's cabinet trusts. */
const write = (name: string, content: unknown): void =>
  writeFileSync(
    join(dir, name),
    typeof content === 'string' || typeof content !== 'object' || content === null || Array.isArray(content)
      ? typeof content === 'string'
        ? content
        : JSON.stringify(content)
      : JSON.stringify(signedForTest(content as Record<string, unknown>)),
  );
const load = (folder: string) => loadPayTables(folder, TEST_TABLE_KEYS);

describe('the installed pay tables of this package', () => {
  it('are found from the package root, whatever the module depth', () => {
    expect(defaultPayTablesDir()).toBe(join(packageRoot(), 'assets', 'paytables'));
    expect(JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).name).toBe('poker-cabinet');
  });

  it("hold every family's tables and three Poker Plus ones, each game best first, every one with its return", () => {
    const { tables, installed } = fullyRated(installedPayTables());
    expect(tables.map((t) => t.table.id)).toEqual([
      'jacks-or-better-9-6',
      'jacks-or-better-default',
      'jacks-or-better-8-5',
      'jacks-or-better-7-5',
      'poker-plus-7-5',
      'poker-plus-default',
      'poker-plus-6-4',
      'bonus-poker-8-5',
      'bonus-poker-7-5',
      'double-double-bonus-9-6',
      'double-double-bonus-9-5',
      'deuces-wild-full-pay',
      'deuces-wild-nsud',
      'deuces-wild-illinois',
    ]);
    expect(installed).toEqual(tables.map((t) => t.table));
    expect(installed.every((t) => t.rtp !== null && t.rtp.low <= t.rtp.pct && t.rtp.pct <= t.rtp.high)).toBe(true);
  });

  it('never again hold the Jacks or Better table as a Poker Plus one (the earlier reading of P-12)', () => {
    const old = {
      ...DEFAULT_POKER_PLUS_PAYTABLE,
      coefficients: {
        ...DEFAULT_POKER_PLUS_PAYTABLE.coefficients,
        'royal-flush': 250,
        'four-of-a-kind': 25,
        'full-house': 9,
        flush: 6,
      },
    };
    expect(installedPayTables().installed.filter((t) => samePayTable(t.table, old))).toEqual([]);
  });

  it('include the rules defaults (J-5, P-12), so a default config names an installed table', () => {
    const { installed } = installedPayTables();
    expect(installed.find((t) => t.id === 'jacks-or-better-default')?.table).toEqual(DEFAULT_JACKS_PAYTABLE);
    expect(installed.find((t) => t.id === 'poker-plus-default')?.table).toEqual(DEFAULT_POKER_PLUS_PAYTABLE);
    expect(installed.filter((t) => samePayTable(t.table, DEFAULT_JACKS_PAYTABLE))).toHaveLength(1);
  });
});

describe('loading a folder', () => {
  it('reads a good file, ignoring files that are not JSON tables', () => {
    write('jacks-test.json', good);
    write('README.txt', 'notes');
    write('pp-test.json', pokerPlus);
    const { installed, tables } = load(dir);
    const table = {
      ...DEFAULT_JACKS_PAYTABLE,
      coefficients: { ...DEFAULT_JACKS_PAYTABLE.coefficients, 'full-house': 8, flush: 5 },
    };
    // A Jacks or Better return is unknown until the cabinet works it out itself.
    expect(installed[0]).toEqual({ id: 'jacks-test', game: 'jacks-or-better', name: 'Test table', table, rtp: null });
    // A Poker Plus return is best play's upper estimate, from what the strategy found returns,
    // with the default strategy's beside it.
    expect(installed[1]).toMatchObject({
      id: 'pp-test',
      rtp: {
        pct: 98.96,
        low: 98.5,
        high: 98.96,
        play: 'best',
        basis: expect.stringMatching(
          /^upper estimate of best play: the strategy found 98\.6000% .* \+ headroom 0\.2600 points/,
        ),
        typical: { pct: 97.9, low: 97.85, high: 97.95, basis: 'simulated: made up for a test' },
      },
    });
    expect(tables[0]?.file).toBe(join(dir, 'jacks-test.json'));
    const [rated] = withExactReturns(installed, [table]);
    expect(rated?.rtp).toEqual({
      pct: expect.closeTo(EIGHT_FIVE_PCT, 4),
      low: rated?.rtp?.pct,
      high: rated?.rtp?.pct,
      basis: EXACT_BASIS,
      play: 'exact',
      typical: null,
    });
  });

  it('takes a Jacks or Better return from the par sheet, not from the file: an edited figure changes nothing', () => {
    write('jacks-test.json', { ...good, returnPct: 99.5 });
    const [rated] = fullyRated(load(dir)).installed;
    expect(rated?.rtp?.pct).toBeCloseTo(EIGHT_FIVE_PCT, 4);
  });

  const broken: [string, string, unknown, RegExp][] = [
    ['not JSON', 'jacks-test.json', '{"id": ', /not JSON/],
    ['not an object', 'jacks-test.json', [1, 2], /must be an object/],
    ['an unknown field', 'jacks-test.json', { ...good, rtp: 1 }, /has an unknown field "rtp"/],
    ['a missing field', 'jacks-test.json', { ...good, returnBasis: undefined }, /returnBasis is missing/],
    ['a file named otherwise', 'other.json', good, /named after its id/],
    ['a bad id', 'Jacks Test.json', { ...good, id: 'Jacks Test' }, /id must be/],
    ['the reserved id', 'custom.json', { ...good, id: 'custom' }, /kept for a pay table given in the config/],
    ['an unknown game', 'jacks-test.json', { ...good, game: 'blackjack' }, /game must be one of/],
    ['an empty name', 'jacks-test.json', { ...good, name: ' ' }, /name must be text/],
    [
      'a category of another game',
      'jacks-test.json',
      { ...good, table: { pair: 1 } },
      /table: paytable: "pair" is not a jacks-or-better category/,
    ],
    ['a negative coefficient', 'jacks-test.json', { ...good, table: { flush: -1 } }, /"flush" must be a whole number/],
    ['a return out of range', 'jacks-test.json', { ...good, returnPct: 250 }, /returnPct must be/],
    ['a return as text', 'jacks-test.json', { ...good, returnPct: '97.2' }, /returnPct must be/],
    ['a basis as bare text', 'jacks-test.json', { ...good, returnBasis: 'exact' }, /returnBasis must be an object/],
    [
      'a Jacks or Better return that is not exact',
      'jacks-test.json',
      { ...good, returnBasis: bestBasis },
      /returnBasis\.play must be "exact"/,
    ],
    [
      'an interval with an exact return',
      'jacks-test.json',
      { ...good, returnCi95: [96, 97] },
      /unknown field "returnCi95"/,
    ],
    [
      "a Poker Plus return without typical play's beside it",
      'pp-test.json',
      { ...pokerPlus, typicalPlay: undefined },
      /typicalPlay is missing/,
    ],
    [
      'a Poker Plus return without its basis',
      'pp-test.json',
      { ...pokerPlus, returnBasis: undefined },
      /returnBasis must say whose play the return is/,
    ],
    [
      'a best-play basis without its figures',
      'pp-test.json',
      { ...pokerPlus, returnBasis: { ...bestBasis, headroom: undefined } },
      /returnBasis\(best\)\.headroom is missing/,
    ],
    [
      'a best-play basis without the run that measured it',
      'pp-test.json',
      { ...pokerPlus, returnBasis: { ...bestBasis, date: '2 December' } },
      /returnBasis\(best\)\.date must be a date/,
    ],
    [
      'an upper estimate that is not the sum it is made of',
      'pp-test.json',
      { ...pokerPlus, returnPct: 98.8, returnBasis: { ...bestBasis, upper: 98.8 } },
      /returnBasis\.upper 98\.8 must be returnBasis\.ci95's high end plus every headroom's high end \(98\.9600\)/,
    ],
    [
      "a returnPct that is not best play's upper estimate",
      'pp-test.json',
      { ...pokerPlus, returnPct: 98.6 },
      /returnPct 98\.6 must be best play's upper estimate, returnBasis\.upper 98\.96/,
    ],
    [
      'typical play above best play',
      'pp-test.json',
      { ...pokerPlus, typicalPlay: { ...typicalPlay, returnPct: 99.1, returnCi95: [99.05, 99.15] } },
      /typicalPlay\.returnPct 99\.1 is above best play's upper estimate 98\.96/,
    ],
    [
      'a strategy found for best play that returns less than typical play',
      'pp-test.json',
      { ...pokerPlus, typicalPlay: { ...typicalPlay, returnPct: 98.8, returnCi95: [98.75, 98.85] } },
      /the strategy found for best play must not return less than typical play/,
    ],
    [
      'best play measured under another reading of P-3',
      'pp-test.json',
      { ...pokerPlus, returnBasis: { ...bestBasis, rulesVersion: 1 } },
      /returnBasis\.rulesVersion 1: best play was measured under another reading of P-3/,
    ],
    [
      'a negative headroom',
      'pp-test.json',
      { ...pokerPlus, returnBasis: { ...bestBasis, headroom: { ...bestBasis.headroom, final: head(-0.01, 0.01) } } },
      /headroom\.final\.mean must not be below 0/,
    ],
    [
      'typical play whose interval misses its return',
      'pp-test.json',
      { ...pokerPlus, typicalPlay: { ...typicalPlay, returnCi95: [98, 99] } },
      /must contain typicalPlay\.returnPct 97\.9/,
    ],
    [
      'typical play judged with another figure',
      'pp-test.json',
      { ...pokerPlus, returnPct: 98, returnBasis: { play: 'typical', note: 'not measured yet' } },
      /returnPct 98 must be typicalPlay\.returnPct 97\.9 when best play was not measured/,
    ],
    [
      'an interval of text',
      'pp-test.json',
      { ...pokerPlus, typicalPlay: { ...typicalPlay, returnCi95: ['97', '98'] } },
      /typicalPlay\.returnCi95/,
    ],
  ];
  for (const [what, name, content, message] of broken) {
    it(`refuses ${what}, naming the file`, () => {
      write(name, content);
      expect(() => load(dir)).toThrow(PayTableError);
      expect(() => load(dir)).toThrow(message);
      expect(() => load(dir)).toThrow(join(dir, name));
    });
  }

  it('accepts a Poker Plus table with no recorded return, which the cabinet will not put in play, and works a Jacks one out', () => {
    write('pp-test.json', { ...pokerPlus, returnPct: null, returnBasis: 'not measured yet', typicalPlay: undefined });
    write('jacks-test.json', { ...good, returnPct: null });
    const [j, pp] = fullyRated(load(dir)).installed;
    expect(pp?.rtp).toBeNull();
    expect(j?.rtp?.pct).toBeCloseTo(EIGHT_FIVE_PCT, 4);
  });

  it('takes a Poker Plus table whose best play was not measured, judged on its typical play and saying so', () => {
    write('pp-test.json', {
      ...pokerPlus,
      returnPct: 97.9,
      returnBasis: { play: 'typical', note: 'not measured yet' },
    });
    const [pp] = load(dir).installed;
    expect(pp?.rtp).toEqual({
      pct: 97.9,
      low: 97.85,
      high: 97.95,
      play: 'typical',
      basis: 'typical play only (not measured yet): simulated: made up for a test',
      typical: { pct: 97.9, low: 97.85, high: 97.95, basis: 'simulated: made up for a test' },
    });
  });

  it('refuses the same table under two ids', () => {
    write('jacks-test.json', good);
    write('jacks-twin.json', { ...good, id: 'jacks-twin', table: { flush: 5, 'full-house': 8, straight: 4 } });
    expect(() => load(dir)).toThrow(/jacks-twin\.json: the same table as .*jacks-test\.json/);
  });

  it('refuses an empty folder and a missing one', () => {
    expect(() => load(dir)).toThrow(/holds no pay table/);
    expect(() => loadPayTables(join(dir, 'nowhere'))).toThrow(/cannot read the folder/);
    mkdirSync(join(dir, 'sub.json'));
    expect(() => load(dir)).toThrow(/sub\.json: cannot be read/);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { CliError, type Command } from './command';
import { hintCommand } from './hint-command';
import { parsheetCommand } from './parsheet-command';
import { rngReportCommand } from './rng-report-command';
import { simulateCommand } from './simulate-command';

const dir = mkdtempSync(join(tmpdir(), 'math-commands-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

let written: string[];
let spy: MockInstance;
beforeEach(() => {
  written = [];
  spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});
afterEach(() => spy.mockRestore());

async function json(command: Command, args: string[]): Promise<Record<string, unknown>> {
  expect(await command.run(args)).toBe(0);
  return JSON.parse(written.join('')) as Record<string, unknown>;
}

async function refusal(command: Command, args: string[]): Promise<string> {
  const error = await command.run(args).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  expect(written).toEqual([]);
  return (error as CliError).message;
}

describe('parsheet', () => {
  it('prints the 9/6 par sheet as JSON from a pay table file', async () => {
    const table = file('96.json', JSON.stringify({ 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 }));
    const out = await json(parsheetCommand, ['jacks-or-better', '--paytable', table, '--json', '--threads', '1']);
    expect(out.game).toBe('jacks-or-better');
    expect(((out.rtp as number) * 100).toFixed(4)).toBe('99.5439');
    expect(out.total).toBe(19933230517200);
    expect(Object.keys(out.hands as object)).toHaveLength(10);
    expect(typeof out.seconds).toBe('number');
  });

  it('refuses a broken pay table, an unknown game and an unknown flag', async () => {
    const bad = file('bad.json', JSON.stringify({ pair: 1 }));
    expect(await refusal(parsheetCommand, ['jacks-or-better', '--paytable', bad])).toMatch(
      /"pair" is not a jacks-or-better category/,
    );
    expect(await refusal(parsheetCommand, ['jacks-or-better', '--paytable', file('junk.json', '{')])).toMatch(
      /not valid JSON/,
    );
    expect(await refusal(parsheetCommand, ['blackjack'])).toMatch(/usage/);
    expect(await refusal(parsheetCommand, ['jacks-or-better', '--fast'])).toMatch(/unknown option --fast/);
  });
});

describe('parsheet and hint of the other video-poker families', () => {
  const installed = (name: string): string => new URL(`../../../assets/paytables/${name}`, import.meta.url).pathname;

  it('prints the exact par sheet of an installed Deuces Wild table', async () => {
    const out = await json(parsheetCommand, [
      'deuces-wild',
      '--paytable',
      installed('deuces-wild-nsud.json'),
      '--json',
    ]);
    expect(out.game).toBe('deuces-wild');
    expect(((out.rtp as number) * 100).toFixed(4)).toBe('99.7283');
    expect(out.total).toBe(19933230517200);
    expect(Object.keys(out.hands as object)[0]).toBe('royal-flush');
    expect(Object.keys(out.hands as object)).toContain('four-deuces');
  });

  it('hints a game named by --game, with its own categories and table', async () => {
    const out = await json(hintCommand, ['As Ac Ad Ah 3c', '--game', 'double-double-bonus', '--json']);
    expect(out.game).toBe('double-double-bonus');
    const [best] = out.holds as { held: number[]; ev: number; counts: Record<string, number> }[];
    // D-1: four aces with a trey kicker pay 400 a chip; holding all five is sure of it.
    expect(best).toMatchObject({ held: [0, 1, 2, 3, 4], ev: 400 });
    expect(best!.counts['four-aces-with-2-4']).toBe(1);
  });

  it('refuses an unknown game, and a table of another family', async () => {
    expect(await refusal(hintCommand, ['As Ac Ad Ah 3c', '--game', 'blackjack'])).toMatch(
      /no video-poker game "blackjack"/,
    );
    expect(
      await refusal(hintCommand, [
        'As Ac Ad Ah 3c',
        '--game',
        'bonus-poker',
        '--paytable',
        installed('deuces-wild-nsud.json'),
      ]),
    ).toMatch(/an installed table for deuces-wild, not bonus-poker/);
    const bad = file('ddb.json', JSON.stringify({ 'four-deuces': 200 }));
    expect(await refusal(parsheetCommand, ['bonus-poker', '--paytable', bad])).toMatch(
      /"four-deuces" is not a bonus-poker category/,
    );
  });
});

describe('hint', () => {
  it('lists the 32 holds best first', async () => {
    const out = await json(hintCommand, ['Ah Kh Qh Jh 2c', '--json']);
    const holds = out.holds as { held: number[]; cards: string[]; ev: number }[];
    expect(holds).toHaveLength(32);
    expect(holds[0]?.cards).toEqual(['Ah', 'Kh', 'Qh', 'Jh']);
  });

  it('refuses a bad card, four cards and a repeated card', async () => {
    expect(await refusal(hintCommand, ['Ah Kh Qh Jh 1c'])).toMatch(/not a card code/);
    expect(await refusal(hintCommand, ['Ah Kh Qh Jh'])).toMatch(/five cards/);
    expect(await refusal(hintCommand, ['Ah Kh Qh Jh Ah'])).toMatch(/twice/);
  });
});

describe('--paytable: a bare table, or an installed table file as it stands', () => {
  const installed = (name: string): string => new URL(`../../../assets/paytables/${name}`, import.meta.url).pathname;

  it('reads an installed Jacks or Better file as its bare table', async () => {
    const bare = file('jacks-7-5.json', JSON.stringify({ 'full-house': 7, flush: 5, 'royal-flush-max-bet': 800 }));
    const fromBare = await json(hintCommand, ['Jh Jd 7c 7s 2h', '--paytable', bare, '--json']);
    written.length = 0;
    const fromInstalled = await json(hintCommand, [
      'Jh Jd 7c 7s 2h',
      '--paytable',
      installed('jacks-or-better-7-5.json'),
      '--json',
    ]);
    expect(fromInstalled).toEqual(fromBare);
    written.length = 0;
    const nineSix = await json(hintCommand, [
      'Jh Jd 7c 7s 2h',
      '--paytable',
      installed('jacks-or-better-9-6.json'),
      '--json',
    ]);
    expect(nineSix).not.toEqual(fromBare);
  });

  it('reads an installed Poker Plus file, and refuses one for the other game or with a broken table', async () => {
    const run = async (table: string) => {
      written.length = 0;
      return json(simulateCommand, [
        'poker-plus',
        '--rounds',
        '2000',
        '--seed',
        'inst',
        '--threads',
        '1',
        '--json',
        '--paytable',
        table,
      ]);
    };
    const fromInstalled = await run(installed('poker-plus-default.json'));
    const fromBare = await run(
      file(
        'p12-bare.json',
        JSON.stringify({
          'royal-flush': 100,
          'straight-flush': 50,
          'four-of-a-kind': 20,
          'full-house': 7,
          flush: 4,
          straight: 4,
          'three-of-a-kind': 3,
          'two-pair': 2,
          pair: 1,
        }),
      ),
    );
    expect({ ...fromInstalled, seconds: 0, roundsPerSecond: 0 }).toEqual({
      ...fromBare,
      seconds: 0,
      roundsPerSecond: 0,
    });
    written.length = 0;
    expect(await refusal(hintCommand, ['Jh Jd 7c 7s 2h', '--paytable', installed('poker-plus-default.json')])).toMatch(
      /an installed table for poker-plus, not jacks-or-better/,
    );
    const broken = file(
      'broken-installed.json',
      JSON.stringify({ id: 'x', game: 'jacks-or-better', name: 'X', table: { pair: 1 } }),
    );
    expect(await refusal(hintCommand, ['Jh Jd 7c 7s 2h', '--paytable', broken])).toMatch(
      /broken-installed\.json: table: paytable: "pair" is not a jacks-or-better category/,
    );
  });
});

describe('flags, read by util.parseArgs', () => {
  it('refuses a flag given twice, a value missing or taken by another flag, and an unknown option, with the usage', async () => {
    expect(await refusal(hintCommand, ['Ah Kh Qh Jh 2c', '--json', '--json'])).toBe(
      '--json given twice; usage: hint "Ah Kh Qh Jh 2c" [--game jacks-or-better|bonus-poker|double-double-bonus|deuces-wild] [--paytable FILE] [--json]',
    );
    expect(await refusal(hintCommand, ['Ah Kh Qh Jh 2c', '--paytable'])).toBe(
      '--paytable needs a value; usage: hint "Ah Kh Qh Jh 2c" [--game jacks-or-better|bonus-poker|double-double-bonus|deuces-wild] [--paytable FILE] [--json]',
    );
    expect(await refusal(hintCommand, ['Ah Kh Qh Jh 2c', '--paytable', '--json'])).toMatch(
      /^--paytable needs a value; usage: /,
    );
    expect(await refusal(hintCommand, ['Ah Kh Qh Jh 2c', '--fast'])).toMatch(/^unknown option --fast; usage: /);
    expect(await refusal(rngReportCommand, ['--deals', '10', '--', '--json'])).toMatch(/^unknown option --; usage: /);
  });
});

describe('simulate poker-plus', () => {
  it('reports a seeded run', async () => {
    const out = await json(simulateCommand, [
      'poker-plus',
      '--rounds',
      '3000',
      '--seed',
      's',
      '--boxes',
      '2',
      '--threads',
      '1',
      '--json',
    ]);
    expect(out.rounds).toBe(3000);
    expect(out.boxes).toBe(2);
    expect((out.ci95 as number[])[0]).toBeLessThan(out.rtp as number);
  });

  it('gives the same figures with --engine, every round through the engine', async () => {
    const args = ['poker-plus', '--rounds', '4000', '--seed', 'eng', '--boxes', '2', '--threads', '1', '--json'];
    const fast = await json(simulateCommand, args);
    written.length = 0;
    const engine = await json(simulateCommand, [...args, '--engine']);
    expect({ ...engine, seconds: 0, roundsPerSecond: 0 }).toEqual({ ...fast, seconds: 0, roundsPerSecond: 0 });
  });

  it('plays the pay table of --paytable, and the P-12 default without it', async () => {
    const run = async (...extra: string[]) => {
      written.length = 0;
      return json(simulateCommand, [
        'poker-plus',
        '--rounds',
        '2000',
        '--seed',
        'pt',
        '--threads',
        '1',
        '--json',
        ...extra,
      ]);
    };
    const plain = await run();
    const explicit = await run(
      '--paytable',
      file('p12.json', JSON.stringify({ pair: 1, 'full-house': 7, 'royal-flush': 100 })),
    );
    const lean = await run('--paytable', file('lean.json', JSON.stringify({ pair: 0 })));
    expect({ ...explicit, seconds: 0, roundsPerSecond: 0 }).toEqual({ ...plain, seconds: 0, roundsPerSecond: 0 });
    // The same deals and the same strategy: what is staked is the same, a pair now pays nothing.
    expect(lean.staked).toBe(plain.staked);
    expect(lean.returned as number).toBeLessThan(plain.returned as number);
    const bad = file('bad-pp.json', JSON.stringify({ 'jacks-or-better': 1 }));
    written.length = 0;
    expect(await refusal(simulateCommand, ['poker-plus', '--rounds', '10', '--seed', 'a', '--paytable', bad])).toMatch(
      /bad-pp\.json: paytable: "jacks-or-better" is not a poker-plus category/,
    );
  });

  it('refuses a missing seed, a bad box count and a broken strategy', async () => {
    expect(await refusal(simulateCommand, ['poker-plus', '--rounds', '10'])).toMatch(/--seed is required/);
    expect(await refusal(simulateCommand, ['poker-plus', '--rounds', '10', '--seed', 'a', '--boxes', '3'])).toMatch(
      /--boxes/,
    );
    expect(await refusal(simulateCommand, ['poker-plus', '--rounds', '-5', '--seed', 'a'])).toMatch(/--rounds/);
    const strategy = file(
      's.json',
      JSON.stringify({ name: 'x', first: [], second: [], bet: { handAtLeast: 'huge' }, takeHalf: [], buyGame: [] }),
    );
    expect(
      await refusal(simulateCommand, ['poker-plus', '--rounds', '10', '--seed', 'a', '--strategy', strategy]),
    ).toMatch(/strategy\.bet\.handAtLeast/);
  });
});

describe('rng-report', () => {
  it('reports five tests on a seeded source', async () => {
    const out = await json(rngReportCommand, ['--deals', '500', '--source', 'seeded:cli', '--json']);
    expect(out.source).toBe('seeded:cli');
    expect(out.tests as unknown[]).toHaveLength(5);
  });

  it('runs on the crypto source and refuses an unknown one', async () => {
    const out = await json(rngReportCommand, ['--deals', '200', '--json']);
    expect(out.source).toBe('crypto');
    written = [];
    expect(await refusal(rngReportCommand, ['--deals', '10', '--source', 'dice'])).toMatch(/--source/);
    expect(await refusal(rngReportCommand, [])).toMatch(/--deals is required/);
  });
});

// C-24 at start, as an operator meets it: a config file that would put a pay table in play
// outside the return range stops `run --headless` and `npm start` alike with one line naming
// the game, the table and its return, a non-zero exit, and no database written. Then the
// same refusal from the technician's side: a wish for an installed table outside the range,
// refused and logged in the real store.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/app/cabinet-app';
import { installedPayTables } from '../src/app/service/installed-pay-tables';
import { checkConfigReturns } from '../src/app/service/table-returns';
import { bestPlayRecord } from '../src/app/testing/recorded-returns';
import { atTechnicianCabinet } from '../src/app/testing/technician-in';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'cabinet-c24-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Jacks or Better table the earlier reading of P-12 gave Poker Plus, with the return 12 million rounds found for it. */
const OLD_TABLE = {
  'royal-flush': 250,
  'straight-flush': 50,
  'four-of-a-kind': 25,
  'full-house': 9,
  flush: 6,
  straight: 4,
  'three-of-a-kind': 3,
  'two-pair': 2,
  pair: 1,
};
// Typical play as 12 million rounds found it; best play's figures made up for the test (a
// strategy found at 100.9%, headroom adding 0.26 points to its upper bound: upper 101.26%).
const OLD_RECORDED = {
  table: OLD_TABLE,
  ...bestPlayRecord(100.9, {
    returnPct: 100.2428,
    returnCi95: [100.1612, 100.3243],
    returnBasis: 'simulated: 12,000,000 rounds, seed paytable-p12, default strategy of the time',
  }),
};

function configFile(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

function spawn(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
}

// Its return is written beside it but signed by no one (issue 37): the start is refused for that
// before its figures are judged, whatever they say.
const OLD_MESSAGE = /the return written with the table is not signed/;

describe('C-24 at start: the old Poker Plus table in the config file', () => {
  const recorded = configFile('old-recorded.json', { payTables: { 'poker-plus': OLD_RECORDED } });

  it('stops run --headless in one line saying why, exit non-zero, no database written', () => {
    const db = join(dir, 'headless.db');
    const r = spawn([
      'src/app/cli.ts',
      'run',
      '--headless',
      '--db',
      db,
      '--bot',
      '1',
      '--games',
      '1',
      '--config',
      recorded,
    ]);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^run: config: payTables\.poker-plus: /);
    expect(r.stderr).toMatch(OLD_MESSAGE);
    expect(existsSync(db)).toBe(false);
    expect(existsSync(join(dir, 'sim-devices.jsonl'))).toBe(false);
  });

  it('stops npm start the same way, before it builds or serves anything', () => {
    const db = join(dir, 'start.db');
    const r = spawn(['src/launcher/start.ts', '--config', recorded, '--db', db, '--browser', '--port', '0']);
    expect(r.status).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^start: config: payTables\.poker-plus: /);
    expect(r.stderr).toMatch(OLD_MESSAGE);
    expect(r.stdout).not.toMatch(/Serving/);
    expect(existsSync(db)).toBe(false);
  });

  it('stops it written bare too: an inline Poker Plus table without a recorded return is not put in play', () => {
    expect(() => loadConfig(configFile('old-bare.json', { payTables: { 'poker-plus': OLD_TABLE } }))).toThrow(
      /^config: payTables\.poker-plus: Poker Plus pay table from the config file \(250\/50\/25\/9\/6\/4\/3\/2\/1\) has no known return \(C-24/,
    );
  });

  it('takes the P-12 table written inline: it is the installed default, whose recorded return is used', () => {
    const p12 = { 'royal-flush': 100, 'four-of-a-kind': 20, 'full-house': 7, flush: 4 };
    const config = loadConfig(configFile('p12.json', { payTables: { 'poker-plus': p12 } }));
    const returns = checkConfigReturns(config.settings, config.recordedReturns, installedPayTables().installed);
    expect(returns['poker-plus']).toEqual(
      installedPayTables().installed.find((t) => t.id === 'poker-plus-default')!.rtp,
    );
  });
});

describe('C-24 at start: an inline Jacks or Better table, its exact return worked out by the cabinet', () => {
  it('refuses one whose exact return is above maxReturnPct, naming it', () => {
    // 9/6 with the royal at 800: 99.5439%, above an operator's 99.45% (P-12's best play, 99.3841%, inside).
    const file = configFile('jacks-96.json', {
      limits: { maxReturnPct: 99.45 },
      payTables: { 'jacks-or-better': { 'royal-flush-max-bet': 800 } },
    });
    expect(() => loadConfig(file)).toThrow(
      /^config: Jacks or Better pay table "jacks-or-better-9-6" \(Jacks or Better 9\/6\) returns 99\.5439% \(exact\), above the operator's range 85% \.\. 99\.45%/,
    );
    // A table of the file's own (10/6, royal 800), not installed: the cabinet works its return out.
    const tenSix = configFile('jacks-10-6.json', {
      payTables: { 'jacks-or-better': { 'full-house': 10, 'royal-flush-max-bet': 800 } },
    });
    expect(() => loadConfig(tenSix)).toThrow(
      /^config: payTables\.jacks-or-better: Jacks or Better pay table from the config file \(250\/50\/25\/10\/6\/4\/3\/2\/1, royal 800 at max bet\) returns 100\.6951% \(exact\), above the operator's range 85% \.\. 99\.9%/,
    );
  });

  it('refuses full-pay Deuces Wild at the default range, naming its return (issue 38)', () => {
    const full = JSON.parse(readFileSync(join(root, 'assets/paytables/deuces-wild-full-pay.json'), 'utf8')).table;
    expect(() => loadConfig(configFile('deuces-full-pay.json', { payTables: { 'deuces-wild': full } }))).toThrow(
      /^config: Deuces Wild pay table "deuces-wild-full-pay" \(Deuces Wild full pay [^)]*\)\) returns 100\.762% \(exact\), above the operator's range 85% \.\. 99\.9%/,
    );
    // Left out of the games offered, its table is not in play: nothing to refuse.
    const games = ['jacks-or-better', 'poker-plus'];
    expect(() =>
      loadConfig(configFile('deuces-off.json', { games, payTables: { 'deuces-wild': full } })),
    ).not.toThrow();
  });

  it('takes one inside the range, with its exact return', () => {
    // 8/5 with the royal at 250 at every bet: 96.0635%.
    const config = loadConfig(
      configFile('jacks-8-5.json', { payTables: { 'jacks-or-better': { 'full-house': 8, flush: 5 } } }),
    );
    const returns = checkConfigReturns(config.settings, config.recordedReturns, installedPayTables().installed);
    expect(returns['jacks-or-better']?.pct.toFixed(4)).toBe('96.0635');
  });
});

describe("C-24 on the technician's side, with the real store", () => {
  it('refuses a wish for an installed table outside the range and logs the refusal in the event log', async () => {
    // The two games whose default tables return less than 99.45% (Deuces Wild's NSUD returns 99.73%).
    const games = ['jacks-or-better', 'poker-plus'];
    const config = loadConfig(configFile('range-99.json', { games, limits: { maxReturnPct: 99.45 } }));
    await atTechnicianCabinet(config, dir, async (app) => {
      const { runner, journal: store } = app;
      const wish = {
        type: 'changeSettings',
        confirm: true,
        payTables: { 'jacks-or-better': 'jacks-or-better-9-6' },
      } as const;
      // Before the list is asked for, 9/6's return is not worked out yet: refused for that (a raw wish).
      const port = app.port;
      const raw = port.connect('raw');
      expect(await raw.wish(runner.state.version, wish)).toMatchObject({
        ok: false,
        rule: 'C-24',
        reason: expect.stringMatching(/"jacks-or-better-9-6" .* has no known return/),
      });
      // The settings page asks for the list, which begins the pass that works every return out
      // and hands it in; once it is done, the list and the cabinet agree, and the page wishes.
      const page = port.connect('settings page');
      await page.query({ type: 'payTables' });
      await app.payTablesRated();
      const list = await page.query({ type: 'payTables' });
      if (!list.ok || list.answer.type !== 'payTables') throw new Error('expected the pay tables');
      expect(list.answer.tables.find((t) => t.id === 'jacks-or-better-9-6')).toMatchObject({
        returnPct: expect.closeTo(99.5439, 4),
        inRange: false,
      });
      expect(await page.wish(runner.state.version, wish)).toMatchObject({ ok: false, rule: 'C-24' });
      const row = store.reader
        .eventsNewestFirst(10)
        .find((e) => e.kind === 'refusal' && e.data.carrier === 'settings page');
      expect(row?.data).toMatchObject({
        rule: 'C-24',
        reason: expect.stringMatching(
          /^Jacks or Better pay table "jacks-or-better-9-6" \(Jacks or Better 9\/6\) returns 99\.5439% \(exact\), above the operator's range 85% \.\. 99\.45%$/,
        ),
        wish: { type: 'changeSettings', payTables: { 'jacks-or-better': 'jacks-or-better-9-6' } },
      });
      raw.close();
      page.close();
      expect(runner.state.settings.payTables.jacks).toEqual(config.settings.payTables.jacks);
    });
  });
});

// C-24 judges a Poker Plus table on its best play, with the real store: a cabinet whose installed
// tables include one recorded with best play's upper estimate above the operator's maximum,
// though its typical play lies well inside. Its figures are made up for the test (the package's
// own tables carry what was measured); the cabinet reads them from a folder of its installed
// tables, the package's with that one added.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeReturn, type InstalledPayTable } from '../src/cabinet';
import { bestPlayRecord } from '../src/app/testing/recorded-returns';
import { signedForTest } from '../src/app/testing/paytable-test-key';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-c24-best-'));
const tables = join(dir, 'paytables');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The stud table with the full house at 8: a strategy found at 99.8% and an upper estimate of
// 100.16%; typical play 98.4%.
const RICH = {
  id: 'poker-plus-rich',
  game: 'poker-plus',
  name: 'Poker Plus rich stud (full house 8)',
  table: { 'royal-flush': 100, 'four-of-a-kind': 20, 'full-house': 8, flush: 5 },
  ...bestPlayRecord(99.8, { returnPct: 98.4, returnCi95: [98.35, 98.45], returnBasis: 'simulated: made up' }),
};

vi.mock('../src/app/service/installed-pay-tables', async (original) => {
  const real = await original<typeof import('../src/app/service/installed-pay-tables')>();
  const { TEST_TABLE_KEYS } = await import('../src/app/testing/paytable-test-key');
  const { builtInTableKeys } = await import('../src/app/service/paytable-keys');
  // The package's tables under its own key, the made-up one under the test key.
  return {
    ...real,
    installedPayTables: () => real.loadPayTables(tables, [...builtInTableKeys(), ...TEST_TABLE_KEYS]),
  };
});

// After the mock, so that the cabinet these start reads the folder above.
const { loadConfig } = await import('../src/app/cabinet-app');
const { atTechnicianCabinet } = await import('../src/app/testing/technician-in');
const { defaultPayTablesDir, installedPayTables } = await import('../src/app/service/installed-pay-tables');
cpSync(defaultPayTablesDir(), tables, { recursive: true });
writeFileSync(join(tables, 'poker-plus-rich.json'), JSON.stringify(signedForTest(RICH)));

function configFile(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const rich = (): InstalledPayTable & { rtp: NonNullable<InstalledPayTable['rtp']> } => {
  const t = installedPayTables().installed.find((x) => x.id === 'poker-plus-rich');
  if (!t?.rtp) throw new Error('expected the rich table, with its return');
  return { ...t, rtp: t.rtp };
};
const REFUSAL = `Poker Plus pay table "poker-plus-rich" (Poker Plus rich stud (full house 8)) returns 100.16% at best play (its upper estimate; the strategy found returns at least 99.7%), above the operator's range 85% .. 99.9%`;

describe('C-24 on best play: an installed Poker Plus table whose upper estimate is above maxReturnPct', () => {
  it('is read with best play as its return and typical play beside it', () => {
    expect(rich().rtp).toMatchObject({ pct: 100.16, low: 99.7, high: 100.16, play: 'best', typical: { pct: 98.4 } });
    expect(describeReturn(rich().rtp)).toBe(REFUSAL.slice(REFUSAL.indexOf('returns ') + 8, REFUSAL.indexOf(', above')));
  });

  it('refuses the start when the config file puts it in play, naming best play', () => {
    const file = configFile('rich.json', { payTables: { 'poker-plus': RICH.table } });
    expect(() => loadConfig(file)).toThrow(`config: ${REFUSAL} (C-24: limits.minReturnPct .. limits.maxReturnPct)`);
  });

  it("greys it out on the technician's settings page with both returns, and refuses the wish naming best play", async () => {
    const config = loadConfig(configFile('default.json', {}));
    await atTechnicianCabinet(config, dir, async (app) => {
      const { runner } = app;
      const page = app.port.connect('settings page');
      const list = await page.query({ type: 'payTables' });
      if (!list.ok || list.answer.type !== 'payTables') throw new Error('expected the pay tables');
      expect(list.answer.tables.find((t) => t.id === 'poker-plus-rich')).toMatchObject({
        returnPct: 100.16,
        returnLow: 99.7,
        returnHigh: 100.16,
        returnPlay: 'best',
        typicalPct: 98.4,
        typicalLow: 98.35,
        typicalHigh: 98.45,
        inRange: false,
      });
      const before = runner.state.settings.payTables.pokerPlus;
      const r = await page.wish(runner.state.version, {
        type: 'changeSettings',
        confirm: true,
        payTables: { 'poker-plus': 'poker-plus-rich' },
      });
      expect(r).toMatchObject({ ok: false, rule: 'C-24', reason: REFUSAL });
      const row = app.journal.reader
        .eventsNewestFirst(10)
        .find((e) => e.kind === 'refusal' && e.data.carrier === 'settings page');
      expect(row?.data).toMatchObject({ rule: 'C-24', reason: REFUSAL });
      page.close();
      expect(runner.state.settings.payTables.pokerPlus).toEqual(before);
    });
  });
});

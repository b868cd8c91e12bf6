// C-24 in the pure cabinet: the returns come in with the settings input (the app finds them);
// the cabinet holds them against the operator's range at start, when a stored choice no longer
// fits, and on a technician's wish, and says why whenever it refuses.
import { describe, expect, it } from 'vitest';
import { DEFAULT_JACKS_PAYTABLE, DEFAULT_POKER_PLUS_PAYTABLE, parsePayTable, type PokerPlusPayTable } from '../core';
import { returnOutOfRange } from './return-range';
import { settingsProblems } from './settings-check';
import { DEFAULT_SETTINGS, type CabinetSettings, type InstalledPayTable } from './settings';
import { bestPlayReturn, exactReturn, Rig, RETURNS_IN_RANGE, simulatedReturn } from './testing/rig';

const table = (coefficients: Record<string, number>): PokerPlusPayTable => {
  const p = parsePayTable('poker-plus', coefficients);
  if (!p.ok) throw new Error(p.error);
  return p.table;
};
const jacks96 = parsePayTable('jacks-or-better', { 'royal-flush-max-bet': 800 });
if (!jacks96.ok) throw new Error(jacks96.error);

/** The table of the earlier reading of P-12, as the old default and the old installed file had it. */
const OLD_PP = table({ 'royal-flush': 250, 'four-of-a-kind': 25, 'full-house': 9, flush: 6 });
const NINE_SIX: InstalledPayTable = {
  id: 'jacks-or-better-9-6',
  game: 'jacks-or-better',
  name: '9/6',
  table: jacks96.table,
  rtp: exactReturn(99.5439),
};
const DEFAULT_J: InstalledPayTable = {
  id: 'jacks-or-better-default',
  game: 'jacks-or-better',
  name: 'J-5',
  table: DEFAULT_JACKS_PAYTABLE,
  rtp: RETURNS_IN_RANGE['jacks-or-better'],
};
const P12: InstalledPayTable = {
  id: 'poker-plus-default',
  game: 'poker-plus',
  name: 'P-12',
  table: DEFAULT_POKER_PLUS_PAYTABLE,
  rtp: RETURNS_IN_RANGE['poker-plus'],
};
const INSTALLED = [NINE_SIX, DEFAULT_J, P12];

const withRange = (min: number, max: number, base: CabinetSettings = DEFAULT_SETTINGS): CabinetSettings => ({
  ...base,
  limits: { ...base.limits, minReturnPct: min, maxReturnPct: max },
});
const configRows = (rig: Rig) => rig.log.filter((l) => l.kind === 'config').map((l) => l.data);

describe('C-24 the return range', () => {
  it('takes a table whose whole 95% interval lies inside it, and names what is wrong otherwise', () => {
    const range = { minReturnPct: 85, maxReturnPct: 99.9 };
    expect(returnOutOfRange(range, exactReturn(99.9))).toBeNull();
    expect(returnOutOfRange(range, simulatedReturn(98.55, 0.05))).toBeNull();
    expect(returnOutOfRange(range, exactReturn(99.9001))).toMatch(
      /^returns 99\.9001% \(exact\), above the operator's range 85% \.\. 99\.9%$/,
    );
    // The estimate inside, the interval's top end outside: refused.
    expect(returnOutOfRange(range, simulatedReturn(99.87, 0.05))).toMatch(
      /returns 99\.87% at typical play \(95% interval 99\.82% \.\. 99\.92%; best play not measured\), above/,
    );
    expect(returnOutOfRange(range, simulatedReturn(85.02, 0.05))).toMatch(/below the operator's range/);
    // Best play: its upper estimate is held against the maximum, whatever typical play returns.
    expect(returnOutOfRange(range, bestPlayReturn(99.9, 99.1, 97.9))).toBeNull();
    expect(returnOutOfRange(range, bestPlayReturn(99.95, 99.1, 97.9))).toBe(
      "returns 99.95% at best play (its upper estimate; the strategy found returns at least 99.1%), above the operator's range 85% .. 99.9%",
    );
    // And the least best play returns (what the strategy found) against the minimum.
    expect(returnOutOfRange(range, bestPlayReturn(85.5, 84.9, 84))).toMatch(
      /at best play .* below the operator's range/,
    );
    expect(returnOutOfRange(range, null)).toBe('has no known return');
  });

  it('is 50..110 at most, never empty, and the default is 85..99.9', () => {
    const problems = (min: number, max: number) =>
      settingsProblems(withRange(min, max)).map((p) => `${p.key} ${p.message}`);
    expect(problems(85, 99.9)).toEqual([]);
    expect(problems(50, 110)).toEqual([]);
    expect(problems(49.9, 99)).toEqual(['limits.minReturnPct must be a percentage from 50 to 110']);
    expect(problems(90, Number.NaN)).toEqual(['limits.maxReturnPct must be a percentage from 50 to 110']);
    expect(problems(98, 98)).toEqual([
      'limits.maxReturnPct must be above limits.minReturnPct (the return range would be empty)',
    ]);
  });

  it('refuses a config file whose own table is outside the range, naming the game, the table and its return, and changes nothing', () => {
    const rig = new Rig();
    const before = rig.state;
    const file = { ...DEFAULT_SETTINGS, payTables: { ...DEFAULT_SETTINGS.payTables, pokerPlus: OLD_PP } };
    const r = rig.input({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: INSTALLED,
      configReturns: { ...RETURNS_IN_RANGE, 'poker-plus': simulatedReturn(100.2428, 0.0815) },
    });
    expect(r).toMatchObject({
      ok: false,
      refusal: {
        rule: 'C-24',
        reason:
          "Poker Plus pay table from the config file (250/50/25/9/6/4/3/2/1) returns 100.2428% at typical play (95% interval 100.1613% .. 100.3243%; best play not measured), above the operator's range 85% .. 99.9%",
      },
    });
    expect(rig.state).toBe(before);
    const unknown = rig.input({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: INSTALLED,
      configReturns: { ...RETURNS_IN_RANGE, 'poker-plus': null },
    });
    expect(!unknown.ok && unknown.refusal.reason).toMatch(
      /^Poker Plus pay table from the config file \(250\/50\/25\/9\/6\/4\/3\/2\/1\) has no known return$/,
    );
  });

  it('refuses a wish to choose an installed table outside the range, logs the refusal, and keeps the table in play', () => {
    const rig = new Rig();
    const file = withRange(85, 99);
    rig.ok({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    rig.technician();
    const r = rig.wish({
      type: 'changeSettings',
      confirm: true,
      payTables: { 'jacks-or-better': 'jacks-or-better-9-6' },
    });
    expect(!r.ok && `${r.refusal.rule} ${r.refusal.reason}`).toBe(
      'C-24 Jacks or Better pay table "jacks-or-better-9-6" (9/6) returns 99.5439% (exact), above the operator\'s range 85% .. 99%',
    );
    expect(rig.log.filter((l) => l.kind === 'refusal').at(-1)?.data).toMatchObject({
      rule: 'C-24',
      wish: { type: 'changeSettings', payTables: { 'jacks-or-better': 'jacks-or-better-9-6' } },
    });
    expect(rig.state.settings.payTables.jacks).toEqual(DEFAULT_JACKS_PAYTABLE);
    // Inside the range it is chosen like any other.
    rig.ok({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: [...INSTALLED.slice(1), { ...NINE_SIX, rtp: exactReturn(98.9) }],
      configReturns: RETURNS_IN_RANGE,
    });
    rig.play({ type: 'changeSettings', confirm: true, payTables: { 'jacks-or-better': 'jacks-or-better-9-6' } });
    expect(rig.state.settings.payTables.jacks).toEqual(jacks96.table);
  });

  it('refuses an installed Poker Plus table whose best play exceeds the maximum though typical play lies well inside, naming best play', () => {
    const rig = new Rig();
    const lean = table({ 'full-house': 6, flush: 4 });
    // Typical play 97.2%; the best player's return estimated up to 99.7%.
    const leanTable: InstalledPayTable = {
      id: 'poker-plus-6-4',
      game: 'poker-plus',
      name: '6/4',
      table: lean,
      rtp: bestPlayReturn(99.7, 98.9, 97.2),
    };
    rig.ok({
      kind: 'settings',
      settings: withRange(85, 99.5),
      source: 'config file',
      installed: [...INSTALLED, leanTable],
      configReturns: RETURNS_IN_RANGE,
    });
    rig.technician();
    const r = rig.wish({ type: 'changeSettings', confirm: true, payTables: { 'poker-plus': 'poker-plus-6-4' } });
    expect(!r.ok && `${r.refusal.rule} ${r.refusal.reason}`).toBe(
      'C-24 Poker Plus pay table "poker-plus-6-4" (6/4) returns 99.7% at best play (its upper estimate; the strategy found returns at least 98.9%), above the operator\'s range 85% .. 99.5%',
    );
    expect(rig.state.settings.payTables.pokerPlus).toEqual(DEFAULT_POKER_PLUS_PAYTABLE);
    // The same table given in the config file is refused whole, naming the same return.
    const file = { ...withRange(85, 99.5), payTables: { ...DEFAULT_SETTINGS.payTables, pokerPlus: lean } };
    const refused = new Rig().input({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: [...INSTALLED, leanTable],
      configReturns: { ...RETURNS_IN_RANGE, 'poker-plus': leanTable.rtp },
    });
    expect(!refused.ok && refused.refusal.reason).toMatch(/"poker-plus-6-4" \(6\/4\) returns 99\.7% at best play/);
  });

  it("refuses a technician who would widen or move the range: it is the operator's, in the config file only", () => {
    const rig = new Rig();
    rig.ok({
      kind: 'settings',
      settings: DEFAULT_SETTINGS,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    rig.technician();
    for (const limits of [{ maxReturnPct: 110 }, { minReturnPct: 60 }, { maxBet: 4, maxReturnPct: 99.9 }]) {
      const r = rig.wish({ type: 'changeSettings', confirm: true, limits });
      expect(!r.ok && r.refusal.rule).toBe('C-24');
      expect(!r.ok && r.refusal.reason).toMatch(/the operator's return range\) is set in the config file only/);
    }
    expect(rig.state.settings.limits).toEqual(DEFAULT_SETTINGS.limits);
  });

  it("puts the file's table back when a range narrowed in the file leaves a technician's choice outside it, and says why", () => {
    const rig = new Rig();
    rig.ok({
      kind: 'settings',
      settings: DEFAULT_SETTINGS,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    rig.technician();
    rig.play({ type: 'changeSettings', confirm: true, payTables: { 'jacks-or-better': 'jacks-or-better-9-6' } });
    expect(rig.state.settings.payTables.jacks).toEqual(jacks96.table);
    rig.ok({
      kind: 'settings',
      settings: withRange(85, 99),
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.payTables.jacks).toEqual(DEFAULT_JACKS_PAYTABLE);
    expect(
      configRows(rig)
        .filter((r) => r.key === 'payTables.jacks')
        .at(-1),
    ).toMatchObject({
      from: jacks96.table,
      to: DEFAULT_JACKS_PAYTABLE,
      source: 'config file',
      reason:
        'C-24: Jacks or Better pay table "jacks-or-better-9-6" (9/6) returns 99.5439% (exact), above the operator\'s range 85% .. 99%',
    });
  });
});

describe('C-24 and a database from before the P-12 correction', () => {
  /** A cabinet as the old release left it: the old table in force and in its applied baseline. */
  function oldCabinet(chosenByTechnician: boolean): Rig {
    const rig = new Rig();
    const oldSettings = { ...DEFAULT_SETTINGS, payTables: { ...DEFAULT_SETTINGS.payTables, pokerPlus: OLD_PP } };
    const { minReturnPct: _min, maxReturnPct: _max, ...oldLimits } = oldSettings.limits;
    const old = { ...oldSettings, limits: oldLimits } as unknown as CabinetSettings;
    rig.state = {
      ...rig.state,
      settings: old,
      // A technician's choice leaves the file's table (then the old default too) in the baseline.
      configApplied: chosenByTechnician
        ? { ...old, payTables: { ...old.payTables, pokerPlus: DEFAULT_POKER_PLUS_PAYTABLE } }
        : old,
      installedPayTables: [
        { id: 'poker-plus-250', game: 'poker-plus', name: 'old', table: OLD_PP } as unknown as InstalledPayTable,
      ],
    };
    return rig;
  }

  it('where the old table was the default, the new default replaces it at the next start, logged, and nothing tilts', () => {
    const rig = oldCabinet(false);
    rig.ok({
      kind: 'settings',
      settings: DEFAULT_SETTINGS,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.payTables.pokerPlus).toEqual(DEFAULT_POKER_PLUS_PAYTABLE);
    // The range the old release did not have comes from the file: a setting added, not one that fails.
    expect(rig.state.settings.limits).toEqual(DEFAULT_SETTINGS.limits);
    expect(
      configRows(rig)
        .filter((r) => String(r.key).endsWith('ReturnPct'))
        .map((r) => [r.key, r.to]),
    ).toEqual([
      ['limits.minReturnPct', 85],
      ['limits.maxReturnPct', 99.9],
    ]);
    expect(rig.state.tilts).toEqual([]);
    expect(configRows(rig).find((r) => r.key === 'payTables.pokerPlus')).toMatchObject({
      from: OLD_PP,
      to: DEFAULT_POKER_PLUS_PAYTABLE,
      source: 'config file',
    });
    expect(rig.state.installedPayTables).toEqual(INSTALLED);
  });

  it('where a technician chose it and the file did not change, it gives way all the same: its return is no longer known', () => {
    const rig = oldCabinet(true);
    rig.ok({
      kind: 'settings',
      settings: DEFAULT_SETTINGS,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.payTables.pokerPlus).toEqual(DEFAULT_POKER_PLUS_PAYTABLE);
    expect(configRows(rig).find((r) => r.key === 'payTables.pokerPlus')).toMatchObject({
      from: OLD_PP,
      to: DEFAULT_POKER_PLUS_PAYTABLE,
      reason: 'C-24: Poker Plus pay table in play until now, not installed (250/50/25/9/6/4/3/2/1) has no known return',
    });
  });

  it('lets a Poker Plus round dealt under the old table end under it', () => {
    const rig = oldCabinet(false);
    rig.state = { ...rig.state, settings: { ...rig.state.settings, limits: DEFAULT_SETTINGS.limits } };
    rig.insert(10_000);
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    rig.play({ type: 'deal' });
    rig.ok({
      kind: 'settings',
      settings: DEFAULT_SETTINGS,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    // The round in progress keeps the table it was dealt with; the next one plays P-12.
    expect(rig.state.game?.game === 'poker-plus' && rig.state.game.core.config.payTable).toEqual(OLD_PP);
    expect(rig.state.settings.payTables.pokerPlus).toEqual(DEFAULT_POKER_PLUS_PAYTABLE);
  });
});

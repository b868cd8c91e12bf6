import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../core/testing/decks';
import { DEFAULT_JACKS_PAYTABLE, DEFAULT_POKER_PLUS_PAYTABLE, DEUCES_WILD } from '../core';
import { DEFAULT_SETTINGS, type CabinetSettings, type InstalledPayTable } from './settings';
import { exactReturn, Rig, RETURNS_IN_RANGE, simulatedReturn } from './testing/rig';

const NINE_SIX: InstalledPayTable = {
  id: 'jb-9-6',
  game: 'jacks-or-better',
  name: '9/6',
  table: DEFAULT_JACKS_PAYTABLE,
  rtp: exactReturn(98.3735),
};
const EIGHT_FIVE: InstalledPayTable = {
  id: 'jb-8-5',
  game: 'jacks-or-better',
  name: '8/5',
  table: {
    ...DEFAULT_JACKS_PAYTABLE,
    coefficients: { ...DEFAULT_JACKS_PAYTABLE.coefficients, 'full-house': 8, flush: 5 },
  },
  rtp: exactReturn(96.1472),
};
const PP: InstalledPayTable = {
  id: 'pp-standard',
  game: 'poker-plus',
  name: 'Standard',
  table: DEFAULT_POKER_PLUS_PAYTABLE,
  rtp: simulatedReturn(97.8939, 0.045),
};
const INSTALLED = [NINE_SIX, EIGHT_FIVE, PP];

const config = (patch: Partial<CabinetSettings> = {}): CabinetSettings => ({ ...DEFAULT_SETTINGS, ...patch });

/** A cabinet started with the config file, a technician logged in. */
function bench(file = config()): Rig {
  const rig = new Rig();
  rig.ok({
    kind: 'settings',
    settings: file,
    source: 'config file',
    installed: INSTALLED,
    configReturns: RETURNS_IN_RANGE,
  });
  rig.technician();
  return rig;
}

const configRows = (rig: Rig) => rig.log.filter((l) => l.kind === 'config').map((l) => l.data);

const reason = (rig: Rig, wish: unknown): string => {
  const r = rig.wish(wish);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(wish)}`);
  return `${r.refusal.rule} ${r.refusal.reason}`;
};

describe('C-7 the technician changes settings', () => {
  it('changes what it names, logs each key with its source, and the player choices follow', () => {
    const rig = new Rig();
    rig.ok({
      kind: 'settings',
      settings: config(),
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    rig.play({ type: 'chipValue', value: 100 });
    rig.play({ type: 'setBet', bet: 5 });
    rig.technician();
    rig.play({
      type: 'changeSettings',
      confirm: true,
      chipValues: [5, 25],
      limits: { maxBet: 3 },
      payTables: { 'jacks-or-better': 'jb-8-5' },
      venue: 'Riverside',
    });
    const s = rig.state;
    expect(s.settings.chipValues).toEqual([5, 25]);
    expect(s.settings.limits).toEqual({ ...DEFAULT_SETTINGS.limits, maxBet: 3 });
    expect(s.settings.payTables.jacks).toEqual(EIGHT_FIVE.table);
    expect(s.settings.voucher).toEqual({ ...DEFAULT_SETTINGS.voucher, venue: 'Riverside' });
    expect([s.chipValue, s.jacksBet]).toEqual([5, 3]);
    const rows = configRows(rig).filter((r) => r.source === 'technician');
    expect(rows.map((r) => r.key)).toEqual(['chipValues', 'limits.maxBet', 'payTables.jacks', 'voucher.venue']);
    expect(rows[1]).toMatchObject({ from: 5, to: 3 });
  });

  it('changes the presentation member by member, logged like the limits', () => {
    const rig = bench();
    rig.play({ type: 'changeSettings', confirm: true, presentation: { volume: 25, attractSeconds: 120 } });
    expect(rig.state.settings.presentation).toEqual({ volume: 25, bigWinBets: 50, attractSeconds: 120 });
    expect(configRows(rig).filter((r) => r.source === 'technician')).toEqual([
      { key: 'presentation.volume', from: 60, to: 25, source: 'technician' },
      { key: 'presentation.attractSeconds', from: 30, to: 120, source: 'technician' },
    ]);
  });

  it('needs the technician key and PIN, and no game in progress', () => {
    const rig = new Rig();
    const wish = { type: 'changeSettings', confirm: true, venue: 'Riverside' };
    expect(rig.refuse(wish)).toBe('C-21');
    rig.state = { ...rig.state, access: { ...rig.state.access, pinHash: rig.env.hashPin('2468') } };
    rig.key('technician', true);
    expect(reason(rig, wish)).toMatch(/^C-21 .*PIN/);
    rig.key('technician', false);
    rig.insert(1000);
    rig.decks.push(stackedDeck('2c 7d 9h Js Kd'));
    rig.play({ type: 'deal', bet: 1 });
    rig.technician();
    expect(reason(rig, wish)).toMatch(/^C-7 .*during a game/);
    expect(rig.state.settings.voucher.venue).toBe(DEFAULT_SETTINGS.voucher.venue);
  });

  it('takes pay tables only from the installed ones, each for its own game', () => {
    const rig = bench();
    expect(reason(rig, { type: 'changeSettings', confirm: true, payTables: { 'jacks-or-better': 'jb-99' } })).toBe(
      'C-7 no pay table "jb-99" is installed',
    );
    expect(reason(rig, { type: 'changeSettings', confirm: true, payTables: { 'poker-plus': 'jb-9-6' } })).toBe(
      'C-7 pay table "jb-9-6" is for jacks-or-better, not poker-plus',
    );
    rig.play({
      type: 'changeSettings',
      confirm: true,
      payTables: { 'jacks-or-better': 'jb-8-5', 'poker-plus': 'pp-standard' },
    });
    expect(rig.state.settings.payTables).toEqual({
      ...DEFAULT_SETTINGS.payTables,
      jacks: EIGHT_FIVE.table,
      pokerPlus: PP.table,
    });
  });

  it('refuses settings that do not fit together, with the reason the config file would give', () => {
    const rig = bench();
    const before = rig.state.settings;
    expect(reason(rig, { type: 'changeSettings', confirm: true, limits: { minAnte: 50, maxAnte: 20 } })).toBe(
      'C-7 limits.maxAnte must not be below limits.minAnte',
    );
    expect(reason(rig, { type: 'changeSettings', confirm: true, limits: { minAnte: 150 } })).toMatch(
      /limits\.maxAnte must not be below/,
    );
    expect(reason(rig, { type: 'changeSettings', confirm: true, chipValues: [5, 5] })).toBe(
      'C-7 chipValues lists a value twice',
    );
    expect(reason(rig, { type: 'changeSettings', confirm: true, chipValues: [] })).toMatch(
      /^C-7 chipValues must list 1 to 8/,
    );
    expect(rig.state.settings).toBe(before);
    expect(configRows(rig).filter((r) => r.source === 'technician')).toEqual([]);
  });

  it('changes the currency only with a zero balance and nothing pending', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.technician();
    const wish = { type: 'changeSettings', confirm: true, currency: 'EUR', minorDigits: 2 };
    expect(reason(rig, wish)).toMatch(/^C-1 .*zero balance/);
    expect(reason(rig, { type: 'changeSettings', confirm: true, minorDigits: 0 })).toMatch(/^C-1 /);
    rig.key('attendant', true);
    rig.play({ type: 'creditClear', confirm: true });
    // The lifetime meters still count cents: they would be read as euros, or whole units.
    expect(reason(rig, wish)).toMatch(/^C-1 .*RAM clear/);
    rig.play({ type: 'ramClear', confirm: true });
    rig.play(wish);
    expect(rig.state.settings.currency).toBe('EUR');
    expect(configRows(rig).map((r) => r.key)).toEqual(['currency']);
  });

  it('refuses a malformed change as strictly as the contract', () => {
    const rig = bench();
    const bad: unknown[] = [
      { type: 'changeSettings', venue: 'X' },
      { type: 'changeSettings', confirm: false, venue: 'X' },
      { type: 'changeSettings', confirm: true },
      { type: 'changeSettings', confirm: true, colour: 'red' },
      { type: 'changeSettings', confirm: true, limits: { maxBet: 11 } },
      { type: 'changeSettings', confirm: true, limits: { maxbet: 3 } },
      { type: 'changeSettings', confirm: true, limits: { tableMax: -1 } },
      { type: 'changeSettings', confirm: true, limits: [] },
      { type: 'changeSettings', confirm: true, chipValues: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      { type: 'changeSettings', confirm: true, chipValues: [0] },
      { type: 'changeSettings', confirm: true, payTables: { blackjack: 'x' } },
      { type: 'changeSettings', confirm: true, payTables: { 'poker-plus': 7 } },
      { type: 'changeSettings', confirm: true, defaultLanguage: 'de' },
      { type: 'changeSettings', confirm: true, currency: 'usd' },
      { type: 'changeSettings', confirm: true, minorDigits: 5 },
      { type: 'changeSettings', confirm: true, venue: '' },
      { type: 'changeSettings', confirm: true, machine: 'no spaces' },
      { type: 'changeSettings', confirm: true, presentation: { volume: 101 } },
      { type: 'changeSettings', confirm: true, presentation: { bigWinBets: 1 } },
      { type: 'changeSettings', confirm: true, presentation: { attractSeconds: 30.5 } },
      { type: 'changeSettings', confirm: true, presentation: { tempo: 3 } },
      { type: 'changeSettings', confirm: true, presentation: 60 },
      { type: 'changeSettings', confirm: true, games: ['blackjack'] },
      { type: 'changeSettings', confirm: true, games: 'deuces-wild' },
      { type: 'changeSettings', confirm: true, games: [...DEFAULT_SETTINGS.games, 'jacks-or-better'] },
      { type: 'clearPeriodMeters' },
    ];
    for (const wish of bad) expect(reason(rig, wish), JSON.stringify(wish)).toMatch(/^C-22 /);
  });
});

describe('C-7 the config file is a baseline', () => {
  it('keeps a technician change through a restart with the same file, and yields to an edit of that key', () => {
    const file = config();
    const rig = bench(file);
    rig.play({ type: 'changeSettings', confirm: true, limits: { maxBet: 3 }, venue: 'Riverside' });
    const kept = rig.state;
    // A restart: the same file again changes nothing, so there is nothing to commit.
    const again = rig.input({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(again.ok && again.state).toBe(kept);
    rig.restart();
    rig.ok({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.limits.maxBet).toBe(3);
    // The operator edits maxBet (and only maxBet) in the file: that edit wins, the venue stays.
    rig.ok({
      kind: 'settings',
      settings: { ...file, limits: { ...file.limits, maxBet: 4 } },
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.limits.maxBet).toBe(4);
    expect(rig.state.settings.voucher.venue).toBe('Riverside');
    expect(configRows(rig).filter((r) => r.source === 'config file')).toEqual([
      { key: 'limits.maxBet', from: 3, to: 4, source: 'config file' },
    ]);
  });

  it('applies every difference the first time, and keeps the installed tables', () => {
    const rig = new Rig();
    const file = config({ chipValues: [10, 20], currency: 'EUR' });
    rig.ok({
      kind: 'settings',
      settings: file,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings).toEqual(file);
    expect(rig.state.configApplied).toEqual(file);
    expect(rig.state.installedPayTables).toEqual(INSTALLED);
    expect(configRows(rig).map((r) => r.key)).toEqual(['currency', 'chipValues']);
  });

  it("takes the file's whole group when an edit there does not fit a technician change", () => {
    const file = config();
    const rig = bench(file);
    rig.play({ type: 'changeSettings', confirm: true, limits: { minAnte: 50, maxBet: 3 } });
    rig.ok({
      kind: 'settings',
      settings: { ...file, limits: { ...file.limits, maxAnte: 20 } },
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.limits).toEqual({ ...file.limits, maxAnte: 20 });
    expect(rig.state.pokerPlusBoxes.every((b) => b.ante >= 1 && b.ante <= 20)).toBe(true);
  });

  it('holds a currency edit in the file while money is on the machine, as the technician is held (C-1)', () => {
    const file = config();
    const rig = bench(file);
    rig.key('technician', false);
    rig.insert(500);
    expect(rig.state.balance).toBe(500);
    const edited = config({ currency: 'EUR', minorDigits: 0, voucher: { ...file.voucher, venue: 'Riverside' } });
    rig.restart();
    rig.ok({
      kind: 'settings',
      settings: edited,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    // The 500 cents stay 500 cents: the balance is not re-read in another currency; the rest applies.
    expect([rig.state.balance, rig.state.settings.currency, rig.state.settings.minorDigits]).toEqual([500, 'USD', 2]);
    expect(rig.state.settings.voucher.venue).toBe('Riverside');
    expect(configRows(rig).filter((r) => r.held)).toEqual([
      expect.objectContaining({ key: 'currency', to: { currency: 'EUR', minorDigits: 0 } }),
    ]);
    // Still held at the next start, and applied at the first start with nothing on the machine.
    rig.ok({
      kind: 'settings',
      settings: edited,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.currency).toBe('USD');
    rig.key('attendant', true);
    rig.play({ type: 'creditClear', confirm: true });
    // Held until the meters are cleared too: they count cents.
    rig.ok({
      kind: 'settings',
      settings: edited,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.currency).toBe('USD');
    rig.technician();
    rig.play({ type: 'ramClear', confirm: true });
    rig.ok({
      kind: 'settings',
      settings: edited,
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect([rig.state.settings.currency, rig.state.settings.minorDigits, rig.state.configApplied]).toEqual([
      'EUR',
      0,
      edited,
    ]);
  });

  it('treats a state saved before the baseline existed as never applied', () => {
    const rig = new Rig();
    const old = { ...rig.state } as Partial<typeof rig.state>;
    delete old.configApplied;
    delete old.installedPayTables;
    rig.state = old as typeof rig.state;
    rig.ok({
      kind: 'settings',
      settings: config({ chipValues: [10] }),
      source: 'config file',
      installed: [],
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.chipValues).toEqual([10]);
    expect(rig.state.installedPayTables).toEqual([]);
  });

  it("gives a database from before the presentation settings the file's, logged", () => {
    const rig = bench();
    const { presentation: _settings, ...older } = rig.state.settings;
    const { presentation: _applied, ...olderApplied } = rig.state.configApplied!;
    rig.state = { ...rig.state, settings: older as CabinetSettings, configApplied: olderApplied as CabinetSettings };
    rig.ok({
      kind: 'settings',
      settings: config(),
      source: 'config file',
      installed: INSTALLED,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(rig.state.settings.presentation).toEqual(DEFAULT_SETTINGS.presentation);
    // Settings a newer release added are not stored values that fail their check: nothing tilts.
    expect(rig.state.tilts).toEqual([]);
    expect(
      configRows(rig)
        .filter((r) => String(r.key).startsWith('presentation.'))
        .map((r) => r.key),
    ).toEqual(['presentation.volume', 'presentation.bigWinBets', 'presentation.attractSeconds']);
  });
});

describe('C-7, C-24 the technician offers games', () => {
  type DeucesTable = Extract<InstalledPayTable, { game: 'deuces-wild' }>;
  const NSUD: DeucesTable = {
    id: 'deuces-wild-nsud',
    game: 'deuces-wild',
    name: 'Not So Ugly Ducks',
    table: DEUCES_WILD.payTable.default,
    rtp: exactReturn(99.7283),
  };
  const FULL_PAY: DeucesTable = {
    id: 'deuces-wild-full-pay',
    game: 'deuces-wild',
    name: 'Full pay',
    // W-5's full pay: Not So Ugly Ducks with 15/9/5/3/2 for five of a kind to flush.
    table: {
      ...DEUCES_WILD.payTable.default,
      coefficients: {
        ...DEUCES_WILD.payTable.default.coefficients,
        'five-of-a-kind': 15,
        'straight-flush': 9,
        'four-of-a-kind': 5,
        'full-house': 3,
        flush: 2,
      },
    },
    rtp: exactReturn(100.762),
  };
  const TWO: CabinetSettings['games'] = ['jacks-or-better', 'poker-plus'];

  /** Two games offered; Deuces Wild installed at two tables, its table in the file `deuces`. */
  function twoGames(deuces: DeucesTable): Rig {
    const rig = new Rig();
    rig.ok({
      kind: 'settings',
      settings: config({ games: TWO, payTables: { ...DEFAULT_SETTINGS.payTables, deucesWild: deuces.table } }),
      source: 'config file',
      installed: [...INSTALLED, NSUD, FULL_PAY],
      configReturns: RETURNS_IN_RANGE,
    });
    rig.technician();
    return rig;
  }
  const offer = (games: string[]) => ({ type: 'changeSettings', confirm: true, games });

  it('enables a game at a table inside the range, logged with the list before and after', () => {
    const rig = twoGames(NSUD);
    rig.play(offer([...TWO, 'deuces-wild']));
    expect(rig.state.settings.games).toEqual([...TWO, 'deuces-wild']);
    expect(configRows(rig).filter((r) => r.source === 'technician')).toEqual([
      { key: 'games', from: TWO, to: [...TWO, 'deuces-wild'], source: 'technician' },
    ]);
    rig.key('technician', false);
    rig.play({ type: 'selectGame', game: 'deuces-wild' });
    expect(rig.state.selectedGame).toBe('deuces-wild');
  });

  it('disables a game; a player on it is moved to the first game offered', () => {
    const rig = twoGames(NSUD);
    rig.key('technician', false);
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    rig.technician();
    rig.play(offer(['jacks-or-better']));
    expect(rig.state.settings.games).toEqual(['jacks-or-better']);
    expect(rig.state.selectedGame).toBe('jacks-or-better');
    rig.key('technician', false);
    expect(reason(rig, { type: 'selectGame', game: 'poker-plus' })).toBe(
      'C-7 poker-plus is not offered on this cabinet',
    );
  });

  it('refuses to take out the last game, or to list one twice', () => {
    const rig = twoGames(NSUD);
    rig.play(offer(['poker-plus']));
    expect(reason(rig, offer([]))).toMatch(/^C-7 games must be a list of .* at least one$/);
    expect(reason(rig, offer(['poker-plus', 'poker-plus']))).toMatch(
      /^C-7 games must be a list of .* each at most once/,
    );
    expect(rig.state.settings.games).toEqual(['poker-plus']);
  });

  it('refuses a game whose table is outside the return range, naming its return, until a table inside is chosen', () => {
    const rig = twoGames(FULL_PAY);
    expect(reason(rig, offer([...TWO, 'deuces-wild']))).toBe(
      'C-24 Deuces Wild cannot be offered: its pay table "deuces-wild-full-pay" (Full pay) returns 100.762% (exact), ' +
        "above the operator's range 85% .. 99.9%",
    );
    expect(rig.state.settings.games).toEqual(TWO);
    // The table and the game in one change: the table judged as any, then offered.
    rig.play({ ...offer([...TWO, 'deuces-wild']), payTables: { 'deuces-wild': 'deuces-wild-nsud' } });
    expect(rig.state.settings.games).toEqual([...TWO, 'deuces-wild']);
    expect(rig.state.settings.payTables.deucesWild).toEqual(NSUD.table);
  });

  it('refuses a change of the games during a game', () => {
    const rig = twoGames(NSUD);
    rig.key('technician', false);
    rig.insert(1000);
    rig.decks.push(stackedDeck('2c 7d 9h Js Kd'));
    rig.play({ type: 'deal', bet: 1 });
    rig.technician();
    expect(reason(rig, offer(['poker-plus']))).toMatch(/^C-7 .*during a game/);
    expect(rig.state.settings.games).toEqual(TWO);
  });
});

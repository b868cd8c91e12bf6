import { describe, expect, it } from 'vitest';
import { describeProblems, settingsProblems } from './settings-check';
import { DEFAULT_SETTINGS, type CabinetSettings, type Limits } from './settings';

const withLimits = (limits: Partial<Limits>): CabinetSettings => ({
  ...DEFAULT_SETTINGS,
  limits: { ...DEFAULT_SETTINGS.limits, ...limits },
});
const keys = (s: CabinetSettings) => settingsProblems(s).map((p) => p.key);

describe('C-7 sensible settings', () => {
  it('finds nothing wrong with the defaults', () => {
    expect(settingsProblems(DEFAULT_SETTINGS)).toEqual([]);
  });

  it('names the config key of each problem, in a sentence', () => {
    expect(describeProblems(settingsProblems(withLimits({ minAnte: 10, maxAnte: 5 })))).toBe(
      'limits.maxAnte must not be below limits.minAnte',
    );
    expect(keys(withLimits({ maxBet: 11 }))).toEqual(['limits.maxBet']);
    expect(keys(withLimits({ maxBet: 0 }))).toEqual(['limits.maxBet']);
    expect(keys(withLimits({ maxBet: 10, minAnte: 3, maxAnte: 3, tableMax: 1 }))).toEqual([]);
    expect(keys(withLimits({ tableMax: 0 }))).toEqual(['limits.tableMax']);
    expect(keys(withLimits({ creditLimit: 0, ticketLimit: 1.5, tableMax: -1 }))).toEqual([
      'limits.creditLimit',
      'limits.ticketLimit',
      'limits.tableMax',
    ]);
  });

  it('wants 1 to 8 distinct whole chip values', () => {
    expect(keys({ ...DEFAULT_SETTINGS, chipValues: [] })).toEqual(['chipValues']);
    expect(keys({ ...DEFAULT_SETTINGS, chipValues: [1, 2, 3, 4, 5, 6, 7, 8, 9] })).toEqual(['chipValues']);
    expect(describeProblems(settingsProblems({ ...DEFAULT_SETTINGS, chipValues: [25, 5, 25] }))).toBe(
      'chipValues lists a value twice',
    );
    expect(keys({ ...DEFAULT_SETTINGS, chipValues: [0.5] })).toEqual(['chipValues']);
  });

  it('checks the currency, its digits and the voucher texts', () => {
    expect(
      keys({
        ...DEFAULT_SETTINGS,
        currency: 'eur',
        minorDigits: 5,
        voucher: { ...DEFAULT_SETTINGS.voucher, venue: '', machine: 'A 1' },
      }),
    ).toEqual(['currency', 'minorDigits', 'voucher.venue', 'voucher.machine']);
  });

  it('keeps the venue to what the voucher printer can print', () => {
    expect(
      keys({ ...DEFAULT_SETTINGS, voucher: { ...DEFAULT_SETTINGS.voucher, venue: 'Golden Felt Club #2' } }),
    ).toEqual([]);
    expect(keys({ ...DEFAULT_SETTINGS, voucher: { ...DEFAULT_SETTINGS.voucher, venue: 'Казино' } })).toEqual([
      'voucher.venue',
    ]);
    expect(keys({ ...DEFAULT_SETTINGS, voucher: { ...DEFAULT_SETTINGS.voucher, venue: 'Tab\there' } })).toEqual([
      'voucher.venue',
    ]);
  });

  it('keeps the presentation settings in their ranges: volume in percent, the big win in bets, the attract idle in seconds', () => {
    const presenting = (p: Partial<CabinetSettings['presentation']>): CabinetSettings => ({
      ...DEFAULT_SETTINGS,
      presentation: { ...DEFAULT_SETTINGS.presentation, ...p },
    });
    expect(keys(presenting({ volume: 0, bigWinBets: 2, attractSeconds: 10 }))).toEqual([]);
    expect(keys(presenting({ volume: 100, bigWinBets: 10_000, attractSeconds: 3600 }))).toEqual([]);
    expect(keys(presenting({ volume: 101, bigWinBets: 1, attractSeconds: 9 }))).toEqual([
      'presentation.volume',
      'presentation.bigWinBets',
      'presentation.attractSeconds',
    ]);
    expect(describeProblems(settingsProblems(presenting({ volume: 60.5 })))).toBe(
      'presentation.volume must be a whole number of percent from 0 to 100',
    );
  });
});

describe('C-7 settings read back from a database', () => {
  const edited = (patch: Record<string, unknown>): CabinetSettings =>
    ({ ...DEFAULT_SETTINGS, ...patch }) as unknown as CabinetSettings;

  it('takes any shape without throwing, and says what is wrong with it', () => {
    expect(keys(null as unknown as CabinetSettings)).toEqual(['settings']);
    expect(keys(edited({ limits: 'lots' }))).toContain('limits');
    expect(keys(edited({ extra: 1 }))).toEqual(['extra']);
    expect(keys(edited({ limits: { ...DEFAULT_SETTINGS.limits, bonus: 5 } }))).toEqual(['limits.bonus']);
    expect(keys(edited({ games: ['jacks-or-better', 'jacks-or-better'] }))).toEqual(['games']);
    expect(keys(edited({ games: ['roulette'] }))).toEqual(['games']);
    expect(keys(edited({ disabledNotes: [500, 500] }))).toEqual(['disabledNotes']);
    expect(keys(edited({ voucher: { ...DEFAULT_SETTINGS.voucher, expiryDays: 0 } }))).toEqual(['voucher.expiryDays']);
    expect(keys(edited({ access: { maxPinFailures: 0, lockoutMs: 1500 } }))).toEqual([
      'access.maxPinFailures',
      'access.lockoutSeconds',
    ]);
    expect(keys(edited({ defaultLanguage: 'de' }))).toEqual(['defaultLanguage']);
    expect(keys(edited({ limits: { ...DEFAULT_SETTINGS.limits, handpayLimit: '9e12' } }))).toEqual([
      'limits.handpayLimit',
    ]);
  });

  it('checks the pay tables as parsePayTable checks the file: every category, whole coefficients in range', () => {
    const jacks = DEFAULT_SETTINGS.payTables.jacks;
    const tables = (j: unknown) => edited({ payTables: { ...DEFAULT_SETTINGS.payTables, jacks: j } });
    expect(keys(tables({ ...jacks, coefficients: { ...jacks.coefficients, 'royal-flush': 4000 } }))).toEqual([]);
    expect(
      describeProblems(
        settingsProblems(tables({ ...jacks, coefficients: { ...jacks.coefficients, 'royal-flush': 2_000_000 } })),
      ),
    ).toMatch(/payTables\.jacks-or-better "royal-flush" must be a whole number from 0 to 1000000/);
    expect(keys(tables({ ...jacks, coefficients: { ...jacks.coefficients, 'royal-flush': 2.5 } }))).toEqual([
      'payTables.jacks-or-better',
    ]);
    const { flush: _dropped, ...noFlush } = jacks.coefficients;
    expect(describeProblems(settingsProblems(tables({ ...jacks, coefficients: noFlush })))).toMatch(
      /no coefficient for "flush"/,
    );
    expect(keys(tables({ ...jacks, game: 'poker-plus' }))).toEqual(['payTables.jacks-or-better']);
    expect(keys(tables({ ...jacks, royalAtMaxBet: -1 }))).toEqual(['payTables.jacks-or-better']);
    expect(keys(edited({ payTables: { ...DEFAULT_SETTINGS.payTables, pokerPlus: jacks } }))).toEqual([
      'payTables.poker-plus',
    ]);
  });
});

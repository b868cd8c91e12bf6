import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../cabinet';
import { ConfigError, parseConfig, parseConfigText } from './config';
import { signedForTest, TEST_TABLE_KEYS } from './testing/paytable-test-key';
import { bestPlayRecord } from './testing/recorded-returns';

describe('configuration file', () => {
  it('gives defaults for everything', () => {
    const simulated = {
      acceptor: 'simulated',
      acceptorProtocol: 'id003',
      printer: 'simulated',
      printerProtocol: 'escpos',
      deck: 'simulated',
    };
    expect(parseConfig({})).toEqual({
      settings: DEFAULT_SETTINGS,
      initialPin: '0000',
      devices: simulated,
      display: { hideCursor: false },
      store: { keyFile: null, mirror: null, anchor: null, retention: null },
      file: null,
      recordedReturns: {},
      sas: null,
      warnings: [],
    });
    expect(parseConfig({ devices: 'simulated' }).devices).toEqual(simulated);
    expect(DEFAULT_SETTINGS.limits).toMatchObject({ minReturnPct: 85, maxReturnPct: 99.9 });
  });

  it('reads every section', () => {
    const c = parseConfig({
      currency: 'RUB',
      chipValues: [100, 500],
      games: ['poker-plus'],
      limits: { ticketLimit: 50000, minAnte: 5, maxAnte: 50 },
      payTables: { 'jacks-or-better': { 'royal-flush-max-bet': 800 } },
      disabledNotes: [100],
      voucher: { venue: 'Hall', machine: 'A-7' },
      access: { lockoutSeconds: 60, initialPin: '246810' },
      defaultLanguage: 'ru',
      presentation: { volume: 0, attractSeconds: 90 },
    });
    expect(c.settings.presentation).toEqual({ volume: 0, bigWinBets: 50, attractSeconds: 90 });
    expect(c.settings.limits).toMatchObject({
      ticketLimit: 50000,
      minAnte: 5,
      maxAnte: 50,
      creditLimit: DEFAULT_SETTINGS.limits.creditLimit,
    });
    expect(c.settings.payTables.jacks.royalAtMaxBet).toBe(800);
    expect(c.settings.access.lockoutMs).toBe(60000);
    expect(c.initialPin).toBe('246810');
  });

  const bad: [unknown, RegExp][] = [
    [{ limits: { ticketLimit: 10.5 } }, /^config: limits\.ticketLimit must be a whole number of minor units/],
    [{ limits: { ticketLimit: '100' } }, /limits\.ticketLimit must be a whole number/],
    [{ limits: { creditLimit: -1 } }, /limits\.creditLimit/],
    [{ limits: { minAnte: 10, maxAnte: 5 } }, /limits\.maxAnte must not be below/],
    [{ limits: { maxbet: 5 } }, /limits\.maxbet is not a known setting/],
    [{ chipValues: [] }, /chipValues must be a non-empty array/],
    [{ chipValues: [1, 1] }, /chipValues lists a value twice/],
    [{ chipValues: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, /chipValues must list 1 to 8 chip values/],
    [{ limits: { maxBet: 11 } }, /^config: limits\.maxBet must be a whole number of chips from 1 to 10$/],
    [{ disabledNotes: [500, 500] }, /disabledNotes lists a value twice/],
    [{ games: ['roulette'] }, /games must be/],
    [{ currency: 'dollars' }, /currency must be a three-letter/],
    [{ payTables: { 'poker-plus': { pair: -1 } } }, /payTables\.poker-plus: paytable: "pair"/],
    [{ access: { initialPin: 1234 } }, /access\.initialPin must be a string of 4 to 12 digits/],
    [{ seed: 42 }, /seed is not a known setting/],
    [{ devices: 'real' }, /devices must be "simulated" or/],
    [
      { devices: { acceptor: 'COM3', printer: '/dev/ttyS1', deck: '/dev/ttyS2' } },
      /devices\.acceptor must be the absolute path/,
    ],
    [
      { devices: { acceptor: '/dev/ttyS1', printer: '/dev/ttyS1', deck: '/dev/ttyS2' } },
      /each device needs its own serial port/,
    ],
    [{ devices: { acceptor: '/dev/ttyS0', printer: '/dev/ttyS1' } }, /devices\.deck must be given/],
    [
      { devices: { acceptor: { path: '/dev/ttyS0', parity: 'odd' }, printer: 'simulated', deck: 'simulated' } },
      /devices\.acceptor\.parity is not a known setting/,
    ],
    [
      { devices: { acceptor: 'simulated', printer: { path: '/dev/ttyS1', baudRate: 12345 }, deck: 'simulated' } },
      /devices\.printer\.baudRate must be one of 1200, /,
    ],
    [
      { devices: { acceptor: 'simulated', printer: { baudRate: 9600 }, deck: 'simulated' } },
      /devices\.printer\.path must be the absolute path/,
    ],
    [
      { devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', hopper: 'simulated' } },
      /devices\.hopper is not a known setting/,
    ],
    [
      { devices: { acceptor: { path: '/dev/ttyS1' }, printer: '/dev/ttyS1', deck: 'simulated' } },
      /each device needs its own serial port/,
    ],
    [{ access: { lockoutSeconds: 0 } }, /access\.lockoutSeconds must be a whole number of seconds from 30 to 86400/],
    [{ access: { lockoutSeconds: 29 } }, /from 30 to 86400/],
    [{ access: { lockoutSeconds: 86_401 } }, /from 30 to 86400/],
    // Issue 37: every number has a bound an operator can mean, and a typo past it is refused by name.
    [{ voucher: { expiryDays: 1e9 } }, /^config: voucher\.expiryDays must be a whole number of days from 1 to 3650$/],
    [
      { limits: { creditLimit: 1e11 } },
      /^config: limits\.creditLimit must be a whole number of minor units from 1 to 10000000000$/,
    ],
    [
      { limits: { ticketLimit: 2 ** 53 } },
      /limits\.ticketLimit must be a whole number of minor units from 1 to 10000000000/,
    ],
    [
      { limits: { handpayLimit: 1e15 } },
      /limits\.handpayLimit must be a whole number of minor units from 1 to 10000000000/,
    ],
    [{ limits: { maxAnte: 1e6 } }, /limits\.maxAnte must be a whole number of chips from 1 to 10000/],
    [{ limits: { minAnte: 10_001 } }, /limits\.minAnte must be a whole number of chips from 1 to 10000/],
    [{ limits: { tableMax: 1e9 } }, /limits\.tableMax must be a whole number of chips from 1 to 100000000/],
    [{ disabledNotes: [1e12] }, /disabledNotes must be a whole number of minor units from 1 to 10000000000/],
    [{ disabledNotes: Array.from({ length: 65 }, (_, i) => i + 1) }, /disabledNotes must list at most 64 note values/],
    [
      {
        devices: {
          acceptor: 'simulated',
          printer: 'simulated',
          deck: 'simulated',
          sas: { path: 'simulated', address: 1, accountingDenomination: 1e11 },
        },
      },
      /devices\.sas\.accountingDenomination must be a whole number of minor units from 1 to 10000000000/,
    ],
    // A range above 100% only when the operator says so in the file.
    [
      { limits: { maxReturnPct: 100.5 } },
      /^config: limits\.maxReturnPct 100\.5 is above 100: a pay table returning more than 100% may be put in play \(it pays out more than it takes\); set limits\.acknowledgeReturnOver100 to true if that is meant$/,
    ],
    [
      { limits: { maxReturnPct: 101, acknowledgeReturnOver100: 'yes' } },
      /limits\.acknowledgeReturnOver100 must be true, or left out/,
    ],
    [{ access: { maxPinFailures: 2 } }, /access\.maxPinFailures must be a whole number of attempts, at least 3/],
    [{ access: { maxPinFailures: 11 } }, /access\.maxPinFailures must be from 3 to 10 attempts/],
    [{ access: { maxPinFailures: 1e9 } }, /from 3 to 10/],
    [{ display: { hideCursor: 'yes' } }, /display\.hideCursor must be true or false/],
    [
      { presentation: { volume: 120 } },
      /^config: presentation\.volume must be a whole number of percent from 0 to 100$/,
    ],
    [{ presentation: { volume: -1 } }, /presentation\.volume must be a whole number of percent/],
    [
      { presentation: { attractSeconds: 2 } },
      /presentation\.attractSeconds must be a whole number of seconds from 10 to 3600/,
    ],
    [{ presentation: { bigWinBets: '50' } }, /presentation\.bigWinBets must be a whole number of bets/],
    [{ presentation: { loud: true } }, /presentation\.loud is not a known setting/],
    [{ store: { keyFile: '' } }, /store\.keyFile must be a path/],
    [{ store: { mirror: 7 } }, /store\.mirror must be a path/],
    [
      { store: { retention: { archive: '/a', events: 100, days: 365 } } },
      /store\.retention\.events must be 10000 or more/,
    ],
    [{ store: { retention: { archive: '/a', events: 20000, days: 7 } } }, /store\.retention\.days must be 90 or more/],
    [{ store: { key: '/etc/k' } }, /store\.key is not a known setting/],
    [{ store: { anchor: 'tpm' } }, /store\.anchor must be "none" or \{"tcti": \.\.\., "index": \.\.\.\}/],
    [{ store: { anchor: { tcti: 'mssim:port=2321' } } }, /store\.anchor\.tcti must be a TCTI the cabinet speaks/],
    [{ store: { anchor: { tcti: 'device', index: '0x81000001' } } }, /store\.anchor\.index must be an NV index handle/],
    [
      { store: { anchor: { tcti: 'device', index: '0x01ffffff' } } },
      /store\.anchor\.index must leave the handle after it/,
    ],
    [{ limits: { minReturnPct: 40 } }, /^config: limits\.minReturnPct must be a percentage from 50 to 110$/],
    [{ limits: { maxReturnPct: 110.5 } }, /limits\.maxReturnPct must be a percentage from 50 to 110/],
    [{ limits: { maxReturnPct: '99' } }, /limits\.maxReturnPct must be a number/],
    [
      { limits: { minReturnPct: 97, maxReturnPct: 96 } },
      /limits\.maxReturnPct must be above limits\.minReturnPct \(the return range would be empty\)/,
    ],
    [{ limits: { minReturnPct: 97, maxReturnPct: 97 } }, /the return range would be empty/],
    [
      { payTables: { 'poker-plus': { table: { pair: 1 }, returnPct: 98 } } },
      /payTables\.poker-plus\.returnBasis must say whose play the return is/,
    ],
    [
      // The form before C-24 judged best play: a simulated return of the default strategy alone.
      { payTables: { 'poker-plus': { table: { pair: 1 }, returnPct: 98, returnCi95: [97, 99], returnBasis: 'x' } } },
      /payTables\.poker-plus\.returnCi95 is not a known setting/,
    ],
    [
      { payTables: { 'poker-plus': { table: { pair: 1 }, ...bestPlayRecord(), returnPct: 98.7 } } },
      /payTables\.poker-plus\.returnPct 98\.7 must be best play's upper estimate/,
    ],
    [
      { payTables: { 'poker-plus': { table: { pair: 1 }, ...bestPlayRecord(), seed: 1 } } },
      /payTables\.poker-plus\.seed is not a known setting/,
    ],
    [
      { payTables: { 'poker-plus': { table: { 'jacks-or-better': 1 }, ...bestPlayRecord() } } },
      /payTables\.poker-plus\.table: paytable: "jacks-or-better"/,
    ],
    [
      { payTables: { 'jacks-or-better': { table: { flush: 6 }, returnPct: 99 } } },
      /payTables\.jacks-or-better: give the table alone; the cabinet computes a Jacks or Better return itself/,
    ],
    [[], /one JSON object/],
  ];
  for (const [input, message] of bad) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      expect(() => parseConfig(input)).toThrow(ConfigError);
      expect(() => parseConfig(input)).toThrow(message);
    });
  }

  it("reads where the machine key and the mirror are, relative paths from the config file's folder", () => {
    expect(parseConfig({}).store).toEqual({ keyFile: null, mirror: null, anchor: null, retention: null });
    expect(parseConfig({ store: { anchor: 'none' } }).store.anchor).toBe('none');
    expect(
      parseConfig({ store: { anchor: { tcti: 'swtpm:host=127.0.0.1,port=2321', index: '0x01800b00' } } }).store.anchor,
    ).toEqual({
      tcti: { kind: 'swtpm', host: '127.0.0.1', port: 2321 },
      index: 0x01800b00,
    });
    const c = parseConfigText(
      JSON.stringify({ store: { keyFile: 'keys/machine.key', mirror: '/media/mirror' } }),
      '/etc/poker-cabinet/config.json',
    );
    expect(c.store).toEqual({
      keyFile: '/etc/poker-cabinet/keys/machine.key',
      mirror: '/media/mirror',
      anchor: null,
      retention: null,
    });
    const kept = parseConfigText(
      JSON.stringify({ store: { retention: { archive: 'archive', events: 2_000_000, days: 400 } } }),
      '/etc/poker-cabinet/config.json',
    );
    expect(kept.store.retention).toEqual({ archive: '/etc/poker-cabinet/archive', events: 2_000_000, days: 400 });
    expect(c.file).toBe('/etc/poker-cabinet/config.json');
  });

  it('reads the return range, and a Poker Plus table with the return recorded for it (C-24)', () => {
    const recorded = {
      table: { 'full-house': 6, flush: 4 },
      ...bestPlayRecord(97.6, { returnPct: 96.8, returnCi95: [96.75, 96.85], returnBasis: 'simulated' }),
    };
    const input = {
      limits: { minReturnPct: 90, maxReturnPct: 100.5, acknowledgeReturnOver100: true },
      // Signed as a lab signs a table file (issue 37), here with the test key the test trusts.
      payTables: { 'poker-plus': signedForTest({ game: 'poker-plus', ...recorded }) },
    };
    delete (input.payTables['poker-plus'] as Record<string, unknown>).game;
    const c = parseConfig(input, null, TEST_TABLE_KEYS);
    // The same unsigned, signed by a key the cabinet does not trust, or with a figure changed: refused.
    expect(() => parseConfig({ ...input, payTables: { 'poker-plus': recorded } }, null, TEST_TABLE_KEYS)).toThrow(
      /^config: payTables\.poker-plus: the return written with the table is not signed/,
    );
    expect(() => parseConfig(input)).toThrow(
      /is refused: it is signed by key [0-9a-f]{16}, which this cabinet does not trust/,
    );
    const inflated = { ...input.payTables['poker-plus'], table: { 'full-house': 18, flush: 12 } };
    expect(() => parseConfig({ ...input, payTables: { 'poker-plus': inflated } }, null, TEST_TABLE_KEYS)).toThrow(
      /its signature \(key [0-9a-f]{16}\) does not verify: the table or its returns are not the ones signed/,
    );
    expect(c.settings.limits).toMatchObject({ minReturnPct: 90, maxReturnPct: 100.5 });
    // Acknowledged, it is not kept as a setting, and is said at every start.
    expect(c.settings.limits).not.toHaveProperty('acknowledgeReturnOver100');
    expect(c.warnings).toEqual([
      'limits.maxReturnPct 100.5: a pay table returning more than 100% may be put in play (it pays out more than it takes) (acknowledged)',
    ]);
    expect(c.settings.payTables.pokerPlus.coefficients).toMatchObject({ 'full-house': 6, flush: 4, pair: 1 });
    // Best play's upper estimate is the return judged, from what the strategy found returns.
    expect(c.recordedReturns).toEqual({
      'poker-plus': {
        pct: 97.96,
        low: 97.5,
        high: 97.96,
        play: 'best',
        basis: expect.stringMatching(/^upper estimate of best play/),
        typical: { pct: 96.8, low: 96.75, high: 96.85, basis: 'simulated' },
      },
    });
    // The bare table, as before, has no return of its own.
    expect(parseConfig({ payTables: { 'poker-plus': { 'full-house': 6 } } }).recordedReturns).toEqual({});
  });

  it('reads serial ports and the display', () => {
    const c = parseConfig({
      devices: { acceptor: '/dev/poker-acceptor', printer: '/dev/ttyUSB1', deck: '/dev/ttyS0' },
      display: { hideCursor: true },
    });
    expect(c.devices).toEqual({
      acceptor: { path: '/dev/poker-acceptor' },
      acceptorProtocol: 'id003',
      printer: { path: '/dev/ttyUSB1' },
      printerProtocol: 'escpos',
      deck: { path: '/dev/ttyS0' },
    });
    expect(c.display.hideCursor).toBe(true);
  });

  it('mixes real and simulated devices, with line settings where the device allows them', () => {
    const c = parseConfig({
      devices: {
        acceptor: { path: '/dev/poker-acceptor', baudRate: 19200 },
        printer: { path: '/dev/poker-printer', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 2 },
        deck: 'simulated',
      },
    });
    expect(c.devices).toEqual({
      acceptor: { path: '/dev/poker-acceptor', baudRate: 19200 },
      acceptorProtocol: 'id003',
      printer: { path: '/dev/poker-printer', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 2 },
      printerProtocol: 'escpos',
      deck: 'simulated',
    });
  });

  it('takes the printer of either family, on a line or simulated; ESC/POS unless it says', () => {
    const devices = (printer: unknown) =>
      parseConfig({ devices: { acceptor: 'simulated', printer, deck: 'simulated' } }).devices;
    expect(devices({ path: '/dev/ttyUSB1', protocol: 'tcl', baudRate: 38400 })).toMatchObject({
      printer: { path: '/dev/ttyUSB1', baudRate: 38400 },
      printerProtocol: 'tcl',
    });
    expect(devices({ path: 'simulated', protocol: 'tcl' })).toMatchObject({
      printer: 'simulated',
      printerProtocol: 'tcl',
    });
    expect(devices('/dev/ttyUSB1')).toMatchObject({ printerProtocol: 'escpos' });
    expect(devices({ path: '/dev/ttyUSB1' })).toMatchObject({ printerProtocol: 'escpos' });
    expect(() => devices({ path: '/dev/ttyUSB1', protocol: 'zpl' })).toThrow(
      /devices\.printer\.protocol must be one of "escpos", "tcl"/,
    );
    expect(() => devices({ protocol: 'tcl' })).toThrow(/devices\.printer\.path/);
  });

  it('takes the acceptor of either family, on a line or simulated; ID-003 unless it says', () => {
    const devices = (acceptor: unknown) =>
      parseConfig({ devices: { acceptor, printer: 'simulated', deck: 'simulated' } }).devices;
    expect(devices({ path: '/dev/ttyUSB0', protocol: 'ebds' })).toMatchObject({
      acceptor: { path: '/dev/ttyUSB0' },
      acceptorProtocol: 'ebds',
    });
    expect(devices({ path: 'simulated', protocol: 'ebds' })).toMatchObject({
      acceptor: 'simulated',
      acceptorProtocol: 'ebds',
    });
    expect(devices({ path: '/dev/ttyUSB0', protocol: 'id003', baudRate: 19200 })).toMatchObject({
      acceptor: { path: '/dev/ttyUSB0', baudRate: 19200 },
      acceptorProtocol: 'id003',
    });
    expect(devices({ path: '/dev/ttyUSB0' })).toMatchObject({ acceptorProtocol: 'id003' });
    expect(() => devices({ path: '/dev/ttyUSB0', protocol: 'ccnet' })).toThrow(
      /devices\.acceptor\.protocol must be one of "id003", "ebds"/,
    );
    expect(() => devices({ protocol: 'ebds' })).toThrow(/devices\.acceptor\.path/);
    // EBDS fixes its line (7 data bits, even parity): only the rate may be given.
    expect(() => devices({ path: '/dev/ttyUSB0', protocol: 'ebds', dataBits: 8 })).toThrow(
      /devices\.acceptor\.dataBits is not a known setting/,
    );
  });

  it('keeps the PIN guarded: 3 to 10 tries, a lockout of 30 s at least', () => {
    expect(parseConfig({ access: { maxPinFailures: 10, lockoutSeconds: 30 } }).settings.access).toEqual({
      maxPinFailures: 10,
      lockoutMs: 30_000,
    });
    expect(parseConfig({ access: { maxPinFailures: 3 } }).settings.access.maxPinFailures).toBe(3);
  });

  it('refuses a file that is not JSON, naming the file', () => {
    expect(() => parseConfigText('{ "limits": ', 'cabinet.json')).toThrow(/config: cabinet\.json is not valid JSON/);
  });
});

describe('the sample configuration in docs/deploy.md', () => {
  it('is complete (every key the file knows) and accepted as it is', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Configuration'));
    // Each pattern's group is not optional: a match always has it.
    const sample = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as Record<string, unknown>;
    const known = /known: ([^)]*)\)/
      .exec(
        (() => {
          try {
            parseConfig({ notAKey: 1 });
          } catch (e) {
            return (e as Error).message;
          }
          return '';
        })(),
      )![1]!
      .split(', ');
    expect(Object.keys(sample).sort()).toEqual([...known].sort());
    const c = parseConfig(sample);
    expect(c.devices.acceptor).toEqual({ path: '/dev/poker-acceptor' });
    expect(c.initialPin).toBe('4821');
  });
});

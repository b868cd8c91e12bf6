// The cabinet's configuration file: JSON, every field optional (defaults for everything), every
// field checked, and a bad one refused with a message that names it. Unknown fields are refused
// too, so a typo never silently leaves a default in place (and nothing can switch on seeded
// dealing: there is no such field).

import { dirname, isAbsolute, resolve } from 'node:path';
import { parsePayTable, type GameId } from '../core';
import type { DeviceChoices, SerialLine } from '../devices';
import { DEFAULT_SETTINGS, DEVICE_NAMES, TICKET_VALIDATION_SECONDS, GAMES, LANGUAGES, describeProblems, settingsProblems, type CabinetSettings, type DeviceName, type Language } from '../cabinet';
import type { TableReturn } from '../cabinet';
import { parseRecordedReturn, RECORDED_RETURN_FIELDS } from './recorded-return';
import { parseSasConfig, type SasConfig } from './sas/sas-config';

export class ConfigError extends Error {
  constructor(message: string) {
    super(`config: ${message}`);
    this.name = 'ConfigError';
  }
}

type DeviceChoice = DeviceChoices[DeviceName];

/** Line settings each device takes from the file (ID-003 is 8E1 at a rate the acceptor is set to). */
const LINE_KEYS: Record<DeviceName, readonly (keyof SerialLine)[]> = {
  acceptor: ['path', 'baudRate'],
  printer: ['path', 'baudRate', 'dataBits', 'parity', 'stopBits'],
  deck: ['path', 'baudRate'],
};
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

/** Bounds the technician PIN's guarding must keep whatever the file says (C-21). */
export const PIN_TRIES = { min: 3, max: 10 } as const;
export const MIN_LOCKOUT_SECONDS = 30;

/**
 * Where the machine key and the mirror of critical memory live (src/store), as the file names
 * them: null for the defaults (src/app/cabinet-app.ts, storePlaces). Relative paths are taken
 * from the config file's folder.
 */
export interface StorePlaces {
  keyFile: string | null;
  mirror: string | null;
}

export interface AppConfig {
  settings: CabinetSettings;
  /** The technician PIN a new database starts with; only its salted hash is stored. */
  initialPin: string;
  /** Each device on its serial line or simulated (all by default; simulated ones never in the packaged app). */
  devices: DeviceChoices;
  /** Touch cabinets hide the pointer (C-20). */
  display: { hideCursor: boolean };
  store: StorePlaces;
  /** The file this configuration was read from; null for the defaults alone. */
  file: string | null;
  /** Returns written in the file with its own pay tables (C-24; Poker Plus only). */
  recordedReturns: Partial<Record<GameId, TableReturn>>;
  /** The SAS link to a casino system (`devices.sas`); null without one. */
  sas: SasConfig | null;
}

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

function only(obj: Json, keys: readonly string[], where: string): void {
  for (const k of Object.keys(obj)) {
    if (!keys.includes(k)) throw new ConfigError(`${where}${k} is not a known setting (known: ${keys.join(', ')})`);
  }
}

function whole(obj: Json, key: string, where: string, fallback: number, min: number, unit: string): number {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
    throw new ConfigError(`${where}${key} must be a whole number of ${unit}${min > 0 ? `, at least ${min}` : ''}`);
  }
  return v;
}

function text(obj: Json, key: string, where: string, fallback: string, pattern?: RegExp, what = 'text'): string {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || (pattern && !pattern.test(v))) throw new ConfigError(`${where}${key} must be ${what}`);
  return v;
}

function wholeList(obj: Json, key: string, fallback: number[], min: number, unit: string, allowEmpty: boolean, unique: boolean): number[] {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (!Array.isArray(v) || (!allowEmpty && v.length === 0) || !v.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= min)) {
    throw new ConfigError(`${key} must be a${allowEmpty ? 'n' : ' non-empty'} array of whole numbers of ${unit}`);
  }
  if (unique && new Set(v).size !== v.length) throw new ConfigError(`${key} lists a value twice`);
  return v as number[];
}

/** A number that need not be whole (a percentage); its range is settingsProblems' to check. */
function decimal(obj: Json, key: string, where: string, fallback: number): number {
  const v = obj[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ConfigError(`${where}${key} must be a number`);
  return v;
}

function section(obj: Json, key: string): Json {
  const v = obj[key];
  if (v === undefined) return {};
  if (!isObject(v)) throw new ConfigError(`${key} must be an object`);
  return v;
}

/** Validates a parsed configuration object; `file` is where it was read from, if anywhere. */
export function parseConfig(input: unknown, file: string | null = null): AppConfig {
  if (!isObject(input)) throw new ConfigError('the file must hold one JSON object');
  only(input, ['currency', 'minorDigits', 'chipValues', 'games', 'limits', 'payTables', 'disabledNotes', 'voucher', 'access', 'defaultLanguage', 'presentation', 'devices', 'display', 'store'], '');
  const d = DEFAULT_SETTINGS;

  const limitsIn = section(input, 'limits');
  only(limitsIn, Object.keys(d.limits), 'limits.');
  const money = (k: keyof typeof d.limits) => whole(limitsIn, k, 'limits.', d.limits[k], 1, 'minor units');
  const chips = (k: keyof typeof d.limits, min: number) => whole(limitsIn, k, 'limits.', d.limits[k], min, 'chips');
  const limits = {
    creditLimit: money('creditLimit'),
    ticketLimit: money('ticketLimit'),
    handpayLimit: money('handpayLimit'),
    maxBet: chips('maxBet', 1),
    minAnte: chips('minAnte', 1),
    maxAnte: chips('maxAnte', 1),
    tableMax: chips('tableMax', 1),
    minReturnPct: decimal(limitsIn, 'minReturnPct', 'limits.', d.limits.minReturnPct),
    maxReturnPct: decimal(limitsIn, 'maxReturnPct', 'limits.', d.limits.maxReturnPct),
  };

  let games: GameId[] = d.games;
  if (input.games !== undefined) {
    if (!Array.isArray(input.games) || input.games.length === 0 || !input.games.every((g) => GAMES.includes(g as GameId))) {
      throw new ConfigError(`games must be a non-empty array of ${GAMES.map((g) => `"${g}"`).join(', ')}`);
    }
    games = [...new Set(input.games as GameId[])];
  }

  const tablesIn = section(input, 'payTables');
  only(tablesIn, GAMES, 'payTables.');
  const payTables = { ...d.payTables };
  if (tablesIn['jacks-or-better'] !== undefined) {
    const j = tablesIn['jacks-or-better'];
    if (isObject(j) && 'table' in j) throw new ConfigError('payTables.jacks-or-better: give the table alone; the cabinet computes a Jacks or Better return itself, exactly (C-24)');
    const p = parsePayTable('jacks-or-better', j);
    if (!p.ok) throw new ConfigError(`payTables.jacks-or-better: ${p.error}`);
    payTables.jacks = p.table;
  }
  const recordedReturns: AppConfig['recordedReturns'] = {};
  const pokerPlusIn = tablesIn['poker-plus'];
  if (pokerPlusIn !== undefined) {
    // C-24: a Poker Plus table of the file's own comes with the return a simulation found for
    // it, {"table": {...}, "returnPct", "returnCi95", "returnBasis"}; the bare table has none.
    const recorded = isObject(pokerPlusIn) && 'table' in pokerPlusIn;
    if (recorded) {
      only(pokerPlusIn, ['table', ...RECORDED_RETURN_FIELDS], 'payTables.poker-plus.');
      const r = parseRecordedReturn(pokerPlusIn);
      if (!r.ok) throw new ConfigError(`payTables.poker-plus.${r.error}`);
      recordedReturns['poker-plus'] = r.rtp;
    }
    const p = parsePayTable('poker-plus', recorded ? pokerPlusIn.table : pokerPlusIn);
    if (!p.ok) throw new ConfigError(`payTables.poker-plus${recorded ? '.table' : ''}: ${p.error}`);
    payTables.pokerPlus = p.table;
  }

  const voucherIn = section(input, 'voucher');
  only(voucherIn, ['venue', 'machine', 'expiryDays', 'validationSeconds'], 'voucher.');
  const voucher = {
    venue: text(voucherIn, 'venue', 'voucher.', d.voucher.venue),
    machine: text(voucherIn, 'machine', 'voucher.', d.voucher.machine),
    expiryDays: whole(voucherIn, 'expiryDays', 'voucher.', d.voucher.expiryDays, 1, 'days'),
    // Its upper bound is settingsProblems' to check, with every other range.
    validationSeconds: whole(voucherIn, 'validationSeconds', 'voucher.', d.voucher.validationSeconds, TICKET_VALIDATION_SECONDS.min, 'seconds'),
  };

  const accessIn = section(input, 'access');
  only(accessIn, ['maxPinFailures', 'lockoutSeconds', 'initialPin'], 'access.');
  const access = {
    maxPinFailures: whole(accessIn, 'maxPinFailures', 'access.', d.access.maxPinFailures, PIN_TRIES.min, 'attempts'),
    lockoutMs: whole(accessIn, 'lockoutSeconds', 'access.', d.access.lockoutMs / 1000, MIN_LOCKOUT_SECONDS, 'seconds') * 1000,
  };
  // Unlimited guessing is no lock: the tries before a lockout stay few.
  if (access.maxPinFailures > PIN_TRIES.max) throw new ConfigError(`access.maxPinFailures must be from ${PIN_TRIES.min} to ${PIN_TRIES.max} attempts`);
  const initialPin = text(accessIn, 'initialPin', 'access.', '0000', /^\d{4,12}$/, 'a string of 4 to 12 digits');

  // Their ranges, like every rule on how settings fit together, are settingsProblems' to check.
  const presentationIn = section(input, 'presentation');
  only(presentationIn, Object.keys(d.presentation), 'presentation.');
  const presentation = {
    volume: whole(presentationIn, 'volume', 'presentation.', d.presentation.volume, 0, 'percent'),
    bigWinBets: whole(presentationIn, 'bigWinBets', 'presentation.', d.presentation.bigWinBets, 0, 'bets'),
    attractSeconds: whole(presentationIn, 'attractSeconds', 'presentation.', d.presentation.attractSeconds, 0, 'seconds'),
  };

  const settings: CabinetSettings = {
    // Its form, like the venue's and the machine number's, is settingsProblems' to check.
    currency: text(input, 'currency', '', d.currency),
    minorDigits: whole(input, 'minorDigits', '', d.minorDigits, 0, 'digits'),
    // Duplicates, like every rule on how settings fit together, are settingsProblems' to find.
    chipValues: wholeList(input, 'chipValues', d.chipValues, 1, 'minor units', false, false),
    games,
    limits,
    payTables,
    disabledNotes: wholeList(input, 'disabledNotes', d.disabledNotes, 1, 'minor units', true, true),
    voucher,
    access,
    defaultLanguage: text(input, 'defaultLanguage', '', d.defaultLanguage, /^(en|ru)$/, `one of ${LANGUAGES.join(', ')}`) as Language,
    presentation,
  };
  // The same checks a technician's change at the cabinet meets (C-7), worded with the file's keys.
  const problems = settingsProblems(settings);
  if (problems.length > 0) throw new ConfigError(describeProblems(problems));
  const sas = parseSasConfig(isObject(input.devices) ? input.devices.sas : undefined, settings, (m) => {
    throw new ConfigError(m);
  });
  return { settings, initialPin, devices: deviceChoices(input.devices), sas, display: displayOf(section(input, 'display')), store: storePlaces(section(input, 'store'), file), file, recordedReturns };
}

function storePlaces(input: Json, file: string | null): StorePlaces {
  only(input, ['keyFile', 'mirror'], 'store.');
  const place = (k: keyof StorePlaces): string | null => {
    const v = input[k];
    if (v === undefined) return null;
    if (typeof v !== 'string' || v.trim() === '' || v.includes('\0')) throw new ConfigError(`store.${k} must be a path`);
    return isAbsolute(v) || file === null ? v : resolve(dirname(file), v);
  };
  return { keyFile: place('keyFile'), mirror: place('mirror') };
}

const allSimulated = (): DeviceChoices => ({ acceptor: 'simulated', printer: 'simulated', deck: 'simulated' });

function deviceChoices(input: unknown): DeviceChoices {
  if (input === undefined || input === 'simulated') return allSimulated();
  if (!isObject(input)) throw new ConfigError('devices must be "simulated" or {"acceptor": ..., "printer": ..., "deck": ...}, each a port path, {"path": ..., "baudRate": ...} or "simulated"');
  only(input, [...DEVICE_NAMES, 'sas'], 'devices.');
  const choices = Object.fromEntries(DEVICE_NAMES.map((name) => [name, deviceChoice(input[name], name)])) as DeviceChoices;
  const sasPath = isObject(input.sas) && typeof input.sas.path === 'string' && input.sas.path !== 'simulated' ? [input.sas.path] : [];
  const paths = [...DEVICE_NAMES.flatMap((name) => (choices[name] === 'simulated' ? [] : [(choices[name] as SerialLine).path])), ...sasPath];
  if (new Set(paths).size !== paths.length) throw new ConfigError('devices: each device needs its own serial port');
  return choices;
}

const portPath = (v: unknown, where: string): string => {
  if (typeof v !== 'string' || !/^\/[\w./-]{1,200}$/.test(v)) throw new ConfigError(`${where} must be the absolute path of a serial port, e.g. "/dev/ttyUSB0"`);
  return v;
};

function deviceChoice(v: unknown, name: DeviceName): DeviceChoice {
  const where = `devices.${name}`;
  // Named, never implied: a device left out would otherwise be simulated without anyone saying so.
  if (v === undefined) throw new ConfigError(`${where} must be given: a port path, {"path": ..., "baudRate": ...} or "simulated"`);
  if (v === 'simulated') return 'simulated';
  if (typeof v === 'string') return { path: portPath(v, where) };
  if (!isObject(v)) throw new ConfigError(`${where} must be a port path, {"path": ..., "baudRate": ...} or "simulated"`);
  only(v, LINE_KEYS[name], `${where}.`);
  const line: SerialLine = { path: portPath(v.path, `${where}.path`) };
  const pick = <K extends keyof SerialLine>(key: K, allowed: readonly unknown[]): void => {
    if (v[key] === undefined) return;
    if (!allowed.includes(v[key])) throw new ConfigError(`${where}.${key} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
    line[key] = v[key] as SerialLine[K];
  };
  pick('baudRate', BAUD_RATES);
  pick('dataBits', [7, 8]);
  pick('parity', ['none', 'even', 'odd']);
  pick('stopBits', [1, 2]);
  return line;
}

/** The devices that are simulated: none may be in the packaged app (a real cabinet). */
export const simulatedDevices = (devices: DeviceChoices): DeviceName[] => DEVICE_NAMES.filter((name) => devices[name] === 'simulated');

function displayOf(input: Json): AppConfig['display'] {
  only(input, ['hideCursor'], 'display.');
  if (input.hideCursor !== undefined && typeof input.hideCursor !== 'boolean') throw new ConfigError('display.hideCursor must be true or false');
  return { hideCursor: input.hideCursor === true };
}

/** Parses the text of a configuration file. */
export function parseConfigText(text: string, file: string): AppConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
  return parseConfig(json, file);
}

// The cabinet's configuration file: JSON, every field optional (defaults for everything), every
// field checked, and a bad one refused with a message that names it. Unknown fields are refused
// too, so a typo never silently leaves a default in place (and nothing can switch on seeded
// dealing: there is no such field).

import { dirname, isAbsolute, resolve } from 'node:path';
import { GAMES, parsePayTable, type GameId } from '../core';
import type { DeviceChoices, SerialLine } from '../devices';
import {
  DEFAULT_SETTINGS,
  DEVICE_NAMES,
  describeProblems,
  settingsProblems,
  type CabinetSettings,
  type DeviceName,
} from '../cabinet';
import { returnOver100, type TableReturn } from '../cabinet';
import { tellAll, wireText } from '../cabinet/vocabulary/check';
import { LOCKOUT_SECONDS, MAX_PIN_FAILURES } from '../cabinet/vocabulary/settings-schema';
import { BAUD_RATES, CONFIG_FILE, type ConfigFile } from './config-file';
import { parseRecordedReturn, RECORDED_RETURN_FIELDS } from './recorded-return';
import { parseSasConfig, type SasConfig } from './sas/sas-config';
import { parseTcti, type Tcti } from '../store';
import type { KeyObject } from 'node:crypto';
import { builtInTableKeys } from './service/paytable-keys';
import { verifyTable } from './service/paytable-signature';

export class ConfigError extends Error {
  constructor(message: string) {
    super(`config: ${message}`);
    this.name = 'ConfigError';
  }
}

/** Bounds the technician PIN's guarding must keep whatever the file says (C-21), as declared. */
export const PIN_TRIES = { min: MAX_PIN_FAILURES.minValue!, max: MAX_PIN_FAILURES.maxValue! } as const;
export const MIN_LOCKOUT_SECONDS = LOCKOUT_SECONDS.minValue!;
export { BAUD_RATES };

/**
 * Where the machine key and the mirror of critical memory live (src/store), as the file names
 * them: null for the defaults (src/app/cabinet-app.ts, storePlaces). Relative paths are taken
 * from the config file's folder.
 */
export interface StorePlaces {
  keyFile: string | null;
  mirror: string | null;
  /** The records' TPM counter as the file names it: "none", a TCTI and index, or null for the default. */
  anchor: 'none' | { tcti: Tcti; index: number | null } | null;
  /** The records' retention: the archive folder and what stays live; null: nothing archived. */
  retention: { archive: string; events: number; days: number } | null;
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
  /** What the file sets that an operator rarely means and has acknowledged, said at every start. */
  warnings: string[];
}

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

function only(obj: Json, keys: readonly string[], where: string): void {
  for (const k of Object.keys(obj)) {
    if (!keys.includes(k)) throw new ConfigError(`${where}${k} is not a known setting (known: ${keys.join(', ')})`);
  }
}

/** The file's first problem against its declaration, in one line naming the key. */
function fileProblem(input: unknown): string | null {
  const [first] = tellAll(CONFIG_FILE, input, '', (issue, place) => {
    if (issue.code !== 'unrecognized_keys') return wireText(issue, place);
    const shape = place.schema
      ? ((place.schema._zod.def as unknown as { shape?: Record<string, unknown> }).shape ?? {})
      : {};
    return `is not a known setting (known: ${Object.keys(shape)
      .filter((k) => k !== '$schema')
      .join(', ')})`;
  });
  if (!first) return null;
  // Named as the file spells its keys: a list's entries by the list.
  const key = first.path.filter((p) => typeof p === 'string');
  const [unknownKey] = first.issue.code === 'unrecognized_keys' ? first.issue.keys : [];
  if (unknownKey !== undefined) key.push(unknownKey);
  return `${key.join('.')} ${first.says}`;
}

/**
 * Validates a parsed configuration object; `file` is where it was read from, if anywhere. A Poker
 * Plus table written with its return must carry a signature that verifies under `keys` (the
 * built-in ones; a test hands its own).
 */
export function parseConfig(
  input: unknown,
  file: string | null = null,
  keys: readonly KeyObject[] = builtInTableKeys(),
): AppConfig {
  if (!isObject(input)) throw new ConfigError('the file must hold one JSON object');
  const problem = fileProblem(input);
  if (problem) throw new ConfigError(problem);
  const f = input as ConfigFile;
  const d = DEFAULT_SETTINGS;

  const payTables = { ...d.payTables };
  const recordedReturns: AppConfig['recordedReturns'] = {};
  for (const game of GAMES) {
    const key = `payTables.${game.id}`;
    const given = f.payTables?.[game.id] as Json | undefined;
    if (given === undefined) continue;
    // C-24: a video-poker family's return the cabinet computes itself, exactly, so its table comes
    // alone; a table game's of the file's own comes with the return a simulation found for it,
    // {"table": {...}, "returnPct", "returnCi95", "returnBasis"}; the bare table has none.
    const recorded = 'table' in given;
    if (recorded && game.shape === 'video-poker')
      throw new ConfigError(
        `${key}: give the table alone; the cabinet computes a ${game.names.en} return itself, exactly (C-24)`,
      );
    if (recorded) {
      only(given, ['table', ...RECORDED_RETURN_FIELDS, 'signature'], `${key}.`);
      const r = parseRecordedReturn(given);
      if (!r.ok) throw new ConfigError(`${key}.${r.error}`);
      recordedReturns[game.id] = r.rtp;
    }
    const p = parsePayTable(game.id, recorded ? given.table : given);
    if (!p.ok) throw new ConfigError(`${key}${recorded ? '.table' : ''}: ${p.error}`);
    if (recorded) {
      // The return is bound to the table by the lab's signature, as in an installed file (issue 37).
      const signed = verifyTable({ game: game.id, ...given }, keys);
      if (signed.state !== 'signed')
        throw new ConfigError(
          `${key}: the return written with the table is ${signed.state === 'unsigned' ? 'not signed' : `refused: ${signed.problem}`}; copy the table, its returns and its signature from a signed table file (docs/deploy.md, "Signed pay tables")`,
        );
    }
    (payTables as Record<string, unknown>)[game.settingsKey] = p.table;
  }

  const { acknowledgeReturnOver100, ...limits } = f.limits ?? {};
  const settings: CabinetSettings = {
    currency: f.currency ?? d.currency,
    minorDigits: f.minorDigits ?? d.minorDigits,
    chipValues: f.chipValues ?? d.chipValues,
    // A game named twice is offered once.
    games: f.games ? [...new Set(f.games)] : d.games,
    limits: { ...d.limits, ...defined(limits) },
    payTables,
    disabledNotes: f.disabledNotes ?? d.disabledNotes,
    voucher: { ...d.voucher, ...defined(f.voucher) },
    access: {
      maxPinFailures: f.access?.maxPinFailures ?? d.access.maxPinFailures,
      lockoutMs: f.access?.lockoutSeconds !== undefined ? f.access.lockoutSeconds * 1000 : d.access.lockoutMs,
    },
    defaultLanguage: f.defaultLanguage ?? d.defaultLanguage,
    presentation: { ...d.presentation, ...defined(f.presentation) },
  };
  // The same checks a technician's change at the cabinet meets (C-7), worded with the file's keys.
  const problems = settingsProblems(settings);
  if (problems.length > 0) throw new ConfigError(describeProblems(problems));
  const overWarning = returnOver100(settings.limits);
  if (overWarning && acknowledgeReturnOver100 !== true)
    throw new ConfigError(
      `limits.maxReturnPct ${settings.limits.maxReturnPct} is above 100: ${overWarning}; set limits.acknowledgeReturnOver100 to true if that is meant`,
    );
  const sas = parseSasConfig(
    f.devices === undefined || f.devices === 'simulated' ? undefined : f.devices.sas,
    settings,
    (m) => {
      throw new ConfigError(m);
    },
  );
  return {
    settings,
    initialPin: f.access?.initialPin ?? '0000',
    devices: deviceChoices(f.devices),
    sas,
    display: { hideCursor: f.display?.hideCursor === true },
    store: storePlaces(f.store ?? {}, file),
    file,
    recordedReturns,
    warnings: overWarning ? [`limits.maxReturnPct ${settings.limits.maxReturnPct}: ${overWarning} (acknowledged)`] : [],
  };
}

/** The fields given, without those left undefined (which would hide a default). */
const defined = <T extends object>(o: T | undefined): Partial<T> =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

function storePlaces(input: NonNullable<ConfigFile['store']>, file: string | null): StorePlaces {
  const place = (v: string | undefined): string | null =>
    v === undefined ? null : isAbsolute(v) || file === null ? v : resolve(dirname(file), v);
  const a = input.anchor;
  const anchor =
    a === undefined
      ? null
      : a === 'none'
        ? 'none'
        : { tcti: parseTcti(a.tcti)!, index: a.index ? Number(a.index) : null };
  const r = input.retention;
  const retention = r === undefined ? null : { archive: place(r.archive)!, events: r.events, days: r.days };
  return { keyFile: place(input.keyFile), mirror: place(input.mirror), anchor, retention };
}

const allSimulated = (): DeviceChoices => ({
  acceptor: 'simulated',
  acceptorProtocol: 'id003',
  printer: 'simulated',
  printerProtocol: 'escpos',
  deck: 'simulated',
});

function deviceChoices(input: ConfigFile['devices']): DeviceChoices {
  if (input === undefined || input === 'simulated') return allSimulated();
  const choice = (c: (typeof input)['deck']): SerialLine | 'simulated' =>
    c === 'simulated' ? 'simulated' : typeof c === 'string' ? { path: c } : (defined(c) as SerialLine);
  const a = input.acceptor;
  const { protocol = 'id003', ...line } = typeof a === 'object' ? a : { path: a };
  const p = input.printer;
  const { protocol: printerProtocol = 'escpos', ...printer } = typeof p === 'object' ? p : { path: p };
  return {
    acceptor: line.path === 'simulated' ? 'simulated' : (defined(line) as SerialLine),
    acceptorProtocol: protocol,
    printer: printer.path === 'simulated' ? 'simulated' : (defined(printer) as SerialLine),
    printerProtocol,
    deck: choice(input.deck),
  };
}

/** The devices that are simulated: none may be in the packaged app (a real cabinet). */
export const simulatedDevices = (devices: DeviceChoices): DeviceName[] =>
  DEVICE_NAMES.filter((name) => devices[name] === 'simulated');

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

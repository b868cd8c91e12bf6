// C-7: operator settings change two ways. The config file is a baseline: at every start only
// what the operator edited in it since it was last applied overrides the cabinet's settings, so
// a technician's change at the cabinet survives restarts until someone edits that key in the
// file. The technician changes settings with a confirmed wish, checked like the file.
// Groups (limits, voucher, access, payTables, presentation) are compared member by member; every change is
// logged with the old value, the new one and who made it.

import { byGame, type GameId } from '../core';
import { technician } from './access';
import { samePayTable } from './installed-tables';
import { meterDef } from './meters';
import type { SettingsWish } from './inputs';
import { GAME_NAMES, returnOutOfRange, tableName, type ConfigReturns } from './return-range';
import type { TableReturn } from './table-return';
import { changeSasSettings } from './sas';
import { describeProblems, settingsProblems } from './settings-check';
import type { CabinetSettings, InstalledPayTable } from './settings';
import { gameInProgress, type CabinetState } from './state';
import { addTilt } from './tilts';
import { refusal, type Outcome, type Transition } from './transition';

export interface SettingChange {
  /** "currency", or a group member such as "limits.maxBet". */
  key: string;
  from: unknown;
  to: unknown;
}

type Loose = Record<string, unknown>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const isGroup = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "limits.maxBet" as its group and member; a top-level key such as "currency" has no member. */
function keyParts(key: string): [top: string, member: string | undefined] {
  const dot = key.indexOf('.');
  return dot < 0 ? [key, undefined] : [key.slice(0, dot), key.slice(dot + 1)];
}

function valueAt(s: CabinetSettings, key: string): unknown {
  const [top, member] = keyParts(key);
  const v = (s as unknown as Loose)[top];
  return member === undefined ? v : isGroup(v) ? v[member] : undefined;
}

function withValue(s: CabinetSettings, key: string, value: unknown): CabinetSettings {
  const [top, member] = keyParts(key);
  const loose = s as unknown as Loose;
  const next = member === undefined ? value : { ...(loose[top] as Loose), [member]: value };
  return { ...loose, [top]: next } as unknown as CabinetSettings;
}

function leaves(s: CabinetSettings): string[] {
  return Object.entries(s).flatMap(([k, v]) => (isGroup(v) ? Object.keys(v).map((m) => `${k}.${m}`) : [k]));
}

/** What differs from `from` in `to`, leaf by leaf. */
export function settingsDiff(from: CabinetSettings, to: CabinetSettings): SettingChange[] {
  return leaves(to)
    .filter((key) => !same(valueAt(from, key), valueAt(to, key)))
    .map((key) => ({ key, from: valueAt(from, key), to: valueAt(to, key) }));
}

/** New settings in force; the player's choices follow them, and a game in progress keeps its own. */
function adopt(
  tx: Transition,
  settings: CabinetSettings,
  changes: SettingChange[],
  source: string,
  reasons: Record<string, string> = {},
): void {
  for (const c of changes)
    tx.log('config', {
      key: c.key,
      from: c.from,
      to: c.to,
      source,
      ...(reasons[c.key] ? { reason: reasons[c.key] } : {}),
    });
  const s = tx.state;
  const busy = gameInProgress(s);
  tx.set({
    settings,
    chipValue: settings.chipValues.includes(s.chipValue) || busy ? s.chipValue : settings.chipValues[0],
    selectedGame: settings.games.includes(s.selectedGame) ? s.selectedGame : settings.games[0],
    jacksBet: Math.min(s.jacksBet, settings.limits.maxBet),
    pokerPlusBoxes: s.pokerPlusBoxes.map((b) => ({
      ...b,
      ante: Math.min(Math.max(b.ante, settings.limits.minAnte), settings.limits.maxAnte),
    })),
  });
}

/** The settings the config file's `config` leads to, given what was applied from it before. */
export function settingsFromConfig(
  current: CabinetSettings,
  config: CabinetSettings,
  baseline: CabinetSettings | null,
): CabinetSettings {
  if (baseline === null) return config;
  let next = settingsDiff(baseline, config).reduce((s, c) => withValue(s, c.key, c.to), current);
  const problems = settingsProblems(next);
  if (problems.length > 0) {
    // The operator's edit and a technician's change do not fit together (a new maxAnte below
    // the technician's minAnte): the file's whole group wins, since the file alone is sound.
    for (const top of new Set(problems.map((p) => keyParts(p.key)[0]))) {
      next = withValue(next, top, valueAt(config, top));
    }
    if (settingsProblems(next).length > 0) next = config;
  }
  return next;
}

/** C-1: why the currency cannot change now (money on the machine would be re-read in another), or null. */
function currencyHeld(s: CabinetState): string | null {
  if (s.balance !== 0 || s.note || s.voucher || s.handpay || gameInProgress(s)) {
    return 'the currency changes only with a zero balance and no game, note, voucher or handpay pending';
  }
  // Meters count minor units: kept across the change they would be read in the new currency.
  const counted = Object.entries(s.meters.lifetime).some(
    ([name, value]) => value !== 0 && meterDef(name)?.unit === 'money',
  );
  return counted
    ? 'the currency changes only after a RAM clear: the lifetime meters hold money counted in the old one'
    : null;
}

const TABLE_KEY = byGame((g) => g.settingsKey);

/** C-24: what is known of the return of the table a game would play. */
function returnOf(
  game: GameId,
  settings: CabinetSettings,
  installed: readonly InstalledPayTable[],
  config: CabinetSettings,
  configReturns: ConfigReturns,
): TableReturn | null {
  const table = settings.payTables[TABLE_KEY[game]];
  const twin = installed.find((t) => t.game === game && samePayTable(t.table, table));
  if (twin) return twin.rtp;
  return samePayTable(table, config.payTables[TABLE_KEY[game]]) ? configReturns[game] : null;
}

/**
 * The `settings` input: the config file as it is now, the pay tables installed, and the return
 * of each table the file names (C-24). A file whose own table is outside the return range is
 * refused whole (the app refuses it before the database opens; this holds if it did not).
 */
export function applySettings(
  tx: Transition,
  config: CabinetSettings,
  source: string,
  installed: InstalledPayTable[],
  configReturns: ConfigReturns,
): Outcome {
  // C-24 judges the games offered: a game left out of `games` plays no table.
  for (const game of config.games) {
    const problem = returnOutOfRange(config.limits, configReturns[game]);
    if (problem)
      return refusal(
        'C-24',
        `${GAME_NAMES[game]} pay table ${tableName(installed, config.payTables[TABLE_KEY[game]])} ${problem}`,
      );
  }
  const s = tx.state;
  // The settings read back from the database meet the same check as the file and the technician:
  // a value that fails it was never allowed in, so play stops until a technician has looked.
  // The file's groups then replace the failing ones below (settingsFromConfig), logged as changes.
  // A setting the stored ones lack altogether was added by a newer release (the return range
  // of C-24, the presentation group): not a value that fails, it takes the file's, logged below.
  const stored = settingsProblems(withAddedSettings(s.settings, config));
  if (stored.length > 0)
    addTilt(tx, { kind: 'settings' }, `the stored settings fail their check: ${describeProblems(stored)}`);
  let next = settingsFromConfig(s.settings, config, s.configApplied ?? null);
  let applied = config;
  const held =
    next.currency !== s.settings.currency || next.minorDigits !== s.settings.minorDigits ? currencyHeld(s) : null;
  if (held) {
    // The file's currency waits, the rest applies; the baseline keeps the currency in force, so
    // every start tries the edit again until the machine holds no money.
    const money = { currency: s.settings.currency, minorDigits: s.settings.minorDigits };
    next = { ...next, ...money };
    applied = { ...config, ...money };
    tx.log('config', {
      key: 'currency',
      from: money,
      to: { currency: config.currency, minorDigits: config.minorDigits },
      source,
      held: true,
      reason: held,
    });
  }
  // C-24: a table kept from a technician's choice whose return is no longer known, or no longer
  // inside the range (a table since uninstalled, a range since narrowed), gives way to the file's.
  const reasons: Record<string, string> = {};
  for (const game of next.games) {
    const key = TABLE_KEY[game];
    const problem = returnOutOfRange(next.limits, returnOf(game, next, installed, config, configReturns));
    if (!problem) continue;
    reasons[`payTables.${key}`] =
      `C-24: ${GAME_NAMES[game]} pay table ${tableName(installed, next.payTables[key], 'in play until now, not installed')} ${problem}`;
    next = { ...next, payTables: { ...next.payTables, [key]: config.payTables[key] } };
  }
  // Unchanged inputs leave the state as it was, so a restart with the same file commits nothing new.
  // (A state saved before these fields existed has them undefined, which differs from anything.)
  if (!same(s.configApplied, applied)) tx.set({ configApplied: applied });
  if (!same(s.installedPayTables, installed)) tx.set({ installedPayTables: installed });
  const changes = settingsDiff(s.settings, next);
  if (changes.length > 0) adopt(tx, next, changes, source, reasons);
  return null;
}

/** The stored settings with every group or member they lack taken from `config`; what they hold is kept. */
function withAddedSettings(stored: CabinetSettings, config: CabinetSettings): CabinetSettings {
  const loose = stored as unknown as Loose;
  const filled: Loose = { ...loose };
  for (const [key, value] of Object.entries(config)) {
    if (!(key in loose)) filled[key] = value;
    else if (isGroup(value) && isGroup(loose[key])) filled[key] = { ...value, ...(loose[key] as Loose) };
  }
  return filled as unknown as CabinetSettings;
}

/** A group with the members a wish gives (an absent or undefined member keeps its value). */
function overlay<T extends object>(group: T, given: Partial<T>): T {
  return { ...group, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
}

/** C-7, C-21: the technician's confirmed change at the cabinet. */
export function changeSettings(tx: Transition, wish: SettingsWish): Outcome {
  const no = technician(tx);
  if (no) return no;
  const s = tx.state;
  if (gameInProgress(s)) return refusal('C-7', 'settings cannot change during a game');
  const was = s.settings;
  let next: CabinetSettings = { ...was };
  if (wish.chipValues !== undefined) next.chipValues = [...wish.chipValues];
  if (wish.limits !== undefined) {
    // C-24: the return range is the operator's, kept in the config file out of the machine's reach.
    const range = Object.entries(wish.limits).find(
      ([k, v]) => v !== undefined && (k === 'minReturnPct' || k === 'maxReturnPct'),
    );
    if (range)
      return refusal('C-24', `limits.${range[0]} (the operator's return range) is set in the config file only`);
    next.limits = overlay(was.limits, wish.limits);
  }
  for (const [game, id] of Object.entries(wish.payTables ?? {}) as [GameId, string | undefined][]) {
    if (id === undefined) continue;
    const table = (s.installedPayTables ?? []).find((t) => t.id === id);
    if (!table) return refusal('C-7', `no pay table "${id}" is installed`);
    if (table.game !== game) return refusal('C-7', `pay table "${id}" is for ${table.game}, not ${game}`);
    const outside = returnOutOfRange(was.limits, table.rtp);
    if (outside) return refusal('C-24', `${GAME_NAMES[game]} pay table "${id}" (${table.name}) ${outside}`);
    next = { ...next, payTables: { ...next.payTables, [TABLE_KEY[game]]: table.table } };
  }
  if (wish.games !== undefined) next.games = [...wish.games];
  if (wish.defaultLanguage !== undefined) next.defaultLanguage = wish.defaultLanguage;
  if (wish.currency !== undefined) next.currency = wish.currency;
  if (wish.minorDigits !== undefined) next.minorDigits = wish.minorDigits;
  if (wish.venue !== undefined) next.voucher = { ...next.voucher, venue: wish.venue };
  if (wish.machine !== undefined) next.voucher = { ...next.voucher, machine: wish.machine };
  if (wish.presentation !== undefined) next.presentation = overlay(was.presentation, wish.presentation);

  const moneyChanges = next.currency !== was.currency || next.minorDigits !== was.minorDigits;
  const held = moneyChanges ? currencyHeld(s) : null;
  if (held) return refusal('C-1', held);
  const problems = settingsProblems(next);
  if (problems.length > 0) return refusal('C-7', describeProblems(problems));
  // C-24: a game newly offered plays its table from now on, judged as a table chosen here is: by
  // the installed table it is (a table the cabinet knows no return of cannot be offered).
  for (const game of next.games.filter((g) => !was.games.includes(g))) {
    const table = next.payTables[TABLE_KEY[game]];
    const twin = (s.installedPayTables ?? []).find((t) => t.game === game && samePayTable(t.table, table));
    const outside = returnOutOfRange(was.limits, twin?.rtp ?? null);
    if (outside)
      return refusal(
        'C-24',
        `${GAME_NAMES[game]} cannot be offered: its pay table ${tableName(s.installedPayTables ?? [], table)} ${outside}`,
      );
  }
  const changes = settingsDiff(was, next);
  // The link's settings are the cabinet's own, beside the operator settings (sas.ts).
  if (wish.sas !== undefined) {
    const no = changeSasSettings(tx, wish.sas);
    if (no) return no;
  }
  if (changes.length > 0) adopt(tx, next, changes, 'technician');
  return null;
}

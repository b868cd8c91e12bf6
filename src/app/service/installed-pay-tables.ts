// The pay tables installed on this cabinet (assets/paytables/*.json), offered to the technician
// with their return (C-24). Every file is checked as the cabinet starts; one that is broken
// refuses the start with the file named, since a technician must never be offered a table
// whose numbers nobody checked. A Poker Plus file carries the return a long simulation found,
// with its 95% interval. A Jacks or Better return is the cabinet's own, worked out exactly
// (the file's figure is for people; installed-returns.test.ts holds it to the par sheet): for
// the tables in play as the cabinet starts, and for the others when the technician first
// asks for the list, since each costs a par sheet.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePayTable, present, type JacksPayTable } from '../../core';
import { CUSTOM_PAY_TABLE, GAMES, samePayTable, type InstalledPayTable } from '../../cabinet';
import { parseRecordedReturn } from '../recorded-return';
import { packageRoot } from './package-root';
import { exactJacksReturns, exactJacksReturnsInTurns, knownJacksReturn } from './table-returns';
import type { TurnOptions } from '../../math/jacks-parsheets-in-turns';

export interface CertifiedPayTable {
  /** The table with its return (`rtp`), as the cabinet holds it against the range. */
  table: InstalledPayTable;
  file: string;
}

export interface PayTableCatalog {
  tables: readonly CertifiedPayTable[];
  /** What the runner's `settings` input carries. */
  installed: InstalledPayTable[];
}

export class PayTableError extends Error {
  constructor(message: string) {
    super(`pay tables: ${message}`);
    this.name = 'PayTableError';
  }
}

const FIELDS = ['id', 'game', 'name', 'table', 'returnPct', 'returnCi95', 'returnBasis'];
/** Fields every file has; `returnCi95` only a Poker Plus one with a return. */
const REQUIRED = ['id', 'game', 'name', 'table', 'returnPct', 'returnBasis'];
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const defaultPayTablesDir = (): string => join(packageRoot(), 'assets', 'paytables');

function parseFile(file: string, name: string): CertifiedPayTable {
  const fail = (problem: string): never => {
    throw new PayTableError(`${file}: ${problem}`);
  };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return fail(e instanceof SyntaxError ? `not JSON (${e.message})` : `cannot be read (${(e as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('must be an object');
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!FIELDS.includes(key)) fail(`"${key}" is not a known field (known: ${FIELDS.join(', ')})`);
  for (const key of REQUIRED) if (!(key in o)) fail(`"${key}" is missing`);
  const { id, game, name: title, returnPct, returnBasis } = o;
  if (typeof id !== 'string' || !ID.test(id)) return fail('id must be 1 to 64 lower-case letters, digits and hyphens');
  if (id === CUSTOM_PAY_TABLE) return fail(`id "${CUSTOM_PAY_TABLE}" is kept for a pay table given in the config file`);
  if (name !== `${id}.json`) return fail(`the file must be named after its id ("${id}.json")`);
  if (game !== 'jacks-or-better' && game !== 'poker-plus') return fail(`game must be one of ${GAMES.join(', ')}`);
  if (typeof title !== 'string' || title.trim() === '' || title.length > 80)
    return fail('name must be text of 1 to 80 characters');
  if (
    returnPct !== null &&
    (typeof returnPct !== 'number' || !Number.isFinite(returnPct) || returnPct <= 0 || returnPct >= 200)
  ) {
    return fail('returnPct must be a percentage above 0 and below 200, or null');
  }
  if (typeof returnBasis !== 'string' || returnBasis.trim() === '' || returnBasis.length > 400)
    return fail('returnBasis must be text of 1 to 400 characters');
  const parsed = parsePayTable(game, o.table);
  if (!parsed.ok) return fail(`table: ${parsed.error}`);
  if (game === 'jacks-or-better') {
    // Unknown until worked out (withExactReturns), whatever the file says.
    if ('returnCi95' in o) return fail('returnCi95 is for a simulated return; a Jacks or Better return is exact');
    return { table: { id, game, name: title, table: parsed.table as JacksPayTable, rtp: null }, file };
  }
  if (returnPct === null) {
    if ('returnCi95' in o) return fail('returnCi95 without a returnPct');
    return { table: { id, game, name: title, table: parsed.table, rtp: null } as InstalledPayTable, file };
  }
  const recorded = parseRecordedReturn(o);
  if (!recorded.ok) return fail(recorded.error);
  return { table: { id, game, name: title, table: parsed.table, rtp: recorded.rtp } as InstalledPayTable, file };
}

/**
 * The installed tables with the exact return of the Jacks or Better ones among `tables` (every
 * one when omitted) worked out, in one pass for those not met before in this process.
 */
export function withExactReturns(
  installed: readonly InstalledPayTable[],
  tables?: readonly JacksPayTable[],
): InstalledPayTable[] {
  const wanted = installed.filter(
    (t) => t.game === 'jacks-or-better' && (tables === undefined || tables.some((x) => samePayTable(x, t.table))),
  );
  const returns = exactJacksReturns(wanted.map((t) => t.table as JacksPayTable));
  return installed.map((t) => {
    const i = wanted.indexOf(t);
    return i < 0 ? t : { ...t, rtp: present(returns[i], `the exact return of ${t.id}`) };
  });
}

/** The catalog with every return known: what the technician chooses from. */
export function fullyRated(catalog: PayTableCatalog): PayTableCatalog {
  return rated(catalog, withExactReturns(catalog.installed));
}

/** The same, worked out in turns of the event loop (a running cabinet); null when cancelled. */
export async function fullyRatedInTurns(
  catalog: PayTableCatalog,
  options: TurnOptions = {},
): Promise<PayTableCatalog | null> {
  const jacks = catalog.installed.filter((t) => t.game === 'jacks-or-better');
  const returns = await exactJacksReturnsInTurns(
    jacks.map((t) => t.table as JacksPayTable),
    options,
  );
  if (!returns) return null;
  return rated(
    catalog,
    catalog.installed.map((t) =>
      t.game === 'jacks-or-better'
        ? { ...t, rtp: present(returns[jacks.indexOf(t)], `the exact return of ${t.id}`) }
        : t,
    ),
  );
}

/** The catalog with the Jacks or Better returns already worked out in this process, and no other. */
export function withKnownReturns(catalog: PayTableCatalog): PayTableCatalog {
  return rated(
    catalog,
    catalog.installed.map((t) =>
      t.game === 'jacks-or-better' ? { ...t, rtp: knownJacksReturn(t.table as JacksPayTable) } : t,
    ),
  );
}

/** `installed` is the catalog's own list with returns added, entry for entry. */
function rated(catalog: PayTableCatalog, installed: InstalledPayTable[]): PayTableCatalog {
  return ordered(catalog.tables.map((t, i) => ({ ...t, table: present(installed[i], `the rated ${t.table.id}`) })));
}

/** Per game, the highest return first: the order the technician chooses from. */
function ordered(tables: CertifiedPayTable[]): PayTableCatalog {
  const sorted = [...tables].sort(
    (a, b) =>
      GAMES.indexOf(a.table.game) - GAMES.indexOf(b.table.game) ||
      (b.table.rtp?.pct ?? -1) - (a.table.rtp?.pct ?? -1) ||
      a.table.id.localeCompare(b.table.id),
  );
  return { tables: sorted, installed: sorted.map((t) => t.table) };
}

/** Reads and checks every *.json file of the folder; throws PayTableError naming the file at fault. */
export function loadPayTables(dir: string): PayTableCatalog {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch (e) {
    throw new PayTableError(`cannot read the folder ${dir}: ${(e as Error).message}`);
  }
  if (names.length === 0) throw new PayTableError(`${dir} holds no pay table (*.json)`);
  const parsed: CertifiedPayTable[] = [];
  for (const name of names) {
    const entry = parseFile(join(dir, name), name);
    const twin = parsed.find((t) => samePayTable(t.table.table, entry.table.table));
    if (twin)
      throw new PayTableError(
        `${entry.file}: the same table as ${twin.file} (one id per table, or the config's table could not be named)`,
      );
    parsed.push(entry);
  }
  return ordered(parsed);
}

let installed: PayTableCatalog | null = null;

/** The package's own assets/paytables, read once per process. */
export function installedPayTables(): PayTableCatalog {
  installed ??= loadPayTables(defaultPayTablesDir());
  return installed;
}

// The pay tables installed on this cabinet (assets/paytables/*.json), offered to the technician
// with their return (C-24). Every file is checked as the cabinet starts; one that is broken
// refuses the start with the file named, since a technician must never be offered a table
// whose numbers nobody checked. A Poker Plus file carries best play's return, the upper estimate
// `parsheet poker-plus --best` measured, with the run that measured it and the default strategy's
// return beside it (src/app/recorded-return.ts). A video-poker family's return is the cabinet's own, worked out exactly
// (the file's figure is for people; installed-returns.test.ts holds it to the par sheet): for
// the tables in play as the cabinet starts, and for the others when the technician first
// asks for the list, since each costs a par sheet.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isVideoPokerId, parsePayTable, present } from '../../core';
import { CUSTOM_PAY_TABLE, GAMES, samePayTable, type InstalledPayTable } from '../../cabinet';
import { z } from 'zod';
import { check } from '../../cabinet/vocabulary/check';
import { EXACT_BASIS as EXACT_BASIS_FILE, POKER_PLUS_RETURN, parseRecordedReturn } from '../recorded-return';
import { packageRoot } from './package-root';
import { builtInTableKeys } from './paytable-keys';
import { SIGNATURE, verifyTable } from './paytable-signature';
import type { KeyObject } from 'node:crypto';
import { exactReturns, exactReturnsInTurns, knownReturn, type VideoPokerTable } from './table-returns';
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

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const TEXT = (max: number) =>
  z
    .string({ error: `must be text of 1 to ${max} characters` })
    .refine((s) => s.trim() !== '' && s.length <= max, { error: `must be text of 1 to ${max} characters` });

/** What every file starts with; the rest depends on the game. */
const HEAD = z.object({
  id: z
    .string({ error: 'must be 1 to 64 lower-case letters, digits and hyphens' })
    .regex(ID, { error: 'must be 1 to 64 lower-case letters, digits and hyphens' })
    .refine((id) => id !== CUSTOM_PAY_TABLE, {
      error: `"${CUSTOM_PAY_TABLE}" is kept for a pay table given in the config file`,
    }),
  game: z.enum(GAMES, { error: `must be one of ${GAMES.join(', ')}` }),
  name: z
    .string({ error: 'must be text of 1 to 80 characters' })
    .refine((s) => s.trim() !== '' && s.length <= 80, { error: 'must be text of 1 to 80 characters' }),
});
const BODY = {
  ...HEAD.shape,
  table: z.unknown().refine((t) => t !== undefined, { error: 'is missing' }),
  signature: SIGNATURE.optional(),
};

/**
 * A video-poker family's file: its return is exact, best play by construction. The cabinet works it
 * out itself from the par sheet whatever the file says (installed-returns.test.ts holds the
 * file's figure to it); null leaves it unwritten.
 */
const VIDEO_POKER_FILE = z.strictObject({
  ...BODY,
  returnPct: z
    .number({ error: 'must be a percentage above 0 and below 200, or null' })
    .gt(0, { error: 'must be a percentage above 0 and below 200, or null' })
    .lt(200, { error: 'must be a percentage above 0 and below 200, or null' })
    .nullable(),
  returnBasis: EXACT_BASIS_FILE,
});
/** A Poker Plus file: best play's return (or typical play's, said so) with typical play beside it. */
const POKER_PLUS_FILE = z.strictObject({ ...BODY, ...POKER_PLUS_RETURN });
/** A Poker Plus file whose return nobody measured: listed, never put in play. */
const POKER_PLUS_UNRATED = z.strictObject({ ...BODY, returnPct: z.null(), returnBasis: TEXT(400) });

export const defaultPayTablesDir = (): string => join(packageRoot(), 'assets', 'paytables');

function fileSchema(o: Record<string, unknown>) {
  if (isVideoPokerId(o.game)) return VIDEO_POKER_FILE;
  return o.returnPct === null ? POKER_PLUS_UNRATED : POKER_PLUS_FILE;
}

function parseFile(file: string, name: string, keys: readonly KeyObject[]): CertifiedPayTable | null {
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
  const told = (problem: string | null): void => {
    if (problem) fail(problem.replace(/^\./, ''));
  };
  told(check(HEAD, o, ''));
  const { id, game, name: title } = HEAD.parse(o);
  if (name !== `${id}.json`) return fail(`the file must be named after its id ("${id}.json")`);
  const basis = o.returnBasis;
  if (isVideoPokerId(game) && typeof basis === 'object' && basis !== null && !Array.isArray(basis))
    if ((basis as Record<string, unknown>).play !== 'exact')
      return fail(
        'returnBasis.play must be "exact": a video-poker return is best play by construction (the par sheet)',
      );
  told(check(fileSchema(o), o, ''));
  const parsed = parsePayTable(game, o.table);
  if (!parsed.ok) return fail(`table: ${parsed.error}`);
  const recorded = isVideoPokerId(game) || o.returnPct === null ? null : parseRecordedReturn(o);
  if (recorded && !recorded.ok) return fail(recorded.error);
  // Whole and well formed; its figures are trusted only under a signature that verifies.
  const refused = signatureProblem(verifyTable(o, keys), game);
  if (refused)
    return { table: { id, game, name: title, table: parsed.table, rtp: null, refused } as InstalledPayTable, file };
  if (isVideoPokerId(game))
    // Unknown until worked out (withExactReturns), whatever the file says.
    return { table: { id, game, name: title, table: parsed.table, rtp: null } as InstalledPayTable, file };
  if (!recorded) return { table: { id, game, name: title, table: parsed.table, rtp: null } as InstalledPayTable, file };
  return { table: { id, game, name: title, table: parsed.table, rtp: recorded.rtp } as InstalledPayTable, file };
}

/**
 * Why a table file's figures cannot be trusted, or null. Unsigned, a video-poker table is
 * measured here as ever (its return is the par sheet's, whatever the file says); any other game's
 * recorded return is no one's word, and the table waits for a measurement of its own.
 */
function signatureProblem(
  verdict: ReturnType<typeof verifyTable>,
  game: InstalledPayTable['game'],
): InstalledPayTable['refused'] | null {
  if (verdict.state === 'broken') return { cause: 'signature', why: `refused: ${verdict.problem}` };
  if (verdict.state === 'unsigned' && !isVideoPokerId(game))
    return {
      cause: 'unsigned',
      why: 'not signed: its return must be measured on this cabinet before it can be put in play',
    };
  return null;
}

/** A video-poker family's table the cabinet may work out a return for: not refused. */
const ratable = (t: InstalledPayTable): boolean => isVideoPokerId(t.game) && t.refused === undefined;

/**
 * The installed tables with the exact return of the video-poker ones among `tables` (every
 * one when omitted) worked out, in one pass for those not met before in this process.
 */
export function withExactReturns(
  installed: readonly InstalledPayTable[],
  tables?: readonly VideoPokerTable[],
): InstalledPayTable[] {
  const wanted = installed.filter(
    (t) => ratable(t) && (tables === undefined || tables.some((x) => samePayTable(x, t.table))),
  );
  const returns = exactReturns(wanted.map((t) => t.table as VideoPokerTable));
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
  const families = catalog.installed.filter(ratable);
  const returns = await exactReturnsInTurns(
    families.map((t) => t.table as VideoPokerTable),
    options,
  );
  if (!returns) return null;
  return rated(
    catalog,
    catalog.installed.map((t) =>
      ratable(t) ? { ...t, rtp: present(returns[families.indexOf(t)], `the exact return of ${t.id}`) } : t,
    ),
  );
}

/** The catalog with the video-poker returns already worked out in this process, and no other. */
export function withKnownReturns(catalog: PayTableCatalog): PayTableCatalog {
  return rated(
    catalog,
    catalog.installed.map((t) => (ratable(t) ? { ...t, rtp: knownReturn(t.table as VideoPokerTable) } : t)),
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

/**
 * Reads and checks every *.json file of the folder; throws PayTableError naming the file at fault.
 * A file whose signature does not verify under `keys` is listed, refused, never put in play.
 */
export function loadPayTables(dir: string, keys: readonly KeyObject[] = builtInTableKeys()): PayTableCatalog {
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
    const entry = parseFile(join(dir, name), name, keys);
    if (entry === null) continue;
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

// A family's pay table (J-5, J-6): a coefficient per category, paid per chip bet, and J-6's
// royal at max bet. Its shape is declared in zod from the family's categories, so a table names
// exactly the family's categories and nothing else.

import { z } from 'zod';
import { MAX_COEFFICIENT, ROYAL_AT_MAX_BET_KEY } from '../paytable';
import type { Coefficients, VideoPokerFamily } from './family';

export interface VideoPokerPayTable<C extends string = string> {
  game: string;
  coefficients: Coefficients<C>;
  /** J-6: the royal's coefficient when the bet is the maximum. */
  royalAtMaxBet?: number;
}

const COEFFICIENT = z
  .number({ error: `must be a whole number from 0 to ${MAX_COEFFICIENT}` })
  .int({ error: `must be a whole number from 0 to ${MAX_COEFFICIENT}` })
  .min(0, { error: `must be a whole number from 0 to ${MAX_COEFFICIENT}` })
  .max(MAX_COEFFICIENT, { error: `must be a whole number from 0 to ${MAX_COEFFICIENT}` });

/**
 * The table object of a pay table file ({category id: coefficient, "royal-flush-max-bet"?}):
 * missing categories keep the family's defaults, as core's parsePayTable does for Jacks or Better.
 */
export function payTableInputSchema(family: VideoPokerFamily) {
  const shape: Record<string, z.ZodOptional<typeof COEFFICIENT>> = {};
  for (const id of family.categories) shape[id] = COEFFICIENT.optional();
  shape[ROYAL_AT_MAX_BET_KEY] = COEFFICIENT.optional();
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.map((k) => `"${k}"`).join(', ')} is not a ${family.game} category (expected one of ${family.categories.join(', ')})`
        : 'must be an object from category id to coefficient',
  });
}

/** The table as the cabinet keeps it: every category present, the game named. */
export function payTableSchema(family: VideoPokerFamily) {
  const coefficients: Record<string, typeof COEFFICIENT> = {};
  for (const id of family.categories) coefficients[id] = COEFFICIENT;
  return z.strictObject({
    game: z.literal(family.game, { error: `must be "${family.game}"` }),
    coefficients: z.strictObject(coefficients),
    royalAtMaxBet: COEFFICIENT.optional(),
  });
}

export type PayTableResult = { ok: true; table: VideoPokerPayTable } | { ok: false; error: string };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'is not a pay table';
  const where = issue.path.map(String).join('.');
  return where ? `"${where}" ${issue.message}` : issue.message;
}

/** Reads a table object of a pay table file for the family; the error names the key at fault. */
export function parseFamilyPayTable(family: VideoPokerFamily, input: unknown): PayTableResult {
  const parsed = payTableInputSchema(family).safeParse(input);
  if (!parsed.success) return { ok: false, error: `paytable: ${firstIssue(parsed.error)}` };
  const coefficients: Record<string, number> = { ...family.defaultTable.coefficients };
  let royalAtMaxBet = family.defaultTable.royalAtMaxBet;
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value === undefined) continue;
    if (key === ROYAL_AT_MAX_BET_KEY) royalAtMaxBet = value;
    else coefficients[key] = value;
  }
  const table: VideoPokerPayTable = { game: family.game, coefficients };
  if (royalAtMaxBet !== undefined) table.royalAtMaxBet = royalAtMaxBet;
  return { ok: true, table };
}

/** What is wrong with a kept table for the family, or null. */
export function familyPayTableProblem(family: VideoPokerFamily, table: unknown): string | null {
  const parsed = payTableSchema(family).safeParse(table);
  return parsed.success ? null : firstIssue(parsed.error);
}

/** J-5, J-6: the coefficient per chip of category number `category` at this bet. */
export function familyCoefficient(
  family: VideoPokerFamily,
  table: VideoPokerPayTable,
  category: number,
  bet: number,
  maxBet: number,
): number {
  const id = family.categories[category];
  if (id === undefined) throw new RangeError(`${family.game} has no category ${category}`);
  if (id === family.royal && bet === maxBet && table.royalAtMaxBet !== undefined) return table.royalAtMaxBet;
  const coefficient = table.coefficients[id];
  if (coefficient === undefined) throw new RangeError(`${family.game} pay table has no coefficient for ${id}`);
  return coefficient;
}

/** Coefficients by category number at this bet (the analyses play max bet: 5 of 5). */
export function coefficientsAt(family: VideoPokerFamily, table: VideoPokerPayTable, bet = 5, maxBet = 5): Float64Array {
  return Float64Array.from(family.categories, (_, i) => familyCoefficient(family, table, i, bet, maxBet));
}

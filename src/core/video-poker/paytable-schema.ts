// The shape of a family's pay table, declared in zod from the family's categories, so that a
// table names exactly the family's categories and nothing else (coefficients.ts reads it).

import { z } from 'zod';
import { MAX_COEFFICIENT, ROYAL_AT_MAX_BET_KEY } from '../paytable';
import type { VideoPokerFamily } from './family';
import type { VideoPokerPayTable } from './coefficients';

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

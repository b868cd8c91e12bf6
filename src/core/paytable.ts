// Pay tables as validated data (J-5, J-6, P-12): one coefficient per category, paid per chip
// staked and returned on top of the stake. Each game declares its table's shape (its categories,
// its defaults, an extra coefficient such as J-6's royal at max bet) and reads it here.

export const MAX_COEFFICIENT = 1_000_000;

/** The extra key a video-poker pay table object may carry for J-6's royal at max bet. */
export const ROYAL_AT_MAX_BET_KEY = 'royal-flush-max-bet';

export type PayTableParse<T> = { ok: true; table: T } | { ok: false; error: string };

/** A game's pay table: its game, a coefficient for each of its categories, an optional extra. */
export interface PayTableShape<G extends string, C extends string> {
  game: G;
  /** The game's categories, lowest first. */
  categories: readonly C[];
  defaults: Readonly<Record<C, number>>;
  /** One more coefficient the table may carry: its key in a file, its field in the table. */
  extra?: { key: string; field: string };
}

export type ShapedPayTable<G extends string, C extends string> = {
  game: G;
  coefficients: Readonly<Record<C, number>>;
} & { [field: string]: unknown };

const isCoefficient = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_COEFFICIENT;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Reads a pay table object ({category id: coefficient}); missing categories keep the game's
 * defaults. Unknown keys and anything but whole coefficients in 0..1,000,000 are refused.
 */
export function readPayTable<G extends string, C extends string, T>(
  shape: PayTableShape<G, C>,
  input: unknown,
): PayTableParse<T> {
  if (!isPlainObject(input)) return { ok: false, error: 'paytable must be an object from category id to coefficient' };
  const ids: readonly string[] = shape.categories;
  const coefficients: Record<string, number> = { ...shape.defaults };
  const table: Record<string, unknown> = { game: shape.game, coefficients };
  for (const [key, value] of Object.entries(input)) {
    if (!ids.includes(key) && key !== shape.extra?.key) {
      return {
        ok: false,
        error: `paytable: "${key}" is not a ${shape.game} category (expected one of ${ids.join(', ')})`,
      };
    }
    if (!isCoefficient(value)) {
      return { ok: false, error: `paytable: "${key}" must be a whole number from 0 to ${MAX_COEFFICIENT}` };
    }
    if (shape.extra && key === shape.extra.key) table[shape.extra.field] = value;
    else coefficients[key] = value;
  }
  return { ok: true, table: table as T };
}

/**
 * What is wrong with a pay table as the cabinet keeps it ({game, coefficients, and the extra's
 * field}), or null: every category of the game present with a coefficient readPayTable would
 * accept, and nothing else. Stored settings are read back through this, so an edited table is
 * not obeyed.
 */
export function payTableShapeProblem<G extends string, C extends string>(
  shape: PayTableShape<G, C>,
  table: unknown,
): string | null {
  const game = shape.game;
  if (!isPlainObject(table)) return 'must be a pay table object';
  const allowed = ['game', 'coefficients', ...(shape.extra ? [shape.extra.field] : [])];
  const extra = Object.keys(table).find((k) => !allowed.includes(k));
  if (extra !== undefined) return `has "${extra}", which is not part of a ${game} pay table`;
  if (table.game !== game) return `is for ${String(table.game)}, not ${game}`;
  const c = table.coefficients;
  if (!isPlainObject(c)) return 'must have coefficients by category';
  const ids: readonly string[] = shape.categories;
  const keys = Object.keys(c);
  const unknown = keys.find((k) => !ids.includes(k));
  if (unknown !== undefined) return `"${unknown}" is not a ${game} category`;
  const missing = ids.find((k) => !keys.includes(k));
  if (missing !== undefined) return `has no coefficient for "${missing}"`;
  const bad = ids.find((k) => !isCoefficient(c[k]));
  if (bad !== undefined) return `"${bad}" must be a whole number from 0 to ${MAX_COEFFICIENT}`;
  if (shape.extra && table[shape.extra.field] !== undefined && !isCoefficient(table[shape.extra.field]))
    return `"${shape.extra.key}" must be a whole number from 0 to ${MAX_COEFFICIENT}`;
  return null;
}

// A family's pay table as the rules read it (J-5, J-6): a coefficient per category, paid per chip
// bet, and J-6's royal at max bet. Its shape in zod is paytable-schema.ts, apart: the par sheet
// and the hint read tables without loading zod (about 0.2 s of a command's start).

import type { Coefficients, VideoPokerFamily } from './family';

export interface VideoPokerPayTable<C extends string = string> {
  game: string;
  coefficients: Coefficients<C>;
  /** J-6: the royal's coefficient when the bet is the maximum. */
  royalAtMaxBet?: number;
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

// A family's pay table read from a file and checked as kept (J-5, J-6): its shape is the family's
// categories, its defaults the module's default table, and J-6's royal at max bet the extra key.

import {
  payTableShapeProblem,
  readPayTable,
  ROYAL_AT_MAX_BET_KEY,
  type PayTableParse,
  type PayTableShape,
} from '../../paytable';
import { familyCoefficient } from '../../video-poker/coefficients';
import type { VideoPokerFamily } from '../../video-poker/family';
import type { FamilyPayTable } from './engine';

export interface FamilyPayTableReader<G extends string, C extends string> {
  readonly shape: PayTableShape<G, C>;
  parse(input: unknown): PayTableParse<FamilyPayTable<G, C>>;
  problem(table: unknown): string | null;
  /** The coefficient a category pays per chip at a bet (J-5, J-6's royal at max bet). */
  coefficient(table: FamilyPayTable<G, C>, category: C, bet: number, maxBet: number): number;
}

export function familyPayTableReader<G extends string, C extends string>(
  family: VideoPokerFamily<C, G>,
  defaults: FamilyPayTable<G, C>,
): FamilyPayTableReader<G, C> {
  const shape: PayTableShape<G, C> = {
    game: family.game,
    categories: family.categories,
    defaults: defaults.coefficients,
    extra: { key: ROYAL_AT_MAX_BET_KEY, field: 'royalAtMaxBet' },
  };
  return {
    shape,
    parse: (input) => {
      const read = readPayTable<G, C, FamilyPayTable<G, C>>(shape, input);
      // A file that leaves J-6's royal out keeps the default's, as it keeps every category's.
      if (read.ok && read.table.royalAtMaxBet === undefined && defaults.royalAtMaxBet !== undefined)
        return { ok: true, table: { ...read.table, royalAtMaxBet: defaults.royalAtMaxBet } };
      return read;
    },
    problem: (table) => payTableShapeProblem(shape, table),
    coefficient: (table, category, bet, maxBet) =>
      familyCoefficient(family, table, family.categories.indexOf(category), bet, maxBet),
  };
}

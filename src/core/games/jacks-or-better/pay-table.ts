// Jacks or Better's pay table (J-5, J-6): a coefficient per category, and J-6's royal at max bet.

import {
  payTableShapeProblem,
  readPayTable,
  ROYAL_AT_MAX_BET_KEY,
  type PayTableParse,
  type PayTableShape,
} from '../../paytable';
import type { FamilyPayTable } from '../video-poker/engine';
import { videoPokerWin } from '../video-poker/engine';
import { JACKS_CATEGORIES, type JacksCategory } from './categories';
import { JACKS_OR_BETTER_ID } from './id';

/** J-5, J-6: a coefficient per category, and a different royal at max bet (e.g. 800 in 9/6). */
export type JacksPayTable = FamilyPayTable<typeof JACKS_OR_BETTER_ID, JacksCategory>;

export const DEFAULT_JACKS_PAYTABLE: JacksPayTable = Object.freeze({
  game: JACKS_OR_BETTER_ID,
  coefficients: Object.freeze({
    'royal-flush': 250,
    'straight-flush': 50,
    'four-of-a-kind': 25,
    'full-house': 9,
    flush: 6,
    straight: 4,
    'three-of-a-kind': 3,
    'two-pair': 2,
    'jacks-or-better': 1,
    nothing: 0,
  }),
});

export { ROYAL_AT_MAX_BET_KEY };

export const JACKS_PAY_TABLE_SHAPE: PayTableShape<typeof JACKS_OR_BETTER_ID, JacksCategory> = {
  game: JACKS_OR_BETTER_ID,
  categories: JACKS_CATEGORIES,
  defaults: DEFAULT_JACKS_PAYTABLE.coefficients,
  extra: { key: ROYAL_AT_MAX_BET_KEY, field: 'royalAtMaxBet' },
};

export const parseJacksPayTable = (input: unknown): PayTableParse<JacksPayTable> =>
  readPayTable(JACKS_PAY_TABLE_SHAPE, input);

export const jacksPayTableProblem = (table: unknown): string | null =>
  payTableShapeProblem(JACKS_PAY_TABLE_SHAPE, table);

/** J-5: a paying hand returns its coefficient (per chip, at that bet) for every chip bet. */
export const jacksWin = videoPokerWin;

/** Jacks or Better coefficient of a category at a bet (J-5, J-6). */
export function jacksCoefficient(table: JacksPayTable, hand: JacksCategory, bet: number, maxBet: number): number {
  if (hand === 'royal-flush' && bet === maxBet && table.royalAtMaxBet !== undefined) return table.royalAtMaxBet;
  return table.coefficients[hand];
}

// Poker Plus's pay table (P-12): what the BET pays per chip, by the box's category.

import { CATEGORIES, type Category } from '../../categories';
import { payTableShapeProblem, readPayTable, type PayTableParse, type PayTableShape } from '../../paytable';
import { POKER_PLUS_ID } from './id';

export interface PokerPlusPayTable {
  game: typeof POKER_PLUS_ID;
  coefficients: Readonly<Record<Category, number>>;
}

/**
 * P-12: the five-card stud table with the flush at 4, the richest of its shape whose best play
 * stays below 99.5% (docs/rules.md). The flush at 5 is estimated above 100% at best play; the
 * Jacks or Better table, 250/50/25/9/6/…, once stood here too, and returns more than 100%.
 */
export const DEFAULT_POKER_PLUS_PAYTABLE: PokerPlusPayTable = Object.freeze({
  game: POKER_PLUS_ID,
  coefficients: Object.freeze({
    'royal-flush': 100,
    'straight-flush': 50,
    'four-of-a-kind': 20,
    'full-house': 7,
    flush: 4,
    straight: 4,
    'three-of-a-kind': 3,
    'two-pair': 2,
    pair: 1,
    'high-card': 0,
  }),
});

export const POKER_PLUS_PAY_TABLE_SHAPE: PayTableShape<typeof POKER_PLUS_ID, Category> = {
  game: POKER_PLUS_ID,
  categories: CATEGORIES,
  defaults: DEFAULT_POKER_PLUS_PAYTABLE.coefficients,
};

export const parsePokerPlusPayTable = (input: unknown): PayTableParse<PokerPlusPayTable> =>
  readPayTable(POKER_PLUS_PAY_TABLE_SHAPE, input);

export const pokerPlusPayTableProblem = (table: unknown): string | null =>
  payTableShapeProblem(POKER_PLUS_PAY_TABLE_SHAPE, table);

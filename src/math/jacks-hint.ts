// The optimal hold of one Jacks or Better deal: the exact expected return of all 32 holds,
// best first. Pure (no Node API), so the cabinet can offer it as the operator-enabled hint.
// The draw tables take a few hundred ms to build: build an advisor once, then ask it per deal
// (microseconds).

import {
  firstDuplicate,
  isCard,
  JACKS_CATEGORIES,
  jacksCoefficient,
  type Card,
  type JacksCategory,
  type JacksPayTable,
} from '../core';
import { buildDrawTables } from './jacks-draw-tables';
import { jacksCategoryOf5 } from './jacks-categories';
import { compareHolds, DEAL_WEIGHT, holdReturns } from './jacks-hold-choice';
import { DRAWS_OF_HOLD, holdCounts, JACKS_CATEGORY_COUNT, type DrawTables } from './jacks-hold-counts';

export interface HoldAdvice {
  /** Bit i set = position i held. */
  mask: number;
  /** Held positions 0..4, ascending. */
  held: number[];
  cards: Card[];
  /** Expected return per chip bet (the stake included, as J-5 pays). */
  ev: number;
  /** How many of the hold's draws end in each category. */
  counts: Record<JacksCategory, number>;
  draws: number;
}

export interface HintOptions {
  /** The bet and maxBet the coefficients apply at (J-6's royal only at max bet); default 5 of 5. */
  bet?: number;
  maxBet?: number;
  /** Draw tables to share with other advisors. */
  tables?: DrawTables;
}

export type JacksAdvisor = (deal: readonly Card[]) => HoldAdvice[];

export class HintInputError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'HintInputError';
  }
}

/** Throws HintInputError unless the deal is five distinct cards. */
export function checkDeal(deal: readonly Card[]): void {
  if (!Array.isArray(deal) || deal.length !== 5 || !deal.every(isCard)) {
    throw new HintInputError('a hint needs exactly five cards');
  }
  if (firstDuplicate(deal) >= 0) throw new HintInputError('a deal cannot hold the same card twice (H-2)');
}

export function createJacksAdvisor(table: JacksPayTable, options: HintOptions = {}): JacksAdvisor {
  const tables = options.tables ?? buildDrawTables();
  const bet = options.bet ?? 5;
  const maxBet = options.maxBet ?? 5;
  const coefficients = Float64Array.from(JACKS_CATEGORIES, (id) => jacksCoefficient(table, id, bet, maxBet));
  const counts = new Float64Array(32 * JACKS_CATEGORY_COUNT);
  const returns = new Float64Array(32);
  return (deal) => {
    checkDeal(deal);
    holdCounts(tables, deal, jacksCategoryOf5(deal), counts);
    holdReturns(counts, coefficients, returns);
    const ranks = deal.map((c) => c >> 2);
    const order = Array.from({ length: 32 }, (_, m) => m).sort((a, b) => compareHolds(returns, ranks, a, b));
    return order.map((mask) => {
      const held = [0, 1, 2, 3, 4].filter((p) => mask & (1 << p));
      const byCategory = {} as Record<JacksCategory, number>;
      for (let w = JACKS_CATEGORY_COUNT - 1; w >= 0; w--)
        byCategory[JACKS_CATEGORIES[w]!] = counts[mask * JACKS_CATEGORY_COUNT + w]!;
      return {
        mask,
        held,
        cards: held.map((p) => deal[p]!),
        ev: returns[mask]! / DEAL_WEIGHT,
        counts: byCategory,
        draws: DRAWS_OF_HOLD[mask]!,
      };
    });
  };
}

const advisors = new Map<JacksPayTable, JacksAdvisor>();
let sharedTables: DrawTables | null = null;

/** All 32 holds of a deal, best first, at max bet; the tables are built on the first call. */
export function jacksHint(deal: readonly Card[], table: JacksPayTable): HoldAdvice[] {
  let advisor = advisors.get(table);
  if (!advisor) {
    sharedTables ??= buildDrawTables();
    advisor = createJacksAdvisor(table, { tables: sharedTables });
    advisors.set(table, advisor);
  }
  return advisor(deal);
}

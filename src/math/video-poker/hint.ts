// The optimal hold of one deal in any family: the exact expected return of all 32 holds, best
// first by V-1. Pure (no Node API), so the cabinet can offer it as the operator-enabled hint.
// The draw tables take a few hundred ms to build: build an advisor once, then ask it per deal.

import type { Card } from '../../core';
import { familyCoefficient, type VideoPokerPayTable } from '../../core/video-poker/coefficients';
import type { VideoPokerFamily } from '../../core/video-poker/family';
import { DEAL_WEIGHT } from '../jacks-hold-choice';
import { DRAWS_OF_HOLD } from '../jacks-hold-counts';
import { checkDeal } from '../jacks-hint';
import { buildDrawTables, type FamilyDrawTables } from './draw-tables';
import { allHoldCounts, dealSubsets, newDealSubsets } from './hold-counts';
import { compareHolds, holdTotals } from './hold-choice';

export interface FamilyHoldAdvice {
  /** Bit i set = position i held. */
  mask: number;
  /** Held positions 0..4, ascending. */
  held: number[];
  cards: Card[];
  /** Expected return per chip bet (the stake included, as J-5 pays). */
  ev: number;
  /** How many of the hold's draws end in each category, highest first. */
  counts: Record<string, number>;
  draws: number;
}

export interface FamilyHintOptions {
  /** The bet and maxBet the coefficients apply at (J-6's royal only at max bet); default 5 of 5. */
  bet?: number;
  maxBet?: number;
  /** Draw tables of the same family to share with other advisors. */
  tables?: FamilyDrawTables;
}

export type FamilyAdvisor = (deal: readonly Card[]) => FamilyHoldAdvice[];

export function createFamilyAdvisor(
  family: VideoPokerFamily,
  table: VideoPokerPayTable,
  options: FamilyHintOptions = {},
): FamilyAdvisor {
  const tables = options.tables ?? buildDrawTables(family);
  if (tables.width !== family.categories.length) throw new Error(`hint: draw tables of another family`);
  const W = tables.width;
  const bet = options.bet ?? 5;
  const maxBet = options.maxBet ?? 5;
  const coefficients = Float64Array.from(family.categories, (_, i) => familyCoefficient(family, table, i, bet, maxBet));
  const squares = coefficients.map((c) => c * c);
  const counts = new Float64Array(32 * W);
  const returns = new Float64Array(32);
  const seconds = new Float64Array(32);
  const subsets = newDealSubsets();
  return (deal) => {
    checkDeal(deal);
    dealSubsets(deal, subsets);
    allHoldCounts(tables, subsets, family.category5(deal[0]!, deal[1]!, deal[2]!, deal[3]!, deal[4]!), counts);
    holdTotals(counts, W, coefficients, returns);
    holdTotals(counts, W, squares, seconds);
    const ranks = deal.map((c) => c >> 2);
    const order = Array.from({ length: 32 }, (_, m) => m).sort((a, b) => compareHolds(returns, seconds, ranks, a, b));
    return order.map((mask) => {
      const held = [0, 1, 2, 3, 4].filter((p) => mask & (1 << p));
      const byCategory: Record<string, number> = {};
      for (let w = W - 1; w >= 0; w--) byCategory[family.categories[w]!] = counts[mask * W + w]!;
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

// Pay tables as the screens draw them: one row per paying category, what it pays at each bet.

import {
  CATEGORIES,
  jacksCoefficient,
  jacksWin,
  JACKS_CATEGORIES,
  type JacksPayTable,
  type PokerPlusPayTable,
} from '../../core';

export interface PayRow {
  category: string;
  perBet: number[];
}

/** Jacks or Better, royal first; each entry is what the hand pays at that bet, in chips (J-5, J-6). */
export function jacksPayRows(table: JacksPayTable, maxBet: number): PayRow[] {
  const bets = Array.from({ length: Math.min(maxBet, 10) }, (_, i) => i + 1);
  return [...JACKS_CATEGORIES]
    .reverse()
    .filter((c) => c !== 'nothing')
    .map((category) => ({
      category,
      perBet: bets.map((b) => jacksWin(jacksCoefficient(table, category, b, maxBet), b)),
    }));
}

/** Poker Plus BET coefficients (P-12), one column: per chip of BET. */
export function pokerPlusPayRows(table: PokerPlusPayTable): PayRow[] {
  return [...CATEGORIES]
    .reverse()
    .filter((c) => c !== 'high-card')
    .map((category) => ({ category, perBet: [table.coefficients[category]] }));
}

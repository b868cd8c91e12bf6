// J-3 for every family: when the dealt hand already pays, the cards that make it are held.

import type { Card } from '../cards';
import { categoryOfCards, type VideoPokerFamily } from './family';
import { familyCoefficient, type VideoPokerPayTable } from './coefficients';

/** The positions to hold of a dealt hand: the cards making it when it pays (at this bet), else none. */
export function familyAutoHold(
  family: VideoPokerFamily,
  cards: readonly Card[],
  table: VideoPokerPayTable,
  bet = 5,
  maxBet = 5,
): number[] {
  const category = categoryOfCards(family, cards);
  if (familyCoefficient(family, table, category, bet, maxBet) === 0) return [];
  return family.madeBy(cards, category);
}

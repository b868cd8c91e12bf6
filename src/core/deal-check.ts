// Checks on a deck handed to a game: known cards, none twice (H-2), enough of them.

import { firstDuplicate, formatCard, isCard, type Card } from './cards';
import { refuse, type Refusal } from './step';

export function checkDeck(deck: readonly Card[], needed: number): { ok: false; refusal: Refusal } | null {
  if (!Array.isArray(deck) || !deck.every(isCard)) return refuse('H-1', 'the deck holds something that is not a card');
  const dup = firstDuplicate(deck);
  if (dup >= 0) return refuse('H-2', `card ${formatCard(deck[dup]!)} appears twice in the deck`);
  if (deck.length < needed) return refuse('H-2', `the deck has ${deck.length} cards, the deal needs ${needed}`);
  return null;
}

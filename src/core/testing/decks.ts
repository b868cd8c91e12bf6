// Hand-built decks for tests and examples: the named cards first, in order, then the rest of
// the deck in ascending order (H-2 still holds: no card twice).

import { parseCards, type Card } from '../cards';
import { freshDeck } from '../deck';

export function stackedDeck(top: string): Card[] {
  const first = parseCards(top);
  const rest = freshDeck().filter((c) => !first.includes(c));
  return [...first, ...rest];
}

import { DECK_SIZE, type Card } from './cards';
import { shuffleInPlace, type RandomSource } from './random';

/** The 52 cards in ascending order (H-1). */
export function freshDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}

/** A full fresh deck shuffled by the source: every hand starts from one (H-2). */
export function shuffledDeck(source: RandomSource): Card[] {
  return shuffleInPlace(freshDeck(), source);
}

// Cards (H-1) as small integers: card = rank * 4 + suit, rank 0 = deuce .. 12 = ace,
// suit 0..3 = c d h s. The integer form is what every hot path (evaluator, math) uses.

export type Card = number;

export const RANK_CHARS = '23456789TJQKA';
export const SUIT_CHARS = 'cdhs';
export const DECK_SIZE = 52;

export const rankOf = (card: Card): number => card >> 2;
export const suitOf = (card: Card): number => card & 3;
export const makeCard = (rank: number, suit: number): Card => rank * 4 + suit;

export class CardParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardParseError';
  }
}

/** Parses one card code: rank then suit, `10` accepted for `T`, either case (H-1). */
export function parseCard(code: string): Card {
  const text = code.trim();
  let rankText: string;
  let suitText: string;
  if (text.length === 3 && text.startsWith('10')) {
    rankText = 'T';
    suitText = text.charAt(2);
  } else if (text.length === 2) {
    rankText = text.charAt(0).toUpperCase();
    suitText = text.charAt(1);
  } else {
    throw new CardParseError(`not a card code: "${code}" (expected rank then suit, e.g. As, Td, 10h)`);
  }
  const rank = RANK_CHARS.indexOf(rankText);
  const suit = SUIT_CHARS.indexOf(suitText.toLowerCase());
  if (rank < 0 || suit < 0) {
    throw new CardParseError(`not a card code: "${code}" (ranks 2-9 T J Q K A, suits c d h s)`);
  }
  return makeCard(rank, suit);
}

/** Parses card codes separated by spaces or commas: "As Kd 7c" or "As,Kd,7c". */
export function parseCards(text: string): Card[] {
  const parts = text.split(/[\s,]+/).filter((p) => p.length > 0);
  return parts.map(parseCard);
}

export function formatCard(card: Card): string {
  if (!isCard(card)) throw new RangeError(`not a card number: ${card}`);
  return RANK_CHARS.charAt(rankOf(card)) + SUIT_CHARS.charAt(suitOf(card));
}

export function formatCards(cards: readonly Card[]): string[] {
  return cards.map(formatCard);
}

export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** Index of the first card that repeats an earlier one, or -1 (H-2). */
export function firstDuplicate(cards: readonly Card[]): number {
  // Two 32-bit words of seen cards: every deck of every deal is checked, and a BigInt per card
  // cost more than the rest of the check. A value outside them takes the general way.
  let low = 0;
  let high = 0;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    if (!Number.isInteger(card) || card < 0 || card > 63) return firstDuplicateOfAny(cards);
    const bit = 1 << (card & 31);
    if (card < 32) {
      if (low & bit) return i;
      low |= bit;
    } else {
      if (high & bit) return i;
      high |= bit;
    }
  }
  return -1;
}

function firstDuplicateOfAny(cards: readonly Card[]): number {
  let seen = 0n;
  for (const [i, card] of cards.entries()) {
    const bit = 1n << BigInt(card);
    if (seen & bit) return i;
    seen |= bit;
  }
  return -1;
}

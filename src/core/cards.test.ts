import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardParseError, firstDuplicate, formatCard, parseCard, parseCards } from './cards';
import { freshDeck } from './deck';

describe('cards (H-1)', () => {
  it('round-trips all 52 cards through the two-character form', () => {
    const codes = freshDeck().map(formatCard);
    expect(new Set(codes).size).toBe(52);
    for (const code of codes) expect(formatCard(parseCard(code))).toBe(code);
  });

  it('accepts 10 for T and either case, prints the canonical form', () => {
    expect(formatCard(parseCard('10h'))).toBe('Th');
    expect(formatCard(parseCard('aS'))).toBe('As');
    expect(formatCard(parseCard('td'))).toBe('Td');
  });

  it('parses lists separated by spaces or commas', () => {
    expect(parseCards('As Kd 7c').map(formatCard)).toEqual(['As', 'Kd', '7c']);
    expect(parseCards('As,Kd, 10c').map(formatCard)).toEqual(['As', 'Kd', 'Tc']);
  });

  it('orders ranks 2..A and suits c d h s', () => {
    expect(parseCard('2c')).toBe(0);
    expect(parseCard('As')).toBe(51);
    expect(parseCard('Ac') >> 2).toBeGreaterThan(parseCard('Kc') >> 2);
  });

  it.each(['1s', 'Ax', '', 'Ahh', '11c', 'J'])('refuses "%s"', (code) => {
    expect(() => parseCard(code)).toThrow(CardParseError);
  });

  it('finds a repeated card (H-2)', () => {
    expect(firstDuplicate(parseCards('As Kd As'))).toBe(2);
    expect(firstDuplicate(parseCards('As Kd Ac'))).toBe(-1);
  });

  it('finds the first repeat of any run of cards, low and high alike, as a plain search does', () => {
    const plain = (cards: readonly number[]) => cards.findIndex((c, i) => cards.indexOf(c) < i);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 51 }), { maxLength: 60 }), (cards) => {
        expect(firstDuplicate(cards)).toBe(plain(cards));
      }),
      { numRuns: 2000 },
    );
    expect(firstDuplicate(freshDeck())).toBe(-1);
    expect(firstDuplicate([...freshDeck(), 51])).toBe(52);
    expect(firstDuplicate([31, 63, 0, 32, 31])).toBe(4);
  });

  it('refuses to format a number that is no card', () => {
    expect(() => formatCard(52)).toThrow(RangeError);
  });
});

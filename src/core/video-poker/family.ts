// A video-poker family as one declaration: its hand categories, how five cards fall in one, which
// cards make a paying hand (the auto-hold), and its default pay table. Every family plays as
// Jacks or Better does (J-1 to J-6): only the categories and the pay table differ. The exact par
// sheet and the hint (src/math/video-poker) read nothing else.

import type { Card } from '../cards';

/** Coefficients per chip by category id; `royal-flush-max-bet` is J-6's royal at max bet. */
export type Coefficients<C extends string = string> = Readonly<Record<C, number>>;

export interface VideoPokerFamily<C extends string = string, G extends string = string> {
  /** The game id pay table files and par sheets carry (its module's id). */
  readonly game: G;
  readonly name: string;
  /** The prefix of the family's rule ids in docs/rules.md ('B' for B-1, B-2, ...). */
  readonly rules: string;
  /** Category ids, lowest first: a category's number is its index here. */
  readonly categories: readonly C[];
  /** The category J-6's max-bet coefficient replaces (the natural royal flush). */
  readonly royal: C;
  /** The family's default pay table: every category's coefficient and J-6's royal at max bet. */
  readonly defaultTable: { readonly coefficients: Coefficients<C>; readonly royalAtMaxBet?: number };
  /**
   * Category number of five distinct cards. It allocates nothing: the par sheet asks it for all
   * 2,598,960 hands.
   */
  category5(a: Card, b: Card, c: Card, d: Card, e: Card): number;
  /** The positions (ascending) of the cards that make `category` in `cards` (J-3's auto-hold). */
  madeBy(cards: readonly Card[], category: number): number[];
  /** Its wild cards (W-1), marked WILD on the screens; absent where every card is natural. */
  readonly isWild?: (card: Card) => boolean;
}

/** The positions (ascending) of the wild cards among `cards`: none in a family without them. */
export const wildPositions = (family: VideoPokerFamily | undefined, cards: readonly Card[]): number[] =>
  family?.isWild ? cards.flatMap((c, i) => (family.isWild!(c) ? [i] : [])) : [];

/** The category number of five cards given as a list. */
export function categoryOfCards(family: VideoPokerFamily, cards: ArrayLike<Card>): number {
  if (cards.length !== 5) throw new RangeError(`a video-poker hand is five cards, got ${cards.length}`);
  return family.category5(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
}

/** The category id of five cards. */
export function categoryIdOf<C extends string>(family: VideoPokerFamily<C, string>, cards: ArrayLike<Card>): C {
  const id = family.categories[categoryOfCards(family, cards)];
  if (id === undefined) throw new Error(`${family.game}: category5 gave a number outside its categories`);
  return id;
}

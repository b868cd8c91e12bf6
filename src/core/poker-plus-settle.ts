// Settlement of a Poker Plus round (P-6, P-8 to P-11): what the dealer shows and what each box
// gets back. Chips only; the cabinet turns them into money.

import type { Category } from './categories';
import type { Card } from './cards';
import { bestFive, categoryIndexOf, categoryOf, evaluate } from './evaluator';
import type { BoxState, PokerPlusState } from './poker-plus';
import { refuse, type Refusal } from './step';

export type BoxOutcome = 'win' | 'lose' | 'standoff' | 'fold' | 'no-game-win' | 'no-game-push' | 'half';

export interface BoxResult {
  cards: Card[];
  best: Card[];
  hand: Category;
  outcome: BoxOutcome;
  staked: number;
  returned: number;
  net: number;
}

export interface BoughtGame {
  discarded: Card;
  drew: Card;
  cards: Card[];
  hand: Category;
  game: boolean;
}

export interface DealerResult {
  cards: Card[];
  hand: Category;
  game: boolean;
  bought: BoughtGame | null;
}

/** P-8: a pair of twos or anything higher. */
export const dealerHasGame = (cards: readonly Card[]): boolean => categoryIndexOf(evaluate(cards)) >= 1;

/** P-6, P-11: the BET's winnings for a hand, capped at tableMax. */
export function betPayout(state: Pick<PokerPlusState, 'config'>, box: Pick<BoxState, 'ante' | 'cards'>): number {
  const coefficient = state.config.payTable.coefficients[categoryOf(evaluate(box.cards))];
  return Math.min(2 * box.ante * coefficient, state.config.tableMax);
}

/** P-10: the dealer throws away the lowest card; the new card takes its place. */
function buyDealerGame(dealer: readonly Card[], drew: Card): BoughtGame {
  // Without a game the dealer's ranks are all different, so the lowest card is unique.
  let low = 0;
  for (let i = 1; i < dealer.length; i++) if (dealer[i] >> 2 < dealer[low] >> 2) low = i;
  const cards = dealer.map((c, i) => (i === low ? drew : c));
  return { discarded: dealer[low], drew, cards, hand: categoryOf(evaluate(cards)), game: dealerHasGame(cards) };
}

type Settled = { ok: true; dealer: DealerResult; boxes: BoxResult[]; next: number } | { ok: false; refusal: Refusal };

export function settleRound(state: PokerPlusState): Settled {
  const dealerCards = state.dealer;
  const dealerGame = dealerHasGame(dealerCards);
  let next = state.next;
  let bought: BoughtGame | null = null;
  const anyBought = state.boxes.some((b) => b.boughtGame && b.status === 'bet');
  if (!dealerGame && anyBought) {
    if (next >= state.deck.length) return refuse('P-10', 'the deck has no card left for the bought game');
    bought = buyDealerGame(dealerCards, state.deck[next++]);
  }
  const dealerValue = evaluate(dealerCards);
  const boxes = state.boxes.map((box) => settleBox(state, box, dealerGame, dealerValue, bought));
  const dealer: DealerResult = { cards: [...dealerCards], hand: categoryOf(dealerValue), game: dealerGame, bought };
  return { ok: true, dealer, boxes, next };
}

function settleBox(
  state: PokerPlusState,
  box: BoxState,
  dealerGame: boolean,
  dealerValue: number,
  bought: BoughtGame | null,
): BoxResult {
  const value = evaluate(box.cards);
  const base = { cards: [...box.cards], best: bestFive(box.cards), hand: categoryOf(value), staked: box.staked };
  const done = (outcome: BoxOutcome, returned: number): BoxResult => ({ ...base, outcome, returned, net: returned - box.staked });
  const stakes = box.ante + box.bet;
  const win = (): number => 2 * box.ante + box.bet + betPayout(state, box);

  if (box.status === 'folded') return done('fold', 0);
  if (box.status === 'half') return done('half', stakes + Math.floor(betPayout(state, box) / 2));

  if (dealerGame) {
    // P-11; the bought game's fee comes back unless the box wins.
    const refund = box.boughtGame ? box.ante : 0;
    if (value > dealerValue) return done('win', win());
    if (value === dealerValue) return done('standoff', stakes + refund);
    return done('lose', refund);
  }
  if (box.boughtGame && bought) {
    // P-10: settle against the new dealer hand; the fee is spent either way.
    if (!bought.game) return done('no-game-push', stakes);
    const newValue = evaluate(bought.cards);
    if (value > newValue) return done('win', win());
    if (value === newValue) return done('standoff', stakes);
    return done('lose', 0);
  }
  // P-9: no game; the ante wins 1:1 only if the box beats the dealer.
  if (value > dealerValue) return done('no-game-win', stakes + box.ante);
  return done('no-game-push', stakes);
}

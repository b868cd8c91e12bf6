// Settlement of a Poker Plus round (P-6, P-8 to P-11): what the dealer shows and what each box
// gets back. Chips only; the cabinet turns them into money.

import { CATEGORIES } from '../../categories';
import { rankOf, type Card } from '../../cards';
import { bestFive, categoryIndexOf, categoryOf, evaluate } from '../../evaluator';
import type {
  BoughtGame,
  BoxOutcome,
  BoxResult,
  BoxState,
  DealerResult,
  PokerPlusConfig,
  PokerPlusState,
} from './state';
import { refuse, type Refusal } from '../../step';

/** P-8: a pair of twos or anything higher, for a hand value. */
export const isGame = (value: number): boolean => categoryIndexOf(value) >= 1;

/** P-8: a pair of twos or anything higher. */
export const dealerHasGame = (cards: readonly Card[]): boolean => isGame(evaluate(cards));

/** P-6, P-11: the BET's winnings for a box of this ante whose hand has value `value`, capped at tableMax. */
export function betPayoutOf(config: PokerPlusConfig, ante: number, value: number): number {
  // A hand value's category index is one of CATEGORIES' ten positions.
  return Math.min(2 * ante * config.payTable.coefficients[CATEGORIES[categoryIndexOf(value)]!], config.tableMax);
}

/** P-6, P-11: the BET's winnings for a hand, capped at tableMax. */
export function betPayout(state: Pick<PokerPlusState, 'config'>, box: Pick<BoxState, 'ante' | 'cards'>): number {
  return betPayoutOf(state.config, box.ante, evaluate(box.cards));
}

/** P-10: the position of the dealer's lowest card (without a game the ranks all differ, so it is unique). */
export function lowestCardIndex(dealer: ArrayLike<Card>): number {
  let low = 0;
  for (let i = 1; i < dealer.length; i++) if (rankOf(dealer[i]!) < rankOf(dealer[low]!)) low = i;
  return low;
}

/** P-10: the dealer throws away the lowest card; the new card takes its place. */
export function buyDealerGame(dealer: readonly Card[], drew: Card): BoughtGame {
  const low = lowestCardIndex(dealer);
  const cards = dealer.map((c, i) => (i === low ? drew : c));
  const value = evaluate(cards);
  return { discarded: dealer[low]!, drew, cards, hand: categoryOf(value), game: isGame(value) };
}

/** What a box's stake is, as settlement reads it. */
export type BoxStakes = Pick<BoxState, 'status' | 'ante' | 'bet' | 'boughtGame'>;

/** The dealer as a box is settled against: the hand's value and, after P-10, the new hand's. */
export interface DealerStanding {
  game: boolean;
  value: number;
  /** The new hand's value when the game was bought (P-10), else null. */
  boughtValue: number | null;
}

/**
 * P-6, P-9 to P-11: the outcome of a box whose hand has value `value` and what comes back to
 * it, all of it in chips (stakes returned plus winnings). `payout` is the BET's capped payout.
 */
export function settleStakes(
  box: BoxStakes,
  value: number,
  payout: number,
  dealer: DealerStanding,
): { outcome: BoxOutcome; returned: number } {
  const stakes = box.ante + box.bet;
  const win = 2 * box.ante + box.bet + payout;
  if (box.status === 'folded') return { outcome: 'fold', returned: 0 };
  if (box.status === 'half') return { outcome: 'half', returned: stakes + Math.floor(payout / 2) };
  if (dealer.game) {
    // P-11; the bought game's fee comes back unless the box wins.
    const refund = box.boughtGame ? box.ante : 0;
    if (value > dealer.value) return { outcome: 'win', returned: win };
    if (value === dealer.value) return { outcome: 'standoff', returned: stakes + refund };
    return { outcome: 'lose', returned: refund };
  }
  if (box.boughtGame && dealer.boughtValue !== null) {
    // P-10: settle against the new dealer hand; the fee is spent either way.
    if (!isGame(dealer.boughtValue)) return { outcome: 'no-game-push', returned: stakes };
    if (value > dealer.boughtValue) return { outcome: 'win', returned: win };
    if (value === dealer.boughtValue) return { outcome: 'standoff', returned: stakes };
    return { outcome: 'lose', returned: 0 };
  }
  // P-9: no game; the ante wins 1:1 only if the box beats the dealer.
  if (value > dealer.value) return { outcome: 'no-game-win', returned: stakes + box.ante };
  return { outcome: 'no-game-push', returned: stakes };
}

type Settled = { ok: true; dealer: DealerResult; boxes: BoxResult[]; next: number } | { ok: false; refusal: Refusal };

/** P-10 applies when the dealer has no game and some box still in the game bought it. */
export const dealerBuys = (dealerGame: boolean, boxes: readonly BoxStakes[]): boolean =>
  !dealerGame && boxes.some((b) => b.boughtGame && b.status === 'bet');

export function settleRound(state: PokerPlusState): Settled {
  const dealerCards = state.dealer;
  const dealerValue = evaluate(dealerCards);
  const dealerGame = isGame(dealerValue);
  let next = state.next;
  let bought: BoughtGame | null = null;
  if (dealerBuys(dealerGame, state.boxes)) {
    const drew = state.deck[next++];
    if (drew === undefined) return refuse('P-10', 'the deck has no card left for the bought game');
    bought = buyDealerGame(dealerCards, drew);
  }
  const standing: DealerStanding = {
    game: dealerGame,
    value: dealerValue,
    boughtValue: bought ? evaluate(bought.cards) : null,
  };
  const boxes = state.boxes.map((box): BoxResult => {
    const value = evaluate(box.cards);
    const { outcome, returned } = settleStakes(box, value, betPayoutOf(state.config, box.ante, value), standing);
    return {
      cards: [...box.cards],
      best: bestFive(box.cards),
      hand: categoryOf(value),
      outcome,
      staked: box.staked,
      returned,
      net: returned - box.staked,
    };
  });
  const dealer: DealerResult = { cards: [...dealerCards], hand: categoryOf(dealerValue), game: dealerGame, bought };
  return { ok: true, dealer, boxes, next };
}

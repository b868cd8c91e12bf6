// The simulator's fast path: a Poker Plus round played on plain arrays instead of through the
// engine's immutable states (dealPokerPlus/stepPokerPlus copy the deck, the boxes and the state
// at every step, and check what a simulator never gets wrong). It holds no rules of its own:
// what a draw action may be is core's drawRefusal, fees core's drawFee, the dealer's game and
// the bought game core's isGame and lowestCardIndex, every payout and outcome core's
// settleStakes and betPayoutOf, and every choice the strategy code the engine path plays
// (nextDraw, finalChoice). What it does itself is the order of the cards: P-2's deal and P-5's
// refills from the top of the deck.
// poker-plus-fast.test.ts plays the same seeded rounds both ways and compares every one.

import {
  betPayoutOf,
  dealerBuys,
  drawFee,
  drawRefusal,
  evaluate,
  evaluate5,
  freshDeck,
  isGame,
  lowestCardIndex,
  POKER_PLUS_RULES_VERSION,
  settleStakes,
  shuffleInPlace,
  categoryIndexOf,
  type BoxStakes,
  type Card,
  type DealerStanding,
  type PokerPlusConfig,
  type RandomSource,
  type Refusal,
} from '../core';
import { finalChoice, nextDraw, StrategyPlayError } from './poker-plus-play';
import { SIXTH_CARD, type BoxSettled, type RoundResult } from './poker-plus-round';
import type { PokerPlusStrategy } from './poker-plus-strategy';

const FRESH: readonly Card[] = freshDeck();

/** A round the fast path stopped where the engine would refuse: the refusal and the action it met. */
export interface FastRefusal {
  refused: Refusal;
  what: string;
}

export class FastRounds {
  private readonly deck: Card[] = [...FRESH];
  private readonly dealer: Card[] = [0, 0, 0, 0, 0];
  private readonly exchanged: Card[] = [];
  private readonly seenBox: BoxSettled = { blind: false, staked: 0, returned: 0, outcome: 'fold', hand: 0 };
  private readonly blindBox: BoxSettled = { blind: true, staked: 0, returned: 0, outcome: 'fold', hand: 0 };
  /** Reused for every round: read it before the next one is played. */
  private readonly result: RoundResult;

  constructor(
    private readonly strategy: PokerPlusStrategy,
    private readonly ante: number,
    private readonly boxes: 1 | 2,
    private readonly config: PokerPlusConfig,
  ) {
    // What dealPokerPlus would refuse (P-2), refused once here.
    if (!Number.isSafeInteger(ante) || ante < config.minAnte || ante > config.maxAnte) {
      throw new StrategyPlayError(
        `the deal refused by P-2: an ante must be ${config.minAnte} to ${config.maxAnte} chips, got ${ante}`,
      );
    }
    this.result = {
      boxes: boxes === 2 ? [this.seenBox, this.blindBox] : [this.seenBox],
      draws: [],
      drawFees: 0,
      gameFee: 0,
      seenCards: [],
    };
  }

  /** A fresh deck shuffled by the source exactly as core's shuffledDeck does, then played. */
  next(random: RandomSource): RoundResult | FastRefusal {
    const deck = this.deck;
    for (let i = 0; i < FRESH.length; i++) deck[i] = FRESH[i]!;
    shuffleInPlace(deck, random);
    return this.play(deck);
  }

  /**
   * Plays one round from this deck order: the seen box first, the blind box second (P-1). A draw
   * action P-3 forbids (which no parsed strategy asks) ends it with the engine's refusal.
   */
  play(deck: readonly Card[]): RoundResult | FastRefusal {
    const { strategy, ante, config, result, dealer, exchanged } = this;
    const cards = result.seenCards;
    cards.length = 0;
    for (let i = 0; i < 5; i++) cards.push(deck[i]!);
    // P-2: five to each box in order, then five to the dealer, the fifth face up.
    const dealt = 5 * this.boxes;
    for (let i = 0; i < 5; i++) dealer[i] = deck[dealt + i]!;
    const upCard = dealer[4]!;
    let next = dealt + 5;
    result.draws.length = 0;
    result.drawFees = 0;
    exchanged.length = 0;

    let folded = false;
    for (;;) {
      const step = nextDraw(strategy, result.draws.length, cards, upCard);
      if (step === null) break;
      if (step === 'fold') {
        folded = true;
        break;
      }
      const refused = drawRefusal(
        cards.length,
        result.draws.length,
        step.type === 'buySixth' ? 'sixth' : step.positions.length,
        POKER_PLUS_RULES_VERSION,
      );
      if (refused) return { refused, what: step.type };
      if (step.type === 'buySixth') {
        result.drawFees += drawFee(ante, result.draws.length, 'sixth');
        result.draws.push(SIXTH_CARD);
        cards.push(deck[next++]!);
      } else {
        // P-5: exchanged positions are refilled in ascending order (drawStep lists them so).
        result.drawFees += drawFee(ante, result.draws.length, step.positions.length);
        result.draws.push(step.positions.length);
        for (const p of step.positions) {
          exchanged.push(cards[p]!);
          cards[p] = deck[next++]!;
        }
      }
    }
    const choice = folded ? 'fold' : finalChoice(strategy, cards, upCard, exchanged, ante, config);
    const seen: BoxStakes = {
      status: choice === 'fold' ? 'folded' : choice === 'takeHalf' ? 'half' : 'bet',
      ante,
      bet: choice === 'fold' ? 0 : 2 * ante,
      boughtGame: choice === 'buyGame',
    };
    const blind: BoxStakes = { status: 'bet', ante, bet: 2 * ante, boughtGame: false };
    result.gameFee = seen.boughtGame ? ante : 0;

    const dealerValue = evaluate5(dealer[0]!, dealer[1]!, dealer[2]!, dealer[3]!, dealer[4]!);
    const dealerGame = isGame(dealerValue);
    let boughtValue: number | null = null;
    // A box that took half has left; only a box still in the game buys it (P-7, P-10).
    if (dealerBuys(dealerGame, [seen])) {
      const low = lowestCardIndex(dealer);
      const held = dealer[low]!;
      dealer[low] = deck[next++]!;
      boughtValue = evaluate5(dealer[0]!, dealer[1]!, dealer[2]!, dealer[3]!, dealer[4]!);
      dealer[low] = held;
    }
    const standing: DealerStanding = { game: dealerGame, value: dealerValue, boughtValue };
    this.settle(
      this.seenBox,
      seen,
      evaluate(cards),
      ante + seen.bet + result.drawFees + (seen.boughtGame ? ante : 0),
      standing,
    );
    if (this.boxes === 2) {
      const blindCards = deck.slice(5, 10);
      this.settle(this.blindBox, blind, evaluate(blindCards), 3 * ante, standing);
    }
    return result;
  }

  private settle(into: BoxSettled, box: BoxStakes, value: number, staked: number, dealer: DealerStanding): void {
    const { outcome, returned } = settleStakes(box, value, betPayoutOf(this.config, box.ante, value), dealer);
    into.staked = staked;
    into.returned = returned;
    into.outcome = outcome;
    into.hand = categoryIndexOf(value);
  }
}

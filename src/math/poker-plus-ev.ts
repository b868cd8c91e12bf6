// Exact expected value of the final decision on a Poker Plus box (P-4, P-6, P-7): FOLD, BET,
// BET and take half, BET and buy the game, against the dealer's up card. Every completion of
// the dealer's four hidden cards from the cards the player has not seen is enumerated
// (C(46,4) = 163,185 for an untouched box), and for a bought game every replacement card too.
// The counts come from core's evaluator; what each outcome pays is P-9 to P-11 (the tests
// settle sampled rounds through core's engine and compare).

import { betPayout, categoryIndexOf, evaluate, evaluate5, rankOf, type Card, type PokerPlusConfig, DEFAULT_POKER_PLUS_CONFIG } from '../core';

export type FinalChoice = 'fold' | 'bet' | 'takeHalf' | 'buyGame';

export interface OutcomeOdds {
  /** Dealer has a game (P-11): the box wins, stands off, loses. */
  gameWin: number;
  gameTie: number;
  gameLose: number;
  /** Dealer has no game (P-9): the box beats the dealer's cards, or not. */
  noGameBeat: number;
  noGamePush: number;
  /** After buying a game the dealer lacked (P-10): the new hand's game and the comparison. */
  boughtWin: number;
  boughtTie: number;
  boughtLose: number;
  boughtNoGame: number;
}

export interface FinalDecision {
  /** Expected net chips from here on (fees already paid are sunk); fold is -ante. */
  values: Record<FinalChoice, number | null>;
  best: FinalChoice;
  odds: OutcomeOdds;
  /** Dealer completions enumerated. */
  completions: number;
}

export interface FinalDecisionInput {
  /** The box's cards now (five or six). */
  box: readonly Card[];
  upCard: Card;
  /** Other cards the player has seen and that cannot be in the dealer's hand (exchanged away). */
  seen?: readonly Card[];
  ante: number;
  config?: PokerPlusConfig;
}

export interface OutcomeNets {
  bet: Record<'gameWin' | 'gameTie' | 'gameLose' | 'noGameBeat' | 'noGamePush', number>;
  buyGame: Record<'gameWin' | 'gameTie' | 'gameLose' | 'boughtWin' | 'boughtTie' | 'boughtLose' | 'boughtNoGame', number>;
}

/** Net chips of each outcome after BET (3A staked), per P-9 to P-11, for a BET payout `payout`. */
export function outcomeNets(ante: number, payout: number): OutcomeNets {
  return {
    bet: { gameWin: ante + payout, gameTie: 0, gameLose: -3 * ante, noGameBeat: ante, noGamePush: 0 },
    // The fee (one ante) is kept when the box beats a dealer with a game and refunded when it
    // does not (P-11); once the dealer had to draw, it is spent whatever happens (P-10).
    buyGame: { gameWin: payout, gameTie: 0, gameLose: -3 * ante, boughtWin: payout, boughtTie: -ante, boughtLose: -4 * ante, boughtNoGame: -ante },
  };
}

export function finalDecision(input: FinalDecisionInput): FinalDecision {
  const config = input.config ?? DEFAULT_POKER_PLUS_CONFIG;
  const { box, upCard, ante } = input;
  const out = new Set<Card>([...box, upCard, ...(input.seen ?? [])]);
  const unseen: Card[] = [];
  for (let c = 0; c < 52; c++) if (!out.has(c)) unseen.push(c);
  const value = evaluate(box);
  const payout = betPayout({ config }, { ante, cards: [...box] });
  const odds: OutcomeOdds = { gameWin: 0, gameTie: 0, gameLose: 0, noGameBeat: 0, noGamePush: 0, boughtWin: 0, boughtTie: 0, boughtLose: 0, boughtNoGame: 0 };
  const n = unseen.length;
  const replacements = n - 4;
  let completions = 0;
  const hand = [0, 0, 0, 0, upCard];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let c = b + 1; c < n; c++) {
        for (let d = c + 1; d < n; d++) {
          completions++;
          hand[0] = unseen[a];
          hand[1] = unseen[b];
          hand[2] = unseen[c];
          hand[3] = unseen[d];
          const dealer = evaluate5(hand[0], hand[1], hand[2], hand[3], upCard);
          if (categoryIndexOf(dealer) >= 1) {
            if (value > dealer) odds.gameWin++;
            else if (value === dealer) odds.gameTie++;
            else odds.gameLose++;
            continue;
          }
          if (value > dealer) odds.noGameBeat++;
          else odds.noGamePush++;
          // P-10: the lowest card (ranks all differ without a game) makes way for the next one.
          let low = 0;
          for (let i = 1; i < 5; i++) if (rankOf(hand[i]) < rankOf(hand[low])) low = i;
          const keep = hand.filter((_, i) => i !== low);
          for (let r = 0; r < n; r++) {
            if (r === a || r === b || r === c || r === d) continue;
            const bought = evaluate5(keep[0], keep[1], keep[2], keep[3], unseen[r]);
            if (categoryIndexOf(bought) < 1) odds.boughtNoGame++;
            else if (value > bought) odds.boughtWin++;
            else if (value === bought) odds.boughtTie++;
            else odds.boughtLose++;
          }
        }
      }
    }
  }
  // Each replacement card stands for 1/replacements of its completion.
  odds.boughtWin /= replacements;
  odds.boughtTie /= replacements;
  odds.boughtLose /= replacements;
  odds.boughtNoGame /= replacements;
  const nets = outcomeNets(ante, payout);
  const expect = (table: Partial<Record<keyof OutcomeOdds, number>>): number =>
    Object.entries(table).reduce((s, [k, net]) => s + odds[k as keyof OutcomeOdds] * net, 0) / completions;
  const values: Record<FinalChoice, number | null> = {
    fold: -ante,
    bet: expect(nets.bet),
    // P-6: ANTE and BET back plus half the payout, rounded down.
    takeHalf: categoryIndexOf(value) >= 4 ? Math.floor(payout / 2) : null,
    buyGame: expect(nets.buyGame),
  };
  let best: FinalChoice = 'fold';
  for (const choice of ['bet', 'takeHalf', 'buyGame'] as const) {
    const v = values[choice];
    if (v !== null && v > values[best]!) best = choice;
  }
  return { values, best, odds, completions };
}

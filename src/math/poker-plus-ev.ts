// Exact expected value of the final decision on a Poker Plus box (P-4, P-6, P-7): FOLD, BET,
// BET and take half, BET and buy the game, against the dealer's up card. Every completion of
// the dealer's four hidden cards from the cards the player has not seen is enumerated
// (C(46,4) = 163,185 for an untouched box), and for a bought game every replacement card too.
// The counts come from core's evaluator; what each outcome pays is P-9 to P-11 (the tests
// settle sampled rounds through core's engine and compare). This plain enumeration (10-35 ms a
// decision) is the yardstick: play and analysis use fastFinalDecision (poker-plus-final.ts),
// which counts the same hands by class and must give exactly these figures.

import * as core from '../core';
import {
  betPayout,
  categoryIndexOf,
  evaluate,
  type Card,
  type PokerPlusConfig,
  DEFAULT_POKER_PLUS_CONFIG,
} from '../core';
import { BINOMIAL, subsetIndex as colexIndex } from './combinations';

// The loops below run millions of times a decision and call local names. (They did so when
// worker threads loaded modules as CommonJS, each call of an imported function going through
// an export getter; workers now load ES modules, ts-worker-boot.mjs.)
const evaluate5 = core.evaluate5;
const isGame = core.isGame;
const lowestCardIndex = core.lowestCardIndex;
const suitOf = core.suitOf;
const subsetIndex = colexIndex;

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
  buyGame: Record<
    'gameWin' | 'gameTie' | 'gameLose' | 'boughtWin' | 'boughtTie' | 'boughtLose' | 'boughtNoGame',
    number
  >;
}

/** Net chips of each outcome after BET (3A staked), per P-9 to P-11, for a BET payout `payout`. */
export function outcomeNets(ante: number, payout: number): OutcomeNets {
  return {
    bet: { gameWin: ante + payout, gameTie: 0, gameLose: -3 * ante, noGameBeat: ante, noGamePush: 0 },
    // The fee (one ante) is kept when the box beats a dealer with a game and refunded when it
    // does not (P-11); once the dealer had to draw, it is spent whatever happens (P-10).
    buyGame: {
      gameWin: payout,
      gameTie: 0,
      gameLose: -3 * ante,
      boughtWin: payout,
      boughtTie: -ante,
      boughtLose: -4 * ante,
      boughtNoGame: -ante,
    },
  };
}

const NO_GAME = 0;
const WIN = 1;
const TIE = 2;
const LOSE = 3;

/** How many dealer completions keep each set of four cards after P-10 (by colex index), and
 * in how many of them the card thrown away was a hidden one. Scratch, zeroed after each use. */
const KEPT_TIMES = new Int32Array(BINOMIAL[52]![4]!);
const KEPT_LOW_HIDDEN = new Int32Array(BINOMIAL[52]![4]!);

/**
 * P-10 for one kept four (four different ranks, ascending): every unseen card not among them
 * as the new card, sorted into no game / box wins / ties / loses against a box of `value`,
 * into `out`. The new hand depends on the new card's rank, and on its suit only where the
 * four share it (a flush): one evaluation per rank, two for that suit.
 */
function replacementOutcomes(
  value: number,
  k0: Card,
  k1: Card,
  k2: Card,
  k3: Card,
  isUnseen: Uint8Array,
  out: number[],
): void {
  out[NO_GAME] = out[WIN] = out[TIE] = out[LOSE] = 0;
  const flushSuit =
    suitOf(k0) === suitOf(k1) && suitOf(k0) === suitOf(k2) && suitOf(k0) === suitOf(k3) ? suitOf(k0) : -1;
  for (let r = 0; r < 13; r++) {
    let plain = -1;
    let plainTimes = 0;
    for (let suit = 0; suit < 4; suit++) {
      const card = r * 4 + suit;
      if (!isUnseen[card] || card === k0 || card === k1 || card === k2 || card === k3) continue;
      if (suit === flushSuit) {
        out[outcomeAgainst(value, evaluate5(k0, k1, k2, k3, card))]!++;
      } else {
        if (plain < 0) plain = card;
        plainTimes++;
      }
    }
    if (plainTimes > 0) out[outcomeAgainst(value, evaluate5(k0, k1, k2, k3, plain))]! += plainTimes;
  }
}

/** A box of `value` against the dealer's new hand of `dealer`. */
function outcomeAgainst(value: number, dealer: number): number {
  return !isGame(dealer) ? NO_GAME : value > dealer ? WIN : value === dealer ? TIE : LOSE;
}

export function finalDecision(input: FinalDecisionInput): FinalDecision {
  const config = input.config ?? DEFAULT_POKER_PLUS_CONFIG;
  const { box, upCard, ante } = input;
  const out = new Set<Card>([...box, upCard, ...(input.seen ?? [])]);
  const unseen: Card[] = [];
  const isUnseen = new Uint8Array(52);
  for (let c = 0; c < 52; c++) {
    if (out.has(c)) continue;
    unseen.push(c);
    isUnseen[c] = 1;
  }
  const value = evaluate(box);
  const payout = betPayout({ config }, { ante, cards: [...box] });
  const odds: OutcomeOdds = {
    gameWin: 0,
    gameTie: 0,
    gameLose: 0,
    noGameBeat: 0,
    noGamePush: 0,
    boughtWin: 0,
    boughtTie: 0,
    boughtLose: 0,
    boughtNoGame: 0,
  };
  const n = unseen.length;
  const replacements = n - 4;
  let completions = 0;
  const hand = [0, 0, 0, 0, upCard];
  const kept = [0, 0, 0, 0];
  /** Colex index, then the cards, of every kept four met (KEPT_TIMES counts how often). */
  const touched: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let c = b + 1; c < n; c++) {
        for (let d = c + 1; d < n; d++) {
          completions++;
          hand[0] = unseen[a]!;
          hand[1] = unseen[b]!;
          hand[2] = unseen[c]!;
          hand[3] = unseen[d]!;
          const dealer = evaluate5(hand[0]!, hand[1], hand[2], hand[3], upCard);
          if (isGame(dealer)) {
            if (value > dealer) odds.gameWin++;
            else if (value === dealer) odds.gameTie++;
            else odds.gameLose++;
            continue;
          }
          if (value > dealer) odds.noGameBeat++;
          else odds.noGamePush++;
          // P-10: the lowest card makes way for the next one. What the new card brings
          // depends on the four kept alone, so completions are grouped by them and each
          // group's new cards are counted once, after this loop.
          const low = lowestCardIndex(hand);
          let k = 0;
          for (let i = 0; i < 4; i++) if (i !== low) kept[k++] = hand[i]!;
          if (low !== 4) {
            // The up card is kept: put it in order among the three hidden ones.
            let j = 3;
            while (j > 0 && kept[j - 1]! > upCard) {
              kept[j] = kept[j - 1]!;
              j--;
            }
            kept[j] = upCard;
          }
          const index = subsetIndex(kept);
          if (KEPT_TIMES[index]!++ === 0) touched.push(index, kept[0]!, kept[1]!, kept[2]!, kept[3]!);
          if (low !== 4) KEPT_LOW_HIDDEN[index]!++;
        }
      }
    }
  }
  const bought = [0, 0, 0, 0];
  for (let t = 0; t < touched.length; t += 5) {
    const index = touched[t]!;
    const times = KEPT_TIMES[index]!;
    replacementOutcomes(value, touched[t + 1]!, touched[t + 2]!, touched[t + 3]!, touched[t + 4]!, isUnseen, bought);
    odds.boughtNoGame += times * bought[NO_GAME]!;
    odds.boughtWin += times * bought[WIN]!;
    odds.boughtTie += times * bought[TIE]!;
    odds.boughtLose += times * bought[LOSE]!;
    // Those counts took every unseen card but the kept four as the new one. Where the card
    // thrown away was a hidden one it cannot come again; with the kept four it makes the
    // dealer's own hand, which had no game.
    odds.boughtNoGame -= KEPT_LOW_HIDDEN[index]!;
    KEPT_TIMES[index] = 0;
    KEPT_LOW_HIDDEN[index] = 0;
  }
  // Each replacement card stands for 1/replacements of its completion.
  odds.boughtWin /= replacements;
  odds.boughtTie /= replacements;
  odds.boughtLose /= replacements;
  odds.boughtNoGame /= replacements;
  return decisionOf(odds, completions, value, payout, ante);
}

/**
 * The final decision's values from the dealer's outcome counts: `odds` over `completions`
 * dealer hands (the bought ones already per replacement card), for a box of hand `value`
 * whose BET would pay `payout`.
 */
export function decisionOf(
  odds: OutcomeOdds,
  completions: number,
  value: number,
  payout: number,
  ante: number,
): FinalDecision {
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

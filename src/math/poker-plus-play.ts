// Plays one Poker Plus round through core's engine (dealPokerPlus/stepPokerPlus) with a
// strategy as data. The engine settles; this module only chooses actions.

import {
  CATEGORIES,
  dealPokerPlus,
  RANK_CHARS,
  rankOf,
  stepPokerPlus,
  type BoxRequest,
  type Card,
  type PokerPlusConfig,
  type PokerPlusState,
  type PokerPlusStep,
  type Refusal,
} from '../core';
import type { FinalChoice } from './poker-plus-ev';
import { fastFinalDecision } from './poker-plus-final';
import {
  boxCategory,
  flushDrawPositions,
  lowestUnpairedPosition,
  offDrawPosition,
  pairedPositions,
  straightDrawPositions,
  topPairRank,
} from './poker-plus-patterns';
import type { Condition, DrawAction, OneCardWhat, PokerPlusStrategy, Rule } from './poker-plus-strategy';
import { tablesDraw, tablesFinal, type FinalTableAction, type TableDraw } from './poker-plus-table-strategy';

export class StrategyPlayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StrategyPlayError';
  }
}

const rankIndex = (r: string): number => RANK_CHARS.indexOf(r);

export function holds(condition: Condition, cards: readonly Card[], upCard: Card): boolean {
  if (condition === 'any') return true;
  if ('handAtLeast' in condition) return boxCategory(cards) >= CATEGORIES.indexOf(condition.handAtLeast);
  if ('pairAtLeast' in condition) return topPairRank(cards) >= rankIndex(condition.pairAtLeast);
  if ('upCardAtLeast' in condition) return rankOf(upCard) >= rankIndex(condition.upCardAtLeast);
  if ('upCardBelow' in condition) return rankOf(upCard) < rankIndex(condition.upCardBelow);
  if ('draw' in condition) {
    switch (condition.draw) {
      case 'four-flush':
        return flushDrawPositions(cards, 4).length > 0;
      case 'three-flush':
        return flushDrawPositions(cards, 3).length > 0;
      case 'open-straight':
        return straightDrawPositions(cards, true).length > 0;
      case 'four-straight':
        return straightDrawPositions(cards, false).length > 0;
    }
  }
  if ('all' in condition) return condition.all.every((c) => holds(c, cards, upCard));
  if ('any' in condition) return condition.any.some((c) => holds(c, cards, upCard));
  return !holds(condition.not, cards, upCard);
}

/** The first rule that holds picks the action; none holding means stand. */
export function chooseDraw(rules: readonly Rule[], cards: readonly Card[], upCard: Card): DrawAction {
  for (const rule of rules) if (holds(rule.if, cards, upCard)) return rule.then;
  return 'stand';
}

export type DrawStep = { type: 'buySixth' } | { type: 'exchange'; positions: number[] };

/** The one card an exchange of one throws away, or null when the box has none such. */
function oneCard(what: OneCardWhat, cards: readonly Card[]): number | null {
  switch (what) {
    case 'lowest-unpaired':
      return lowestUnpairedPosition(cards);
    case 'off-flush':
      return offDrawPosition(cards, flushDrawPositions(cards, 4));
    case 'off-straight':
      return offDrawPosition(cards, straightDrawPositions(cards, false));
  }
}

/** The engine action for a draw choice, or null to stand (an exchange of nothing is no action). */
export function drawStep(action: DrawAction, cards: readonly Card[]): DrawStep | 'fold' | null {
  if (action === 'stand') return null;
  if (action === 'fold') return 'fold';
  if (action === 'buySixth') return cards.length < 6 ? { type: 'buySixth' } : null;
  if ('exchangeOne' in action) {
    const position = oneCard(action.exchangeOne, cards);
    return position === null ? null : { type: 'exchange', positions: [position] };
  }
  let keep: number[];
  switch (action.exchange) {
    case 'unpaired':
      keep = pairedPositions(cards);
      break;
    case 'off-flush':
      keep = flushDrawPositions(cards, 4);
      break;
    case 'off-straight':
      keep = straightDrawPositions(cards, false);
      break;
    case 'all':
      keep = [];
      break;
  }
  const positions = cards.map((_, i) => i).filter((i) => !keep.includes(i));
  return positions.length > 0 ? { type: 'exchange', positions } : null;
}

/**
 * The seen box's next draw action (P-3) after `taken` of them: the first rules on the dealt
 * five, the second rules only after a first action, nothing after two; null to stand.
 */
export function nextDraw(
  strategy: PokerPlusStrategy,
  taken: number,
  cards: readonly Card[],
  upCard: Card,
): DrawStep | 'fold' | null {
  if (taken >= 2) return null;
  if (strategy.tables) return tableStep(tablesDraw(strategy.tables, taken, cards, upCard));
  return drawStep(chooseDraw(taken === 0 ? strategy.first : strategy.second, cards, upCard), cards);
}

function tableStep(draw: TableDraw): DrawStep | 'fold' | null {
  if (draw === null || draw === 'fold') return draw;
  return draw === 'sixth' ? { type: 'buySixth' } : { type: 'exchange', positions: draw };
}

const TABLE_FINAL: Record<FinalTableAction, FinalChoice> = {
  fold: 'fold',
  bet: 'bet',
  'bet-buy': 'buyGame',
  'bet-half': 'takeHalf',
};

/** How a strategy's play stops on a refusal, worded alike on the engine path and the fast path. */
export const refusedText = (what: string, refusal: Refusal): string =>
  `${what} refused by ${refusal.rule}: ${refusal.reason}`;

function must(step: PokerPlusStep, what: string): PokerPlusState {
  if (!step.ok) throw new StrategyPlayError(refusedText(what, step.refusal));
  return step.state;
}

/**
 * The final decision on the seen box (P-4, P-6, P-7): by the strategy's rules, or by exact
 * expected value when it says so. `exchanged` are the cards the box threw away (seen, so not
 * in the dealer's hand).
 */
export function finalChoice(
  strategy: PokerPlusStrategy,
  cards: readonly Card[],
  upCard: Card,
  exchanged: readonly Card[],
  ante: number,
  config: PokerPlusConfig,
): FinalChoice {
  if (strategy.tables) return TABLE_FINAL[tablesFinal(strategy.tables, cards, upCard)];
  if (strategy.exact) return fastFinalDecision({ box: cards, upCard, seen: exchanged, ante, config }).best;
  if (!holds(strategy.bet, cards, upCard)) return 'fold';
  const category = CATEGORIES[boxCategory(cards)]!;
  return strategy.takeHalf.includes(category) ? 'takeHalf' : strategy.buyGame.includes(category) ? 'buyGame' : 'bet';
}

export interface RoundRequest {
  deck: readonly Card[];
  ante: number;
  boxes: 1 | 2;
  config: PokerPlusConfig;
}

/** Plays one round to the end and returns the engine's final state. */
export function playRound(strategy: PokerPlusStrategy, round: RoundRequest): PokerPlusState {
  const requests: BoxRequest[] =
    round.boxes === 2 ? [{ ante: round.ante }, { ante: round.ante, blind: true }] : [{ ante: round.ante }];
  let state = must(dealPokerPlus(round.deck, requests, round.config), 'the deal');
  const seen = state.seen;
  const upCard = state.dealer[4]!;
  const exchanged: Card[] = [];
  for (;;) {
    const box = state.boxes[seen]!;
    const step = nextDraw(strategy, box.draws.length, box.cards, upCard);
    if (step === null) break;
    if (step === 'fold') return must(stepPokerPlus(state, { type: 'fold', box: seen }), 'fold');
    state = must(stepPokerPlus(state, { ...step, box: seen }), step.type);
    const last = state.boxes[seen]!.draws.at(-1);
    if (last?.kind === 'exchange') exchanged.push(...last.removed);
  }
  const choice = finalChoice(strategy, state.boxes[seen]!.cards, upCard, exchanged, round.ante, round.config);
  if (choice === 'fold') return must(stepPokerPlus(state, { type: 'fold', box: seen }), 'fold');
  state = must(stepPokerPlus(state, { type: 'bet', box: seen }), 'bet');
  if (choice === 'bet') return must(stepPokerPlus(state, { type: 'reveal' }), 'reveal');
  return must(stepPokerPlus(state, { type: choice, box: seen }), choice);
}

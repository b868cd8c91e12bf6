// Jacks or Better (J-1 to J-6) as a pure state machine: deal, holds, one draw, settled.

import { jacksCategoryOf, type JacksCategory } from './categories';
import type { Card } from '../../cards';
import { checkDeck } from '../../deal-check';
import { evaluate } from '../../evaluator';
import { DEFAULT_JACKS_PAYTABLE, jacksCoefficient, jacksWin, type JacksPayTable } from './pay-table';
import { JACKS_OR_BETTER_ID } from './id';
import { isWholeNumber, refuse, type Step } from '../../step';

export interface JacksConfig {
  maxBet: number;
  payTable: JacksPayTable;
}

export const DEFAULT_JACKS_CONFIG: JacksConfig = { maxBet: 5, payTable: DEFAULT_JACKS_PAYTABLE };

export interface JacksState {
  game: typeof JACKS_OR_BETTER_ID;
  phase: 'holding' | 'over';
  config: JacksConfig;
  bet: number;
  /** The shuffled deck this game uses: deal from 0, replacements from 5 on (J-4). */
  deck: Card[];
  dealt: Card[];
  autoHold: number[];
  /** Positions held now, ascending. */
  held: number[];
  final: Card[] | null;
  hand: JacksCategory | null;
  /** Chips returned to the player, stake included (J-5). */
  win: number;
}

export type JacksAction =
  { type: 'hold'; positions: number[] } | { type: 'toggleHold'; position: number } | { type: 'draw' };

export type JacksEffect =
  | { type: 'dealt'; cards: Card[]; autoHold: number[]; stake: number }
  | { type: 'holds'; held: number[] }
  | { type: 'drawn'; final: Card[]; hand: JacksCategory; win: number };

export type JacksStep = Step<JacksState, JacksEffect>;

/** J-3: the positions of the cards that make a paying dealt hand, or none. */
export function autoHoldPositions(cards: readonly Card[], payTable: JacksPayTable = DEFAULT_JACKS_PAYTABLE): number[] {
  const hand = jacksCategoryOf(evaluate(cards));
  if (hand === 'nothing' || payTable.coefficients[hand] === 0) return [];
  const rankCount = new Map<number, number>();
  for (const c of cards) rankCount.set(c >> 2, (rankCount.get(c >> 2) ?? 0) + 1);
  const inGroup = (c: Card): boolean => (rankCount.get(c >> 2) ?? 0) >= 2;
  switch (hand) {
    case 'four-of-a-kind':
    case 'three-of-a-kind':
    case 'two-pair':
      return positionsWhere(cards, inGroup);
    case 'jacks-or-better':
      // Only the high pair: a pair of jacks or better is the one pair in the hand.
      return positionsWhere(cards, (c) => inGroup(c) && c >> 2 >= 9);
    default:
      return [0, 1, 2, 3, 4];
  }
}

function positionsWhere(cards: readonly Card[], keep: (c: Card) => boolean): number[] {
  const out: number[] = [];
  cards.forEach((c, i) => {
    if (keep(c)) out.push(i);
  });
  return out;
}

/** J-1, J-2: take the bet and deal five cards from a shuffled deck. */
export function dealJacks(deck: readonly Card[], bet: number, config: JacksConfig = DEFAULT_JACKS_CONFIG): JacksStep {
  if (!isWholeNumber(config.maxBet) || config.maxBet < 1)
    return refuse('J-1', 'maxBet must be a whole number of chips, 1 or more');
  if (!isWholeNumber(bet) || bet < 1 || bet > config.maxBet) {
    return refuse('J-1', `the bet must be 1 to ${config.maxBet} chips, got ${String(bet)}`);
  }
  // The replacements (J-4) are checked at the draw: a held card needs none.
  const bad = checkDeck(deck, 5);
  if (bad) return bad;
  const dealt = deck.slice(0, 5);
  const autoHold = autoHoldPositions(dealt, config.payTable);
  const state: JacksState = {
    game: JACKS_OR_BETTER_ID,
    phase: 'holding',
    config,
    bet,
    deck: [...deck],
    dealt,
    autoHold,
    held: [...autoHold],
    final: null,
    hand: null,
    win: 0,
  };
  return { ok: true, state, effects: [{ type: 'dealt', cards: [...dealt], autoHold: [...autoHold], stake: bet }] };
}

function validPositions(positions: unknown): positions is number[] {
  return (
    Array.isArray(positions) &&
    positions.every((p) => isWholeNumber(p) && p >= 0 && p <= 4) &&
    new Set(positions).size === positions.length
  );
}

export function stepJacks(state: JacksState, action: JacksAction): JacksStep {
  if (state.phase === 'over') return refuse('J-4', 'the game is over: the draw has been made');
  switch (action?.type) {
    case 'hold': {
      if (!validPositions(action.positions)) {
        return refuse('J-3', 'hold positions must be distinct whole numbers from 0 to 4');
      }
      const held = [...action.positions].sort((a, b) => a - b);
      return { ok: true, state: { ...state, held }, effects: [{ type: 'holds', held }] };
    }
    case 'toggleHold': {
      const p = action.position;
      if (!isWholeNumber(p) || p < 0 || p > 4) return refuse('J-3', 'a hold position is a whole number from 0 to 4');
      const held = state.held.includes(p)
        ? state.held.filter((x) => x !== p)
        : [...state.held, p].sort((a, b) => a - b);
      return { ok: true, state: { ...state, held }, effects: [{ type: 'holds', held }] };
    }
    case 'draw':
      return draw(state);
    default:
      return refuse('J-2', `unknown Jacks or Better action ${JSON.stringify((action as { type?: unknown })?.type)}`);
  }
}

function draw(state: JacksState): JacksStep {
  // J-4: replacements from deck[5] on, in position order, left to right.
  const needed = 10 - state.held.length;
  if (state.deck.length < needed) {
    return refuse('H-2', `the deck has ${state.deck.length} cards, this draw needs ${needed}`);
  }
  let next = 5;
  // The deck holds at least five cards past the deal for every card not held (checked above).
  const final = state.dealt.map((card, i) => (state.held.includes(i) ? card : state.deck[next++]!));
  const hand = jacksCategoryOf(evaluate(final));
  const win = jacksWin(jacksCoefficient(state.config.payTable, hand, state.bet, state.config.maxBet), state.bet);
  return {
    ok: true,
    state: { ...state, phase: 'over', final, hand, win },
    effects: [{ type: 'drawn', final: [...final], hand, win }],
  };
}

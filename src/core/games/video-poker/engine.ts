// Every video-poker family (J-1 to J-6) as one pure state machine: deal, holds, one draw,
// settled. A family brings only its categories, how five cards fall in one, which cards make a
// paying hand and its pay table (src/core/video-poker/family.ts); the play is the same for all.

import type { Card } from '../../cards';
import { checkDeck } from '../../deal-check';
import { isWholeNumber, refuse, type Step } from '../../step';
import { familyAutoHold } from '../../video-poker/auto-hold';
import { familyCoefficient } from '../../video-poker/coefficients';
import { categoryOfCards, type Coefficients, type VideoPokerFamily } from '../../video-poker/family';

/** A family's pay table as the cabinet keeps it: its game, a coefficient a category, J-6's royal. */
export interface FamilyPayTable<G extends string = string, C extends string = string> {
  game: G;
  coefficients: Coefficients<C>;
  /** J-6: a different royal coefficient when the bet is maxBet (e.g. 800 in 9/6). */
  royalAtMaxBet?: number;
}

export interface VideoPokerConfig<G extends string = string, C extends string = string> {
  maxBet: number;
  payTable: FamilyPayTable<G, C>;
}

export interface VideoPokerState<G extends string = string, C extends string = string> {
  game: G;
  phase: 'holding' | 'over';
  config: VideoPokerConfig<G, C>;
  bet: number;
  /** The shuffled deck this game uses: deal from 0, replacements from 5 on (J-4). */
  deck: Card[];
  dealt: Card[];
  autoHold: number[];
  /** Positions held now, ascending. */
  held: number[];
  final: Card[] | null;
  hand: C | null;
  /** Chips returned to the player, stake included (J-5). */
  win: number;
}

export type VideoPokerAction =
  { type: 'hold'; positions: number[] } | { type: 'toggleHold'; position: number } | { type: 'draw' };

export type VideoPokerEffect<C extends string = string> =
  | { type: 'dealt'; cards: Card[]; autoHold: number[]; stake: number }
  | { type: 'holds'; held: number[] }
  | { type: 'drawn'; final: Card[]; hand: C; win: number };

export type VideoPokerStep<G extends string = string, C extends string = string> = Step<
  VideoPokerState<G, C>,
  VideoPokerEffect<C>
>;

/** J-5: a paying hand returns its coefficient (per chip, at that bet) for every chip bet. */
export const videoPokerWin = (coefficient: number, bet: number): number => coefficient * bet;

/** J-3: the positions of the cards that make a dealt hand that pays at this bet, or none. */
export function autoHoldOf<G extends string, C extends string>(
  family: VideoPokerFamily<C, G>,
  cards: readonly Card[],
  config: VideoPokerConfig<G, C>,
  bet: number,
): number[] {
  return familyAutoHold(family, cards, config.payTable, bet, config.maxBet);
}

/** J-1, J-2: take the bet and deal five cards from a shuffled deck. */
export function dealVideoPoker<G extends string, C extends string>(
  family: VideoPokerFamily<C, G>,
  deck: readonly Card[],
  bet: number,
  config: VideoPokerConfig<G, C>,
): VideoPokerStep<G, C> {
  if (!isWholeNumber(config.maxBet) || config.maxBet < 1)
    return refuse('J-1', 'maxBet must be a whole number of chips, 1 or more');
  if (!isWholeNumber(bet) || bet < 1 || bet > config.maxBet) {
    return refuse('J-1', `the bet must be 1 to ${config.maxBet} chips, got ${String(bet)}`);
  }
  // The replacements (J-4) are checked at the draw: a held card needs none.
  const bad = checkDeck(deck, 5);
  if (bad) return bad;
  const dealt = deck.slice(0, 5);
  const autoHold = autoHoldOf(family, dealt, config, bet);
  const state: VideoPokerState<G, C> = {
    game: family.game,
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

export function stepVideoPoker<G extends string, C extends string>(
  family: VideoPokerFamily<C, G>,
  state: VideoPokerState<G, C>,
  action: VideoPokerAction,
): VideoPokerStep<G, C> {
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
      return draw(family, state);
    default:
      return refuse('J-2', `unknown ${family.name} action ${JSON.stringify((action as { type?: unknown })?.type)}`);
  }
}

function draw<G extends string, C extends string>(
  family: VideoPokerFamily<C, G>,
  state: VideoPokerState<G, C>,
): VideoPokerStep<G, C> {
  // J-4: replacements from deck[5] on, in position order, left to right.
  const needed = 10 - state.held.length;
  if (state.deck.length < needed) {
    return refuse('H-2', `the deck has ${state.deck.length} cards, this draw needs ${needed}`);
  }
  let next = 5;
  // The deck holds at least five cards past the deal for every card not held (checked above).
  const final = state.dealt.map((card, i) => (state.held.includes(i) ? card : state.deck[next++]!));
  const index = categoryOfCards(family, final);
  const hand = family.categories[index]!;
  const coefficient = familyCoefficient(family, state.config.payTable, index, state.bet, state.config.maxBet);
  const win = videoPokerWin(coefficient, state.bet);
  return {
    ok: true,
    state: { ...state, phase: 'over', final, hand, win },
    effects: [{ type: 'drawn', final: [...final], hand, win }],
  };
}

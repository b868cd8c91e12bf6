// Poker Plus (P-1 to P-14) as a pure state machine. One seen box that the player plays and at
// most one blind box that only stakes (P-1, P-13); the dealer shows once the seen box is done.

import type { Card } from '../../cards';
import { checkDeck } from '../../deal-check';
import { categoryIndexOf, evaluate } from '../../evaluator';
import { DEFAULT_POKER_PLUS_PAYTABLE } from './pay-table';
import {
  drawFee,
  drawRefusal,
  isPokerPlusRulesVersion,
  POKER_PLUS_RULES_VERSION,
  type PokerPlusRulesVersion,
} from './draw-rules';
import { betPayout, settleRound, settleStakes } from './settle';
import type { BoxResult, BoxState, DealerResult, DrawRecord, PokerPlusConfig, PokerPlusState } from './state';
import { POKER_PLUS_ID } from './id';
import { isWholeNumber, refuse, type Step } from '../../step';

/** P-14 defaults. */
export const DEFAULT_POKER_PLUS_CONFIG: PokerPlusConfig = {
  minAnte: 1,
  maxAnte: 100,
  tableMax: 10000,
  payTable: DEFAULT_POKER_PLUS_PAYTABLE,
};

export type PokerPlusAction =
  | { type: 'exchange'; box?: number; positions: number[] }
  | { type: 'buySixth'; box?: number }
  | { type: 'bet'; box?: number }
  | { type: 'fold'; box?: number }
  | { type: 'takeHalf'; box?: number }
  | { type: 'buyGame'; box?: number }
  | { type: 'reveal' };

export type PokerPlusEffect =
  | { type: 'dealt'; boxes: Card[][]; dealerUp: Card; stake: number }
  | { type: 'drawn'; box: number; cards: Card[]; drawn: Card[]; stake: number }
  | { type: 'bet'; box: number; stake: number }
  | { type: 'folded'; box: number }
  | { type: 'boughtGame'; box: number; stake: number }
  | { type: 'tookHalf'; box: number; result: BoxResult }
  | { type: 'settled'; dealer: DealerResult; boxes: BoxResult[]; returned: number };

export type PokerPlusStep = Step<PokerPlusState, PokerPlusEffect>;

export interface BoxRequest {
  ante: number;
  blind?: boolean;
}

/** P-4: the BET is twice the box's ante. */
export const betStake = (ante: number): number => 2 * ante;

/** P-10: buying the dealer's game costs one ante. */
export const buyGameFee = (ante: number): number => ante;

/** P-1: what a box stakes at the deal: its ante, and a blind box its BET with it. */
export const dealStake = (box: BoxRequest): number => box.ante + (box.blind === true ? betStake(box.ante) : 0);

/** P-1, P-2: place the antes (and the blind box's BET) and deal, under today's P-3 unless told. */
export function dealPokerPlus(
  deck: readonly Card[],
  boxes: readonly BoxRequest[],
  config: PokerPlusConfig = DEFAULT_POKER_PLUS_CONFIG,
  rulesVersion: PokerPlusRulesVersion = POKER_PLUS_RULES_VERSION,
): PokerPlusStep {
  if (!isPokerPlusRulesVersion(rulesVersion)) return refuse('P-3', `unknown rules version ${String(rulesVersion)}`);
  if (!Array.isArray(boxes) || boxes.length < 1 || boxes.length > 2) return refuse('P-1', 'play one or two boxes');
  const seenCount = boxes.filter((b) => !b?.blind).length;
  if (seenCount !== 1) return refuse('P-1', 'exactly one box is seen; the other, if any, is blind');
  for (const b of boxes) {
    if (!isWholeNumber(b.ante) || b.ante < config.minAnte || b.ante > config.maxAnte) {
      return refuse('P-2', `an ante must be ${config.minAnte} to ${config.maxAnte} chips, got ${String(b.ante)}`);
    }
  }
  const needed = 5 * boxes.length + 5;
  const bad = checkDeck(deck, needed);
  if (bad) return bad;
  let next = 0;
  const boxStates: BoxState[] = boxes.map((b) => {
    const cards = deck.slice(next, next + 5);
    next += 5;
    const blind = b.blind === true;
    // The blind box stakes ANTE and BET = 2A before the deal (P-1).
    const bet = blind ? betStake(b.ante) : 0;
    return {
      ante: b.ante,
      blind,
      cards,
      draws: [],
      status: blind ? 'bet' : 'deciding',
      bet,
      boughtGame: false,
      staked: dealStake(b),
    };
  });
  const dealer = deck.slice(next, next + 5);
  next += 5;
  const state: PokerPlusState = {
    game: POKER_PLUS_ID,
    rulesVersion,
    phase: 'deciding',
    config,
    deck: [...deck],
    next,
    boxes: boxStates,
    seen: boxes.findIndex((b) => !b.blind),
    dealer,
    result: null,
  };
  const stake = boxStates.reduce((s, b) => s + b.staked, 0);
  return {
    ok: true,
    state,
    effects: [{ type: 'dealt', boxes: boxStates.map((b) => [...b.cards]), dealerUp: dealer[4]!, stake }],
  };
}

export function stepPokerPlus(state: PokerPlusState, action: PokerPlusAction): PokerPlusStep {
  if (typeof action !== 'object' || action === null) return refuse('P-3', 'an action must be an object');
  if (action.type === 'reveal') {
    if (state.phase === 'over') return refuse('P-8', 'the round is over: the dealer has shown');
    if (state.phase === 'deciding') return refuse('P-4', 'the seen box must BET or FOLD before the dealer shows');
    return reveal(state, []);
  }
  const boxIndex = 'box' in action && action.box !== undefined ? action.box : state.seen;
  const box = isWholeNumber(boxIndex) ? state.boxes[boxIndex] : undefined;
  if (box === undefined) return refuse('P-1', `there is no box ${String(boxIndex)}`);
  if (box.blind) return refuse('P-13', 'the blind box makes no decision after the deal');
  if (box.status === 'folded') return refuse('P-4', 'the box has folded');
  if (box.status === 'half') return refuse('P-6', 'the box has taken half and left the game');
  if (action.type === 'takeHalf' && box.boughtGame)
    return refuse('P-7', 'a box that bought the game cannot also take half');
  if (state.phase === 'over') return refuse('P-8', 'the round is over: the dealer has shown');

  switch (action.type) {
    case 'exchange':
    case 'buySixth':
      return drawAction(state, boxIndex, box, action);
    case 'bet': {
      if (box.status !== 'deciding') return refuse('P-4', 'the box has already placed its BET');
      const stake = betStake(box.ante);
      const boxes = replaceBox(state.boxes, boxIndex, {
        ...box,
        status: 'bet',
        bet: stake,
        staked: box.staked + stake,
      });
      return {
        ok: true,
        state: { ...state, boxes, phase: 'options' },
        effects: [{ type: 'bet', box: boxIndex, stake }],
      };
    }
    case 'fold': {
      if (box.status !== 'deciding') return refuse('P-4', 'a box that has placed its BET cannot fold');
      const boxes = replaceBox(state.boxes, boxIndex, { ...box, status: 'folded' });
      return reveal({ ...state, boxes }, [{ type: 'folded', box: boxIndex }]);
    }
    case 'takeHalf':
      return takeHalf(state, boxIndex, box);
    case 'buyGame': {
      if (box.status !== 'bet') return refuse('P-7', 'the game can be bought only after BET, before the dealer shows');
      if (box.boughtGame) return refuse('P-7', 'the box has already bought the game');
      const stake = buyGameFee(box.ante);
      const boxes = replaceBox(state.boxes, boxIndex, { ...box, boughtGame: true, staked: box.staked + stake });
      // Nothing is left for the player to decide once the game is bought, so the dealer shows.
      return reveal({ ...state, boxes }, [{ type: 'boughtGame', box: boxIndex, stake }]);
    }
    default:
      return refuse('P-3', `unknown Poker Plus action ${JSON.stringify((action as { type?: unknown }).type)}`);
  }
}

function replaceBox(boxes: readonly BoxState[], index: number, box: BoxState): BoxState[] {
  return boxes.map((b, i) => (i === index ? box : b));
}

function drawAction(
  state: PokerPlusState,
  boxIndex: number,
  box: BoxState,
  action: { type: 'exchange'; positions: number[] } | { type: 'buySixth' },
): PokerPlusStep {
  if (box.status !== 'deciding') return refuse('P-3', 'cards are exchanged or bought only before the final decision');
  const taken = box.draws.length;
  let cards = [...box.cards];
  let next = state.next;
  let record: DrawRecord;
  if (action.type === 'buySixth') {
    const refused = drawRefusal(cards.length, taken, 'sixth', state.rulesVersion);
    if (refused) return { ok: false, refusal: refused };
    const card = state.deck[next++];
    if (card === undefined) return refuse('H-2', 'the deck has no more cards');
    const drawn = [card];
    cards.push(card);
    record = { kind: 'sixth', drawn, fee: drawFee(box.ante, taken, 'sixth') };
  } else {
    const positions = action.positions;
    if (!Array.isArray(positions)) return refuse('P-3', 'an exchange names its positions');
    const refused = drawRefusal(cards.length, taken, positions.length, state.rulesVersion);
    if (refused) return { ok: false, refusal: refused };
    if (
      !positions.every((p) => isWholeNumber(p) && p >= 0 && p < cards.length) ||
      new Set(positions).size !== positions.length
    ) {
      return refuse('P-3', `exchange positions must be distinct, from 0 to ${cards.length - 1}`);
    }
    // P-5: refill exchanged positions in ascending order.
    const sorted = [...positions].sort((a, b) => a - b);
    if (next + sorted.length > state.deck.length) return refuse('H-2', 'the deck has no more cards');
    // Positions are checked to be on the hand and the deck to hold enough cards, just above.
    const removed = sorted.map((p) => cards[p]!);
    const drawn = state.deck.slice(next, next + sorted.length);
    next += sorted.length;
    for (const [k, p] of sorted.entries()) cards[p] = drawn[k]!;
    record = { kind: 'exchange', positions: sorted, removed, drawn, fee: drawFee(box.ante, taken, sorted.length) };
  }
  cards = [...cards];
  const updated: BoxState = { ...box, cards, draws: [...box.draws, record], staked: box.staked + record.fee };
  return {
    ok: true,
    state: { ...state, next, boxes: replaceBox(state.boxes, boxIndex, updated) },
    effects: [{ type: 'drawn', box: boxIndex, cards: [...cards], drawn: [...record.drawn], stake: record.fee }],
  };
}

/** P-6: straight or better after BET, not with the game bought. */
export function canTakeHalf(box: BoxState): boolean {
  return box.status === 'bet' && !box.blind && !box.boughtGame && categoryIndexOf(evaluate(box.cards)) >= 4;
}

/** P-6: what a box that takes half now gets back: its ANTE and BET and half its capped payout. */
export function takeHalfReturn(state: PokerPlusState, boxIndex: number): number {
  const box = state.boxes[boxIndex];
  if (box === undefined) throw new RangeError(`there is no box ${boxIndex}`);
  return settleStakes({ ...box, status: 'half' }, evaluate(box.cards), betPayout(state, box), {
    game: false,
    value: 0,
    boughtValue: null,
  }).returned;
}

function takeHalf(state: PokerPlusState, boxIndex: number, box: BoxState): PokerPlusStep {
  if (box.status !== 'bet') return refuse('P-6', 'half can be taken only after BET, before the dealer shows');
  if (box.boughtGame) return refuse('P-7', 'a box that bought the game cannot also take half');
  if (categoryIndexOf(evaluate(box.cards)) < 4) return refuse('P-6', 'only a straight or better may take half');
  const boxes = replaceBox(state.boxes, boxIndex, { ...box, status: 'half' });
  return reveal({ ...state, boxes }, []);
}

/** P-8 to P-11: the dealer shows (buying a replacement card if P-10 applies) and all settle. */
function reveal(state: PokerPlusState, effects: PokerPlusEffect[]): PokerPlusStep {
  const settled = settleRound(state);
  if (!settled.ok) return settled;
  const { dealer, boxes, next } = settled;
  const half = boxes.flatMap((r, i): PokerPlusEffect[] =>
    r.outcome === 'half' ? [{ type: 'tookHalf', box: i, result: r }] : [],
  );
  const returned = boxes.reduce((s, b) => s + b.returned, 0);
  return {
    ok: true,
    state: { ...state, next, phase: 'over', result: { dealer, boxes } },
    effects: [...effects, ...half, { type: 'settled', dealer, boxes, returned }],
  };
}

// What the simulator counts of one Poker Plus round, the same record whichever way the round
// was played: through the engine (roundOfState) or by the fast path (poker-plus-fast.ts). The
// test that holds the two paths together compares these records round by round.

import { categoryIndexOf, evaluate, type BoxOutcome, type Card, type PokerPlusState } from '../core';

export interface BoxSettled {
  blind: boolean;
  /** Every chip the box put on the table (ante, bet, fees) and every chip it got back. */
  staked: number;
  returned: number;
  outcome: BoxOutcome;
  /** Category index of the box's final hand (0 high card .. 9 royal flush). */
  hand: number;
}

export interface RoundResult {
  /** In box order: the seen box first, then the blind one when there is one. */
  boxes: BoxSettled[];
  /** The seen box's draw actions in order: 0 for a sixth card, k for an exchange of k cards. */
  draws: number[];
  /** Chips the seen box paid for its draw actions (P-3). */
  drawFees: number;
  /** Chips it paid to buy the game (P-7), before any refund (P-11); 0 when it did not buy. */
  gameFee: number;
  /** The seen box's final cards. */
  seenCards: Card[];
}

export const SIXTH_CARD = 0;

/** The record of a round the engine has played to its end. */
export function roundOfState(state: PokerPlusState): RoundResult {
  const results = state.result;
  if (!results) throw new Error('roundOfState: the round is not over');
  const seen = state.boxes[state.seen]!;
  return {
    boxes: state.boxes.map((box, b) => {
      const r = results.boxes[b]!;
      return {
        blind: box.blind,
        staked: r.staked,
        returned: r.returned,
        outcome: r.outcome,
        hand: categoryIndexOf(evaluate(box.cards)),
      };
    }),
    draws: seen.draws.map((d) => (d.kind === 'sixth' ? SIXTH_CARD : d.positions.length)),
    drawFees: seen.draws.reduce((sum, d) => sum + d.fee, 0),
    gameFee: seen.boughtGame ? seen.ante : 0,
    seenCards: [...seen.cards],
  };
}

// A replayed Poker Plus step as the recall page draws it (C-11): the dealer's cards as far as
// they are shown, a bought card, and each box with its cards (a blind box face down until the
// end), its stake and, once over, its outcome.

import { categoryOf, evaluate } from '../../evaluator';
import { formatCard, formatCards } from '../../cards';
import { present } from '../../present';
import type { RecallAction, RecallFrameOf } from '../game-module';
import { POKER_PLUS_ID } from './id';
import type { PokerPlusReplayStep } from './replay';

export interface RecallBox {
  ante: number;
  blind: boolean;
  /** Null while the blind box is face down. */
  cards: string[] | null;
  status: string;
  staked: number;
  hand: string | null;
  outcome: string | null;
  returned: number | null;
  net: number | null;
}

export interface PokerPlusFrame {
  game: typeof POKER_PLUS_ID;
  shape: 'table';
  /** Five entries; null for a card still face down. */
  dealer: (string | null)[];
  dealerHand: string | null;
  bought: { discarded: string; drew: string; hand: string; game: boolean } | null;
  boxes: RecallBox[];
}

export function pokerPlusRecallFrame(step: PokerPlusReplayStep): RecallFrameOf<PokerPlusFrame> {
  const s = step.state;
  const a = step.action;
  let action: RecallAction;
  if (a === null) action = { kind: 'deal' };
  else if (a.type === 'reveal') action = { kind: 'reveal' };
  else if (a.type === 'exchange') action = { kind: 'exchange', box: a.box ?? s.seen, positions: [...a.positions] };
  else action = { kind: a.type, box: a.box ?? s.seen };
  const result = s.result;
  const over = s.phase === 'over' && result !== null;
  const bought = result?.dealer.bought ?? null;
  return {
    action,
    table: {
      game: POKER_PLUS_ID,
      shape: 'table',
      // The fifth dealer card is dealt face up (P-2); the replay runner dealt all five.
      dealer: over
        ? formatCards(result!.dealer.cards)
        : [null, null, null, null, formatCard(present(s.dealer[4], "the dealer's fifth card"))],
      dealerHand: over ? result!.dealer.hand : null,
      bought: bought
        ? {
            discarded: formatCard(bought.discarded),
            drew: formatCard(bought.drew),
            hand: bought.hand,
            game: bought.game,
          }
        : null,
      boxes: s.boxes.map((b, i) => {
        const r = over ? result!.boxes[i] : null;
        const shown = over || !b.blind;
        return {
          ante: b.ante,
          blind: b.blind,
          cards: shown ? formatCards(b.cards) : null,
          status: b.status,
          staked: r ? r.staked : b.staked,
          hand: shown ? categoryOf(evaluate(b.cards)) : null,
          outcome: r ? r.outcome : null,
          returned: r ? r.returned : null,
          net: r ? r.net : null,
        };
      }),
    },
  };
}

// A replayed Jacks or Better step as the recall page draws it (C-11): the cards on show, the
// holds while holding, the winning cards and the win once drawn.

import { formatCards } from '../../cards';
import { evaluate } from '../../evaluator';
import type { RecallAction, RecallFrameOf } from '../game-module';
import { jacksCategoryOf } from './categories';
import { autoHoldPositions } from './engine';
import { JACKS_OR_BETTER_ID } from './id';
import type { JacksReplayStep } from './replay';

export interface JacksFrame {
  game: typeof JACKS_OR_BETTER_ID;
  shape: 'video-poker';
  bet: number;
  cards: string[];
  held: number[];
  winning: number[];
  /** The category on show: dealt while holding, final once drawn. */
  hand: string;
  win: number | null;
}

export function jacksRecallFrame(step: JacksReplayStep): RecallFrameOf<JacksFrame> {
  const s = step.state;
  const a = step.action;
  const action: RecallAction =
    a === null ? { kind: 'deal' } : a.type === 'draw' ? { kind: 'draw' } : { kind: 'hold', positions: [...s.held] };
  const over = s.phase === 'over' && s.final !== null;
  const cards = over ? s.final! : s.dealt;
  return {
    action,
    table: {
      game: JACKS_OR_BETTER_ID,
      shape: 'video-poker',
      bet: s.bet,
      cards: formatCards(cards),
      held: over ? [] : [...s.held],
      winning: over && s.win > 0 ? autoHoldPositions(cards, s.config.payTable) : [],
      hand: s.hand ?? jacksCategoryOf(evaluate(cards)),
      win: over ? s.win : null,
    },
  };
}

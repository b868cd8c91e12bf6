// A replayed video-poker step as the recall page draws it (C-11): the cards on show, the holds
// while holding, the winning cards and the win once drawn; the same for every family.

import { formatCards } from '../../cards';
import { categoryIdOf, type VideoPokerFamily } from '../../video-poker/family';
import type { RecallAction, RecallFrameOf } from '../game-module';
import { autoHoldOf } from './engine';
import type { VideoPokerReplayStep } from './replay';

export interface VideoPokerFrame<G extends string = string> {
  game: G;
  shape: 'video-poker';
  bet: number;
  cards: string[];
  held: number[];
  winning: number[];
  /** The category on show: dealt while holding, final once drawn. */
  hand: string;
  win: number | null;
}

export function videoPokerRecallFrame<G extends string, C extends string>(
  family: VideoPokerFamily<C, G>,
  step: VideoPokerReplayStep<G, C>,
): RecallFrameOf<VideoPokerFrame<G>> {
  const s = step.state;
  const a = step.action;
  const action: RecallAction =
    a === null ? { kind: 'deal' } : a.type === 'draw' ? { kind: 'draw' } : { kind: 'hold', positions: [...s.held] };
  const over = s.phase === 'over' && s.final !== null;
  const cards = over ? s.final! : s.dealt;
  return {
    action,
    table: {
      game: family.game,
      shape: 'video-poker',
      bet: s.bet,
      cards: formatCards(cards),
      held: over ? [] : [...s.held],
      winning: over && s.win > 0 ? autoHoldOf(family, cards, s.config, s.bet) : [],
      hand: s.hand ?? categoryIdOf(family, cards),
      win: over ? s.win : null,
    },
  };
}

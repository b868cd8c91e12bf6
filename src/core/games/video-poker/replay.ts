// A video-poker family's replay file (docs/replay.md): the deck, the bet, the pay table, hold and
// draw; the same for every family, read by the family's own pay table.

import { formatCards } from '../../cards';
import { allowOnly, expectStep, readActions, readDeck, readWhole, ReplayError, type Json } from '../../replay-read';
import type { VideoPokerFamily } from '../../video-poker/family';
import {
  dealVideoPoker,
  stepVideoPoker,
  type FamilyPayTable,
  type VideoPokerAction,
  type VideoPokerState,
} from './engine';
import type { FamilyPayTableReader } from './pay-table';

/** J-1: the most chips a bet takes when a file does not say. */
export const DEFAULT_MAX_BET = 5;

export interface VideoPokerReplayOutput<G extends string = string> {
  game: G;
  bet: number;
  dealt: string[];
  autoHold: number[];
  held: number[];
  final: string[];
  hand: string;
  win: number;
}

export interface VideoPokerReplayStep<G extends string = string, C extends string = string> {
  game: G;
  action: VideoPokerAction | null;
  state: VideoPokerState<G, C>;
}

/** Runs a family's replay file, each state to `onStep`; throws ReplayError naming the problem. */
export function runVideoPokerReplay<G extends string, C extends string>(
  family: VideoPokerFamily<C, G>,
  payTables: { default: FamilyPayTable<G, C>; reader: FamilyPayTableReader<G, C> },
  file: Json,
  onStep: (step: VideoPokerReplayStep<G, C>) => void,
): VideoPokerReplayOutput<G> {
  allowOnly(file, ['game', 'deck', 'paytable', 'actions', 'bet', 'maxBet'], 'file');
  const deck = readDeck(file.deck);
  const maxBet = readWhole(file, 'maxBet', DEFAULT_MAX_BET);
  const bet = readWhole(file, 'bet');
  let payTable = payTables.default;
  if (file.paytable !== undefined) {
    const parsed = payTables.reader.parse(file.paytable);
    if (!parsed.ok) throw new ReplayError(parsed.error);
    payTable = parsed.table;
  }
  const actions = readActions(file);
  let state = expectStep(dealVideoPoker(family, deck, bet, { maxBet, payTable }));
  onStep({ game: family.game, action: null, state });
  actions.forEach((a, i) => {
    let action: VideoPokerAction;
    if (a.type === 'hold') {
      allowOnly(a, ['type', 'positions'], 'hold', i);
      action = { type: 'hold', positions: a.positions as number[] };
    } else if (a.type === 'draw') {
      allowOnly(a, ['type'], 'draw', i);
      action = { type: 'draw' };
    } else {
      throw new ReplayError(`unknown ${family.name} action "${a.type}" (hold, draw)`, i);
    }
    state = expectStep(stepVideoPoker(family, state, action), i);
    onStep({ game: family.game, action, state });
  });
  if (state.phase !== 'over' || !state.final || !state.hand) {
    throw new ReplayError(`the actions stop before the game is decided: ${family.name} needs a "draw"`);
  }
  return {
    game: family.game,
    bet: state.bet,
    dealt: formatCards(state.dealt),
    autoHold: state.autoHold,
    held: state.held,
    final: formatCards(state.final),
    hand: state.hand,
    win: state.win,
  };
}

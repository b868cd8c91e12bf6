// Jacks or Better's replay file (docs/replay.md): the deck, the bet, the pay table, hold and draw.

import { formatCards } from '../../cards';
import { allowOnly, expectStep, readActions, readDeck, readWhole, ReplayError, type Json } from '../../replay-read';
import { DEFAULT_JACKS_CONFIG, dealJacks, stepJacks, type JacksAction, type JacksState } from './engine';
import { JACKS_OR_BETTER_ID } from './id';
import { parseJacksPayTable } from './pay-table';

export interface JacksReplayOutput {
  game: typeof JACKS_OR_BETTER_ID;
  bet: number;
  dealt: string[];
  autoHold: number[];
  held: number[];
  final: string[];
  hand: string;
  win: number;
}

export interface JacksReplayStep {
  game: typeof JACKS_OR_BETTER_ID;
  action: JacksAction | null;
  state: JacksState;
}

/** Runs a Jacks or Better replay file, each state to `onStep`; throws ReplayError naming the problem. */
export function runJacksReplay(file: Json, onStep: (step: JacksReplayStep) => void): JacksReplayOutput {
  allowOnly(file, ['game', 'deck', 'paytable', 'actions', 'bet', 'maxBet'], 'file');
  const deck = readDeck(file.deck);
  const maxBet = readWhole(file, 'maxBet', DEFAULT_JACKS_CONFIG.maxBet);
  const bet = readWhole(file, 'bet');
  let payTable = DEFAULT_JACKS_CONFIG.payTable;
  if (file.paytable !== undefined) {
    const parsed = parseJacksPayTable(file.paytable);
    if (!parsed.ok) throw new ReplayError(parsed.error);
    payTable = parsed.table;
  }
  const actions = readActions(file);
  let state: JacksState = expectStep(dealJacks(deck, bet, { maxBet, payTable }));
  onStep({ game: JACKS_OR_BETTER_ID, action: null, state });
  actions.forEach((a, i) => {
    let action: JacksAction;
    if (a.type === 'hold') {
      allowOnly(a, ['type', 'positions'], 'hold', i);
      action = { type: 'hold', positions: a.positions as number[] };
    } else if (a.type === 'draw') {
      allowOnly(a, ['type'], 'draw', i);
      action = { type: 'draw' };
    } else {
      throw new ReplayError(`unknown Jacks or Better action "${a.type}" (hold, draw)`, i);
    }
    state = expectStep(stepJacks(state, action), i);
    onStep({ game: JACKS_OR_BETTER_ID, action, state });
  });
  if (state.phase !== 'over' || !state.final || !state.hand) {
    throw new ReplayError('the actions stop before the game is decided: Jacks or Better needs a "draw"');
  }
  return {
    game: JACKS_OR_BETTER_ID,
    bet: state.bet,
    dealt: formatCards(state.dealt),
    autoHold: state.autoHold,
    held: state.held,
    final: formatCards(state.final),
    hand: state.hand,
    win: state.win,
  };
}

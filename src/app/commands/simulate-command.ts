import { POKER_PLUS_ID } from '../../core';
import { CliError, type Command } from './command';
import { runPokerPlus } from './poker-plus-run';

const USAGE =
  'simulate poker-plus --rounds N --seed S [--strategy FILE] [--boxes 1|2] [--threads N] [--paytable FILE] [--engine] [--json] [--quiet]';

export const simulateCommand: Command = {
  summary:
    'simulate poker-plus --rounds N --seed S: play the real engine with a strategy (JSON), report RTP and outcomes',
  async run(args) {
    const [game, ...rest] = args;
    if (game !== POKER_PLUS_ID) throw new CliError(`usage: ${USAGE}`);
    return runPokerPlus(rest, { name: 'simulate poker-plus', usage: USAGE });
  },
};

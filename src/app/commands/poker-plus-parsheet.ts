import { pokerPlusBestCommand } from './poker-plus-best-command';
import { runPokerPlus } from './poker-plus-run';

export const POKER_PLUS_PARSHEET_ROUNDS = 10_000_000;

/**
 * `parsheet poker-plus`: the default strategy's simulated par sheet, 10 million rounds unless
 * told; with `--best`, the strongest strategy found, played and audited.
 */
export function pokerPlusParSheetCommand(args: string[]): Promise<number> {
  if (args.includes('--best')) return pokerPlusBestCommand(args);
  return runPokerPlus(args, {
    name: 'parsheet poker-plus',
    usage:
      'parsheet poker-plus [--rounds N] [--seed S] [--strategy FILE] [--boxes 1|2] [--threads N] [--paytable FILE] [--engine] [--json] [--quiet]',
    rounds: POKER_PLUS_PARSHEET_ROUNDS,
    seed: 'parsheet',
  });
}

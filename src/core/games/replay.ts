// Replay files (docs/replay.md): one game stated completely, run through the same engines that
// settle live games, by the game the file names. The cabinet stores its game recall in this
// format too.

import { isObject, ReplayError } from '../replay-read';
import { GAME_IDS, gameModule, isGameId, type AnyGame } from './registry';

type StepOf<G> = G extends AnyGame ? Parameters<Parameters<G['replay']['run']>[1]>[0] : never;

/**
 * One state of a replayed game: after the deal (`action` null), after each action, and for a
 * table game after the dealer's reveal. Game recall draws these, step by step (C-11).
 */
export type ReplayStep = StepOf<AnyGame>;
export type ReplayOutput = ReturnType<AnyGame['replay']['run']>;
/** A recalled step as the recall page draws it, of whichever game. */
export type RecallFrame = ReturnType<AnyGame['recall']['frame']>;

/** Runs a parsed replay file; throws ReplayError naming the problem (and action index). */
export function runReplay(file: unknown, onStep: (step: ReplayStep) => void = () => undefined): ReplayOutput {
  if (!isObject(file)) throw new ReplayError('a replay file is a JSON object');
  const game = file.game;
  if (!isGameId(game)) throw new ReplayError(`"game" must be ${GAME_IDS.map((g) => `"${g}"`).join(' or ')}`);
  const run = gameModule(game).replay.run as (f: typeof file, on: (step: ReplayStep) => void) => ReplayOutput;
  return run(file, onStep);
}

// Which commits must be on the disk before anything shows them (C-13). Every change of money,
// meters or a game's course is; a HOLD changed on a dealt Jacks or Better hand is not: it moves
// no money, deals no card, and the draw that uses it is itself synced, taking the hold with it.
// A power cut in the milliseconds before such a commit reaches the disk can only undo the hold,
// as if the cut had come just before the press: the game resumes with the same cards (C-14).

import type { CabinetEffect } from './effects';
import type { CabinetState, GameSession } from './state';

/** What a hold may change of the whole state; anything else changed needs the sync first. */
const HOLD_CHANGES: ReadonlySet<string> = new Set(['version', 'game', 'lamps']);

const sameExcept = (a: object, b: object, except: ReadonlySet<string>): boolean => {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => except.has(k) || x[k] === y[k]);
};

/** The same Jacks or Better game, still holding, with only its held cards (and their recall entry) changed. */
function holdOnly(prev: GameSession | null, next: GameSession | null): boolean {
  if (!prev || !next || prev.game !== 'jacks-or-better' || next.game !== 'jacks-or-better') return false;
  if (prev.outcome !== null || next.outcome !== null || next.core.phase !== 'holding') return false;
  if (!sameExcept(prev, next, new Set(['core', 'actions']))) return false;
  if (!sameExcept(prev.core, next.core, new Set(['held']))) return false;
  const added = next.actions.slice(prev.actions.length);
  return added.length === 1 && added[0]!.type === 'hold' && prev.actions.every((a, i) => next.actions[i] === a);
}

/**
 * True unless the transition only changed the held cards of a Jacks or Better hand (and the
 * deck's lamps that follow them): the journal may then commit it without waiting for the disk.
 */
export function syncBeforeShowing(prev: CabinetState, next: CabinetState, effects: readonly CabinetEffect[]): boolean {
  if (!sameExcept(prev, next, HOLD_CHANGES) || !holdOnly(prev.game, next.game)) return true;
  return !effects.every((e) => e.type === 'command' && e.command.device === 'deck' && e.command.type === 'lamps');
}

// Records written before a Poker Plus round carried its rules version (docs/replay.md,
// "rulesVersion"): every one of them was dealt under the earlier reading of P-3, version 1. A
// replay file that does not say means today's rule, so an old record read back must say 1, and
// a round stored mid-game by the earlier release must end under the rule it was dealt with.
// Read-side only: the stored rows stay as their release wrote and signed them.

import { POKER_PLUS_ID, type PokerPlusRulesVersion } from '../core';
import type { ReplayFile } from './recall';
import type { CabinetState } from './state';

/** The reading of P-3 of everything recorded before the rules version was. */
export const UNRECORDED_RULES_VERSION: PokerPlusRulesVersion = 1;

/** A recall's replay file as a release stored it: before rules versions, a Poker Plus one said none. */
export type StoredReplayFile = ReplayFile | Omit<Extract<ReplayFile, { game: typeof POKER_PLUS_ID }>, 'rulesVersion'>;

/** A stored recall's replay file as it was played: an old Poker Plus one said its version. */
export function recalledReplay(replay: StoredReplayFile): ReplayFile {
  if (replay.game !== POKER_PLUS_ID || 'rulesVersion' in replay) return replay;
  const { game, ...rest } = replay;
  return { game, rulesVersion: UNRECORDED_RULES_VERSION, ...rest };
}

/** A stored cabinet state whose Poker Plus round was dealt before rounds carried their version. */
export function storedState(state: CabinetState): CabinetState {
  const session = state.game;
  if (session?.game !== POKER_PLUS_ID || session.core.rulesVersion !== undefined) return state;
  return { ...state, game: { ...session, core: { ...session.core, rulesVersion: UNRECORDED_RULES_VERSION } } };
}

// What a press on the screen does: a wish for the cabinet, or a change of the screen's own
// page (ui-state.ts) or of the service screens' (service/actions.ts). Below the parts that carry
// it (parts.ts) and the state that applies it, so neither has to reach up for it.

import type { Snapshot, Wish } from '../../src/contract';
import type { ServiceAction } from './service/actions';

export type GameName = Snapshot['selectedGame'];

export type UiAction =
  | { type: 'start' }
  | { type: 'lobby' }
  | { type: 'game' }
  | { type: 'chooseGame'; game: GameName }
  | { type: 'help'; page: number | null }
  | { type: 'select'; position: number }
  | { type: 'finishRollUp' }
  /** The game screen's chip chooser (its denomination button) opened or closed. */
  | { type: 'chips'; open: boolean }
  /** A chip value picked in that chooser: the wish, and the chooser closed. */
  | { type: 'pickChip'; value: number }
  | { type: 'svc'; action: ServiceAction };

/** What pressing a button does: a wish for the cabinet, or a change of the screen's own page. */
export type ButtonAction = { kind: 'wish'; wish: Wish } | { kind: 'ui'; ui: UiAction };

export const wishAction = (wish: Wish): ButtonAction => ({ kind: 'wish', wish });
export const uiAction = (ui: UiAction): ButtonAction => ({ kind: 'ui', ui });

// The screen's own presentation state: which page the player looks at, the help page, the
// cards picked for an exchange before it is wished. None of it is game state: money, cards,
// holds and phases come only from the cabinet's snapshot.

import type { Query, Snapshot, Wish } from '../../src/contract';
import type { RollUp } from './play/rollup';
import { helpPages } from './play/help-pages';
import { applyService, followService, initialService, type ServiceUi } from './service/state';
import type { UiAction } from './actions';

export interface UiState {
  view: 'lobby' | 'game';
  /** The help page on show, or null. */
  help: number | null;
  /** False until the first touch or anything a person did at the machine: the attract loop runs until then. */
  interacted: boolean;
  /** The last touch here or the last thing the cabinet reported a person doing (snapshot.activity). */
  lastInputAt: number;
  /**
   * The last touch here or press the cabinet reported (a wish from any screen, a deck button):
   * a message that ended before it has been seen. A note or a ticket put in is no such press:
   * a ticket's insertion, reported with its outcome in one snapshot, must not hide that outcome.
   */
  lastPressAt: number;
  /**
   * The last touch on this screen or deck button: what takes away the money just paid out (the
   * attendant's wish that paid a handpay is a press, but not the player's answer to it).
   */
  touchedAt: number;
  /** The cabinet's activity count last seen; null before the first snapshot. */
  activitySeq: number | null;
  /** When the attract loop began (its pages follow from the time since), or null while it is not on. */
  attractSince: number | null;
  now: number;
  /** Poker Plus cards picked for an exchange; valid only while `key` matches the hand. */
  selection: { key: string; positions: number[] };
  /** The attendant's and technician's screens (service/state.ts). */
  service: ServiceUi;
  /** A win being counted into the credits on screen (play/rollup.ts). */
  rollUp: RollUp | null;
  /** The chip chooser open on a game screen (its denomination button, play/chips.ts). */
  chips: boolean;
}

export const initialUi = (now: number): UiState => ({
  view: 'lobby',
  help: null,
  interacted: false,
  lastInputAt: now,
  lastPressAt: 0,
  touchedAt: 0,
  activitySeq: null,
  attractSince: null,
  now,
  selection: { key: '', positions: [] },
  service: initialService(),
  rollUp: null,
  chips: false,
});

/** Identifies the seen box's hand: a new deal or a draw changes it and drops the selection. */
export function selectionKey(snapshot: Snapshot): string {
  const pp = snapshot.pokerPlus;
  const box = pp.boxes[pp.seen];
  if (!box || pp.phase !== 'deciding') return '';
  return `${pp.gameId}:${box.draws}:${(box.cards ?? []).join('')}`;
}

/** P-3: the most cards the exchange on offer may take, as the cabinet's fees say (one at the second action). */
export function exchangeMost(snapshot: Snapshot): number {
  const fees = snapshot.pokerPlus.fees.exchange;
  return fees === null ? 0 : fees.length - 1;
}

export function selectedPositions(ui: UiState, snapshot: Snapshot): number[] {
  const key = selectionKey(snapshot);
  return key !== '' && ui.selection.key === key ? ui.selection.positions : [];
}

/** A game dealt (from the deck or after a restart) takes the player to the game, and keeps them there. */
export function followSnapshot(ui: UiState, snapshot: Snapshot | null): UiState {
  if (!snapshot?.inGame) return ui;
  // A game dealt closes the chip chooser: it is not to open again by itself when the game ends.
  return ui.view === 'lobby' || ui.chips ? { ...ui, view: 'game', chips: false } : ui;
}

/** A key turned (or a login, a logout) opens, changes or closes the service screens: the records a page needs are asked for. */
export function followKeys(ui: UiState, snapshot: Snapshot | null): { ui: UiState; queries: Query[] } {
  const step = followService(ui.service, snapshot);
  return { ui: step.service === ui.service ? ui : { ...ui, service: step.service }, queries: step.queries };
}

/** Any touch or press: leaves attract mode and restarts its idle clock. */
export function noteInput(ui: UiState, now: number): UiState {
  return { ...ui, interacted: true, lastInputAt: now, lastPressAt: now, now };
}

/** A touch on this screen. */
export function noteTouch(ui: UiState, now: number): UiState {
  return { ...noteInput(ui, now), touchedAt: now };
}

/**
 * What the cabinet reported a person doing (a note, a wish from any screen, a deck button, a key)
 * counts as input here too. The first snapshot only sets the count: a page just loaded has seen
 * nobody yet.
 */
export function followActivity(ui: UiState, snapshot: Snapshot | null, now: number): UiState {
  if (!snapshot) return ui;
  const seq = snapshot.activity.seq;
  if (ui.activitySeq === seq) return ui;
  const seen = { ...ui, activitySeq: seq };
  if (ui.activitySeq === null) return seen;
  const kind = snapshot.activity.kind;
  const press = kind === 'wish' || kind === 'button' || kind === 'buttonRefused';
  // A ticket put in closes the help pages: the player is to see it validated and its credit
  // counted, or why it came back, and help has no room for that line.
  const help = kind === 'ticketInserted' ? null : ui.help;
  const touchedAt = kind === 'button' || kind === 'buttonRefused' ? now : ui.touchedAt;
  return { ...noteInput(seen, now), lastPressAt: press ? now : ui.lastPressAt, touchedAt, help };
}

/** Starts the attract loop's clock when it comes on, and stops it when it goes. */
export function followAttract(ui: UiState, on: boolean, now: number): UiState {
  if (on) return ui.attractSince === null ? { ...ui, attractSince: now } : ui;
  return ui.attractSince === null ? ui : { ...ui, attractSince: null };
}

/** DEAL, any other press that wishes, or a touch on the credits meter: the count shows all at once. */
export function finishRollUp(ui: UiState): UiState {
  return ui.rollUp && !ui.rollUp.finished ? { ...ui, rollUp: { ...ui.rollUp, finished: true } } : ui;
}

export function applyUi(
  ui: UiState,
  action: UiAction,
  snapshot: Snapshot | null,
): { ui: UiState; wish: Wish | null; queries?: Query[] } {
  switch (action.type) {
    case 'svc': {
      const step = applyService(ui.service, action.action);
      return { ui: { ...ui, service: step.service }, wish: step.wish, queries: step.queries };
    }
    case 'start':
      return { ui: { ...ui, interacted: true, view: snapshot?.inGame ? 'game' : 'lobby' }, wish: null };
    case 'lobby':
      return { ui: { ...ui, view: 'lobby', help: null, chips: false }, wish: null };
    case 'game':
      return { ui: { ...ui, view: 'game' }, wish: null };
    case 'chooseGame': {
      const wish: Wish | null =
        snapshot && snapshot.selectedGame !== action.game ? { type: 'selectGame', game: action.game } : null;
      return { ui: { ...ui, view: 'game' }, wish };
    }
    case 'chips':
      return { ui: { ...ui, chips: action.open }, wish: null };
    case 'pickChip': {
      const wish: Wish | null =
        snapshot && snapshot.chipValue !== action.value ? { type: 'chipValue', value: action.value } : null;
      return { ui: { ...ui, chips: false }, wish };
    }
    case 'help':
      return {
        ui: {
          ...ui,
          chips: false,
          // The pages follow the games on the menu (play/help-pages.ts); the help scene clamps again.
          help:
            action.page === null
              ? null
              : Math.max(0, Math.min((snapshot ? helpPages(snapshot).length : 1) - 1, action.page)),
        },
        wish: null,
      };
    case 'finishRollUp':
      return { ui: finishRollUp(ui), wish: null };
    case 'select': {
      if (!snapshot) return { ui, wish: null };
      const key = selectionKey(snapshot);
      const now = selectedPositions(ui, snapshot);
      // Where only one card may go (the second action), marking another moves the mark to it.
      const positions = now.includes(action.position)
        ? now.filter((p) => p !== action.position)
        : exchangeMost(snapshot) === 1
          ? [action.position]
          : [...now, action.position].sort((a, b) => a - b);
      return { ui: { ...ui, selection: { key, positions } }, wish: null };
    }
  }
}

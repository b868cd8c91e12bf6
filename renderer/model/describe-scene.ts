// The whole scene from the latest snapshot and the screen's UI state: which screen, which
// overlay, and everything on them. One pure function, so the views and the test hook agree.

import type { Snapshot } from '../../src/contract';
import { t } from '../i18n/texts';
import type { Language } from '../i18n/language';
import { helpScene, lobbyScene, overlayScene } from './play/pages';
import { attractLoopScene } from './play/attract-loop';
import { jacksScene } from './play/jacks';
import type { SceneModel, ScreenName } from './scene';
import { pokerPlusScene } from './play/poker-plus';
import { serviceModel } from './service/describe-page';
import { allServiceButtons } from './service/page';
import { serviceMode } from './service/state';
import { ts } from '../i18n/service-texts';
import type { UiState } from './ui-state';
import type { ConnectionStatus } from '../transport/carrier';
import { formatChips } from '../i18n/numbers';
import { celebrating, heldBack, rollUpDone, stillShowing } from './play/rollup';
import { button } from './parts';
import { uiAction } from './actions';
import { ticketLine } from './play/ticket';
import { chipButtons } from './play/chips';
import { shapeOf } from './play/common';

const empty = (language: Language, screen: ScreenName): SceneModel => ({
  screen,
  overlay: null,
  language,
  connection: null,
  title: '',
  chip: '',
  message: null,
  meters: [],
  cards: [],
  banners: [],
  buttons: [],
  payTable: null,
  dealerText: null,
  boughtText: null,
  boxes: [],
  lockup: null,
  help: null,
  lines: [],
  dealKey: '',
  service: null,
  celebration: null,
  attract: null,
});

/**
 * Attract runs with no credits and no game, before the first input or once the operator's idle
 * time has passed since the last thing anyone did: a touch here, or what the cabinet reported
 * (a note, a wish from any screen, a deck button, a key: followActivity in ui-state.ts).
 */
export function attractDue(s: Snapshot, ui: UiState): boolean {
  if (s.inGame || s.balance > 0 || s.lockup || s.cashout) return false;
  return !ui.interacted || ui.now - ui.lastInputAt >= s.service.settings.presentation.attractSeconds * 1000;
}

export function pickScreen(s: Snapshot, ui: UiState): ScreenName {
  // A key turned takes the screen over, lockups included: the attendant pays the handpay there.
  if (ui.service.mode !== null && serviceMode(s) === ui.service.mode) return 'service';
  if (attractDue(s, ui)) return 'attract';
  if (ui.help !== null) return 'help';
  if (ui.view === 'lobby' && !s.inGame) return 'lobby';
  // The screen that plays the selected game's shape: the video-poker screen for every family.
  return shapeOf(s, s.selectedGame) === 'table' ? 'pokerPlus' : 'jacks';
}

/** The cabinet's last refusal, if it came after the last touch: shown with its reason. */
export interface Refusal {
  rule: string | null;
  text: string;
}

export function describeScene(
  s: Snapshot | null,
  ui: UiState,
  status: ConnectionStatus,
  fallbackLanguage: Language = 'en',
  refusal: Refusal | null = null,
): SceneModel {
  if (!s) {
    const scene = empty(fallbackLanguage, 'connecting');
    return {
      ...scene,
      title: t(fallbackLanguage, 'app.title'),
      connection: t(fallbackLanguage, status === 'closed' ? 'app.offline' : 'app.connecting'),
    };
  }
  const screen = pickScreen(s, ui);
  const base = empty(s.language, screen);
  const connection = status === 'open' ? null : t(s.language, 'app.offline');
  if (screen === 'service') {
    // The cabinet's reason in words (its rule's id is for the documents and the log); a dimmed
    // button's refusal has none beyond the words themselves.
    const notice = !refusal
      ? null
      : refusal.text
        ? ts(s.language, 'svc.refused', { reason: refusal.text })
        : t(s.language, 'notice.refused');
    const service = serviceModel(s, ui.service, ui.now, notice)!;
    const who = ts(s.language, service.mode === 'attendant' ? 'svc.attendant' : 'svc.technician');
    // The attendant's menu and the PIN pad name who they are for already.
    const title = service.mode === 'attendant' || service.page === 'pin' ? service.title : `${who}: ${service.title}`;
    return { ...base, title, service, buttons: allServiceButtons(service), connection };
  }
  // A win being counted up: the meters show the credits it has reached, never more than the
  // snapshot's (play/rollup.ts); a touch on the credits meter shows the rest at once.
  const rollUp = stillShowing(ui.rollUp, s);
  const held = heldBack(rollUp, ui.now);
  const shown = held > 0 ? { ...s, credits: s.credits - held, balance: s.balance - held * s.chipValue } : s;
  const part =
    screen === 'attract'
      ? attractLoopScene(s, ui.now - (ui.attractSince ?? ui.now))
      : screen === 'lobby'
        ? lobbyScene(shown)
        : screen === 'help'
          ? helpScene(s, ui.help ?? 0)
          : screen === 'jacks'
            ? jacksScene(shown)
            : pokerPlusScene(shown, ui);
  const overlay = overlayScene(s, ui);
  const counting = rollUp !== null && !rollUpDone(rollUp, ui.now) && (screen === 'jacks' || screen === 'pokerPlus');
  const game = screen === 'jacks' || screen === 'pokerPlus';
  const own = [
    ...(part.buttons ?? []),
    ...(game ? chipButtons(shown, ui.chips) : []),
    ...(counting ? [button('rollUp', '', true, uiAction({ type: 'finishRollUp' }))] : []),
  ];
  // Under a lockup nothing beneath it may be pressed, whatever the list says; the money just paid
  // out only waits for a touch, which takes it away.
  const blocking = overlay.overlay !== null && overlay.overlay !== 'paid';
  const buttons = blocking ? [...own.map((b) => ({ ...b, live: false })), ...overlay.buttons] : own;
  const celebration =
    celebrating(rollUp, ui.now) && !overlay.overlay && (screen === 'jacks' || screen === 'pokerPlus')
      ? {
          title: t(s.language, 'win.big'),
          amount: t(s.language, 'jacks.winAmount', { n: formatChips(rollUp!.credited, s.language) }),
        }
      : null;
  // A ticket's line takes the game's message, leads the lobby's lines, stands in for the attract
  // loop's call to insert, and shows on a lockup too: a ticket put in while play is stopped goes
  // back, and the player must see why.
  const line = ticketLine(s, ui);
  const ticket = screen === 'help' ? null : line;
  const told =
    ticket === null
      ? {}
      : screen === 'lobby'
        ? { lines: [ticket, ...('lines' in part ? part.lines : [])] }
        : 'attract' in part
          ? { attract: { ...part.attract, ticket } }
          : { message: ticket };
  const lockup = overlay.lockup && { ...overlay.lockup, ticket: line };
  return {
    ...base,
    ...part,
    ...told,
    overlay: overlay.overlay,
    lockup,
    buttons,
    connection,
    celebration,
  };
}

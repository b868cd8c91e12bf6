// The screens around the games: game and chip choice, help pages, and the
// lockups the player meets (voucher printing, CALL ATTENDANT, tilts).

import type { Lockup, MenuEntry, Snapshot } from '../../../src/contract';
import { gameBlurb, gameTitle, menuTableName } from '../../i18n/game-words';
import { formatChipValue, formatMoney } from '../../i18n/numbers';
import { t } from '../../i18n/texts';
import type { Language } from '../../i18n/language';
import { creditsMeter, languageButton, payTableOf } from './common';
import { firstHelpPage, helpPages } from './help-pages';
import { isLive, button, type ButtonSpec } from '../parts';
import { uiAction, wishAction } from '../actions';
import type { HelpModel, LockupModel, SceneModel } from '../scene';
import { tiltText } from '../../i18n/tilts';

/** A table's return as the player reads it (C-24's figure): "RETURN 99.54%", or null where it is not known. */
function returnText(s: Snapshot, r: MenuEntry['payTableReturn']): string | null {
  if (!r) return null;
  return t(s.language, r.play === 'exact' ? 'menu.return' : 'menu.returnUpTo', { pct: pct(r.pct, s.language) });
}

/**
 * The game menu (C-2, J-1), in the Game King manner: every enabled game as a tile with its name,
 * the installed pay table it plays and that table's return; under them the denominations the
 * operator offers, as chips; then PLAY. Chosen by touch, and by the deck (its buttons' wishes).
 * Locked while a game is in progress.
 */
export function lobbyScene(s: Snapshot): Pick<SceneModel, 'lines' | 'buttons' | 'title' | 'meters' | 'chip'> {
  const L = s.language;
  const locked = s.inGame;
  const games: ButtonSpec[] = s.menu.map((m) =>
    button(
      `game:${m.game}`,
      gameTitle(L, m.game),
      m.game === s.selectedGame || (!locked && isLive(s, 'selectGame')),
      uiAction({ type: 'chooseGame', game: m.game }),
      [
        m.payTable.name && t(L, 'menu.table', { name: menuTableName(m.payTable.name, m.game) }),
        returnText(s, m.payTableReturn),
      ]
        .filter((x) => x)
        .join('  •  ') || gameBlurb(L, m.game),
      m.game === s.selectedGame,
    ),
  );
  const chips: ButtonSpec[] = s.chipValues.map((v) =>
    button(
      `chip:${v}`,
      formatChipValue(v, s.currency, L),
      !locked && isLive(s, 'chipValue') && v !== s.chipValue,
      wishAction({ type: 'chipValue', value: v }),
      null,
      v === s.chipValue,
    ),
  );
  return {
    title: t(L, 'lobby.title'),
    chip: t(L, 'lobby.chip'),
    lines: locked ? [t(L, 'lobby.locked')] : [],
    meters: [creditsMeter(s)],
    buttons: [
      ...games,
      ...chips,
      button('play', t(L, 'lobby.play'), true, uiAction({ type: 'game' })),
      languageButton(s),
      button('help', t(L, 'button.help'), true, uiAction({ type: 'help', page: firstHelpPage(s) })),
      button('cashOut', t(L, 'button.cashOut'), isLive(s, 'cashOut'), wishAction({ type: 'cashOut' })),
    ],
  };
}

const pct = (n: number, L: Language): string => (L === 'ru' ? n.toFixed(2).replace('.', ',') : n.toFixed(2));

/** The installed table's return in a player's words (C-24's figure): best play's, and typical play's where known. */
function returnNote(s: Snapshot, r: MenuEntry['payTableReturn']): string | null {
  const L = s.language;
  if (!r) return null;
  if (r.play === 'exact') return t(L, 'help.return.exact', { pct: pct(r.pct, L) });
  if (r.play === 'typical') return t(L, 'help.return.typical', { pct: pct(r.pct, L) });
  return r.typical === null
    ? t(L, 'help.return.bestOnly', { pct: pct(r.pct, L) })
    : t(L, 'help.return.best', { pct: pct(r.pct, L), typical: pct(r.typical, L) });
}

/** How many help pages the snapshot's games make (play/help-pages.ts). */
export const helpPageCount = (s: Snapshot): number => helpPages(s).length;

export function helpScene(s: Snapshot, page: number): Pick<SceneModel, 'help' | 'buttons' | 'title'> {
  const L = s.language;
  const pages = helpPages(s);
  const p = Math.max(0, Math.min(pages.length - 1, page));
  // Clamped into the list, which always holds the cabinet's page.
  const spec = pages[p]!;
  const table = spec.table;
  const help: HelpModel = {
    page: p,
    pages: pages.length,
    title: spec.title,
    pageText: t(L, 'help.page', { n: p + 1, of: pages.length }),
    lines: spec.lines,
    // A video-poker table read away from the game is headed by its bets (the glass needs none).
    payTable: table && {
      ...payTableOf(s, table.game, table.shape, table.payRows, null, null),
      headed: table.shape === 'video-poker',
    },
    note: table && returnNote(s, table.payTableReturn),
  };
  return {
    title: t(L, 'help.title'),
    help,
    buttons: [
      button('prev', t(L, 'button.prev'), p > 0, uiAction({ type: 'help', page: p - 1 })),
      button('next', t(L, 'button.next'), p < pages.length - 1, uiAction({ type: 'help', page: p + 1 })),
      button('close', t(L, 'button.back'), true, uiAction({ type: 'help', page: null })),
      languageButton(s),
    ],
  };
}

function lockupModel(lockup: Lockup, s: Snapshot, L: Language): LockupModel {
  if (lockup.kind === 'handpay') {
    return {
      title: t(L, 'handpay.title'),
      amount: formatMoney(lockup.amount, s.currency, L),
      lines: [
        t(L, lockup.handpayKind === 'jackpot' ? 'handpay.jackpot' : 'handpay.cancelledCredits'),
        t(L, 'handpay.wait'),
      ],
      ticket: null,
    };
  }
  const lines = lockup.tilts.map((tilt) => tiltText(L, tilt.code, tilt.reason));
  const technician = lockup.tilts.some((tilt) => tilt.technician);
  return {
    title: t(L, 'tilt.title'),
    amount: null,
    lines: [...lines, t(L, technician ? 'tilt.technician' : 'tilt.attendant')],
    ticket: null,
  };
}

/** How long the money just paid out stays on show, unless a touch comes first. */
export const PAID_SHOWN_MS = 6000;

/** The lockup or cash-out in front of everything, if any. A lockup outranks a voucher print. */
export function overlayScene(
  s: Snapshot,
  seen: { now: number; touchedAt: number } = { now: 0, touchedAt: Infinity },
): Pick<SceneModel, 'overlay' | 'lockup'> & { buttons: ButtonSpec[] } {
  const L = s.language;
  if (s.lockup) {
    const buttons =
      s.lockup.kind === 'handpay' && isLive(s, 'handpayConfirm')
        ? [button('handpayConfirm', t(L, 'button.confirmHandpay'), true, wishAction({ type: 'handpayConfirm' }))]
        : [];
    return { overlay: s.lockup.kind, lockup: lockupModel(s.lockup, s, L), buttons };
  }
  if (s.cashout) {
    return {
      overlay: 'cashout',
      lockup: {
        title: t(L, 'cashout.title'),
        amount: formatMoney(s.cashout.amount, s.currency, L),
        lines: [t(L, 'cashout.printing'), t(L, 'cashout.take')],
        ticket: null,
      },
      buttons: [],
    };
  }
  // The money gone, said however fast the printer was: until the next touch or a few seconds.
  const paid = s.paidOut;
  if (paid && seen.now - paid.at < PAID_SHOWN_MS && seen.touchedAt < paid.at) {
    const voucher = paid.how === 'voucher';
    return {
      overlay: 'paid',
      lockup: {
        title: t(L, voucher ? 'paid.voucher' : paid.kind === 'jackpot' ? 'paid.jackpot' : 'paid.handpay'),
        amount: formatMoney(paid.amount, s.currency, L),
        lines: [t(L, voucher ? 'paid.takeTicket' : 'paid.thanks')],
        ticket: null,
      },
      buttons: [],
    };
  }
  return { overlay: null, lockup: null, buttons: [] };
}

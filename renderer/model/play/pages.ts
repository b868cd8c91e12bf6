// The screens around the games: game and chip choice, help pages, and the
// lockups the player meets (voucher printing, CALL ATTENDANT, tilts).

import type { Lockup, Snapshot } from '../../../src/contract';
import { formatChipValue, formatMoney } from '../../i18n/numbers';
import { t, type TextKey } from '../../i18n/texts';
import type { Language } from '../../i18n/language';
import { creditsMeter, jacksPayTable, languageButton, pokerPlusPayTable } from './common';
import { isLive, button, type ButtonSpec } from '../parts';
import { uiAction, wishAction } from '../actions';
import type { HelpModel, LockupModel, SceneModel } from '../scene';
import { tiltText } from '../../i18n/tilts';
import { HELP_PAGES } from '../ui-state';

export function lobbyScene(s: Snapshot): Pick<SceneModel, 'lines' | 'buttons' | 'title' | 'meters' | 'chip'> {
  const L = s.language;
  const locked = s.inGame;
  const games: ButtonSpec[] = s.games.map((g) =>
    button(
      `game:${g}`,
      t(L, `game.${g}`),
      g === s.selectedGame || (!locked && isLive(s, 'selectGame')),
      uiAction({ type: 'chooseGame', game: g }),
      t(L, `game.${g}.blurb`),
      g === s.selectedGame,
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
      button('help', t(L, 'button.help'), true, uiAction({ type: 'help', page: 0 })),
      button('cashOut', t(L, 'button.cashOut'), isLive(s, 'cashOut'), wishAction({ type: 'cashOut' })),
    ],
  };
}

interface HelpPage {
  title: TextKey;
  lines: readonly TextKey[];
  table: 'jacks' | 'pp' | null;
}

/** The help pages: as many as ui-state's HELP_PAGES, which the compiler holds this list to. */
const HELP: readonly HelpPage[] & { readonly length: typeof HELP_PAGES } = [
  {
    title: 'help.jacks.title',
    lines: ['help.jacks.1', 'help.jacks.2', 'help.jacks.3', 'help.jacks.4'],
    table: null,
  },
  // The Jacks or Better table on a page of its own, as large as the panel holds.
  { title: 'help.jacks.table', lines: [], table: 'jacks' },
  { title: 'help.pp.title', lines: ['help.pp.1', 'help.pp.2', 'help.pp.3', 'help.pp.4'], table: 'pp' },
  { title: 'help.pp2.title', lines: ['help.pp2.1', 'help.pp2.2', 'help.pp2.3', 'help.pp2.4'], table: null },
  { title: 'help.cab.title', lines: ['help.cab.1', 'help.cab.2', 'help.cab.3', 'help.cab.4'], table: null },
] as const;

const pct = (n: number, L: Language): string => (L === 'ru' ? n.toFixed(2).replace('.', ',') : n.toFixed(2));

/** The installed table's return in a player's words (C-24's figure): best play's, and typical play's where known. */
function returnNote(s: Snapshot, game: { payTableReturn: Snapshot['jacks']['payTableReturn'] }): string | null {
  const r = game.payTableReturn;
  const L = s.language;
  if (!r) return null;
  if (r.play === 'exact') return t(L, 'help.return.exact', { pct: pct(r.pct, L) });
  if (r.play === 'typical') return t(L, 'help.return.typical', { pct: pct(r.pct, L) });
  return r.typical === null
    ? t(L, 'help.return.bestOnly', { pct: pct(r.pct, L) })
    : t(L, 'help.return.best', { pct: pct(r.pct, L), typical: pct(r.typical, L) });
}

export function helpScene(s: Snapshot, page: number): Pick<SceneModel, 'help' | 'buttons' | 'title'> {
  const L = s.language;
  const p = Math.max(0, Math.min(HELP.length - 1, page));
  // Clamped into the list just above, whose length its type fixes.
  const spec = HELP[p]!;
  const help: HelpModel = {
    page: p,
    pages: HELP_PAGES,
    title: t(L, spec.title),
    pageText: t(L, 'help.page', { n: p + 1, of: HELP_PAGES }),
    lines: spec.lines.map((k) => t(L, k, { max: s.jacks.maxBet })),
    payTable:
      spec.table === 'jacks'
        ? { ...jacksPayTable(s, null, null), headed: true }
        : spec.table === 'pp'
          ? pokerPlusPayTable(s, null)
          : null,
    note: spec.table === null ? null : returnNote(s, spec.table === 'jacks' ? s.jacks : s.pokerPlus),
  };
  return {
    title: t(L, 'help.title'),
    help,
    buttons: [
      button('prev', t(L, 'button.prev'), p > 0, uiAction({ type: 'help', page: p - 1 })),
      button('next', t(L, 'button.next'), p < HELP.length - 1, uiAction({ type: 'help', page: p + 1 })),
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

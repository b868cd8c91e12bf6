// Pieces every game screen shares: meters, the top bar's buttons, pay tables.

import type { GameShapeName, MenuEntry, Snapshot } from '../../../src/contract';
import { gameFace } from '../../i18n/game-words';
import { formatChips, formatChipValue, formatMoney } from '../../i18n/numbers';
import { handName, t } from '../../i18n/texts';
import { button, isLive, type ButtonSpec, type MeterSpec, type PayTableModel } from '../parts';
import { uiAction, wishAction } from '../actions';
import { firstHelpPage } from './help-pages';

export function creditsMeter(s: Snapshot): MeterSpec {
  return {
    name: 'credits',
    label: t(s.language, 'meter.credits'),
    value: formatChips(s.credits, s.language),
    sub: formatMoney(s.balance, s.currency, s.language),
  };
}

export const chipText = (s: Snapshot): string =>
  `${t(s.language, 'meter.chip')} ${formatChipValue(s.chipValue, s.currency, s.language)}`;

export function languageButton(s: Snapshot): ButtonSpec {
  const other = s.language === 'en' ? 'ru' : 'en';
  return button(
    'language',
    t(s.language, 'button.language'),
    isLive(s, 'language'),
    wishAction({ type: 'language', language: other }),
  );
}

/** A game's entry on the menu, if the operator enabled it. */
export const menuEntry = (s: Snapshot, game: string): MenuEntry | undefined => s.menu.find((m) => m.game === game);

/** Which screen plays a game: its menu entry's shape (its declaration's, for one not on the menu). */
export const shapeOf = (s: Snapshot, game: string): GameShapeName =>
  menuEntry(s, game)?.shape ?? gameFace(game)?.shape ?? 'video-poker';

/** The buttons every game screen carries: the top bar's and the deck's CASH OUT and HELP. */
export function commonButtons(s: Snapshot): ButtonSpec[] {
  return [
    button('games', t(s.language, 'button.games'), !s.inGame, uiAction({ type: 'lobby' })),
    languageButton(s),
    button('cashOut', t(s.language, 'button.cashOut'), isLive(s, 'cashOut'), wishAction({ type: 'cashOut' })),
    // The selected game's first help page (play/pages.ts).
    button('help', t(s.language, 'button.help'), true, uiAction({ type: 'help', page: firstHelpPage(s) })),
  ];
}

type PayRow = Snapshot['jacks']['payTable'][number];

/**
 * A game's pay table as its shape draws it: a video-poker family one column per bet, each cell the
 * total paid at that bet (J-5: bet × coefficient); a table game what its BET pays per chip (P-12),
 * "to one". Its hands in its own words.
 */
export function payTableOf(
  s: Snapshot,
  game: string,
  shape: GameShapeName,
  payRows: readonly PayRow[],
  litColumn: number | null,
  winRow: string | null,
): PayTableModel {
  const rows = payRows.filter((r) => r.perBet.some((v) => v > 0));
  const L = s.language;
  const label = (r: PayRow): string => handName(L, r.category, game)!;
  if (shape === 'table')
    return {
      title: t(L, 'pp.payTable'),
      columns: ['×'],
      headed: false,
      rows: rows.map((r) => ({
        category: r.category,
        label: label(r),
        values: [`${formatChips(r.perBet[0] ?? 0, L)} : 1`],
      })),
      litColumn: null,
      winRow,
    };
  const columns = Math.max(1, ...rows.map((r) => r.perBet.length));
  return {
    title: t(L, 'paytable.title'),
    columns: Array.from({ length: columns }, (_, i) => t(L, 'paytable.bet', { n: i + 1 })),
    headed: false,
    rows: rows.map((r) => ({
      category: r.category,
      label: label(r),
      values: Array.from({ length: columns }, (_, i) => (r.perBet[i] === undefined ? '' : formatChips(r.perBet[i], L))),
    })),
    litColumn,
    winRow,
  };
}

/** The video-poker screen's table: the family on show's rows. */
export const jacksPayTable = (s: Snapshot, litColumn: number | null, winRow: string | null): PayTableModel =>
  payTableOf(s, s.jacks.game, 'video-poker', s.jacks.payTable, litColumn, winRow);

/** The table game's table: what its BET pays (the selected game's, on its own screen). */
export const pokerPlusPayTable = (s: Snapshot, winRow: string | null): PayTableModel =>
  payTableOf(
    s,
    shapeOf(s, s.selectedGame) === 'table' ? s.selectedGame : (s.menu.find((m) => m.shape === 'table')?.game ?? ''),
    'table',
    s.pokerPlus.payTable,
    null,
    winRow,
  );

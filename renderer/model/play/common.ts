// Pieces every game screen shares: meters, the top bar's buttons, pay tables.

import type { Snapshot } from '../../../src/contract';
import { formatChips, formatChipValue, formatMoney } from '../../i18n/numbers';
import { handName, t } from '../../i18n/texts';
import { button, isLive, type ButtonSpec, type MeterSpec, type PayTableModel } from '../parts';
import { uiAction, wishAction } from '../actions';

export function creditsMeter(s: Snapshot): MeterSpec {
  return {
    name: 'credits',
    label: t(s.language, 'meter.credits'),
    value: formatChips(s.credits, s.language),
    sub: creditKinds(s) ?? formatMoney(s.balance, s.currency, s.language),
  };
}

/** With promotional credits on the meter (C-26), the balance by kind: cash, promo, play-only. */
function creditKinds(s: Snapshot): string | null {
  const promo = s.promo;
  if (!promo || promo.restricted + promo.nonRestricted === 0) return null;
  const money = (v: number) => formatMoney(v, s.currency, s.language);
  const cash = s.balance - promo.restricted - promo.nonRestricted;
  const parts: [number, Parameters<typeof t>[1]][] = [
    [cash, 'meter.cashable'],
    [promo.nonRestricted, 'meter.nonRestricted'],
    [promo.restricted, 'meter.restricted'],
  ];
  return parts
    .filter(([v]) => v > 0)
    .map(([v, key]) => `${t(s.language, key)} ${money(v)}`)
    .join(' · ');
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

/** The buttons every game screen carries: the top bar's and the deck's CASH OUT and HELP. */
export function commonButtons(s: Snapshot): ButtonSpec[] {
  return [
    button('games', t(s.language, 'button.games'), !s.inGame, uiAction({ type: 'lobby' })),
    languageButton(s),
    button('cashOut', t(s.language, 'button.cashOut'), isLive(s, 'cashOut'), wishAction({ type: 'cashOut' })),
    // Each game's first help page (play/pages.ts): Poker Plus's after Jacks or Better's two.
    button(
      'help',
      t(s.language, 'button.help'),
      true,
      uiAction({ type: 'help', page: s.selectedGame === 'poker-plus' ? 2 : 0 }),
    ),
  ];
}

type PayRow = Snapshot['jacks']['payTable'][number];

/** Jacks or Better: one column per bet, each cell the total paid at that bet (J-5: bet × coefficient). */
export function jacksPayTable(s: Snapshot, litColumn: number | null, winRow: string | null): PayTableModel {
  const rows = s.jacks.payTable.filter((r) => r.perBet.some((v) => v > 0));
  const columns = Math.max(1, ...rows.map((r) => r.perBet.length));
  return {
    title: t(s.language, 'paytable.title'),
    columns: Array.from({ length: columns }, (_, i) => String(i + 1)),
    rows: rows.map((r: PayRow) => ({
      category: r.category,
      label: handName(s.language, r.category)!,
      values: Array.from({ length: columns }, (_, i) =>
        r.perBet[i] === undefined ? '' : formatChips(r.perBet[i], s.language),
      ),
    })),
    litColumn,
    winRow,
  };
}

/** Poker Plus: what the BET pays per chip (P-12), "to one". */
export function pokerPlusPayTable(s: Snapshot, winRow: string | null): PayTableModel {
  const rows = s.pokerPlus.payTable.filter((r) => r.perBet.some((v) => v > 0));
  return {
    title: t(s.language, 'pp.payTable'),
    columns: ['×'],
    rows: rows.map((r) => ({
      category: r.category,
      label: handName(s.language, r.category)!,
      values: [`${formatChips(r.perBet[0] ?? 0, s.language)} : 1`],
    })),
    litColumn: null,
    winRow,
  };
}

// Pieces every service page shares: the empty page, the technician's tabs, buttons that act on
// the service state, money in the cabinet's currency, and what a query's state reads as.

import type { Snapshot } from '../../../src/contract';
import { formatMoney } from '../../i18n/numbers';
import { ts, type ServiceKey } from '../../i18n/service-texts';
import { isLive, button, type ButtonSpec } from '../parts';
import { uiAction } from '../actions';
import type { ServiceMode, ServicePageName, ServiceAction } from './actions';
import type { ServiceModel } from './page';
import type { Loaded } from './state';

export const svc = (action: ServiceAction) => uiAction({ type: 'svc', action });

export const money = (s: Snapshot, minor: number): string => formatMoney(minor, s.currency, s.language);

export function emptyPage(mode: ServiceMode, page: ServicePageName, title: string): ServiceModel {
  return {
    mode,
    page,
    title,
    headline: null,
    lines: [],
    cards: [],
    table: null,
    indicators: [],
    nav: [],
    list: [],
    listColumns: 2,
    keypad: [],
    keypadColumns: 3,
    entry: null,
    actions: [],
    confirm: null,
    confirmButtons: [],
    notice: null,
    work: null,
    ticking: false,
  };
}

const TABS: { page: ServicePageName; key: ServiceKey }[] = [
  { page: 'meters', key: 'svc.tab.meters' },
  { page: 'recall', key: 'svc.tab.recall' },
  { page: 'events', key: 'svc.tab.events' },
  { page: 'devices', key: 'svc.tab.devices' },
  { page: 'settings', key: 'svc.tab.settings' },
  { page: 'tilts', key: 'svc.tab.tilts' },
];

/** The technician's tabs, the page on show lit, and LOG OUT last (only that, until the initial PIN is changed). */
export function technicianNav(s: Snapshot, page: ServicePageName): ButtonSpec[] {
  const L = s.language;
  const current = page === 'recallGame' ? 'recall' : page;
  const tilts = s.lockup?.kind === 'tilt' ? s.lockup.tilts.length : 0;
  const logout = button('svc.logout', ts(L, 'svc.tab.logout'), isLive(s, 'technicianLogout'), {
    kind: 'wish',
    wish: { type: 'technicianLogout' },
  });
  if (s.service.pin.mustChange) return [logout];
  return [
    ...TABS.map((tab) =>
      button(
        `svc.${tab.page}`,
        ts(L, tab.key),
        true,
        svc({ type: 'page', page: tab.page }),
        tab.page === 'tilts' && tilts > 0 ? ts(L, 'svc.tab.tiltsActive', { n: tilts }) : null,
        tab.page === current,
      ),
    ),
    logout,
  ];
}

export const refreshButton = (s: Snapshot): ButtonSpec =>
  button('svc.refresh', ts(s.language, 'svc.refresh'), true, svc({ type: 'refresh' }));

/** What the page says while its record is on the way or was refused; null when it is ready. */
export function loadingNotice<T>(s: Snapshot, loaded: Loaded<T>): string | null {
  if (loaded.state === 'loading' || loaded.state === 'idle') return ts(s.language, 'svc.loading');
  if (loaded.state === 'refused') return ts(s.language, 'svc.refusedQuery', { reason: loaded.reason });
  return null;
}

/** The page count and the slice of rows on a page. */
export function paged<T>(rows: T[], page: number, size: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(p * size, (p + 1) * size), page: p, pages };
}

export const pagerButtons = (
  s: Snapshot,
  prefix: string,
  page: number,
  pages: number,
  go: (page: number) => ServiceAction,
): ButtonSpec[] => [
  button(`${prefix}.prev`, ts(s.language, 'svc.prevPage'), page > 0, svc(go(page - 1))),
  button(`${prefix}.next`, ts(s.language, 'svc.nextPage'), page < pages - 1, svc(go(page + 1))),
];

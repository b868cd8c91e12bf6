// C-8 to C-10 on the audit screen: lifetime and period meters with their SAS codes, money in
// the cabinet's currency, the C-9 balance check in large type, the event chain, and the two
// clears, each behind two distinct confirmation steps.

import type { MetersReport, Snapshot } from '../../../src/contract';
import { formatChips, formatMoney } from '../../i18n/numbers';
import { ts } from '../../i18n/service-texts';
import { meterLabel } from '../../i18n/meter-names';
import { isLive, button } from '../parts';
import { emptyPage, loadingNotice, paged, pagerButtons, refreshButton, svc, technicianNav } from './common';
import type { ServiceModel } from './page';
import type { ServiceUi } from './state';

export const METERS_PER_PAGE = 11;

export function metersPage(s: Snapshot, ui: ServiceUi): ServiceModel {
  const L = s.language;
  const page = emptyPage('technician', 'meters', ts(L, 'meters.title'));
  page.nav = technicianNav(s, 'meters');
  page.notice = loadingNotice(s, ui.meters);
  const clears = [
    button(
      'meters.periodClear',
      ts(L, 'meters.periodClear'),
      isLive(s, 'clearPeriodMeters'),
      svc({
        type: 'ask',
        confirm: {
          what: 'periodClear',
          step: 1,
          steps: 2,
          wish: { type: 'clearPeriodMeters', confirm: true },
          changes: [],
          amount: null,
        },
      }),
    ),
    button(
      'meters.ramClear',
      ts(L, 'meters.ramClear'),
      isLive(s, 'ramClear'),
      svc({
        type: 'ask',
        confirm: {
          what: 'ramClear',
          step: 1,
          steps: 2,
          wish: { type: 'ramClear', confirm: true },
          changes: [],
          amount: null,
        },
      }),
    ),
  ];
  if (ui.meters.state !== 'ready') {
    page.actions = [refreshButton(s), ...clears];
    return page;
  }
  const report = ui.meters.value;
  const cur = { code: report.currency, minorDigits: report.minorDigits };
  const value = (unit: 'money' | 'count', n: number): string =>
    unit === 'money' ? formatMoney(n, cur, L) : formatChips(n, L);
  const check = report.balanceCheck;
  page.headline = check.ok
    ? { text: ts(L, 'meters.balanceOk', { amount: formatMoney(check.actual, cur, L) }), tone: 'ok' }
    : {
        text: ts(L, 'meters.balanceBad', {
          expected: formatMoney(check.expected, cur, L),
          actual: formatMoney(check.actual, cur, L),
        }),
        tone: 'bad',
      };
  page.lines = [
    { text: ts(L, 'meters.balance', { amount: formatMoney(report.balance, cur, L) }), tone: 'plain' },
    {
      text: ts(L, report.eventChain === 'intact' ? 'meters.chainIntact' : 'meters.chainBroken'),
      tone: report.eventChain === 'intact' ? 'ok' : 'bad',
    },
  ];
  const rows = [
    ...report.meters.map((m) => ({
      cells: [m.code ?? '—', meterLabel(m.name, m.label, cur, L), value(m.unit, m.lifetime), value(m.unit, m.period)],
      tone: 'plain' as const,
    })),
    ...derivedRows(
      report,
      (n) => formatMoney(n, cur, L),
      (name, label) => meterLabel(name, label, cur, L),
    ),
  ];
  const p = paged(rows, ui.metersPage, METERS_PER_PAGE);
  page.table = {
    columns: [
      ts(L, 'meters.col.code'),
      ts(L, 'meters.col.meter'),
      ts(L, 'meters.col.lifetime'),
      ts(L, 'meters.col.period'),
    ],
    widths: [0.1, 0.46, 0.22, 0.22],
    numeric: [false, false, true, true],
    rows: p.rows,
    pageText: ts(L, 'svc.pageOf', { n: p.page + 1, of: p.pages }),
  };
  page.actions = [
    ...pagerButtons(s, 'meters', p.page, p.pages, (n) => ({ type: 'metersPage', page: n })),
    refreshButton(s),
    ...clears,
  ];
  return page;
}

function derivedRows(
  report: MetersReport,
  money: (n: number) => string,
  label: (name: string, label: string) => string,
): { cells: string[]; tone: 'info' }[] {
  return Object.entries(report.derived).map(([name, d]) => ({
    cells: [d.code, label(name, d.label), money(d.value), ''],
    tone: 'info',
  }));
}

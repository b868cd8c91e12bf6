// C-8 to C-10 on the audit screen: lifetime and period meters by their names with their SAS
// codes, a main page in a floor technician's order and the rest by topic (meter-topics.ts),
// money in the cabinet's currency, the C-9 balance check in large type, the event chain, and
// the two clears, each behind two distinct confirmation steps.

import type { Snapshot } from '../../../src/contract';
import { formatChips, formatMoney } from '../../i18n/numbers';
import { ts } from '../../i18n/service-texts';
import { meterLabel } from '../../i18n/meter-names';
import { isLive, button } from '../parts';
import { emptyPage, loadingNotice, pagerButtons, refreshButton, svc, technicianNav } from './common';
import type { ServiceModel } from './page';
import type { ServiceUi } from './state';
import { meterPages, meterTopics, type MeterTopicName } from './meter-topics';
import { gameTitle } from '../../i18n/game-words';
import type { Language } from '../../i18n/language';

export const METERS_PER_PAGE = 12;

function topicTitle(topic: MeterTopicName, L: Language): string {
  if (topic.startsWith('game:')) {
    return gameTitle(L, topic.slice(5));
  }
  return ts(L, `meters.topic.${topic as Exclude<MeterTopicName, `game:${string}`>}`);
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

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
  const pages = meterPages(meterTopics(report), METERS_PER_PAGE);
  const at = Math.min(Math.max(0, ui.metersPage), pages.length - 1);
  // Never empty: the main topic holds current credits, which every report has.
  const shown = pages[at]!;
  const inGame = shown.topic.startsWith('game:');
  const title = topicTitle(shown.topic, L) + (shown.parts > 1 ? ` (${shown.part}/${shown.parts})` : '');
  page.table = {
    columns: [title, ts(L, 'meters.col.code'), ts(L, 'meters.col.lifetime'), ts(L, 'meters.col.period')],
    widths: [0.52, 0.1, 0.19, 0.19],
    numeric: [false, false, true, true],
    rows: shown.rows.map((m) => ({
      cells: [
        capital(meterLabel(m.name, m.label, cur, L, inGame)),
        m.code ?? '—',
        value(m.unit, m.lifetime),
        m.period === null ? '' : value(m.unit, m.period),
      ],
      tone: 'plain' as const,
    })),
    pageText: ts(L, 'svc.pageOf', { n: at + 1, of: pages.length }),
  };
  page.actions = [
    ...pagerButtons(s, 'meters', at, pages.length, (n) => ({ type: 'metersPage', page: n })),
    refreshButton(s),
    ...clears,
  ];
  return page;
}

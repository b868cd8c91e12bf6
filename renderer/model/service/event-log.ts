// C-12 on the audit screen: the event log a page at a time, newest first, each row's time and a
// sentence saying what happened (i18n/event-sentences.ts: money in the currency, both languages,
// one font size, a long one on two lines), and the hash chain walked afresh: verified, or where
// it breaks.

import type { Snapshot } from '../../../src/contract';
import { ts } from '../../i18n/service-texts';
import { button } from '../parts';
import { emptyPage, loadingNotice, refreshButton, svc, technicianNav } from './common';
import type { ServiceModel } from './page';
import type { ServiceUi } from './state';
import { formatTime } from '../../i18n/time';
import { eventSentence } from '../../i18n/event-sentences';

export function eventsPage(s: Snapshot, ui: ServiceUi): ServiceModel {
  const L = s.language;
  const page = emptyPage('technician', 'events', ts(L, 'events.title'));
  page.nav = technicianNav(s, 'events');
  page.notice = loadingNotice(s, ui.events);
  const newer = button('events.newer', ts(L, 'events.newer'), ui.eventsCursor.length > 0, svc({ type: 'eventsNewer' }));
  if (ui.events.state !== 'ready') {
    page.actions = [newer, refreshButton(s)];
    return page;
  }
  const { rows, total, chain } = ui.events.value;
  page.headline = chain.ok
    ? { text: ts(L, 'events.chainOk', { n: chain.rows }), tone: 'ok' }
    : { text: ts(L, 'events.chainBroken', { n: chain.brokenAt ?? '?' }), tone: 'bad' };
  if (!chain.ok && chain.problem) page.lines.push({ text: chain.problem, tone: 'bad' });
  // Newest first: the page runs from its first row down to its last.
  const newest = rows[0]?.seq ?? null;
  const oldest = rows.at(-1)?.seq ?? null;
  page.table = {
    columns: [ts(L, 'events.col.seq'), ts(L, 'events.col.time'), ts(L, 'events.col.data')],
    widths: [0.08, 0.19, 0.73],
    numeric: [true, false, false],
    wrap: true,
    rows: rows.map((r) => ({
      cells: [String(r.seq), formatTime(r.at), eventSentence(L, r.kind, r.data, s.currency)],
      tone: chain.brokenAt !== null && r.seq >= chain.brokenAt ? 'bad' : 'plain',
    })),
    pageText:
      newest !== null && oldest !== null
        ? ts(L, 'events.range', { from: newest, to: oldest, total })
        : ts(L, 'events.empty'),
  };
  page.actions = [
    newer,
    button(
      'events.older',
      ts(L, 'events.older'),
      oldest !== null && oldest > 1,
      oldest === null ? null : svc({ type: 'eventsOlder', beforeSeq: oldest }),
    ),
    refreshButton(s),
  ];
  return page;
}

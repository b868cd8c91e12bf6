// C-12 on the audit screen: the event log a page at a time, newest first, each row's time,
// kind (named by the cabinet's declaration of its rows) and data in words, and the hash chain
// walked afresh: verified, or where it breaks.

import type { Snapshot } from '../../../src/contract';
import { ts } from '../../i18n/service-texts';
import { button } from '../parts';
import { emptyPage, loadingNotice, refreshButton, svc, technicianNav } from './common';
import type { ServiceModel } from './page';
import type { ServiceUi } from './state';
import { formatTime } from '../../i18n/time';
import { logKindName } from '../../i18n/log-kinds';

/** {"door":"main","open":true} → "door: main, open: true"; nested values stay JSON. */
export function eventData(data: unknown): string {
  if (data === null || data === undefined) return '';
  if (typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  return Object.entries(data as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

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
    columns: [ts(L, 'events.col.seq'), ts(L, 'events.col.time'), ts(L, 'events.col.kind'), ts(L, 'events.col.data')],
    widths: [0.08, 0.2, 0.14, 0.58],
    numeric: [true, false, false, false],
    rows: rows.map((r) => ({
      cells: [String(r.seq), formatTime(r.at), logKindName(L, r.kind), eventData(r.data)],
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

// C-15 for the technician: every active tilt, what failed, since when and for how long, and
// what clears it; the tilts only a technician may clear get a button (wish clearTilt).

import { METER_TILT, tiltCause, tiltClears, type Snapshot, type TiltKind } from '../../../src/contract';
import { ts, type ServiceKey } from '../../i18n/service-texts';
import { isLive, button } from '../parts';
import { wishAction } from '../actions';
import { emptyPage, technicianNav } from './common';
import type { ServiceModel } from './page';
import { tiltText } from '../../i18n/tilts';
import { formatDuration, formatTime } from '../../i18n/time';

/** What ends each kind of stop, in words (the cabinet's declaration says which: src/cabinet/vocabulary/tilts.ts). */
const CLEARED_BY: Record<TiltKind, ServiceKey> = {
  meters: 'tilt.clears.meters',
  records: 'tilt.clears.records',
  mirror: 'tilt.clears.mirror',
  anchor: 'tilt.clears.anchor',
  settings: 'tilt.clears.settings',
  door: 'tilt.clears.door',
  offline: 'tilt.clears.online',
  fault: 'tilt.clears.fault',
  sasLine: 'tilt.clears.fault',
  switches: 'tilt.clears.other',
  outOfService: 'tilt.clears.other',
  hostLost: 'tilt.clears.other',
};

/** What ends a tilt, by its code; one the cabinet does not declare by who may clear it. */
export function clearedBy(code: string, technician: boolean): ServiceKey {
  const cause = tiltCause(code);
  if (cause) return CLEARED_BY[cause.kind];
  return technician ? 'tilt.clears.technician' : 'tilt.clears.other';
}

export function tiltsPage(s: Snapshot, now: number): ServiceModel {
  const L = s.language;
  const page = emptyPage('technician', 'tilts', ts(L, 'tilt.pageTitle'));
  page.nav = technicianNav(s, 'tilts');
  const tilts = s.lockup?.kind === 'tilt' ? s.lockup.tilts : [];
  page.ticking = tilts.length > 0;
  page.headline =
    tilts.length > 0
      ? { text: ts(L, 'tilt.active', { n: tilts.length }), tone: 'bad' }
      : { text: ts(L, 'tilt.none'), tone: 'ok' };
  page.table = {
    columns: [ts(L, 'tilt.col.what'), ts(L, 'tilt.col.since'), ts(L, 'tilt.col.for'), ts(L, 'tilt.col.clears')],
    widths: [0.3, 0.2, 0.12, 0.38],
    numeric: [false, false, true, false],
    rows: tilts.map((tilt) => ({
      cells: [
        `${tiltText(L, tilt.code, tilt.reason)} (${tilt.code})`,
        formatTime(tilt.since),
        formatDuration(now - tilt.since),
        ts(L, clearedBy(tilt.code, tilt.technician)),
      ],
      tone: tilt.technician ? 'bad' : 'plain',
    })),
    pageText: null,
  };
  // Refused records are cleared by the RAM clear alone, not by a button here.
  page.list = tilts
    .filter((tilt) => (tilt.technician || tilt.code === METER_TILT) && tiltClears(tilt.code) !== 'ramClear')
    .map((tilt) =>
      button(
        `tilt.clear.${tilt.code}`,
        ts(L, 'tilt.clear'),
        isLive(s, 'clearTilt'),
        wishAction({ type: 'clearTilt', code: tilt.code }),
        tiltText(L, tilt.code, tilt.reason),
      ),
    );
  page.listColumns = 3;
  if (tilts.some((tilt) => tilt.code === METER_TILT)) page.lines.push({ text: ts(L, 'tilt.metersHint'), tone: 'info' });
  return page;
}

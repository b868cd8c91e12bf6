// The long work under way on the cabinet (the records' walk after a start, the pay tables'
// returns, an archive), as one line on every service page: what it is, how far, how long still,
// and what the cabinet does meanwhile (issue 44).

import { WORK_KINDS, type Snapshot, type WorkView } from '../../../src/contract';
import { ts } from '../../i18n/service-texts';

const MINUTE_MS = 60_000;

function timeLeft(s: Snapshot, w: WorkView): string {
  const L = s.language;
  if (w.leftMs === null) return ts(L, 'work.left.estimating');
  // Whole minutes above one, rounded up: "about 1 minute" while 50 s remain would promise too much.
  if (w.leftMs >= 90_000) return ts(L, 'work.left.minutes', { n: Math.ceil(w.leftMs / MINUTE_MS) });
  return ts(L, 'work.left.seconds', { n: Math.max(1, Math.ceil(w.leftMs / 1000)) });
}

const whole = (s: Snapshot, n: number): string => n.toLocaleString(s.language === 'ru' ? 'ru-RU' : 'en-US');

/** One piece of work in words: "Checking the records: 45% (12,000 of 26,000), about 2 minutes left". */
export function workText(s: Snapshot, w: WorkView): string {
  const L = s.language;
  const what = ts(L, `work.${w.kind}`, { subject: w.subject ?? '' }).trim();
  if (w.fraction === null) return ts(L, 'work.started', { what });
  return ts(L, 'work.progress', {
    what,
    pct: Math.floor(w.fraction * 100),
    done: whole(s, w.done),
    total: whole(s, w.total),
    left: timeLeft(s, w),
  });
}

/** The line the service pages show while work is under way; null when none is. */
export function workLine(s: Snapshot): string | null {
  const [first, ...rest] = s.work;
  if (!first) return null;
  const parts = [workText(s, first)];
  if (rest.length > 0) parts.push(ts(s.language, 'work.more', { n: rest.length }));
  // What the cabinet does meanwhile: the most the pieces under way allow together.
  const meanwhile = s.work.some((w) => WORK_KINDS[w.kind].meanwhile !== 'play') ? 'play-measured-tables' : 'play';
  return `${parts.join(' ')}. ${ts(s.language, `work.meanwhile.${meanwhile}`)}`;
}

// The attendant's menu (C-5, C-6): the handpay waiting to be paid with its amount and reason,
// clearing the credits with a confirmation, and two lists under their tabs: the last handpays,
// and the last tickets put in (issue 15).

import { hostLines } from './devices';
import type { HandpayRow, Snapshot } from '../../../src/contract';
import { ts, type ServiceKey } from '../../i18n/service-texts';
import { isLive, button, type ButtonSpec } from '../parts';
import { wishAction } from '../actions';
import { handpayCauseText } from '../../i18n/handpay-cause';
import { emptyPage, loadingNotice, money, refreshButton, svc } from './common';
import type { ServiceModel, ServiceTable, Tone } from './page';
import type { ServiceUi } from './state';
import { ticketsInTable } from './tickets-in';
import { formatDuration, formatTime } from '../../i18n/time';

const EVENT: Record<HandpayRow['event'], ServiceKey> = {
  locked: 'att.event.locked',
  paid: 'att.event.paid',
  creditClear: 'att.event.creditClear',
};
const KIND: Record<HandpayRow['kind'], ServiceKey> = {
  jackpot: 'att.kind.jackpot',
  cancelledCredits: 'att.kind.cancelledCredits',
};

/** The attendant's mute (ten minutes, kept by the cabinet): its button, and the time left while on. */
function muteButton(s: Snapshot, now: number): ButtonSpec {
  const L = s.language;
  const left = s.mutedUntil - now;
  return left > 0
    ? button(
        'att.mute',
        ts(L, 'att.unmute'),
        isLive(s, 'soundMute'),
        wishAction({ type: 'soundMute', on: false }),
        ts(L, 'att.mutedLeft', { left: formatDuration(left) }),
      )
    : button(
        'att.mute',
        ts(L, 'att.mute'),
        isLive(s, 'soundMute'),
        wishAction({ type: 'soundMute', on: true }),
        ts(L, 'att.muteFor'),
      );
}

/** The receipt the reprint button prints again: the newest not printed, else the newest (the wish's sample too). */
const reprintable = (s: Snapshot): Snapshot['receipts'][number] | null =>
  s.receipts.find((r) => r.status === 'pending') ?? s.receipts[0] ?? null;

/** What became of the handpays' receipts: each one waiting for a reprint, and the newest's state. */
function receiptLines(s: Snapshot): { text: string; tone: Tone }[] {
  const L = s.language;
  const lines = s.receipts
    .filter((r) => r.status === 'pending' && r.why !== null)
    .slice(0, 3)
    .map((r) => ({ text: ts(L, `att.receipt.${r.why!}`, { n: r.number }), tone: 'warn' as Tone }));
  const newest = s.receipts[0];
  if (newest && newest.status !== 'pending')
    lines.push({
      text:
        newest.status === 'printing'
          ? ts(L, 'att.receipt.printing', { n: newest.number })
          : newest.reprint > 0
            ? ts(L, 'att.receipt.reprinted', { n: newest.number, r: newest.reprint })
            : ts(L, 'att.receipt.printed', { n: newest.number }),
      tone: newest.status === 'printing' ? 'info' : 'plain',
    });
  return lines;
}

/** Prints the chosen handpay's receipt again, marked REPRINT; none before the first handpay paid. */
function reprintButton(s: Snapshot): ButtonSpec[] {
  const r = reprintable(s);
  if (!r) return [];
  const L = s.language;
  const wish = { type: 'reprintReceipt' as const, number: r.number };
  return [
    button(
      'att.reprint',
      ts(L, 'att.reprint'),
      isLive(s, 'reprintReceipt'),
      wishAction(wish),
      ts(L, 'att.reprintOf', { n: r.number }),
    ),
  ];
}

/** The two lists' tabs, the one on show lit. */
function attendantNav(s: Snapshot, page: 'attendant' | 'tickets'): ButtonSpec[] {
  const L = s.language;
  return [
    button(
      'att.handpays',
      ts(L, 'att.tab.handpays'),
      true,
      svc({ type: 'page', page: 'attendant' }),
      null,
      page === 'attendant',
    ),
    button(
      'att.tickets',
      ts(L, 'att.tab.tickets'),
      true,
      svc({ type: 'page', page: 'tickets' }),
      null,
      page === 'tickets',
    ),
  ];
}

function handpaysTable(s: Snapshot, rows: HandpayRow[]): ServiceTable {
  const L = s.language;
  // Rows come newest first, one handpay at a time: the newest row is the open one only while it
  // is a lock and the cabinet still holds a handpay.
  const newest = rows[0];
  const open = s.lockup?.kind === 'handpay' && newest?.event === 'locked' ? newest.seq : null;
  const word = (r: HandpayRow): ServiceKey =>
    r.event === 'locked' && r.seq !== open ? 'att.event.called' : EVENT[r.event];
  return {
    columns: [
      ts(L, 'att.col.time'),
      ts(L, 'att.col.event'),
      ts(L, 'att.col.kind'),
      ts(L, 'att.col.amount'),
      ts(L, 'att.col.detail'),
    ],
    widths: [0.22, 0.16, 0.2, 0.16, 0.26],
    numeric: [false, false, false, true, false],
    wrap: true,
    rows: rows.map((r) => ({
      cells: [
        formatTime(r.at),
        ts(L, word(r)),
        ts(L, KIND[r.kind]),
        money(s, r.amount),
        [
          r.gameId !== null ? ts(L, 'att.game', { id: r.gameId }) : '',
          handpayCauseText(L, r.cause, r.reason, s.currency),
        ]
          .filter(Boolean)
          .join(' • '),
      ],
      // Only the handpay still waiting is red: one paid since reads as called, not as a second open one.
      tone: r.seq === open ? 'bad' : 'plain',
    })),
    pageText: ts(L, 'att.lastHandpays'),
  };
}

export function attendantPage(s: Snapshot, ui: ServiceUi, now: number): ServiceModel {
  const L = s.language;
  const tab = ui.page === 'tickets' ? 'tickets' : 'attendant';
  const page = emptyPage('attendant', tab, ts(L, 'att.title'));
  page.nav = attendantNav(s, tab);
  const handpay = s.lockup?.kind === 'handpay' ? s.lockup : null;
  if (handpay) {
    page.headline = { text: ts(L, 'att.handpayDue', { amount: money(s, handpay.amount) }), tone: 'bad' };
    page.lines = [
      { text: ts(L, KIND[handpay.handpayKind]), tone: 'info' },
      {
        text: ts(L, 'att.reason', { reason: handpayCauseText(L, handpay.cause, handpay.reason, s.currency) }),
        tone: 'plain',
      },
    ];
  } else {
    page.headline = { text: ts(L, 'att.credits', { amount: money(s, s.balance) }), tone: 'info' };
    page.lines = [{ text: ts(L, 'att.noHandpay'), tone: 'plain' }];
  }
  page.lines.push(...receiptLines(s));
  page.lines.push(...hostLines(s));
  // C-21: someone with the technician key may be guessing the PIN.
  if (s.service.pin.lockedUntil > now)
    page.lines.push({
      text: ts(L, 'att.pinLocked', { time: formatTime(s.service.pin.lockedUntil), n: s.service.pin.lockouts }),
      tone: 'bad',
    });
  page.actions = [
    ...(handpay
      ? [
          button(
            'att.handpay',
            ts(L, 'att.confirmHandpay'),
            isLive(s, 'handpayConfirm'),
            wishAction({ type: 'handpayConfirm' }),
            money(s, handpay.amount),
          ),
        ]
      : []),
    button(
      'att.clear',
      ts(L, 'att.clearCredits'),
      isLive(s, 'creditClear') && s.balance > 0,
      svc({
        type: 'ask',
        confirm: {
          what: 'creditClear',
          step: 1,
          steps: 1,
          wish: { type: 'creditClear', confirm: true },
          changes: [],
          amount: s.balance,
        },
      }),
      money(s, s.balance),
    ),
    ...reprintButton(s),
    muteButton(s, now),
    refreshButton(s),
  ];
  // The time left on the mute counts down on the button.
  page.ticking = s.mutedUntil > now;
  if (tab === 'tickets') {
    page.notice = loadingNotice(s, ui.ticketsIn);
    const rows = ui.ticketsIn.state === 'ready' ? ui.ticketsIn.value : [];
    page.table = ticketsInTable(s, rows);
    if (s.ticket.validating) page.lines.push({ text: ts(L, 'tix.validating'), tone: 'info' });
    page.lines.push({
      text: ts(L, ui.ticketsIn.state === 'ready' && rows.length === 0 ? 'tix.none' : 'tix.masked'),
      tone: 'plain',
    });
    return page;
  }
  page.notice = loadingNotice(s, ui.handpays);
  const rows = ui.handpays.state === 'ready' ? ui.handpays.value : [];
  page.table = handpaysTable(s, rows);
  if (ui.handpays.state === 'ready' && rows.length === 0) page.lines.push({ text: ts(L, 'att.noRows'), tone: 'plain' });
  return page;
}

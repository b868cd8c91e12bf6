import { describe, expect, it } from 'vitest';
import { ANSWER, check, type Snapshot, type TicketInRow } from '../../../src/contract';
import * as fx from '../../../test/renderer/fixtures';
import * as sx from '../../../test/renderer/service-fixtures';
import { describeScene } from '../describe-scene';
import { initialUi } from '../ui-state';
import { attendantPage } from './attendant';
import { applyService, followService, initialService, type ServiceUi } from './state';

const AT = sx.TICKETS_AT;
const ROWS = sx.TICKETS_IN_ROWS;

function ticketsUi(s: Snapshot, rows: TicketInRow[] | null): ServiceUi {
  const open = applyService(followService(initialService(), s).service, { type: 'page', page: 'tickets' });
  if (!rows) return open.service;
  const answer = { type: 'ticketsIn' as const, rows };
  expect(check(ANSWER, answer, 'answer')).toBeNull();
  return applyService(open.service, { type: 'answer', answer, asked: open.queries[0]! }).service;
}

describe("the attendant's list of tickets in (issue 15)", () => {
  it('has its own tab, which asks the cabinet for the last tickets in', () => {
    const s = sx.attendant(fx.baseSnapshot());
    const opened = followService(initialService(), s).service;
    const home = attendantPage(s, opened, 0);
    expect(home.nav.map((b) => [b.name, b.label, b.selected])).toEqual([
      ['att.handpays', 'HANDPAYS', true],
      ['att.tickets', 'TICKETS IN', false],
    ]);
    const step = applyService(opened, { type: 'page', page: 'tickets' });
    expect(step.queries).toEqual([{ type: 'ticketsIn', limit: 10 }]);
    expect(attendantPage(s, step.service, 0).notice).toBe('Reading the records…');
  });

  it('draws each ticket: time, number by its last four digits, amount, outcome with the reason, who validated', () => {
    const s = sx.attendant(fx.baseSnapshot());
    const m = attendantPage(s, ticketsUi(s, ROWS), 0);
    expect(m.page).toBe('tickets');
    expect(m.nav.find((b) => b.name === 'att.tickets')?.selected).toBe(true);
    expect(m.table?.columns).toEqual(['TIME', 'NUMBER', 'AMOUNT', 'OUTCOME', 'VALIDATED BY']);
    expect(m.table?.rows).toEqual([
      {
        cells: ['2026-05-06 21:08:08', '••••••9876', '—', 'Returned: expired', 'Casino system'],
        tone: 'plain',
      },
      {
        cells: ['2026-05-06 21:07:38', '••••••4321', '$4,000.00', 'Returned: over the credit limit', 'This cabinet'],
        tone: 'plain',
      },
      { cells: ['2026-05-06 21:07:08', '••••••4321', '$15.00', 'Credited', 'This cabinet'], tone: 'ok' },
      {
        cells: [
          '2026-05-06 21:06:08',
          '••••••0007',
          '—',
          'Returned: by the acceptor itself (the acceptor was disabled)',
          '—',
        ],
        tone: 'plain',
      },
    ]);
    expect(m.lines.map((l) => l.text)).toEqual([
      'No handpay is waiting.',
      'Ticket numbers show their last 4 digits only.',
    ]);
    // The handpay, the credits, and the attendant's buttons stay on this tab too.
    expect(m.headline?.text).toBe('CREDITS: $25.10');
    expect(m.actions.map((b) => b.name)).toContain('att.clear');
    const scene = describeScene(s, { ...initialUi(0), service: ticketsUi(s, ROWS) }, 'open');
    expect(scene.title).toBe('ATTENDANT MENU');
  });

  it('speaks Russian, says when none was put in, and when one is being validated now', () => {
    const ru = fx.russian(sx.attendant(fx.baseSnapshot()));
    const m = attendantPage(ru, ticketsUi(ru, ROWS), 0);
    expect(m.table?.columns).toEqual(['ВРЕМЯ', 'НОМЕР', 'СУММА', 'ИТОГ', 'ПРОВЕРИЛ']);
    expect(m.table?.rows[0]?.cells.slice(3)).toEqual(['Возвращён: срок истёк', 'Система казино']);
    expect(m.table?.rows[2]?.cells.slice(3)).toEqual(['Зачислен', 'Этот автомат']);
    const s = { ...sx.attendant(fx.baseSnapshot()), ticket: { validating: true, last: null } };
    const empty = attendantPage(s, ticketsUi(s, []), 0);
    expect(empty.table?.rows).toEqual([]);
    expect(empty.lines.map((l) => l.text)).toEqual([
      'No handpay is waiting.',
      'A ticket is being validated now.',
      'No tickets put in yet.',
    ]);
  });

  it('reads the list again when a ticket ends, not on every snapshot', () => {
    const s = sx.attendant(fx.baseSnapshot());
    const shown = followService(ticketsUi(s, ROWS), s).service;
    expect(followService(shown, { ...s, version: s.version + 1 }).queries).toEqual([]);
    const validating = { ...s, ticket: { validating: true, last: null } };
    expect(followService(shown, validating).queries).toEqual([{ type: 'ticketsIn', limit: 10 }]);
    const returned = {
      ...s,
      ticket: {
        validating: false,
        last: { outcome: 'returned' as const, amount: null, reason: 'expired' as const, at: AT, until: AT + 10_000 },
      },
    };
    const after = followService(followService(shown, validating).service, returned);
    expect(after.queries).toEqual([{ type: 'ticketsIn', limit: 10 }]);
  });
});

describe('the technician PIN locked (C-21)', () => {
  it('the attendant sees until when and which lockout it is; nothing while it is not locked', () => {
    const at = new Date(2026, 11, 7, 10, 30, 0).getTime();
    const s = sx.attendant(fx.baseSnapshot());
    s.service.pin = { ...s.service.pin, lockedUntil: at + 3600_000, lockouts: 5 };
    const ui = followService(initialService(), s).service;
    const lines = (now: number) => attendantPage(s, ui, now).lines.map((l) => l.text);
    expect(lines(at)).toContain(
      'Technician PIN locked until 2026-12-07 11:30:00 after wrong PINs (lockout 5; each is longer).',
    );
    expect(lines(at + 3600_000).filter((t) => t.includes('PIN'))).toEqual([]);
  });
});

describe("the handpays' receipts on the attendant's page (C-5)", () => {
  const slip = (over: Partial<Snapshot['receipts'][number]>): Snapshot['receipts'][number] => ({
    number: 3,
    reprint: 0,
    kind: 'jackpot',
    amount: 125_000,
    status: 'printed',
    why: null,
    ...over,
  });
  const withReceipts = (receipts: Snapshot['receipts'], live = true, s = fx.baseSnapshot()): Snapshot => {
    const at = sx.attendant(s);
    return {
      ...at,
      receipts,
      live: live ? [...at.live, 'reprintReceipt'] : at.live.filter((w) => w !== 'reprintReceipt'),
    };
  };
  const page = (s: Snapshot) => attendantPage(s, followService(initialService(), s).service, 0);

  it('shows a slip not printed as waiting, and the button reprints it; none before the first handpay', () => {
    expect(page(sx.attendant(fx.baseSnapshot())).actions.some((b) => b.name === 'att.reprint')).toBe(false);
    const s = withReceipts([
      slip({ number: 4, status: 'printed' }),
      slip({ status: 'pending', why: 'printerNotReady' }),
    ]);
    const m = page(s);
    expect(m.lines).toContainEqual({
      text: 'Receipt of handpay #3 not printed: the printer was not ready. Reprint it.',
      tone: 'warn',
    });
    expect(m.lines).toContainEqual({ text: 'Receipt of handpay #4 printed.', tone: 'plain' });
    const reprint = m.actions.find((b) => b.name === 'att.reprint')!;
    expect(reprint).toMatchObject({ label: 'REPRINT RECEIPT', sub: 'HANDPAY #3', live: true });
    expect(reprint.action).toEqual({ kind: 'wish', wish: { type: 'reprintReceipt', number: 3 } });
    // Dimmed while the cabinet would not take it (a receipt printing, the key off).
    expect(
      page(withReceipts([slip({ status: 'printing' })], false)).actions.find((b) => b.name === 'att.reprint'),
    ).toMatchObject({ live: false });
  });

  it('says the same in Russian: a copy, a restart, a slip printing', () => {
    const s = withReceipts(
      [slip({ number: 5, status: 'printing' }), slip({ status: 'pending', why: 'restart' })],
      true,
      fx.russian(fx.baseSnapshot()),
    );
    const m = page(s);
    expect(m.lines.map((l) => l.text)).toEqual(
      expect.arrayContaining([
        'Квитанция ручной выплаты №3: кабинет перезапустился во время печати. Напечатайте копию, если её нет.',
        'Печатается квитанция ручной выплаты №5.',
      ]),
    );
    expect(m.actions.find((b) => b.name === 'att.reprint')).toMatchObject({
      label: 'КОПИЯ КВИТАНЦИИ',
      sub: 'ВЫПЛАТА №3',
    });
    const reprinted = page(withReceipts([slip({ reprint: 2 })], true, fx.russian(fx.baseSnapshot())));
    expect(reprinted.lines).toContainEqual({
      text: 'Квитанция ручной выплаты №3 напечатана снова: копия 2 (на ней — REPRINT).',
      tone: 'plain',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../store';
import { ticketsInRows, validationEnd } from './tickets-in';

const A = '001234567890121111';
const B = '001234567890122222';

/** The log's ticket rows as the reader gives them, newest first, from rows listed oldest first. */
function log(rows: Record<string, unknown>[]) {
  const events: StoredEvent[] = rows.map((data, i) => ({
    seq: i + 1,
    at: 1000 * (i + 1),
    kind: 'ticket',
    data,
    hash: '',
  }));
  return {
    eventsOfKind: (_kinds: readonly string[], limit: number, beforeSeq = Infinity) =>
      events
        .filter((e) => e.seq < beforeSeq)
        .reverse()
        .slice(0, limit),
  };
}

describe('tickets in from the log rows', () => {
  it('lists a ticket the acceptor handed back on its own while stacking, with the amount it was valid for', () => {
    const rows = ticketsInRows(
      log([
        { event: 'validating', barcode: A, by: 'host' },
        { event: 'stack', barcode: A, amount: 2500 },
        { event: 'returned', barcode: A },
        // A return of the cabinet's, then the acceptor's word that it handed it back: one row.
        { event: 'return', barcode: B, reason: 'busy', by: 'cabinet' },
        { event: 'returned', barcode: B },
      ]),
      10,
    );
    expect(rows.map((r) => [r.seq, r.validationEnd, r.outcome, r.amount, r.reason, r.by])).toEqual([
      [4, '2222', 'returned', null, 'busy', 'cabinet'],
      [3, '1111', 'returned', 2500, 'acceptor', 'host'],
    ]);
  });

  it("keeps a restart's own words as the detail, and no one as validator in rows logged before it was", () => {
    const rows = ticketsInRows(
      log([
        { event: 'validating', barcode: A },
        { event: 'stack', barcode: A, amount: 900 },
        { event: 'redeemed', barcode: A, amount: 900, balance: 900 },
        { event: 'return', barcode: B, reason: 'the records are refused', by: 'cabinet' },
        { event: 'statusRead', barcode: A, by: 'host' },
      ]),
      10,
    );
    expect(rows.map((r) => [r.outcome, r.amount, r.reason, r.detail, r.by])).toEqual([
      ['returned', null, 'other', 'the records are refused', 'cabinet'],
      ['credited', 900, null, null, null],
    ]);
  });

  it('reads back as far as a ticket needs: one validated long before the row that ended it', () => {
    // While A waited in escrow for the host, 70 other tickets were handed back at once as busy.
    const busy = Array.from({ length: 70 }, (_, i) => ({
      event: 'return',
      barcode: `0012345678901${String(30000 + i)}`,
      reason: 'busy',
      by: 'cabinet',
    }));
    const records = log([
      { event: 'validating', barcode: A, by: 'host' },
      ...busy,
      { event: 'stack', barcode: A, amount: 4000 },
      { event: 'returned', barcode: A },
    ]);
    const [newest] = ticketsInRows(records, 1);
    expect(newest).toMatchObject({ seq: 73, validationEnd: '1111', amount: 4000, reason: 'acceptor', by: 'host' });
    // The whole list is the same however far it is read: the newest 71, every busy one included.
    const all = ticketsInRows(records, 100);
    expect(all).toHaveLength(71);
    expect(all[0]).toEqual(newest);
    expect(all.at(-1)).toMatchObject({ seq: 2, reason: 'busy', by: 'cabinet' });
  });

  it('shows only the last four digits of any barcode, whatever the acceptor read', () => {
    expect(validationEnd(A)).toBe('1111');
    expect(validationEnd('12')).toBe('12');
    expect(validationEnd('ab<script>9x8y7z6')).toBe('9876');
  });
});

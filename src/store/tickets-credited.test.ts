// The table of every ticket number credited here (issue 37): written in the commit of the credit,
// read back as the cabinet asks it, a second credit of one refused by the commit itself, and a
// row put in or taken out by hand found at the next start.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bench, dataPath } from './testing/store-rig';

const F = '001111222233334444';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-credited-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A ticket in, valid for `amount` on a validator's word, stacked: as the runner commits each step. */
function credit(b: Bench, barcode: string, amount: number): void {
  b.input({ kind: 'device', event: { device: 'acceptor', type: 'ticket', barcode } });
  b.input({ kind: 'ticketVerdict', barcode, verdict: { valid: true, amount } });
  b.input({ kind: 'device', event: { device: 'acceptor', type: 'ticketStacked', barcode } });
  // The casino system has read how it ended, so the next ticket is taken.
  b.input({ kind: 'sas', command: { type: 'ticketStatusRead', since: b.rig.state.lastTicket!.since } });
}

describe('tickets credited', () => {
  it('keeps each credit with its ticket row, and refuses a second credit of a number in its commit', () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.linkSas('secure-enhanced');
    try {
      expect(b.store.credited(F)).toBeNull();
      credit(b, F, 1500);
      const row = b.store.credited(F)!;
      expect(row.amount).toBe(1500);
      expect(b.store.reader.events().find((e) => e.seq === row.event)?.data).toMatchObject({
        event: 'redeemed',
        barcode: F,
      });
      // The bench's cabinet has no records to ask (no ticketRecord): the store is the last line.
      b.input({ kind: 'device', event: { device: 'acceptor', type: 'ticket', barcode: F } });
      b.input({ kind: 'ticketVerdict', barcode: F, verdict: { valid: true, amount: 1500 } });
      expect(() =>
        b.input({ kind: 'device', event: { device: 'acceptor', type: 'ticketStacked', barcode: F } }),
      ).toThrow(`ticket ${F} was credited here before`);
    } finally {
      b.store.close();
    }
  });

  it('a row added or removed by hand refuses the database at the next start', () => {
    for (const edit of [
      `INSERT INTO tickets_credited VALUES ('009999888877776666', 500, 1, 1)`,
      `DELETE FROM tickets_credited WHERE validation = '${F}'`,
    ]) {
      const path = dataPath(dir, `${edit.slice(0, 6)}.db`);
      const b = new Bench(path);
      b.linkSas('secure-enhanced');
      credit(b, F, 1500);
      b.store.close();
      const db = new Database(path);
      db.exec(edit);
      db.close();
      expect(() => new Bench(path)).toThrow(/tickets_credited is not as commit \d+ left it/);
    }
  });
});

// A process on the same machine writing to the database while the cabinet runs. The tables are
// checked against their signed digests at a start; until then the vouchers table was read as it
// stood, so a redeemed voucher marked issued again by SQL paid a second time, and a row made up
// by SQL paid whatever it said (both seen: 50.00 twice, 900.00 from nothing). The journal now
// takes a vouchers row only as its own commits left it.

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORDS_TILT, withCheckDigits } from '../cabinet';
import { until } from '../devices/testing/event-log';
import { parseConfig } from './config';
import { simulatedCabinet, type SimulatedCabinet } from './testing/simulated-cabinet';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-live-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const start = () =>
  simulatedCabinet({
    config: parseConfig({ access: { initialPin: '1234' }, store: { keyFile: join(dir, 'machine.key') } }),
    dataDir: join(dir, 'data'),
  });

/** Another process's connection to the running cabinet's database. */
function sql(c: SimulatedCabinet, statement: string, ...values: unknown[]): void {
  const raw = new Database(c.app.journal.path);
  try {
    expect(raw.prepare(statement).run(...values).changes).toBe(1);
  } finally {
    raw.close();
  }
}

async function cashOut({ app, sim }: SimulatedCabinet, note: number): Promise<string> {
  await until('the note taken', () => sim.acceptor.insertNote(note), 5_000);
  await until('the note credited', () => app.runner.state.balance >= note, 5_000);
  expect(app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
  await until('printed', () => sim.printer.printed.length === 1 && !app.runner.state.voucher, 10_000);
  return sim.printer.printed[0]!.validation!;
}

/** A ticket in, to the end of its redemption: how it ended (a new outcome, never the last one read again). */
async function insert({ app, sim }: SimulatedCabinet, barcode: string) {
  const before = app.runner.state.lastTicket;
  await until('the ticket drawn in', () => sim.acceptor.insertTicket(barcode), 5_000);
  await until('decided', () => app.runner.state.lastTicket !== before, 10_000);
  await until('the acceptor idle', () => !app.runner.state.ticket, 5_000);
  return app.runner.state.lastTicket!;
}

const recordsTilt = (c: SimulatedCabinet) => c.app.runner.state.tilts.find((t) => t.code === RECORDS_TILT);

describe('the vouchers table written by another process while the cabinet runs', () => {
  it(
    'a redeemed voucher marked issued again pays nothing twice, and the records are refused',
    { timeout: 30_000 },
    async () => {
      const c = await start();
      try {
        const voucher = await cashOut(c, 5000);
        expect(await insert(c, voucher)).toMatchObject({ outcome: 'redeemed', amount: 5000 });
        sql(
          c,
          "UPDATE vouchers SET status = 'issued', redeemed_at = NULL, redeemed_event = NULL WHERE validation = ?",
          voucher,
        );
        expect(await insert(c, voucher)).toMatchObject({
          barcode: voucher,
          outcome: 'returned',
          reason: 'notValidHere',
        });
        expect(c.app.runner.state.balance).toBe(5000);
        await until('the records tilt', () => recordsTilt(c) !== undefined, 5_000);
        expect(recordsTilt(c)!.reason).toMatch(new RegExp(`vouchers row of ${voucher} is not as the cabinet wrote it`));
        expect(c.app.runner.wish({ type: 'cashOut' })).toMatchObject({ ok: false });
      } finally {
        await c.app.close();
      }
    },
  );

  it('a voucher row made up by SQL pays nothing', { timeout: 30_000 }, async () => {
    const c = await start();
    try {
      const voucher = await cashOut(c, 1000);
      const forged = withCheckDigits('1234567890123456');
      sql(
        c,
        "INSERT INTO vouchers SELECT ?, sequence + 1, 90000, currency, issued_at, expires_at, 'issued', NULL, NULL FROM vouchers WHERE validation = ?",
        forged,
        voucher,
      );
      expect(await insert(c, forged)).toMatchObject({ barcode: forged, outcome: 'returned', reason: 'notValidHere' });
      expect(c.app.runner.state.balance).toBe(0);
      expect(c.app.runner.state.meters.lifetime.vouchersIn ?? 0).toBe(0);
      await until('the records tilt', () => recordsTilt(c) !== undefined, 5_000);
      expect(recordsTilt(c)!.reason).toMatch(/written by something else while it ran/);
    } finally {
      await c.app.close();
    }
  });

  it(
    'a made-up row, then a commit made to fail by holding the database locked: the row is still no voucher',
    { timeout: 30_000 },
    async () => {
      const c = await start();
      try {
        const voucher = await cashOut(c, 1000);
        await until('a note credited', () => c.sim.acceptor.insertNote(500), 5_000);
        await until('credited', () => c.app.runner.state.balance === 500, 5_000);
        const forged = withCheckDigits('1234567890123456');
        const raw = new Database(c.app.journal.path);
        try {
          raw
            .prepare(
              "INSERT INTO vouchers SELECT ?, sequence + 1, 90000, currency, issued_at, expires_at, 'issued', NULL, NULL FROM vouchers WHERE validation = ?",
            )
            .run(forged, voucher);
          // The journal used to read its tables back from the file after a failed commit, taking the row in.
          raw.exec('BEGIN IMMEDIATE');
          expect(() => c.app.runner.wish({ type: 'cashOut' })).toThrow(/locked/);
          raw.exec('COMMIT');
        } finally {
          raw.close();
        }
        // The break is found with the failed commit, and the row is no voucher to the validator.
        expect(c.app.journal.reader.recordsBroken).toMatch(/vouchers is not as commit \d+ left it/);
        expect(c.app.journal.voucher(forged)).toBeNull();
        expect(c.app.runner.state.balance).toBe(500);
      } finally {
        await c.app.close();
      }
    },
  );
});

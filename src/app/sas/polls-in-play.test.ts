// Issue 23, §3: a casino system polling as fast as the line carries, 20,000 polls back to back,
// while the cabinet is played and cashes out (the one assembly on a keyed database, the bench
// devices, the SAS link on an in-memory line). Every voucher printed raises 3D once and is read
// by 4D once, in order, and nothing else is; the meters stay balanced. A flood of polls moves
// no money and repeats no event.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBalance } from '../../cabinet';
import { decodeValidationInfo } from '../../devices/sas/replies';
import { startCabinet } from '../cabinet-app';
import { parseConfig } from '../config';

const POLLS = 20_000;
/** A note, a game and a cash-out every this many polls. */
const PLAY_EVERY = 400;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-polls-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('20,000 polls during play', () => {
  it('raise 3D once and read each voucher by 4D once; the meters balance', { timeout: 120_000 }, async () => {
    const app = await startCabinet({
      config: parseConfig({
        devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: 'simulated' },
        limits: { handpayLimit: 1_000_000 },
      }),
      dataDir: join(dir, 'data'),
      devices: { kind: 'ledger', ledgerPath: null },
      dealing: { kind: 'seeded', seed: 'polls', for: 'test' },
    });
    try {
      const host = app.sas!.host!;
      // The casino loop has set the validation ID (4C); from here the test is the casino system.
      await host.stop();
      const sim = app.devices.ledger!;
      const runner = app.runner;
      sim.connect();
      await sim.settled();
      const exceptions: number[] = [];
      const read: string[] = [];
      const started = performance.now();
      for (let i = 0; i < POLLS; i++) {
        const r = await host.generalPoll(1);
        const code = r.kind === 'exception' ? r.code : -1;
        exceptions.push(code);
        // As a casino system does: each 3D is followed by a read of the voucher it announced.
        const info = code === 0x3d ? await host.request(1, { command: 0x4d, function: 0 }) : null;
        const v = info && decodeValidationInfo(info);
        if (v) read.push(`${String(v.systemId).padStart(2, '0')}${v.validationNumber}`);
        if (i % PLAY_EVERY === 0) {
          sim.insertNote(2000);
          await sim.settled();
          runner.wish({ type: 'deal', bet: 1 });
          runner.wish({ type: 'draw' });
          runner.wish({ type: 'cashOut' });
          await sim.settled();
        }
      }
      const ms = performance.now() - started;
      console.log(`20,000 polls during play: ${Math.round(ms)} ms (${Math.round((POLLS / ms) * 1000)} polls/s)`);

      const printed = app.journal.reader
        .events()
        .filter((e) => e.kind === 'voucher' && e.data.event === 'printed')
        .map((e) => e.data.validation as string);
      expect(printed.length).toBe(POLLS / PLAY_EVERY);
      expect(new Set(printed).size).toBe(printed.length);
      expect(exceptions.filter((c) => c === 0x3d)).toHaveLength(printed.length);
      expect(read).toEqual(printed);
      // Nothing left unread: 4D has no more, and no exception overflowed.
      expect(
        await host.request(1, { command: 0x4d, function: 0 }).then((b) => b && decodeValidationInfo(b)),
      ).toBeNull();
      expect(exceptions).not.toContain(0x70);
      expect(app.journal.sasExceptions()).toEqual([]);
      const s = runner.state;
      expect(s.meters.lifetime.gamesPlayed).toBe(POLLS / PLAY_EVERY);
      expect(s.meters.lifetime.vouchersOutCount).toBe(printed.length);
      expect(checkBalance(s.meters.lifetime, s.balance).ok).toBe(true);
      expect(host.stats.timeouts).toBe(0);
    } finally {
      await app.close();
    }
  });
});

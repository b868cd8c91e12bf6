// The crash test (C-13, C-14) in the suite: two dozen SIGKILLs (one life in three or so ended
// instead by SIGTERM and an orderly stop, after which the credits are proven: C-15) of the headless cabinet, running
// its real drivers on the serial simulators over socat pseudo-terminals, at random instants, each
// followed by a restart and the checks of test/crash/crash-harness.ts. Its records are anchored
// to a software TPM's counter, as a cabinet's are to its PC's TPM: a kill between a commit and
// the counter's advance must never read as a rollback. socat or swtpm missing is a failure.
// `npm run bench:crash -- --kills 1000 --anchor` runs the same at scale.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_TEST_TIMEOUT_MS, crashTest } from './crash/crash-harness';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-crash-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crash test: SIGKILL at random instants, restart, check', () => {
  it(
    'loses no note or ticket, pays no voucher twice, redeems none twice, keeps the meters balanced, resumes games, and never reads as a rollback of the anchored records',
    { timeout: CRASH_TEST_TIMEOUT_MS },
    async () => {
      const report = await crashTest({
        dir,
        kills: 24,
        minKills: 12,
        budgetMs: 150_000,
        seed: 'suite',
        maxLifeMs: 1000,
        startupKillEvery: 4,
        ticketsPerMille: 250,
        anchor: true,
      });
      console.log(`crash test: ${JSON.stringify({ ...report, discrepancies: report.discrepancies.length })}`);
      expect(report.discrepancies).toEqual([]);
      // All 24 on an idle machine; under load as many as 150 s allow, never fewer than 12.
      expect(report.kills).toBeGreaterThanOrEqual(12);
      expect(report.kills).toBeLessThanOrEqual(24);
      expect(report.killedBeforeReady).toBeGreaterThan(0);
      // Some lives end as systemd stops the service: the next start's credits are proven (C-15).
      expect(report.orderlyStops).toBeGreaterThan(0);
      expect(report.gamesPlayed).toBeGreaterThan(0);
      expect(report.notesStacked).toBeGreaterThan(0);
      // Vouchers printed here came back in and were redeemed; others went back.
      expect(report.ticketsStacked).toBeGreaterThan(0);
      expect(report.ticketsReturned).toBeGreaterThan(0);
      // Every start went on from the counter: it moved at each ticket credited (and each start),
      // and stands where the records do.
      expect(report.anchorEnd).toBeGreaterThan(report.ticketsStacked);
    },
  );
});

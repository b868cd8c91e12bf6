// The crash test (C-13, C-14) with an MEI/CPI acceptor over EBDS (issue 25): as test/crash.test.ts,
// the headless cabinet killed at random instants and restarted, its real EBDS driver on the EBDS
// simulator over a socat pseudo-terminal, the checks of test/crash/crash-harness.ts after every
// restart. A dozen kills keep the suite lean: what is the same for both families (the journal,
// recovery, the meters) has its two dozen in test/crash.test.ts; `npm run bench:crash -- --kills
// 1000 --acceptor ebds --tickets-per-mille 300` runs this one at scale.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_TEST_TIMEOUT_MS, crashTest } from './crash/crash-harness';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-crash-ebds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('crash test with an EBDS acceptor', () => {
  it(
    'loses no note or ticket and credits none twice across the kills, and keeps the meters balanced',
    { timeout: CRASH_TEST_TIMEOUT_MS },
    async () => {
      const report = await crashTest({
        dir,
        kills: 12,
        minKills: 6,
        budgetMs: 150_000,
        seed: 'suite-ebds',
        maxLifeMs: 1000,
        startupKillEvery: 4,
        ticketsPerMille: 300,
        acceptor: 'ebds',
      });
      console.log(`crash test (EBDS): ${JSON.stringify({ ...report, discrepancies: report.discrepancies.length })}`);
      expect(report.discrepancies).toEqual([]);
      // All 12 on an idle machine; under load as many as 150 s allow, never fewer than 6.
      expect(report.kills).toBeGreaterThanOrEqual(6);
      expect(report.kills).toBeLessThanOrEqual(12);
      expect(report.killedBeforeReady).toBeGreaterThan(0);
      expect(report.gamesPlayed).toBeGreaterThan(0);
      expect(report.notesStacked).toBeGreaterThan(0);
      // Tickets went into the unit across the kills; how many of them stacked depends on the
      // vouchers printed by then, which a loaded machine makes fewer (stacking itself: the driver
      // and end-to-end tests).
      expect(report.ticketsInserted).toBeGreaterThan(0);
    },
  );
});

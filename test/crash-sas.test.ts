// The crash test with a casino system (issues 15, 27): as test/crash.test.ts, with a SAS link to
// the host simulator on a socat pseudo-terminal, which validates every ticket (67 → 70 → 71 → 68
// → 71 FF) and learns every voucher as the link's validation mode says (4D under secure enhanced
// and system validation, 3D's long poll under standard). SIGKILLs anywhere in that flow, in each
// mode: no ticket credited twice or lost, no voucher the host does not learn, C-9
// balanced after each restart, and the host's redemptions and 68s matching the cabinet's meters.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ValidationMode } from '../src/cabinet';
import { CRASH_TEST_TIMEOUT_MS, crashTest, type CrashReport } from './crash/crash-harness';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-crash-sas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The crash test in one mode, and what holds whatever happened in it. */
async function crashIn(validation: ValidationMode, kills: number): Promise<CrashReport> {
  const report = await crashTest({
    dir: join(dir, validation),
    kills,
    seed: `sas-suite-${validation}`,
    maxLifeMs: 1000,
    startupKillEvery: 4,
    ticketsPerMille: 300,
    sas: true,
    validation,
  });
  console.log(
    `crash test (SAS, ${validation}): ${JSON.stringify({ ...report, discrepancies: report.discrepancies.length })}`,
  );
  expect(report.discrepancies).toEqual([]);
  expect(report.kills).toBe(kills);
  expect(report.killedBeforeReady).toBeGreaterThan(0);
  // The host's redeemed tickets are the ones stacked, but for one whose end it had yet to read
  // when the last run stopped (a real machine can be switched off with a 68 pending; CI caught
  // exactly that once).
  expect((report.hostRedeemed ?? 0) + (report.hostUnreadRedeemed ?? 0)).toBe(report.ticketsStacked);
  // Vouchers were printed and the host learnt them: each against the cabinet's journal (printed,
  // for its amount, known to the host or still to be read) is in the discrepancies above; here,
  // the host knows no more vouchers than the printer printed. A record sent again after a SIGKILL
  // before its acknowledgement is at most one a kill.
  expect(report.vouchersPrinted).toBeGreaterThan(0);
  expect(report.hostVouchers).toBeGreaterThan(0);
  expect((report.hostVouchers ?? 0) + (report.hostVouchersUnread ?? 0)).toBeLessThanOrEqual(report.vouchersPrinted);
  expect(report.hostVoucherRepeats ?? 0).toBeLessThanOrEqual(kills);
  return report;
}

describe('crash test with a SAS host', () => {
  it(
    'secure enhanced validation (the default): tickets through the whole flow, none credited twice or lost; every voucher known to the host; C-9 balanced',
    { timeout: CRASH_TEST_TIMEOUT_MS },
    async () => {
      const report = await crashIn('secure-enhanced', 12);
      expect(report.ticketsInserted).toBeGreaterThan(0);
      expect(report.ticketsReturned).toBeGreaterThan(0);
      expect(report.hostFinalStatuses).toBeGreaterThan(0);
    },
  );

  // The other two modes number vouchers their own way; tickets in go the same way in every mode.
  for (const validation of ['system', 'standard'] as const)
    it(
      `${validation} validation: every voucher known to the host, under the mode's number; C-9 balanced`,
      { timeout: CRASH_TEST_TIMEOUT_MS },
      async () => {
        await crashIn(validation, 10);
      },
    );
});

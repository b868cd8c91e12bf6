// SAS standard validation on a real journal: the number is the amount plus the time of day, so a
// floor repeats it (the same amount at the same time another day, or amounts and times that add
// up alike). The vouchers table never takes a number twice, and the cabinet must not stop on it
// (the fresh-clone crash test's exit 2): a number already issued moves to the next second's, and
// a cash-out whose every second within the bound is taken is a handpay.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import { STANDARD_VALIDATION_SECONDS, standardValidationNumber as standardVoucherNumber } from '../../cabinet';
import { standardValidationNumber } from '../../devices/sas/validation';
import { Bench, dataPath } from '../../store/testing/store-rig';
import { nodeEnv } from '../node-env';
import { sasDateTime } from './cabinet-machine';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-standard-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The standard's number for `credits` at `at`, as a voucher's 18 digits: what anyone can work out. */
const standardAt = (credits: number, at: number) =>
  standardVoucherNumber(standardValidationNumber(credits, sasDateTime(at)));

function* skipping(candidates: Iterable<string>, taken: ReadonlySet<string>): Generator<string> {
  for (const v of candidates) if (!taken.has(v)) yield v;
}

/**
 * A cabinet on a journal with a SAS link in standard validation, one cent a credit; its standard
 * numbers come from the app's env, which asks the journal. `taken` adds numbers the journal is
 * to count as issued, through the one seam the check goes by, so a full bound costs no vouchers.
 */
function standardCabinet(taken: ReadonlySet<string>): Bench {
  const b = new Bench(dataPath(dir));
  b.rig.env.sasStandardValidation = nodeEnv(new SeededRandom('standard'), {
    validationNumber: (machine, sequence) => b.store.validationNumber(machine, sequence),
    unissued: (candidates) => b.store.unissued(skipping(candidates, taken)),
    voucher: () => null,
    credited: () => null,
  }).sasStandardValidation;
  b.linkSas('standard');
  return b;
}

/** A note in and CASH OUT at `at`; the voucher printed and its number read by the host (3D): its number. */
function cashOut(b: Bench, amount: number, at: number): string {
  b.rig.now = at;
  b.insert(amount);
  b.wish({ type: 'cashOut' });
  const v = b.rig.state.voucher;
  if (!v) throw new Error(`no voucher for the cash-out of ${amount}: ${JSON.stringify(b.rig.state.handpay)}`);
  b.input({ kind: 'device', event: { device: 'printer', type: 'printed', validation: v.validation } });
  expect(b.rig.state.sas?.lastCashOutTicket).toEqual({
    validationNumber: v.validation.slice(-8),
    amount,
    read: false,
  });
  b.input({ kind: 'sas', command: { type: 'cashOutTicketRead', validationNumber: v.validation.slice(-8) } });
  expect(b.rig.state.sas?.lastCashOutTicket?.read).toBe(true);
  expect(b.rig.state.balance).toBe(0);
  return v.validation;
}

const tenOClock = (day: number) => new Date(2026, 11, day, 10, 0, 0, 400).getTime();
const SECOND = 1000;

describe('standard validation numbers that repeat', () => {
  it('move to the next free second: no number twice, and the cabinet goes on', () => {
    const taken = new Set<string>();
    const b = standardCabinet(taken);
    try {
      const first = cashOut(b, 500, tenOClock(1));
      expect(first).toBe(standardAt(500, tenOClock(1)));
      // The same amount at the same time the next day: the same number by the rule, so the next second's.
      const second = cashOut(b, 500, tenOClock(2));
      expect(standardAt(500, tenOClock(2))).toBe(first);
      expect(second).toBe(standardAt(500, tenOClock(2) + SECOND));
      // 499 credits a second later add up as the first did, and the next second's is the second's: two on.
      const third = cashOut(b, 499, tenOClock(3) + SECOND);
      expect(standardAt(499, tenOClock(3) + SECOND)).toBe(first);
      expect(standardAt(499, tenOClock(3) + 2 * SECOND)).toBe(second);
      expect(third).toBe(standardAt(499, tenOClock(3) + 3 * SECOND));
      // Each voucher its own row, for its own amount; the printed time stays the cash-out's.
      const rows = [first, second, third].map((v) => b.store.reader.voucher(v));
      expect(rows.map((r) => r?.amount)).toEqual([500, 500, 499]);
      expect(rows.map((r) => r?.issuedAt)).toEqual([tenOClock(1), tenOClock(2), tenOClock(3) + SECOND]);
      expect(rows.map((r) => r?.status)).toEqual(['issued', 'issued', 'issued']);
      expect(b.rig.state.meters.lifetime.vouchersOutCount).toBe(3);
    } finally {
      b.store.close();
    }
  });

  it('with every second of the bound taken, is a handpay saying why; the cabinet goes on', () => {
    const taken = new Set<string>();
    const b = standardCabinet(taken);
    try {
      const at = tenOClock(4);
      // All but the bound's last second: that one is still the cash-out's.
      for (let s = 0; s < STANDARD_VALIDATION_SECONDS - 1; s++) taken.add(standardAt(700, at + s * SECOND));
      const last = cashOut(b, 700, at);
      expect(last).toBe(standardAt(700, at + (STANDARD_VALIDATION_SECONDS - 1) * SECOND));
      // Now every one of them: the next cash-out of 700 at that time has no number.
      b.rig.now = at;
      b.insert(700);
      b.wish({ type: 'cashOut' });
      expect(b.rig.state.voucher).toBeNull();
      expect(b.rig.state.handpay).toMatchObject({
        amount: 700,
        reason: `cash-out with no standard validation number left: the numbers of its second and the next ${STANDARD_VALIDATION_SECONDS - 1} were all issued before`,
      });
      expect(b.store.reader.voucher(last)?.amount).toBe(700);
      // The attendant pays it, and a cash-out at noon, clear of the taken numbers (10:00 to 10:59:59's), prints.
      b.input({ kind: 'device', event: { device: 'deck', type: 'key', key: 'attendant', on: true } });
      b.wish({ type: 'handpayConfirm' });
      b.input({ kind: 'device', event: { device: 'deck', type: 'key', key: 'attendant', on: false } });
      expect(b.rig.state.handpay).toBeNull();
      const noon = at + 2 * 3600 * SECOND;
      expect(cashOut(b, 800, noon)).toBe(standardAt(800, noon));
    } finally {
      b.store.close();
    }
  });
});

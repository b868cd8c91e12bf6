// SAS system validation on a real journal: the casino system gives each cash-out's number (58),
// and may give one a voucher already has (its own fault, a 58 replayed or forged, a host restored
// from a backup). The vouchers table never takes a number twice, and the cabinet must not stop on
// it (a commit the table refuses is the app's exit 2): the 58 is answered 81, a number it cannot
// use, and logged; the cash-out waits on for a usable number, or the time-out's handpay.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import { SYSTEM_VALIDATION_TIMEOUT_MS } from '../../cabinet';
import { decodePendingCashout, decodeStatusReply } from '../../devices/sas/replies';
import { validationAnswer } from '../../devices/sas/validation-answers';
import { Bench, dataPath } from '../../store/testing/store-rig';
import { nodeEnv } from '../node-env';
import { CabinetMachine } from './cabinet-machine';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-system-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SYSTEM_ID = 3;
const barcode = (number: string) => `0${SYSTEM_ID}${number}`;

interface SystemCabinet {
  b: Bench;
  /** The long poll answered as the link answers it, from the machine the link sees. */
  poll58(number: string): number;
  /** 57's amount in cents, null when no cash-out waits. */
  poll57(): number | null;
}

/**
 * A cabinet on a journal with a SAS link in system validation, one cent a credit; whether a
 * voucher has a number is asked of the journal through the app's env, and the host's polls are
 * answered by the machine the link sees (`CabinetMachine`), committing through the same journal.
 */
function systemCabinet(): SystemCabinet {
  const b = new Bench(dataPath(dir));
  b.rig.env.voucherIssued = nodeEnv(new SeededRandom('system'), b.store).voucherIssued;
  b.linkSas('system');
  const machine = new CabinetMachine({
    cabinet: {
      get state() {
        return b.rig.state;
      },
      input: (i) => b.input(i),
    },
    store: b.store,
    romSignature: async () => 0,
  });
  const ctx = { address: 1, machine, money: { accountingDenomination: 1, minorDigits: 2 } };
  const answer = (req: Parameters<typeof validationAnswer>[1]) => {
    const a = validationAnswer(ctx, req);
    if (!a) throw new Error(`no answer to ${JSON.stringify(req)}`);
    return a.reply;
  };
  return {
    b,
    poll58: (number) => decodeStatusReply(answer({ command: 0x58, systemId: SYSTEM_ID, validationNumber: number })),
    poll57: () => {
      const p = decodePendingCashout(answer({ command: 0x57 }));
      return p.cashoutType === 0x00 ? p.amountCents : null;
    },
  };
}

/** A note in and CASH OUT: the cash-out waits for the host's number. */
function cashOut({ b, poll57 }: SystemCabinet, amount: number): void {
  b.insert(amount);
  b.wish({ type: 'cashOut' });
  expect(b.rig.state.voucher).toBeNull();
  expect(poll57()).toBe(amount);
}

/** The voucher the printer holds, printed: its number. */
function printed(b: Bench, amount: number): string {
  const v = b.rig.state.voucher;
  if (!v) throw new Error(`no voucher for ${amount}: ${JSON.stringify(b.rig.state.handpay)}`);
  expect(v).toMatchObject({ amount, scheme: 'sas-system' });
  b.input({ kind: 'device', event: { device: 'printer', type: 'printed', validation: v.validation } });
  expect(b.rig.state.balance).toBe(0);
  return v.validation;
}

const N = '1234567890123456';
const FRESH = '1234567890123457';

describe("system validation: the casino system's number a voucher already has", () => {
  it('is refused (81) and logged, no second voucher; the cash-out waits on and a fresh number prints it', () => {
    const c = systemCabinet();
    const { b } = c;
    try {
      cashOut(c, 2750);
      expect(c.poll58(N)).toBe(0x00);
      expect(printed(b, 2750)).toBe(barcode(N));

      cashOut(c, 1500);
      expect(c.poll58(N)).toBe(0x81);
      // Nothing printed or committed for it: the cash-out still waits, the one voucher with N is the first's.
      expect(b.rig.state.voucher).toBeNull();
      expect(b.rig.state.handpay).toBeNull();
      expect(c.poll57()).toBe(1500);
      expect(b.store.reader.voucher(barcode(N))).toMatchObject({ amount: 2750, status: 'issued' });
      const refusals = b.store.reader.events().filter((e) => e.kind === 'refusal');
      expect(refusals.map((e) => e.data)).toEqual([
        {
          rule: 'C-25',
          reason: `the casino system sent validation number ${barcode(N)}, which a voucher already has: a number is never printed twice`,
          input: 'sas',
        },
      ]);

      expect(c.poll58(FRESH)).toBe(0x00);
      expect(printed(b, 1500)).toBe(barcode(FRESH));
      expect(b.store.reader.voucher(barcode(FRESH))).toMatchObject({ amount: 1500, status: 'issued' });
      expect(b.rig.state.meters.lifetime.vouchersOutCount).toBe(2);
    } finally {
      b.store.close();
    }
  });

  it('with no usable number after it, the time-out makes the cash-out a handpay; the cabinet goes on', () => {
    const c = systemCabinet();
    const { b } = c;
    try {
      cashOut(c, 2750);
      expect(c.poll58(N)).toBe(0x00);
      printed(b, 2750);

      cashOut(c, 1500);
      expect(c.poll58(N)).toBe(0x81);
      expect(c.poll58(N)).toBe(0x81);
      // What the service's clock sends once the cash-out has waited the standard's ten seconds.
      b.rig.now += SYSTEM_VALIDATION_TIMEOUT_MS;
      b.input({ kind: 'sas', command: { type: 'systemValidationTimeout' } });
      expect(b.rig.state.handpay).toMatchObject({
        amount: 1500,
        reason: `cash-out: no validation number from the casino system within ${SYSTEM_VALIDATION_TIMEOUT_MS / 1000} s`,
      });
      expect(c.poll57()).toBeNull();
      expect(c.poll58(FRESH)).toBe(0x80);
      expect(b.store.reader.voucher(barcode(FRESH))).toBeNull();

      // The attendant pays it, and the next cash-out prints under a fresh number.
      b.input({ kind: 'device', event: { device: 'deck', type: 'key', key: 'attendant', on: true } });
      b.wish({ type: 'handpayConfirm' });
      b.input({ kind: 'device', event: { device: 'deck', type: 'key', key: 'attendant', on: false } });
      expect(b.rig.state.handpay).toBeNull();
      cashOut(c, 800);
      expect(c.poll58(FRESH)).toBe(0x00);
      expect(printed(b, 800)).toBe(barcode(FRESH));
      expect(b.rig.state.meters.lifetime.vouchersOutCount).toBe(2);
    } finally {
      b.store.close();
    }
  });
});

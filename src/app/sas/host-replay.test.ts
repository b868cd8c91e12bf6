// Issue 37, §1: a casino system's 71 does not override the cabinet's own records. The whole app
// (the one assembly, simulated devices behind their drivers) with its SAS link over a socat
// pseudo-terminal, and the host simulator on the far end polling like a casino system, in each
// of the three validation modes. The host is made to lie as a host restored from a backup, a
// replayed 71 or a tampered SMIB would: it calls a ticket valid again after it was credited, at
// the amount it was, or at one made up. Every such ticket goes back, the event log says both
// amounts, the host reads why in the redemption's final status, and the money is as before.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBalance, readLogRow } from '../../cabinet';
import { SasHost, type RedemptionRecord } from '../../devices/sas/host';
import { SAS_BAUD_RATE } from '../../devices/sas/port';
import { REDEEM_STATUS } from '../../devices/sas/ticket-codes';
import { SerialEndpoint } from '../../devices/shared/serial-endpoint';
import { SocatPair } from '../../devices/shared/socat-pair';
import { until } from '../../devices/testing/event-log';
import { parseConfig } from '../config';
import { simulatedCabinet, type SimulatedCabinet } from '../testing/simulated-cabinet';

const MODES = ['secure-enhanced', 'system', 'standard'] as const;
type Mode = (typeof MODES)[number];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-host-replay-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Floor extends SimulatedCabinet {
  host: SasHost;
  close(): Promise<void>;
}

/** A cabinet in `mode` whose link runs over a socat pair to a host simulator polling like a casino. */
async function floor(mode: Mode): Promise<Floor> {
  const pair = new SocatPair(join(dir, `${mode}-machine`), join(dir, `${mode}-host`));
  await pair.start();
  const hostEnd = new SerialEndpoint({ path: pair.device, baudRate: SAS_BAUD_RATE });
  const host = new SasHost(hostEnd, { replyTimeoutMs: 300 });
  host.runCasino({
    addresses: [1],
    cycleMs: 30,
    metersEveryMs: 600_000,
    validationMode: mode,
    validation: { validationId: 0x123456, sequence: 1 },
  });
  const c = await simulatedCabinet({
    config: parseConfig({
      devices: {
        acceptor: 'simulated',
        printer: 'simulated',
        deck: 'simulated',
        sas: { path: pair.host, address: 1, validation: mode },
      },
    }),
    dataDir: join(dir, mode, 'data'),
  });
  return {
    ...c,
    host,
    async close() {
      await c.app.close();
      await host.stop();
      host.detach();
      await hostEnd.close();
      await pair.stop();
    },
  };
}

/** A ticket in, to the end of its redemption and the host's reading of how it ended. */
async function insert({ app, sim, host }: Floor, barcode: string) {
  const before = app.runner.state.lastTicket;
  const redemptions = host.redemptions.length;
  await until('the ticket drawn in', () => sim.acceptor.insertTicket(barcode), 5_000);
  await until(
    'the ticket decided',
    () => app.runner.state.lastTicket !== before && app.runner.state.lastTicket?.barcode === barcode,
    10_000,
  );
  await until(
    'the host read how it ended (68, 71 FF)',
    () =>
      host.redemptions.length > redemptions &&
      host.redemptions.at(-1)!.finalStatus !== undefined &&
      app.runner.state.sas?.ticketStatusRead === app.runner.state.lastTicket?.since,
    10_000,
  );
  await until('the acceptor idle again', () => !app.runner.state.ticket && sim.acceptor.state.ticket === null, 5_000);
  return { outcome: app.runner.state.lastTicket!, redemption: host.redemptions.at(-1)! as RedemptionRecord };
}

/** CASH OUT of the whole balance: the voucher printed, and the host has learnt it (4D or 3D). */
async function cashOut({ app, sim, host }: Floor): Promise<{ validation: string; amount: number }> {
  const amount = app.runner.state.balance;
  const printed = sim.printer.printed.length;
  const known = host.vouchers.length;
  expect(app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
  await until(
    'the voucher printed',
    () => sim.printer.printed.length === printed + 1 && !app.runner.state.voucher,
    10_000,
  );
  await until('the host learnt the voucher', () => host.vouchers.length === known + 1, 10_000);
  const validation = sim.printer.printed.at(-1)!.validation!;
  expect(host.vouchers.at(-1)).toMatchObject({ barcode: validation, amountCents: amount });
  return { validation, amount };
}

const money = ({ app }: Floor) => {
  const s = app.runner.state;
  return {
    balance: s.balance,
    ticketsIn: s.meters.lifetime.vouchersInCount ?? 0,
    balanced: checkBalance(s.meters.lifetime, s.balance).ok,
  };
};

/** The event log's refusals of the host's word, as the store keeps them. */
const overruled = ({ app }: Floor) =>
  app.journal.reader.events().flatMap((e) => {
    const r = readLogRow('ticket', e);
    return r?.event === 'overruled' ? [r] : [];
  });

describe.each(MODES)("the host's 71 against the cabinet's records, %s validation, over a pty", (mode) => {
  it(
    "refuses an arbitrary ticket's 71 replayed, its own voucher's replayed at a made-up amount, and an amount not the voucher's",
    { timeout: 90_000 },
    async () => {
      const c = await floor(mode);
      try {
        // Another machine's ticket, credited once on the host's word.
        const foreign = '00' + '7'.repeat(15) + (MODES.indexOf(mode) + 1);
        c.host.tickets.set(foreign, { amountCents: 2000, state: 'valid' });
        expect((await insert(c, foreign)).outcome).toMatchObject({ outcome: 'redeemed', amount: 2000 });
        expect(c.host.tickets.get(foreign)!.state).toBe('redeemed');

        // The same ticket with its 71 again (the host restored from a backup): refused.
        c.host.tickets.set(foreign, { amountCents: 2000, state: 'valid' });
        const replay = await insert(c, foreign);
        expect(replay.outcome).toMatchObject({ outcome: 'returned', reason: 'creditedBefore' });
        expect(replay.redemption).toMatchObject({
          transferCode: 0x00,
          amountCents: 2000,
          finalStatus: REDEEM_STATUS.unableNow,
        });
        expect(c.sim.acceptor.ticketBox).toEqual([foreign]);
        expect(money(c)).toEqual({ balance: 2000, ticketsIn: 1, balanced: true });

        // This cabinet's own voucher, redeemed once at its amount.
        const own = await cashOut(c);
        expect(own.amount).toBe(2000);
        expect((await insert(c, own.validation)).outcome).toMatchObject({ outcome: 'redeemed', amount: 2000 });

        // Replayed at a made-up amount: refused, whatever the host says it is worth.
        c.host.tickets.set(own.validation, { amountCents: 500_00, state: 'valid' });
        const forged = await insert(c, own.validation);
        expect(forged.outcome).toMatchObject({ outcome: 'returned', reason: 'creditedBefore' });
        expect(forged.redemption).toMatchObject({ amountCents: 500_00, finalStatus: REDEEM_STATUS.unableNow });
        expect(money(c)).toEqual({ balance: 2000, ticketsIn: 2, balanced: true });

        // A voucher not yet redeemed, at an amount not its own: refused (86); at its own: credited.
        const next = await cashOut(c);
        c.host.tickets.set(next.validation, { amountCents: 9_999_00, state: 'valid' });
        const inflated = await insert(c, next.validation);
        expect(inflated.outcome).toMatchObject({ outcome: 'returned', reason: 'amountMismatch' });
        expect(inflated.redemption.finalStatus).toBe(REDEEM_STATUS.amountDoesNotMatchTicket);
        expect(money(c)).toEqual({ balance: 0, ticketsIn: 2, balanced: true });
        c.host.tickets.set(next.validation, { amountCents: next.amount, state: 'valid' });
        expect((await insert(c, next.validation)).outcome).toMatchObject({ outcome: 'redeemed', amount: 2000 });
        expect(money(c)).toEqual({ balance: 2000, ticketsIn: 3, balanced: true });

        // Each refusal logged with the host's amount and what the records hold.
        expect(overruled(c)).toEqual([
          expect.objectContaining({
            barcode: foreign,
            why: 'creditedBefore',
            validatorAmount: 2000,
            voucherAmount: null,
            creditedAmount: 2000,
          }),
          expect.objectContaining({
            barcode: own.validation,
            why: 'creditedBefore',
            validatorAmount: 500_00,
            voucherAmount: 2000,
            voucherStatus: 'redeemed',
            creditedAmount: 2000,
          }),
          expect.objectContaining({
            barcode: next.validation,
            why: 'amountMismatch',
            validatorAmount: 9_999_00,
            voucherAmount: 2000,
            voucherStatus: 'issued',
            creditedAmount: null,
          }),
        ]);
        expect(c.sim.acceptor.ticketBox).toEqual([foreign, own.validation, next.validation]);
      } finally {
        await c.close();
      }
    },
  );
});

// Issue 23, §3: a casino system that answers a ticket wrongly, through the whole app (the one
// assembly, its acceptor driver against the simulator, the SAS link against a host that sends
// only what the test tells it to, on in-memory lines). Each ticket is credited at most once, and
// only on the host's word for that ticket, in time and within the credit limit.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBalance } from '../../cabinet';
import { decodeRedeem, decodeTicketValidation } from '../../devices/sas/replies';
import type { SasHost } from '../../devices/sas/host';
import { until } from '../../devices/testing/event-log';
import { parseConfig } from '../config';
import { simulatedCabinet, type SimulatedCabinet } from '../testing/simulated-cabinet';
import { REDEEM_STATUS } from '../../devices/sas/ticket-codes';

const A = '001111222233334444';
const B = '005555666677778888';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-host-answers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Cabinet = SimulatedCabinet & { host: SasHost };

/** A cabinet on a SAS link whose host polls only when the test says. */
async function cabinet(settings: Record<string, unknown> = {}): Promise<Cabinet> {
  const c = await simulatedCabinet({
    config: parseConfig({
      devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: 'simulated' },
      ...settings,
    }),
    dataDir: join(dir, 'data'),
  });
  const host = c.app.sas!.host!;
  await host.stop();
  return { ...c, host };
}

const redeem = async (host: SasHost, barcode: string, amountCents: number, transferCode = 0x00) =>
  decodeRedeem((await host.request(1, { command: 0x71, kind: 'redeem', transferCode, amountCents, barcode }))!);
const finalStatus = async (host: SasHost) => decodeRedeem((await host.request(1, { command: 0x71, kind: 'status' }))!);

/** The ticket drawn in and waiting for the host, as the host sees it (70). */
async function inEscrow({ app, sim, host }: Cabinet, barcode: string): Promise<void> {
  await until('the ticket drawn in', () => sim.acceptor.insertTicket(barcode), 5_000);
  await until('awaiting the host', () => app.runner.state.ticket?.phase === 'validating', 5_000);
  const seen = decodeTicketValidation((await host.request(1, { command: 0x70 }))!);
  expect(seen).toMatchObject({ inEscrow: true, barcode });
}

const money = ({ app }: Cabinet) => {
  const s = app.runner.state;
  return {
    balance: s.balance,
    vouchersIn: s.meters.lifetime.vouchersIn ?? 0,
    count: s.meters.lifetime.vouchersInCount ?? 0,
    balanced: checkBalance(s.meters.lifetime, s.balance).ok,
  };
};

describe("the casino system's 71, answered wrongly", () => {
  it(
    'after the validation time-out: refused as not this cycle, nothing credited, the end reported as timed out',
    { timeout: 30_000 },
    async () => {
      const c = await cabinet({ voucher: { validationSeconds: 3 } });
      try {
        await inEscrow(c, A);
        await until('returned on the time-out', () => c.app.runner.state.lastTicket?.reason === 'timedOut', 6_000);
        expect((await redeem(c.host, A, 1500)).machineStatus).toBe(REDEEM_STATUS.notThisCycle);
        await until('handed back', () => !c.app.runner.state.ticket && c.sim.acceptor.state.ticket === null, 5_000);
        expect(c.sim.acceptor.ticketBox).toEqual([]);
        expect(money(c)).toEqual({ balance: 0, vouchersIn: 0, count: 0, balanced: true });
        expect((await finalStatus(c.host)).machineStatus).toBe(REDEEM_STATUS.timedOut);
      } finally {
        await c.app.close();
      }
    },
  );

  it(
    'three times for one ticket: the first stacks it, the others are not this cycle; credited once',
    { timeout: 30_000 },
    async () => {
      const c = await cabinet();
      try {
        await inEscrow(c, A);
        const replies = [await redeem(c.host, A, 1500), await redeem(c.host, A, 1500), await redeem(c.host, A, 1500)];
        expect(replies.map((r) => r.machineStatus)).toEqual([
          REDEEM_STATUS.pending,
          REDEEM_STATUS.notThisCycle,
          REDEEM_STATUS.notThisCycle,
        ]);
        await until('credited', () => c.app.runner.state.lastTicket?.outcome === 'redeemed', 5_000);
        // And once more after it was credited.
        expect((await redeem(c.host, A, 1500)).machineStatus).toBe(REDEEM_STATUS.notThisCycle);
        expect(c.sim.acceptor.ticketBox).toEqual([A]);
        expect(money(c)).toEqual({ balance: 1500, vouchersIn: 1500, count: 1, balanced: true });
        expect(await finalStatus(c.host)).toMatchObject({ machineStatus: REDEEM_STATUS.cashableRedeemed, barcode: A });
      } finally {
        await c.app.close();
      }
    },
  );

  it(
    'over the credit limit: refused in its reply, the ticket handed back, nothing credited',
    { timeout: 30_000 },
    async () => {
      const c = await cabinet({ limits: { creditLimit: 100_000 } });
      try {
        await inEscrow(c, A);
        expect((await redeem(c.host, A, 100_001)).machineStatus).toBe(REDEEM_STATUS.overCreditLimit);
        await until('handed back', () => !c.app.runner.state.ticket && c.sim.acceptor.state.ticket === null, 5_000);
        expect(c.app.runner.state.lastTicket).toMatchObject({ outcome: 'returned', reason: 'creditLimit' });
        expect(c.sim.acceptor.ticketBox).toEqual([]);
        expect(money(c)).toEqual({ balance: 0, vouchersIn: 0, count: 0, balanced: true });
      } finally {
        await c.app.close();
      }
    },
  );

  it(
    'for another barcode: refused (81), the ticket in escrow still waits for its own answer',
    { timeout: 30_000 },
    async () => {
      const c = await cabinet();
      try {
        await inEscrow(c, A);
        expect((await redeem(c.host, B, 99_00)).machineStatus).toBe(0x81);
        expect(c.app.runner.state.ticket).toMatchObject({ barcode: A, phase: 'validating' });
        expect(money(c).count).toBe(0);
        expect((await redeem(c.host, A, 700)).machineStatus).toBe(REDEEM_STATUS.pending);
        await until('credited', () => c.app.runner.state.lastTicket?.outcome === 'redeemed', 5_000);
        expect(c.sim.acceptor.ticketBox).toEqual([A]);
        expect(money(c)).toEqual({ balance: 700, vouchersIn: 700, count: 1, balanced: true });
      } finally {
        await c.app.close();
      }
    },
  );

  it(
    'never: the ticket goes back on the time-out, nothing credited, 68 raised for the host to read',
    { timeout: 30_000 },
    async () => {
      const c = await cabinet({ voucher: { validationSeconds: 3 } });
      try {
        const since = Date.now();
        await inEscrow(c, A);
        await until('returned on the time-out', () => c.app.runner.state.lastTicket?.reason === 'timedOut', 6_000);
        expect(Date.now() - since).toBeGreaterThanOrEqual(2_900);
        await until('handed back', () => !c.app.runner.state.ticket && c.sim.acceptor.state.ticket === null, 5_000);
        expect(c.sim.acceptor.ticketBox).toEqual([]);
        expect(money(c)).toEqual({ balance: 0, vouchersIn: 0, count: 0, balanced: true });
        const polls: string[] = [];
        for (let i = 0; i < 10; i++) polls.push(JSON.stringify(await c.host.generalPoll(1)));
        expect(polls).toContain(JSON.stringify({ kind: 'exception', code: 0x68 }));
      } finally {
        await c.app.close();
      }
    },
  );
});

// Issue 42: cashless play over SAS, end to end. The whole app (the one assembly, simulated devices
// behind their drivers) with its SAS link over a socat pseudo-terminal, and the host simulator on
// the far end polling like a casino system and moving money with AFT: in by every kind, out to
// the host, partial, interrogated, and a hostile host's tricks (a replayed 72, a transaction ID
// reused with another amount, a transfer past the credit limit, a bonus during a game, a lock
// never cancelled). Each is refused with the standard's status or resolved as it says; the
// money is checked against the meters (C-9, all three kinds) after every step.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBalance } from '../../cabinet';
import { AFT_CONDITION, AFT_FLAG, AFT_STATUS, AFT_TRANSFER_TYPE } from '../../devices/sas/aft-codes';
import type { AftTransferReply } from '../../devices/sas/aft-replies';
import type { AftTransferRequest } from '../../devices/sas/aft-requests';
import { EXCEPTION } from '../../devices/sas/exception-codes';
import { SasHost } from '../../devices/sas/host';
import {
  aftInterrogate,
  aftLock,
  aftRegister,
  aftTransfer,
  aftTransferRequest,
  legacyBonus,
} from '../../devices/sas/host-aft';
import { SAS_BAUD_RATE } from '../../devices/sas/port';
import { SerialEndpoint } from '../../devices/shared/serial-endpoint';
import { SocatPair } from '../../devices/shared/socat-pair';
import { until } from '../../devices/testing/event-log';
import { parseConfig } from '../config';
import { simulatedCabinet, type SimulatedCabinet } from '../testing/simulated-cabinet';

const A = 1;
const KEY = '5a'.repeat(20);
let dir: string;
let floor: SimulatedCabinet & { host: SasHost; close(): Promise<void> };
let asset = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-aft-'));
  const pair = new SocatPair(join(dir, 'machine'), join(dir, 'host'));
  await pair.start();
  const hostEnd = new SerialEndpoint({ path: pair.device, baudRate: SAS_BAUD_RATE });
  const host = new SasHost(hostEnd, { replyTimeoutMs: 300 });
  host.runCasino({
    addresses: [A],
    cycleMs: 30,
    metersEveryMs: 600_000,
    validation: { validationId: 0x123456, sequence: 1 },
  });
  const c = await simulatedCabinet({
    config: parseConfig({
      devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: { path: pair.host, address: A } },
    }),
    dataDir: join(dir, 'data'),
  });
  floor = {
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
  asset = (await aftLock(host, A, 0xff))!.assetNumber;
}, 30_000);
afterAll(async () => {
  await floor?.close();
  rmSync(dir, { recursive: true, force: true });
});

const state = () => floor.app.runner.state;
const balanced = () => {
  const s = state();
  const check = checkBalance(s.meters.lifetime, s.balance, s.promo);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true });
};
let n = 0;
const ask = (fields: Partial<AftTransferRequest>) =>
  aftTransferRequest({ transactionId: `ACCT-${++n}`, assetNumber: asset, ...fields });
const statusOf = (r: AftTransferReply | null) =>
  r ? (r.form === 'none' ? AFT_STATUS.noTransferInfo : r.status) : null;
const play = (wish: unknown) => expect(floor.app.runner.wish(wish).ok).toBe(true);

describe('AFT over a pseudo-terminal (issue 42)', () => {
  it('moves cashable credits in, answers the transfer whole, raises 69 and interrogates by ID and position', async () => {
    const req = ask({ cashableCents: 5_000 });
    const r = await aftTransfer(floor.host, A, req);
    expect(r).toMatchObject({ form: 'record', status: 0, transactionId: req.transactionId });
    expect(r?.form === 'record' && r.cumulative?.cashable).toBe(5_000);
    expect(state().balance).toBe(5_000);
    await until(
      '69 taken by the host',
      () => floor.host.exceptions.some((e) => e.code === EXCEPTION.aftTransferComplete),
      5_000,
    );
    const again = await aftInterrogate(floor.host, A, 0);
    expect(again).toMatchObject({ form: 'record', status: 0, transactionId: req.transactionId, index: 0 });
    const byPosition = await aftInterrogate(floor.host, A, 1, true);
    expect(byPosition).toMatchObject({ transactionId: req.transactionId, index: 1 });
    expect(statusOf(await aftInterrogate(floor.host, A, 0x50))).toBe(AFT_STATUS.noTransferInfo);
    balanced();
  });

  it('refuses a replayed 72 and a reused transaction ID with another amount (81), crediting nothing', async () => {
    const req = ask({ cashableCents: 1_000 });
    expect(statusOf(await aftTransfer(floor.host, A, req))).toBe(0);
    const before = state().balance;
    expect(statusOf(await aftTransfer(floor.host, A, req))).toBe(AFT_STATUS.transactionIdNotUnique);
    expect(statusOf(await aftTransfer(floor.host, A, { ...req, cashableCents: 90_000 }))).toBe(
      AFT_STATUS.transactionIdNotUnique,
    );
    expect(state().balance).toBe(before);
    // The interrogation still finds the transfer as it was made.
    expect(await aftInterrogate(floor.host, A, 0, true)).toMatchObject({
      transactionId: req.transactionId,
      amounts: { cashable: 1_000 },
    });
    balanced();
  });

  it('refuses a transfer past the credit limit in full (84) and takes what fits of a partial one (01)', async () => {
    const limit = state().settings.limits.creditLimit;
    const room = limit - state().balance;
    expect(statusOf(await aftTransfer(floor.host, A, ask({ cashableCents: room + 100 })))).toBe(AFT_STATUS.overLimit);
    const partial = await aftTransfer(floor.host, A, ask({ cashableCents: room + 100, transferCode: 0x01 }));
    expect(partial).toMatchObject({ status: AFT_STATUS.partialSuccess, amounts: { cashable: room } });
    expect(state().balance).toBe(limit);
    balanced();
  });

  it('moves credits out to the host under a lock, and promotional credits in by kind', async () => {
    const lock = await aftLock(floor.host, A, 0x00, AFT_CONDITION.fromMachine | AFT_CONDITION.toMachine, 1_000);
    expect(lock?.lockStatus).toBe(0x00);
    await until(
      '6F taken by the host',
      () => floor.host.exceptions.some((e) => e.code === EXCEPTION.gameLocked),
      5_000,
    );
    const out = await aftTransfer(
      floor.host,
      A,
      ask({ transferType: AFT_TRANSFER_TYPE.inHouseToHost, cashableCents: 250_000 }),
    );
    expect(out).toMatchObject({ status: 0, amounts: { cashable: 250_000 } });
    const promo = await aftTransfer(
      floor.host,
      A,
      ask({ restrictedCents: 2_000, nonRestrictedCents: 300, expiration: '00000007', poolId: 3 }),
    );
    expect(statusOf(promo)).toBe(0);
    const status = await aftLock(floor.host, A, 0xff);
    expect(status?.balance).toMatchObject({ restricted: 2_000, nonRestricted: 300 });
    expect(status).toMatchObject({ restrictedExpiration: '00000007', restrictedPoolId: 3 });
    balanced();
  });

  it('refuses a bonus during a game (87), pays a legacy bonus at its end with 7C', async () => {
    play({ type: 'selectGame', game: 'jacks-or-better' });
    play({ type: 'deal', bet: 1 });
    const bonus = ask({ transferType: AFT_TRANSFER_TYPE.bonusCoinOutToMachine, cashableCents: 500 });
    expect(statusOf(await aftTransfer(floor.host, A, bonus))).toBe(AFT_STATUS.unableNow);
    const before = state().balance;
    expect(await legacyBonus(floor.host, A, 700, 0)).toBe(true);
    expect(state().balance).toBe(before);
    play({ type: 'draw' });
    expect(state().meters.lifetime.legacyBonusDeductible).toBe(700);
    await until(
      '7C taken by the host',
      () => floor.host.exceptions.some((e) => e.code === EXCEPTION.legacyBonusAwarded),
      5_000,
    );
    // Restricted credits were played first.
    expect(state().meters.lifetime.restrictedPlayed).toBeGreaterThan(0);
    balanced();
  });

  it('holds play under a lock the host never cancels, until its timeout', async () => {
    expect((await aftLock(floor.host, A, 0x00, AFT_CONDITION.toMachine, 100))?.lockStatus).toBe(0x00);
    const r = floor.app.runner.wish({ type: 'deal', bet: 1 });
    expect(r.ok ? null : r.refusal.reason).toMatch(/transfer in progress/);
    await until('the lock timed out', () => floor.app.runner.wish({ type: 'deal', bet: 1 }).ok, 5_000);
    play({ type: 'draw' });
    expect((await aftLock(floor.host, A, 0xff))?.lockStatus).toBe(0xff);
    balanced();
  });

  it('needs the registration key once registered (89), and cashes out to the host when it asked for it (6A)', async () => {
    expect(await aftRegister(floor.host, A, 0x01, asset, KEY, 77)).toMatchObject({ status: 0x01, posId: 77 });
    expect(statusOf(await aftTransfer(floor.host, A, ask({ cashableCents: 100 })))).toBe(
      AFT_STATUS.wrongRegistrationKey,
    );
    const enable = AFT_FLAG.hostCashoutEnableControl | AFT_FLAG.hostCashoutEnable;
    expect(
      statusOf(await aftTransfer(floor.host, A, ask({ cashableCents: 100, registrationKey: KEY, flags: enable }))),
    ).toBe(0);
    const payable = state().balance - (state().promo?.restricted ?? 0);
    play({ type: 'cashOut' });
    await until('6A taken', () => floor.host.exceptions.some((e) => e.code === EXCEPTION.aftHostCashoutRequest), 5_000);
    const lock = await aftLock(floor.host, A, 0xff);
    const have = lock!.balance;
    const out = await aftTransfer(
      floor.host,
      A,
      ask({
        transferType: 0x80,
        cashableCents: have.cashable,
        nonRestrictedCents: have.nonRestricted,
        registrationKey: KEY,
      }),
    );
    expect(out).toMatchObject({ status: 0 });
    expect(have.cashable + have.nonRestricted).toBe(payable);
    expect(state().balance).toBe(state().promo?.restricted ?? 0);
    expect(state().sas?.aft?.hostCashoutRequest).toBeNull();
    balanced();
  });
});

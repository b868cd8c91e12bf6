// C-26: AFT in the cabinet: registration, the lock, transfers in and out with the standard's
// status for every refusal, the history, host cash-out, the credit kinds and the legacy bonus.
// Every balance here is checked against the meters (C-9) for all three kinds.

import { describe, expect, it } from 'vitest';
import { aftRecordAt, aftVerdict, balanceByKind } from './aft';
import type { AftAmounts, AftCommand, AftTransferAsk } from './aft-state';
import { checkBalance } from './meters';
import type { SasSettings } from './sas-state';
import { Rig } from './testing/rig';
import { AFT_CONDITION, AFT_FLAG, AFT_HISTORY_SIZE, AFT_STATUS, AFT_TRANSFER_TYPE } from './vocabulary/aft-codes';

const SAS: SasSettings = {
  address: 1,
  accountingDenomination: 1,
  allowClockSet: false,
  allowRemoteHandpayReset: false,
};
const KEY = 'ab'.repeat(20);
const ZERO_KEY = '0'.repeat(40);

function aftRig(settings: Partial<SasSettings> = {}): Rig {
  const rig = new Rig();
  rig.ok({ kind: 'sas', command: { type: 'configure', settings: { ...SAS, ...settings } } });
  return rig;
}
const aft = (rig: Rig, command: AftCommand) => rig.input({ kind: 'sas', command });

let ids = 0;
function ask(amounts: Partial<AftAmounts>, more: Partial<AftTransferAsk> = {}): AftTransferAsk {
  return {
    transactionId: `T${++ids}`,
    transactionIndex: 0,
    transferCode: 0x00,
    transferType: AFT_TRANSFER_TYPE.inHouseToMachine,
    amounts: { cashable: 0, restricted: 0, nonRestricted: 0, ...amounts },
    flags: 0,
    assetNumber: 1,
    registrationKey: ZERO_KEY,
    expiration: '00000030',
    poolId: 7,
    lockTimeoutMs: 0,
    ...more,
  };
}
const transfer = (rig: Rig, a: AftTransferAsk) => aft(rig, { type: 'aftTransfer', ask: a });
/** The status a 72 gets on the rig's state now, and the transfer done or refused as it says. */
function status(rig: Rig, a: AftTransferAsk): number {
  const verdict = aftVerdict(rig.state, a, rig.now);
  const r = transfer(rig, a);
  expect(r.ok).toBe(verdict.status < 0x80);
  return verdict.status;
}
const balanced = (rig: Rig) => {
  const check = checkBalance(rig.state.meters.lifetime, rig.state.balance, rig.state.promo);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true });
};

describe('AFT transfers to the machine (C-26)', () => {
  it('credits cashable, restricted and nonrestricted amounts in the one commit that records the transfer', () => {
    const rig = aftRig();
    const a = ask({ cashable: 10_000, restricted: 2_000, nonRestricted: 500 });
    expect(status(rig, a)).toBe(AFT_STATUS.fullSuccess);
    expect(rig.state.balance).toBe(12_500);
    expect(balanceByKind(rig.state)).toEqual({ cashable: 10_000, restricted: 2_000, nonRestricted: 500 });
    expect(rig.state.promo).toMatchObject({ restrictedPoolId: 7, restrictedExpiration: '00000030' });
    expect(rig.lifetime('aftCashableIn')).toBe(10_000);
    expect(rig.lifetime('aftRestrictedInCount')).toBe(1);
    const last = aftRecordAt(rig.state, 0)!;
    expect(last).toMatchObject({ transactionId: a.transactionId, status: 0, position: 1, moved: a.amounts });
    expect(last.cumulative).toEqual({ cashable: 10_000, restricted: 2_000, nonRestricted: 500 });
    expect(aftRecordAt(rig.state, 1)).toEqual(last);
    expect(aftRecordAt(rig.state, 0x81)).toEqual(last);
    expect(rig.log.at(-1)).toMatchObject({ kind: 'sas', data: { event: 'aftTransfer', status: 0, balance: 12_500 } });
    balanced(rig);
  });

  it('refuses with the standard status each bad transfer, moving nothing', () => {
    const rig = aftRig({ accountingDenomination: 5 });
    const first = ask({ cashable: 100 });
    expect(status(rig, first)).toBe(0);
    const cases: [AftTransferAsk, number][] = [
      [{ ...ask({ cashable: 100 }), transactionId: first.transactionId }, AFT_STATUS.transactionIdNotUnique],
      [{ ...ask({ cashable: 999 }), transactionId: first.transactionId }, AFT_STATUS.transactionIdNotUnique],
      [ask({ cashable: 103 }), AFT_STATUS.notAMultipleOfDenomination],
      [ask({}), AFT_STATUS.notAValidAmountOrExpiration],
      [ask({ cashable: 500_000 }), AFT_STATUS.overLimit],
      [ask({ cashable: 100 }, { assetNumber: 2 }), AFT_STATUS.assetNumberMismatch],
      [ask({ cashable: 100 }, { registrationKey: KEY }), AFT_STATUS.notRegistered],
      [ask({ cashable: 100 }, { transactionIndex: 3 }), AFT_STATUS.notAValidFunction],
      [ask({ cashable: 100 }, { transferType: AFT_TRANSFER_TYPE.inHouseToTicket }), AFT_STATUS.ticketDeviceUnavailable],
      [ask({ cashable: 100 }, { transferType: AFT_TRANSFER_TYPE.debitToMachine }), AFT_STATUS.noPosId],
      [ask({ cashable: 100 }, { flags: AFT_FLAG.acceptOnlyIfLocked }), AFT_STATUS.notLocked],
      [
        ask({ restricted: 100 }, { transferType: AFT_TRANSFER_TYPE.bonusCoinOutToMachine }),
        AFT_STATUS.notAValidAmountOrExpiration,
      ],
      [ask({ cashable: 100 }, { transferType: AFT_TRANSFER_TYPE.inHouseToHost }), AFT_STATUS.notLocked],
    ];
    for (const [a, want] of cases) {
      const before = rig.state;
      expect(status(rig, a), JSON.stringify(a)).toBe(want);
      expect(rig.state).toBe(before);
      expect(rig.log.at(-1)).toMatchObject({ kind: 'refusal', data: { rule: 'C-26' } });
    }
    expect(rig.state.balance).toBe(100);
    balanced(rig);
  });

  it('takes a partial transfer up to the credit limit, and refuses a full one past it', () => {
    const rig = new Rig({ limits: { creditLimit: 10_000 } });
    rig.ok({ kind: 'sas', command: { type: 'configure', settings: SAS } });
    rig.insert(9_000);
    expect(status(rig, ask({ cashable: 5_000 }))).toBe(AFT_STATUS.overLimit);
    const partial = ask({ cashable: 500, nonRestricted: 5_000 }, { transferCode: 0x01 });
    expect(status(rig, partial)).toBe(AFT_STATUS.partialSuccess);
    expect(rig.state.balance).toBe(10_000);
    expect(aftRecordAt(rig.state, 0)?.moved).toEqual({ cashable: 500, restricted: 0, nonRestricted: 500 });
    expect(status(rig, ask({ cashable: 100 }, { transferCode: 0x01 }))).toBe(AFT_STATUS.overLimit);
    balanced(rig);
  });

  it('refuses every transfer while a game is in progress (a bonus included), and a restricted amount of another pool', () => {
    const rig = aftRig();
    rig.insert(500);
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    rig.play({ type: 'deal', bet: 1 });
    expect(status(rig, ask({ cashable: 100 }))).toBe(AFT_STATUS.unableNow);
    expect(status(rig, ask({ cashable: 100 }, { transferType: AFT_TRANSFER_TYPE.bonusCoinOutToMachine }))).toBe(
      AFT_STATUS.unableNow,
    );
    rig.play({ type: 'draw' });
    expect(status(rig, ask({ restricted: 100 }))).toBe(0);
    expect(status(rig, ask({ restricted: 100 }, { poolId: 8 }))).toBe(AFT_STATUS.restrictedPoolMismatch);
    balanced(rig);
  });

  it('pays a bonus to the credit meter, and a bonus jackpot (11) by hand', () => {
    const rig = aftRig();
    expect(status(rig, ask({ cashable: 300, nonRestricted: 200 }, { transferType: 0x10 }))).toBe(0);
    expect(rig.state.balance).toBe(500);
    expect(rig.lifetime('aftBonusCashableIn')).toBe(300);
    expect(rig.lifetime('aftBonusNonRestrictedIn')).toBe(200);
    expect(status(rig, ask({ cashable: 900_000 }, { transferType: 0x11 }))).toBe(0);
    expect(rig.state.handpay).toMatchObject({ kind: 'jackpot', amount: 900_000, cause: { type: 'casinoSystem' } });
    expect(rig.state.balance).toBe(500);
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    expect(rig.lifetime('jackpot')).toBe(900_000);
    balanced(rig);
  });
});

describe('AFT registration, lock and transfers to the host', () => {
  it('registers with the key and POS ID; a transfer then needs that key; unregistering logs it', () => {
    const rig = aftRig();
    expect(aft(rig, { type: 'aftRegister', code: 0x01, assetNumber: 2, key: KEY, posId: 9 }).ok).toBe(false);
    expect(aft(rig, { type: 'aftRegister', code: 0x01, assetNumber: 1, key: KEY, posId: 9 }).ok).toBe(true);
    expect(rig.state.sas?.aft?.registration).toEqual({ status: 1, assetNumber: 1, key: KEY, posId: 9 });
    expect(status(rig, ask({ cashable: 100 }))).toBe(AFT_STATUS.wrongRegistrationKey);
    expect(status(rig, ask({ cashable: 100 }, { registrationKey: 'cd'.repeat(20) }))).toBe(
      AFT_STATUS.wrongRegistrationKey,
    );
    expect(status(rig, ask({ cashable: 100 }, { registrationKey: KEY }))).toBe(0);
    expect(aft(rig, { type: 'aftRegister', code: 0x80, assetNumber: 0, key: ZERO_KEY, posId: 0 }).ok).toBe(true);
    expect(rig.log.at(-1)).toMatchObject({ data: { event: 'aftRegistration', status: 'unregistered' } });
    expect(status(rig, ask({ cashable: 100 }, { registrationKey: KEY }))).toBe(AFT_STATUS.notRegistered);
  });

  it('locks only between games, holds play while locked ("transfer in progress"), and unlocks at the timeout', () => {
    const rig = aftRig();
    rig.insert(1_000);
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    rig.play({ type: 'deal', bet: 1 });
    expect(aft(rig, { type: 'aftLock', conditions: AFT_CONDITION.fromMachine, timeoutMs: 5_000 }).ok).toBe(false);
    rig.play({ type: 'draw' });
    expect(aft(rig, { type: 'aftLock', conditions: AFT_CONDITION.fromMachine, timeoutMs: 5_000 }).ok).toBe(true);
    expect(rig.log.at(-1)).toMatchObject({ data: { event: 'aftLock', timeoutMs: 5_000 } });
    const r = rig.wish({ type: 'deal', bet: 1 });
    expect(r.ok ? null : r.refusal).toMatchObject({
      rule: 'C-26',
      reason: expect.stringContaining('transfer in progress'),
    });
    // A lock never cancelled ends at its timeout: play goes on.
    rig.now += 5_000;
    rig.play({ type: 'deal', bet: 1 });
  });

  it('transfers to the host only under a lock for it, each kind at most what the machine holds', () => {
    const rig = aftRig();
    expect(status(rig, ask({ cashable: 1_000, restricted: 300, nonRestricted: 200 }))).toBe(0);
    aft(rig, { type: 'aftLock', conditions: AFT_CONDITION.fromMachine, timeoutMs: 10_000 });
    const out = ask({ cashable: 2_000 }, { transferType: AFT_TRANSFER_TYPE.inHouseToHost });
    expect(status(rig, out)).toBe(AFT_STATUS.notAValidAmountOrExpiration);
    const partial = ask({ cashable: 2_000, restricted: 300 }, { transferType: 0x80, transferCode: 0x01 });
    expect(status(rig, partial)).toBe(AFT_STATUS.partialSuccess);
    expect(balanceByKind(rig.state)).toEqual({ cashable: 0, restricted: 0, nonRestricted: 200 });
    expect(rig.lifetime('aftCashableOut')).toBe(1_000);
    expect(rig.lifetime('aftRestrictedOut')).toBe(300);
    // The lock ends with the transfer (no "lock after transfer" asked).
    expect(rig.state.sas?.aft?.lock).toBeNull();
    balanced(rig);
  });

  it('moves no credits a start could not prove to the host: they leave by the attendant only (C-15)', () => {
    const rig = aftRig();
    expect(status(rig, ask({ cashable: 1_000 }))).toBe(0);
    rig.ok({
      kind: 'records',
      refused: null,
      mirror: null,
      anchor: null,
      unproven: 'the cabinet did not stop in order',
    });
    aft(rig, { type: 'aftLock', conditions: AFT_CONDITION.fromMachine, timeoutMs: 10_000 });
    const out = ask({ cashable: 1_000 }, { transferType: AFT_TRANSFER_TYPE.inHouseToHost });
    expect(status(rig, out)).toBe(AFT_STATUS.unableNow);
    expect(rig.state.balance).toBe(1_000);
    expect(rig.lifetime('aftCashableOut')).toBe(0);
    balanced(rig);
  });

  it('keeps the history by position and wraps it after the standard buffer', () => {
    const rig = aftRig();
    for (let i = 0; i < AFT_HISTORY_SIZE + 3; i++) {
      expect(status(rig, ask({ cashable: 1 }))).toBe(0);
    }
    const history = rig.state.aftHistory!;
    expect(history).toHaveLength(AFT_HISTORY_SIZE);
    // Positions 1–3 were taken again by the last three transfers.
    expect(aftRecordAt(rig.state, 1)).toEqual(history.at(-3));
    expect(aftRecordAt(rig.state, 0)?.position).toBe(3);
    expect(aftRecordAt(rig.state, 0x82)).toEqual(history.at(-2));
    expect(rig.state.balance).toBe(AFT_HISTORY_SIZE + 3);
    balanced(rig);
  });
});

describe('credit kinds and host cash-out', () => {
  it('plays restricted credits first, then nonrestricted, and never cashes restricted out', () => {
    const rig = aftRig();
    status(rig, ask({ cashable: 500, restricted: 2, nonRestricted: 3 }));
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    rig.play({ type: 'deal', bet: 1 }); // one chip: the default chip value, taken from restricted first
    const chip = rig.state.game!.chipValue;
    rig.play({ type: 'draw' });
    expect(rig.lifetime('restrictedPlayed')).toBe(Math.min(2, chip));
    balanced(rig);
    // A cash-out pays all but the restricted credits left.
    const restrictedLeft = rig.state.promo?.restricted ?? 0;
    const payable = rig.state.balance - restrictedLeft;
    // No validation ID from the host yet: the cash-out is a handpay of what may be paid.
    rig.play({ type: 'cashOut' });
    expect(rig.state.handpay).toMatchObject({ kind: 'cancelledCredits', amount: payable });
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    expect(rig.state.balance).toBe(restrictedLeft);
    expect(rig.lifetime('nonRestrictedCashedOut')).toBe(
      rig.lifetime('aftNonRestrictedIn') - rig.lifetime('nonRestrictedPlayed'),
    );
    balanced(rig);
  });

  it('refuses a cash-out of restricted credits alone, and a credit clear forfeits them', () => {
    const rig = aftRig();
    status(rig, ask({ restricted: 700 }));
    expect(rig.refuse({ type: 'cashOut' })).toBe('C-4');
    rig.key('attendant', true);
    rig.play({ type: 'creditClear', confirm: true });
    expect(rig.state.balance).toBe(0);
    expect(rig.state.promo ?? null).toBeNull();
    expect(rig.lifetime('restrictedCleared')).toBe(700);
    expect(rig.lifetime('handpaidCancelled')).toBe(0);
    balanced(rig);
  });

  it('offers a cash-out to the host (6A) when it asked for them, and falls back to a voucher in soft mode', () => {
    const rig = aftRig();
    const enable = AFT_FLAG.hostCashoutEnableControl | AFT_FLAG.hostCashoutEnable;
    status(rig, ask({ cashable: 800 }, { flags: enable }));
    expect(rig.state.sas?.aft?.hostCashout).toEqual({ enabled: true, hard: false });
    rig.play({ type: 'cashOut' });
    expect(rig.state.sas?.aft?.hostCashoutRequest?.amounts).toEqual({ cashable: 800, restricted: 0, nonRestricted: 0 });
    expect(rig.log.at(-1)).toMatchObject({ data: { event: 'aftHostCashout', amount: 800 } });
    expect(rig.refuse({ type: 'deal', bet: 1 })).toBe('C-26');
    // The host takes it: no lock needed for the cash-out it was offered.
    expect(status(rig, ask({ cashable: 800 }, { transferType: 0x80 }))).toBe(0);
    expect(rig.state.balance).toBe(0);
    expect(rig.state.sas?.aft?.hostCashoutRequest).toBeNull();
    // Another cash-out the host never answers: soft mode prints a voucher after all.
    status(rig, ask({ cashable: 400 }));
    rig.play({ type: 'cashOut' });
    expect(aft(rig, { type: 'hostCashoutTimeout' }).ok).toBe(true);
    expect(rig.state.handpay).toMatchObject({ kind: 'cancelledCredits', amount: 400 });
    balanced(rig);
  });

  it('in hard mode keeps the credits on the machine when the host never answers', () => {
    const rig = aftRig();
    const hard = AFT_FLAG.hostCashoutEnableControl | AFT_FLAG.hostCashoutEnable | AFT_FLAG.hostCashoutModeHard;
    status(rig, ask({ cashable: 800 }, { flags: hard }));
    rig.play({ type: 'cashOut' });
    aft(rig, { type: 'hostCashoutTimeout' });
    expect(rig.state.voucher).toBeNull();
    expect(rig.state.balance).toBe(800);
    expect(rig.log.at(-1)).toMatchObject({ data: { event: 'aftHostCashoutTimeout', hard: true } });
  });
});

describe('legacy bonus (8A)', () => {
  it('is credited at the end of the game in progress, metered by tax status', () => {
    const rig = aftRig();
    rig.insert(500);
    rig.play({ type: 'selectGame', game: 'jacks-or-better' });
    rig.play({ type: 'deal', bet: 1 });
    const before = rig.state.balance;
    expect(aft(rig, { type: 'legacyBonus', amount: 250, taxStatus: 1 }).ok).toBe(true);
    expect(rig.state.balance).toBe(before);
    rig.play({ type: 'draw' });
    expect(rig.lifetime('legacyBonusNonDeductible')).toBe(250);
    expect(rig.log.some((r) => r.kind === 'sas' && (r.data as { event: string }).event === 'legacyBonusPaid')).toBe(
      true,
    );
    balanced(rig);
    // Between games: at once.
    aft(rig, { type: 'legacyBonus', amount: 100, taxStatus: 0 });
    expect(rig.lifetime('legacyBonusDeductible')).toBe(100);
    balanced(rig);
  });
});

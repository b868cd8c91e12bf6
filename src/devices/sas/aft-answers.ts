// The AFT polls' answers (72–74; 75 and 8A are an ACK), read from and put to the machine's
// AftMachine in its own money units; SAS carries every AFT amount in cents. What the host asks is
// committed by the machine before the reply is made (machine.ts), so a reply lost on the line is
// found again by interrogation. undefined: not an AFT poll; null: unanswered (no AFT here).

import {
  AFT_RECEIPT_STATUS,
  AFT_STATUS,
  AFT_HISTORY_SIZE,
  AFT_LOCK_CODE,
  AFT_LOCK_STATUS,
  AFT_REGISTRATION_CODE,
  AFT_REGISTRATION_STATUS,
  isRefusal,
} from './aft-codes';
import {
  aftShortForm,
  encodeAftLockStatus,
  encodeAftRegistration,
  encodeAftTransfer,
  type AftAmounts,
  type AftTransferReply,
} from './aft-replies';
import type { AftTransferRequest } from './aft-requests';
import type { Answering, PollContext } from './answer';
import type { AftAmounts as AftMoney, AftTransferInfo } from './machine';
import { ack, nack } from './replies';
import type { LongPollRequest } from './requests';

const ZERO_KEY = '0'.repeat(40);

/** Cents as minor units; null when they are not a whole number of them. */
function minorOf(ctx: PollContext, cents: number): number | null {
  const d = ctx.money.minorDigits;
  if (d >= 2) return cents * 10 ** (d - 2);
  const unit = 10 ** (2 - d);
  return cents % unit === 0 ? cents / unit : null;
}
const centsOf = (ctx: PollContext, minor: number): number => {
  const d = ctx.money.minorDigits;
  return d <= 2 ? minor * 10 ** (2 - d) : Math.floor(minor / 10 ** (d - 2));
};
const toCents = (ctx: PollContext, m: AftMoney): AftAmounts => ({
  cashable: centsOf(ctx, m.cashable),
  restricted: centsOf(ctx, m.restricted),
  nonRestricted: centsOf(ctx, m.nonRestricted),
});

function recordReply(ctx: PollContext, index: number, r: AftTransferInfo): AftTransferReply {
  return {
    form: 'record',
    index,
    status: r.status,
    receiptStatus: AFT_RECEIPT_STATUS.none,
    transferType: r.transferType,
    amounts: toCents(ctx, r.amounts),
    flags: r.flags,
    assetNumber: ctx.machine.assetNumber(),
    transactionId: r.transactionId,
    completedAt: r.at,
    expiration: r.expiration,
    poolId: r.poolId,
    cumulative: toCents(ctx, r.cumulative),
  };
}

/** A refusal as 72 answers it: the short form, or the request echoed with the status. */
function refusalReply(ctx: PollContext, status: number, req: AftTransferRequest | null): AftTransferReply {
  if (aftShortForm(status) || !req) return { form: 'short', index: 0, status };
  return {
    form: 'record',
    index: 0,
    status,
    receiptStatus: AFT_RECEIPT_STATUS.none,
    transferType: req.transferType,
    amounts: { cashable: req.cashableCents, restricted: req.restrictedCents, nonRestricted: req.nonRestrictedCents },
    flags: req.flags,
    assetNumber: ctx.machine.assetNumber(),
    transactionId: req.transactionId,
    completedAt: ctx.machine.clock(),
    expiration: req.expiration,
    poolId: req.poolId,
    cumulative: null,
  };
}

export function aftAnswer(ctx: PollContext, req: LongPollRequest): Answering | undefined {
  const a = ctx.address;
  const reply72 = (r: AftTransferReply) => ({ reply: encodeAftTransfer(a, r) });
  if (
    req.command !== 0x72 &&
    req.command !== 0x73 &&
    req.command !== 0x74 &&
    req.command !== 0x75 &&
    req.command !== 0x8a
  )
    return undefined;
  const aft = ctx.machine.aft;
  if (!aft) return null;
  switch (req.command) {
    case 0x72: {
      switch (req.kind) {
        case 'refused':
          return reply72(refusalReply(ctx, req.status, null));
        case 'interrogate':
        case 'cancel': {
          // Transfers here complete in the poll that asks them: there is never one pending to
          // cancel, so a cancel is answered with the current transfer, as an interrogation is.
          const index = req.kind === 'cancel' ? 0 : req.transactionIndex;
          const record = aft.record(index);
          if (!record) return reply72({ form: 'none', index, receiptStatus: AFT_RECEIPT_STATUS.none });
          if (req.kind === 'interrogate' && !req.statusOnly && index === 0) aft.acknowledge(record.transactionId);
          return reply72(recordReply(ctx, index, record));
        }
        case 'transfer': {
          const amounts = [req.cashableCents, req.restrictedCents, req.nonRestrictedCents].map((c) => minorOf(ctx, c));
          const [cashable, restricted, nonRestricted] = amounts;
          if (cashable == null || restricted == null || nonRestricted == null)
            return reply72(refusalReply(ctx, AFT_STATUS.notAValidAmountOrExpiration, req));
          const status = aft.transfer({
            transactionId: req.transactionId,
            transactionIndex: req.transactionIndex,
            transferCode: req.transferCode,
            transferType: req.transferType,
            amounts: { cashable, restricted, nonRestricted },
            flags: req.flags,
            assetNumber: req.assetNumber,
            registrationKey: req.registrationKey,
            expiration: req.expiration,
            poolId: req.poolId,
            lockTimeoutMs: req.lockTimeout * 10,
          });
          const record = aft.record(0);
          if (isRefusal(status) || !record || record.transactionId !== req.transactionId)
            return reply72(refusalReply(ctx, isRefusal(status) ? status : AFT_STATUS.unexpectedError, req));
          return reply72(recordReply(ctx, 0, record));
        }
      }
      break;
    }
    case 0x73: {
      if (req.code !== AFT_REGISTRATION_CODE.read)
        aft.register(
          req.code,
          'assetNumber' in req ? req.assetNumber : 0,
          'registrationKey' in req ? req.registrationKey : ZERO_KEY,
          'posId' in req ? req.posId : 0,
        );
      const r = aft.registration();
      return {
        reply: encodeAftRegistration(
          a,
          r
            ? { status: r.status, assetNumber: r.assetNumber, registrationKey: r.key, posId: r.posId }
            : {
                status: AFT_REGISTRATION_STATUS.notRegistered,
                assetNumber: ctx.machine.assetNumber(),
                registrationKey: ZERO_KEY,
                posId: 0,
              },
        ),
      };
    }
    case 0x74: {
      if (req.lockCode === AFT_LOCK_CODE.request) aft.lock(req.conditions, req.timeout * 10);
      else if (req.lockCode === AFT_LOCK_CODE.cancel) aft.unlock();
      const l = aft.lockInfo();
      return {
        reply: encodeAftLockStatus(a, {
          assetNumber: ctx.machine.assetNumber(),
          lockStatus: l.locked ? AFT_LOCK_STATUS.locked : AFT_LOCK_STATUS.notLocked,
          availableTransfers: l.availableTransfers,
          hostCashoutStatus: l.hostCashoutStatus,
          aftStatus: l.aftStatus,
          maxBufferIndex: AFT_HISTORY_SIZE,
          balance: toCents(ctx, l.balance),
          transferLimit: centsOf(ctx, l.transferLimit),
          restrictedExpiration: l.restrictedExpiration,
          restrictedPoolId: l.restrictedPoolId,
        }),
      };
    }
    case 0x75:
      // The receipt's standing lines: taken (no transaction receipts are printed here).
      return { reply: ack(a) };
    case 0x8a:
      return {
        reply: aft.legacyBonus(req.amountCredits * ctx.money.accountingDenomination, req.taxStatus) ? ack(a) : nack(a),
      };
  }
  return null;
}

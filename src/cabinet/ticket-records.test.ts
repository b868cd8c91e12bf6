// The cabinet's records over a validator's verdict (issue 37), on the pure cabinet: the records
// are what the store would answer, made here from the rig's own vouchers and credits.

import { describe, expect, it } from 'vitest';
import type { TicketRecord, VoucherRecord } from './own-vouchers';
import { Rig } from './testing/rig';

const SAS = { address: 1, accountingDenomination: 1, allowClockSet: false, allowRemoteHandpayReset: false };
const F = '001111222233334444';

/** A cabinet on a SAS link whose records are `vouchers` and every credit its own effects made. */
function linked(vouchers: Record<string, Pick<VoucherRecord, 'amount' | 'status'>> = {}): Rig {
  const rig = new Rig();
  rig.ok({ kind: 'sas', command: { type: 'configure', settings: SAS } });
  rig.env.ticketRecord = (validation): TicketRecord => {
    const v = vouchers[validation];
    const credit = rig.tickets.find((e) => e.type === 'ticketCredited' && e.validation === validation);
    return {
      voucher: v
        ? {
            validation,
            sequence: 1,
            currency: 'RUB',
            issuedAt: 0,
            expiresAt: '9999-12-31',
            redeemedAt: null,
            redeemedEvent: null,
            ...v,
          }
        : null,
      credited: credit?.type === 'ticketCredited' ? { amount: credit.amount, at: 1 } : null,
    };
  };
  return rig;
}

/** A ticket in, the validator's word that it is worth `amount`, and the acceptor's stack if asked. */
function redeem(rig: Rig, barcode: string, amount: number) {
  rig.event({ device: 'acceptor', type: 'ticket', barcode });
  rig.ok({ kind: 'ticketVerdict', barcode, verdict: { valid: true, amount } });
  if (rig.state.ticket?.phase === 'stacking') rig.event({ device: 'acceptor', type: 'ticketStacked', barcode });
  const last = rig.state.lastTicket!;
  rig.ok({ kind: 'sas', command: { type: 'ticketStatusRead', since: last.since } });
  return last;
}

const overruled = (rig: Rig) =>
  rig.log.filter((l) => l.kind === 'ticket' && l.data.event === 'overruled').map((l) => l.data);

describe("the cabinet's records over the validator's word", () => {
  it('credits a number once, whoever printed it: the same verdict again is refused and logged', () => {
    const rig = linked();
    expect(redeem(rig, F, 1500)).toMatchObject({ outcome: 'redeemed', amount: 1500 });
    expect(redeem(rig, F, 1500)).toMatchObject({ outcome: 'returned', reason: 'creditedBefore', amount: null });
    expect(rig.state.balance).toBe(1500);
    expect(overruled(rig)).toEqual([
      {
        event: 'overruled',
        barcode: F,
        why: 'creditedBefore',
        validatorAmount: 1500,
        voucherAmount: null,
        voucherStatus: null,
        creditedAmount: 1500,
        creditedAt: 1,
      },
    ]);
    expect(rig.log.at(-1)?.data).toMatchObject({ event: 'return', reason: 'creditedBefore', amount: 1500 });
  });

  it('pays its own voucher only at the amount printed, and not one voided or redeemed, whatever the validator says', () => {
    const rig = linked({
      '000000000000000001': { amount: 2000, status: 'issued' },
      '000000000000000002': { amount: 2000, status: 'voided' },
      '000000000000000003': { amount: 2000, status: 'redeemed' },
    });
    expect(redeem(rig, '000000000000000001', 2001)).toMatchObject({ reason: 'amountMismatch' });
    expect(redeem(rig, '000000000000000002', 2000)).toMatchObject({ reason: 'creditedBefore' });
    expect(redeem(rig, '000000000000000003', 2000)).toMatchObject({ reason: 'creditedBefore' });
    expect(rig.state.balance).toBe(0);
    expect(overruled(rig).map((d) => [d.why, d.validatorAmount, d.voucherAmount, d.voucherStatus])).toEqual([
      ['amountMismatch', 2001, 2000, 'issued'],
      ['notIssued', 2000, 2000, 'voided'],
      ['creditedBefore', 2000, 2000, 'redeemed'],
    ]);
    expect(redeem(rig, '000000000000000001', 2000)).toMatchObject({ outcome: 'redeemed', amount: 2000 });
    expect(rig.state.balance).toBe(2000);
  });
});

import { describe, expect, it } from 'vitest';
import { checkBalance } from './meters';
import { ownVoucherVerdict, type VoucherRecord } from './own-vouchers';
import { Rig } from './testing/rig';
import { withCheckDigits } from './validation-number';

const A = withCheckDigits('0012345678901234');
const B = withCheckDigits('0099999999999999');
const ticket = (barcode: string) => ({ device: 'acceptor' as const, type: 'ticket' as const, barcode });
const stacked = (barcode: string) => ({ device: 'acceptor' as const, type: 'ticketStacked' as const, barcode });
const verdict = (barcode: string, amount: number) => ({
  kind: 'ticketVerdict' as const,
  barcode,
  verdict: { valid: true as const, amount },
});
const ticketLog = (rig: Rig) => rig.log.filter((l) => l.kind === 'ticket').map((l) => l.data);

describe('tickets in: one at a time, validated, credited once when stacked', () => {
  it('validates, stacks on a valid verdict and credits once on stacked, marking the voucher redeemed in that transition', () => {
    const rig = new Rig();
    rig.insert(2000);
    expect(rig.event(ticket(A))).toEqual([]);
    expect(rig.state.ticket).toMatchObject({ barcode: A, phase: 'validating' });
    expect(rig.tickets.at(-1)).toEqual({ type: 'validateTicket', barcode: A, withinMs: 10_000 });
    expect(rig.ok(verdict(A, 1500))).toContainEqual({ device: 'acceptor', type: 'stackTicket', barcode: A });
    // Nothing is credited on the word to stack: only on the acceptor's report (C-3).
    expect(rig.state.balance).toBe(2000);
    rig.event(stacked(A));
    expect(rig.state.balance).toBe(3500);
    expect(rig.lifetime('vouchersIn')).toBe(1500);
    expect(rig.lifetime('vouchersInCount')).toBe(1);
    expect(rig.tickets.slice(-2)).toEqual([
      { type: 'voucherStatus', validation: A, status: 'redeemed' },
      { type: 'ticketCredited', validation: A, amount: 1500 },
    ]);
    expect(checkBalance(rig.state.meters.lifetime, rig.state.balance).ok).toBe(true);
    // The acceptor reporting it again credits nothing.
    rig.event(stacked(A));
    expect(rig.state.balance).toBe(3500);
    expect(rig.state.lastTicket).toMatchObject({ outcome: 'redeemed', amount: 1500 });
  });

  it('returns with a reason: invalid verdicts, the credit limit, a time-out, a second ticket, no money now, a bad barcode', () => {
    const rig = new Rig({ limits: { creditLimit: 5000 } });
    rig.insert(4000);
    rig.event(ticket(A));
    // A second ticket while one is validated: only its own return goes out.
    expect(rig.event(ticket(B))).toEqual([{ device: 'acceptor', type: 'returnTicket', barcode: B }]);
    expect(rig.state.ticket?.barcode).toBe(A);
    expect(rig.ok(verdict(A, 1500))).toContainEqual({ device: 'acceptor', type: 'returnTicket', barcode: A });
    expect(rig.state.lastTicket).toMatchObject({ outcome: 'returned', reason: 'creditLimit' });
    for (const reason of ['expired', 'alreadyRedeemed', 'notValidHere'] as const) {
      rig.event(ticket(A));
      expect(rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: false, reason } })).toContainEqual({
        device: 'acceptor',
        type: 'returnTicket',
        barcode: A,
      });
      expect(rig.state.ticket).toBeNull();
      expect(rig.state.lastTicket?.reason).toBe(reason);
    }
    rig.event(ticket(A));
    expect(rig.ok({ kind: 'ticketTimeout', barcode: A })).toContainEqual({
      device: 'acceptor',
      type: 'returnTicket',
      barcode: A,
    });
    // A verdict after the time-out changes nothing and stacks nothing.
    expect(rig.ok(verdict(A, 100))).toEqual([]);
    expect(rig.log.at(-1)).toMatchObject({ kind: 'anomaly', data: { reason: 'no such ticket is being validated' } });
    rig.event({ device: 'acceptor', type: 'fault', code: 'jamInAcceptor', message: 'jam' });
    rig.event(ticket(A));
    expect(rig.state.lastTicket?.reason).toBe('cannotTakeMoney');
    rig.event(ticket('12345'));
    expect(rig.state.lastTicket?.reason).toBe('badBarcode');
    expect(rig.state.balance).toBe(4000);
    expect(
      ticketLog(rig)
        .filter((d) => d.event === 'return')
        .map((d) => d.reason),
    ).toEqual([
      'busy',
      'creditLimit',
      'expired',
      'alreadyRedeemed',
      'notValidHere',
      'timedOut',
      'cannotTakeMoney',
      'badBarcode',
    ]);
  });

  it('a time-out after the word to stack changes nothing: the ticket is credited when stacked', () => {
    const rig = new Rig();
    rig.event(ticket(A));
    rig.ok(verdict(A, 700));
    expect(rig.ok({ kind: 'ticketTimeout', barcode: A })).toEqual([]);
    rig.event(stacked(A));
    expect(rig.state.balance).toBe(700);
  });

  it('takes no note and no cash-out while a ticket is pending, and no ticket while a note is', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.event(ticket(A));
    expect(rig.event({ device: 'acceptor', type: 'escrow', value: 500, denomination: '500' })).toContainEqual({
      device: 'acceptor',
      type: 'return',
    });
    expect(rig.refuse({ type: 'cashOut' })).toBe('C-4');
    rig.ok(verdict(A, 100));
    rig.event(stacked(A));
    rig.event({ device: 'acceptor', type: 'escrow', value: 500, denomination: '500' });
    rig.event(ticket(B));
    expect(rig.state.lastTicket).toMatchObject({ barcode: B, reason: 'busy' });
  });

  it('never credits a ticket it did not ask to stack, and never takes it for a note', () => {
    const rig = new Rig();
    rig.event({ device: 'acceptor', type: 'escrow', value: 500, denomination: 'USD 5' });
    rig.event(stacked(A));
    expect(rig.state.balance).toBe(0);
    expect(rig.log.filter((l) => l.kind === 'anomaly').map((l) => l.data)).toEqual([
      {
        device: 'acceptor',
        event: 'ticketStacked',
        barcode: A,
        reason: 'no ticket was being redeemed: nothing credited',
      },
    ]);
    rig.event({ device: 'acceptor', type: 'stacked', value: 500, denomination: 'USD 5' });
    expect(rig.state.balance).toBe(500);
    // Stacked while still being validated: not credited either.
    rig.event(ticket(A));
    rig.event(stacked(A));
    expect(rig.state.balance).toBe(500);
    expect(rig.state.ticket).toBeNull();
  });

  it('returns a ticket in a device test', () => {
    const rig = new Rig();
    rig.technician();
    rig.play({ type: 'deviceTest', on: true });
    expect(rig.event(ticket(A))).toContainEqual({ device: 'acceptor', type: 'returnTicket', barcode: A });
  });
});

describe('tickets across a restart (C-14): the acceptor is asked', () => {
  const pending = (phase: 'validating' | 'stacking') => {
    const rig = new Rig();
    rig.event(ticket(A));
    if (phase === 'stacking') rig.ok(verdict(A, 900));
    rig.restart();
    return rig;
  };
  const recovered = (state: 'none' | 'escrow' | 'stacked' | 'returned', barcode: string | null) => ({
    kind: 'recovered' as const,
    acceptor: { state: 'none' as const, value: 0 },
    voucher: null,
    ticket: { state, barcode },
  });

  it('stacked while being stacked: credited once, also when the acceptor cannot name it', () => {
    for (const barcode of [A, null]) {
      const rig = pending('stacking');
      rig.ok(recovered('stacked', barcode));
      expect(rig.state.balance).toBe(900);
      expect(rig.tickets.slice(-2)).toEqual([
        { type: 'voucherStatus', validation: A, status: 'redeemed' },
        { type: 'ticketCredited', validation: A, amount: 900 },
      ]);
      rig.event(stacked(A));
      expect(rig.state.balance).toBe(900);
    }
  });

  it('still in escrow: validated again from the start; returned: nothing', () => {
    const rig = pending('stacking');
    rig.ok(recovered('escrow', A));
    expect(rig.state.ticket).toMatchObject({ barcode: A, phase: 'validating', amount: null });
    expect(rig.tickets.at(-1)).toMatchObject({ type: 'validateTicket', barcode: A });
    const back = pending('validating');
    back.ok(recovered('returned', A));
    expect(back.state.ticket).toBeNull();
    expect(back.state.balance).toBe(0);
    // A ticket that reached escrow before the crash and was never seen: validated now.
    const fresh = new Rig();
    fresh.restart();
    fresh.ok(recovered('escrow', B));
    expect(fresh.state.ticket).toMatchObject({ barcode: B, phase: 'validating' });
  });

  it('stacked before it was validated: nothing credited', () => {
    const rig = pending('validating');
    rig.ok(recovered('stacked', A));
    expect(rig.state.balance).toBe(0);
    expect(rig.state.ticket).toBeNull();
  });

  it('no answer: the ticket stays pending until the acceptor answers', () => {
    const rig = pending('stacking');
    rig.ok({ kind: 'recovered', acceptor: null, voucher: null, ticket: null });
    expect(rig.state.ticket?.phase).toBe('stacking');
  });
});

describe("standalone validation of the cabinet's own vouchers", () => {
  const now = Date.parse('2025-03-10T12:00:00Z');
  const record = (over: Partial<VoucherRecord> = {}): VoucherRecord => ({
    validation: A,
    sequence: 1,
    amount: 1234,
    currency: 'USD',
    issuedAt: now - 86_400_000,
    expiresAt: '2025-03-10',
    status: 'issued',
    redeemedAt: null,
    redeemedEvent: null,
    ...over,
  });
  it('redeems an issued voucher up to the end of its expiry day, in its currency, and nothing else', () => {
    expect(ownVoucherVerdict(record(), now, 'USD')).toEqual({ valid: true, amount: 1234 });
    expect(ownVoucherVerdict(record({ expiresAt: '2025-03-09' }), now, 'USD')).toEqual({
      valid: false,
      reason: 'expired',
    });
    expect(ownVoucherVerdict(record({ status: 'redeemed' }), now, 'USD')).toEqual({
      valid: false,
      reason: 'alreadyRedeemed',
    });
    expect(ownVoucherVerdict(record({ status: 'voided' }), now, 'USD')).toEqual({
      valid: false,
      reason: 'notValidHere',
    });
    expect(ownVoucherVerdict(record({ status: 'printing' }), now, 'USD')).toEqual({
      valid: false,
      reason: 'notValidHere',
    });
    expect(ownVoucherVerdict(record(), now, 'EUR')).toEqual({ valid: false, reason: 'notValidHere' });
    expect(ownVoucherVerdict(null, now, 'USD')).toEqual({ valid: false, reason: 'notValidHere' });
  });

  it('keeps each voucher it prints: printing, then issued when printed, voided when it fails', () => {
    const rig = new Rig();
    rig.insert(2000);
    rig.play({ type: 'cashOut' });
    const v = rig.state.voucher!;
    expect(rig.tickets.at(-1)).toEqual({ type: 'voucherIssued', voucher: v });
    rig.event({ device: 'printer', type: 'printed', validation: v.validation });
    expect(rig.tickets.at(-1)).toEqual({ type: 'voucherStatus', validation: v.validation, status: 'issued' });
    rig.insert(2000);
    rig.play({ type: 'cashOut' });
    const w = rig.state.voucher!;
    rig.event({ device: 'printer', type: 'printFailed', validation: w.validation, reason: 'paper out' });
    expect(rig.tickets.at(-1)).toEqual({ type: 'voucherStatus', validation: w.validation, status: 'voided' });
  });
});

describe('tickets through a casino system (SAS): one redemption until the host has read how the last ended', () => {
  const SAS = { address: 1, accountingDenomination: 1, allowClockSet: false, allowRemoteHandpayReset: false };
  it("returns the next ticket as busy until the host reads the final status, then takes it; a refusal keeps the validator's code", () => {
    const rig = new Rig();
    rig.ok({ kind: 'sas', command: { type: 'configure', settings: SAS } });
    rig.insert(1000);
    rig.event(ticket(A));
    const since = rig.state.ticket!.since;
    rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: false, reason: 'expired', code: 0x80 } });
    expect(rig.state.lastTicket).toMatchObject({ barcode: A, since, validated: true, code: 0x80, reason: 'expired' });
    expect(rig.event(ticket(B))).toEqual([{ device: 'acceptor', type: 'returnTicket', barcode: B }]);
    // B never went to the host: A stays the last ticket, whose end the host has still to read.
    expect(rig.state.lastTicket).toMatchObject({ barcode: A, since });
    expect(rig.log.at(-1)).toMatchObject({ kind: 'ticket', data: { event: 'return', barcode: B, reason: 'busy' } });
    rig.ok({ kind: 'sas', command: { type: 'ticketStatusRead', since } });
    expect(rig.state.sas?.ticketStatusRead).toBe(since);
    rig.event(ticket(B));
    expect(rig.state.ticket).toMatchObject({ barcode: B, phase: 'validating' });
  });

  it('takes the next ticket once the host has read how the last ended; a read of no such redemption is refused', () => {
    const rig = new Rig();
    rig.ok({ kind: 'sas', command: { type: 'configure', settings: SAS } });
    rig.insert(1000);
    rig.event(ticket(A));
    rig.ok(verdict(A, 500));
    rig.event(stacked(A));
    const last = rig.state.lastTicket!;
    expect(last).toMatchObject({ outcome: 'redeemed', validated: true });
    expect(stepRefused(rig, last.since + 1)).toBe(true);
    rig.ok({ kind: 'sas', command: { type: 'ticketStatusRead', since: last.since } });
    expect(rig.state.sas?.ticketStatusRead).toBe(last.since);
    rig.event(ticket(B));
    expect(rig.state.ticket).toMatchObject({ barcode: B, phase: 'validating' });
  });
});

describe("the ticket's log rows say who decided, for the attendant's list", () => {
  const SAS = { address: 1, accountingDenomination: 1, allowClockSet: false, allowRemoteHandpayReset: false };
  const outcomes = (rig: Rig) =>
    ticketLog(rig)
      .filter((d) => d.event !== 'stack')
      .map((d) => [d.event, d.reason ?? null, d.by, d.amount ?? null]);

  it('the cabinet by its own vouchers standalone; the value of a valid ticket that could not be taken', () => {
    const rig = new Rig({ limits: { creditLimit: 5000 } });
    rig.event(ticket(A));
    rig.ok(verdict(A, 1500));
    rig.event(stacked(A));
    rig.event(ticket(B));
    rig.ok(verdict(B, 4000));
    expect(outcomes(rig)).toEqual([
      ['validating', null, 'cabinet', null],
      ['redeemed', null, 'cabinet', 1500],
      ['validating', null, 'cabinet', null],
      ['return', 'creditLimit', 'cabinet', 4000],
    ]);
  });

  it('the casino system with a SAS link, except a ticket the cabinet handed back before asking it', () => {
    const rig = new Rig();
    rig.ok({ kind: 'sas', command: { type: 'configure', settings: SAS } });
    rig.event(ticket(A));
    rig.event(ticket(B));
    rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: false, reason: 'expired', code: 0x80 } });
    expect(outcomes(rig)).toEqual([
      ['validating', null, 'host', null],
      ['return', 'busy', 'cabinet', null],
      ['return', 'expired', 'host', null],
    ]);
  });
});

function stepRefused(rig: Rig, since: number): boolean {
  const before = rig.state;
  rig.input({ kind: 'sas', command: { type: 'ticketStatusRead', since } });
  return rig.state === before;
}

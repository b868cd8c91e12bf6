import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../core/testing/decks';
import type { DeviceCommand, HandpayReceipt } from './device-events';
import { RECEIPTS_KEPT, receiptsOf } from './handpay-receipts';
import { Rig } from './testing/rig';

type ReceiptCommand = Extract<DeviceCommand, { type: 'printReceipt' }>;
const receipts = (sent: DeviceCommand[]): HandpayReceipt[] =>
  sent.filter((c): c is ReceiptCommand => c.type === 'printReceipt').map((c) => c.receipt);

/** A royal flush at 5 chips of 25¢ over a handpay limit of $10: a $12.50 jackpot waiting. */
function jackpotWaiting(): Rig {
  const rig = new Rig({ limits: { handpayLimit: 1000 } });
  rig.insert(1000);
  rig.decks.push(stackedDeck('As Ks Qs Js Ts'));
  rig.play({ type: 'deal', bet: 5 });
  rig.play({ type: 'draw' });
  expect(rig.state.handpay?.amount).toBe(1250);
  rig.key('attendant', true);
  return rig;
}

const paid = (rig: Rig) => ({
  handpay: rig.state.handpay,
  jackpot: rig.lifetime('jackpot'),
  jackpots: rig.lifetime('jackpotCount'),
  balance: rig.state.balance,
});

describe("a handpay's receipt (C-5)", () => {
  it('goes to the printer from the commit that pays the handpay, naming the machine, game, hand, amount and times', () => {
    const rig = jackpotWaiting();
    const lockedAt = rig.state.handpay!.since;
    rig.now += 60_000;
    const sent = rig.play({ type: 'handpayConfirm' });
    expect(receipts(sent)).toEqual([
      {
        number: 1,
        reprint: 0,
        kind: 'jackpot',
        amount: 1250,
        currency: 'USD',
        minorDigits: 2,
        venue: rig.state.settings.voucher.venue,
        machine: rig.state.settings.voucher.machine,
        game: 'Jacks or Better',
        payTable: expect.any(String),
        gameId: 1,
        reason: 'royal flush: win of 12.50 USD, at or above the handpay limit of 10.00 USD',
        lockedAt: new Date(lockedAt).toISOString(),
        paidAt: new Date(rig.now).toISOString(),
        paidBy: 'attendant',
      },
    ]);
    // Paid in that same commit, whatever becomes of the slip.
    expect(paid(rig)).toEqual({ handpay: null, jackpot: 1250, jackpots: 1, balance: rig.state.balance });
    expect(receiptsOf(rig.state).slips.map((s) => s.status)).toEqual(['printing']);
    rig.event({ device: 'printer', type: 'receiptPrinted', number: 1, reprint: 0 });
    expect(receiptsOf(rig.state)).toMatchObject({ next: 2, slips: [{ status: 'printed', problem: null }] });
    expect(rig.log.filter((l) => l.kind === 'receipt').map((l) => l.data.event)).toEqual(['print', 'printed']);
  });

  it('with the printer out of paper at pay time: the handpay paid all the same, the slip pending; a reprint prints it', () => {
    const rig = jackpotWaiting();
    rig.event({ device: 'printer', type: 'fault', code: 'paperOut', message: 'printer is out of paper' });
    const sent = rig.play({ type: 'handpayConfirm' });
    expect(receipts(sent)).toEqual([]);
    expect(paid(rig)).toMatchObject({ handpay: null, jackpot: 1250, jackpots: 1 });
    expect(receiptsOf(rig.state).slips[0]).toMatchObject({
      status: 'pending',
      why: 'printerNotReady',
      problem: 'printer fault: printer is out of paper',
    });
    // Still out of paper: the reprint is kept pending again, saying so.
    expect(receipts(rig.play({ type: 'reprintReceipt', number: 1 }))).toEqual([]);
    rig.event({ device: 'printer', type: 'faultCleared', code: 'paperOut' });
    const again = receipts(rig.play({ type: 'reprintReceipt', number: 1 }));
    expect(again).toMatchObject([{ number: 1, reprint: 2, amount: 1250 }]);
    rig.event({ device: 'printer', type: 'receiptPrinted', number: 1, reprint: 2 });
    expect(receiptsOf(rig.state).slips[0]).toMatchObject({ status: 'printed', receipt: { reprint: 2 } });
    // Nothing of it touched the money.
    expect(paid(rig)).toMatchObject({ jackpot: 1250, jackpots: 1 });
  });

  it('a slip the printer fails is pending, saying why', () => {
    const rig = jackpotWaiting();
    rig.play({ type: 'handpayConfirm' });
    rig.event({ device: 'printer', type: 'receiptFailed', number: 1, reprint: 0, reason: 'printer paper jam' });
    expect(receiptsOf(rig.state).slips[0]).toMatchObject({
      status: 'pending',
      why: 'printFailed',
      problem: 'printer paper jam',
    });
  });

  it('a restart while the slip prints leaves the handpay paid once and the slip pending; a late word on it changes nothing', () => {
    const rig = jackpotWaiting();
    rig.play({ type: 'handpayConfirm' });
    const before = paid(rig);
    rig.restart();
    expect(paid(rig)).toEqual(before);
    expect(rig.state.handpay).toBeNull();
    expect(receiptsOf(rig.state).slips[0]).toMatchObject({
      status: 'pending',
      why: 'restart',
      problem: expect.stringMatching(/restarted while it printed/),
    });
    // The printer's word on the slip sent before the restart: not the slip waiting now.
    rig.event({ device: 'printer', type: 'receiptPrinted', number: 1, reprint: 0 });
    expect(receiptsOf(rig.state).slips[0]?.status).toBe('pending');
    expect(rig.log.at(-1)).toMatchObject({ kind: 'anomaly', data: { reason: 'no such receipt is being printed' } });
    rig.key('attendant', true);
    expect(receipts(rig.play({ type: 'reprintReceipt', number: 1 }))).toMatchObject([{ reprint: 1 }]);
    expect(paid(rig)).toEqual(before);
  });

  it('refuses a reprint without the key, of a slip not kept, or while one prints', () => {
    const rig = jackpotWaiting();
    rig.play({ type: 'handpayConfirm' });
    expect(rig.refuse({ type: 'reprintReceipt', number: 1 })).toBe('C-5');
    expect(rig.refuse({ type: 'reprintReceipt', number: 7 })).toBe('C-5');
    rig.event({ device: 'printer', type: 'receiptPrinted', number: 1, reprint: 0 });
    rig.key('attendant', false);
    expect(rig.refuse({ type: 'reprintReceipt', number: 1 })).toBe('C-21');
    for (const w of [
      { type: 'reprintReceipt' },
      { type: 'reprintReceipt', number: -1 },
      { type: 'reprintReceipt', number: 1.5 },
    ])
      expect(rig.refuse(w)).toBe('C-22');
  });

  it('numbers the handpays one after another and keeps the latest slips', () => {
    const rig = new Rig({ limits: { handpayLimit: 1000 } });
    rig.insert(100_000);
    rig.key('attendant', true);
    for (let i = 0; i < RECEIPTS_KEPT + 2; i++) {
      rig.decks.push(stackedDeck('As Ks Qs Js Ts'));
      rig.play({ type: 'deal', bet: 5 });
      rig.play({ type: 'draw' });
      const [slip] = receipts(rig.play({ type: 'handpayConfirm' }));
      expect(slip?.number).toBe(i + 1);
      rig.event({ device: 'printer', type: 'receiptPrinted', number: i + 1, reprint: 0 });
    }
    const kept = receiptsOf(rig.state);
    expect(kept.next).toBe(RECEIPTS_KEPT + 3);
    expect(kept.slips.map((s) => s.receipt.number)).toEqual(
      Array.from({ length: RECEIPTS_KEPT }, (_, i) => RECEIPTS_KEPT + 2 - i),
    );
  });

  it('a cash-out above the ticket limit paid by hand: its slip names no game', () => {
    const rig = new Rig({ limits: { ticketLimit: 500 } });
    rig.insert(1000);
    rig.play({ type: 'cashOut' });
    rig.key('attendant', true);
    const [slip] = receipts(rig.play({ type: 'handpayConfirm' }));
    expect(slip).toMatchObject({ kind: 'cancelledCredits', amount: 1000, game: null, payTable: null, gameId: null });
    expect(slip?.reason).toMatch(/ticket limit of 5\.00 USD/);
  });
});

import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../core/testing/decks';
import { checkBalance } from './meters';
import { Rig } from './testing/rig';

const balanced = (rig: Rig) => expect(checkBalance(rig.state.meters.lifetime, rig.state.balance).ok).toBe(true);

describe('C-4 cash-out', () => {
  it('prints a voucher for the whole balance and debits it only when printed', () => {
    const rig = new Rig();
    rig.insert(2000);
    const cmds = rig.play({ type: 'cashOut' });
    const print = cmds.find((c) => c.device === 'printer' && c.type === 'print');
    expect(print).toBeDefined();
    const voucher = print!.type === 'print' ? print!.voucher : null;
    expect(voucher!.amount).toBe(2000);
    expect(voucher!.validation).toMatch(/^\d{18}$/);
    expect(rig.state.balance).toBe(2000);
    rig.event({ device: 'printer', type: 'printed', validation: voucher!.validation });
    expect(rig.state.balance).toBe(0);
    expect(rig.lifetime('vouchersOut')).toBe(2000);
    expect(rig.lifetime('vouchersOutCount')).toBe(1);
    expect(rig.state.paidOut).toMatchObject({ how: 'voucher', kind: 'voucher', amount: 2000 });
    // A repeated confirmation pays nothing twice.
    rig.event({ device: 'printer', type: 'printed', validation: voucher!.validation });
    expect(rig.lifetime('vouchersOut')).toBe(2000);
    balanced(rig);
  });

  it('pays the remainder below one chip with the cash-out (C-2)', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.play({ type: 'chipValue', value: 25 });
    rig.decks.push(stackedDeck('2c 7d 9h Js 4c 3d 5h 8s Tc Kd'));
    rig.play({ type: 'deal', bet: 3 });
    rig.play({ type: 'draw' });
    expect(rig.state.balance).toBe(425);
    rig.play({ type: 'chipValue', value: 100 });
    const print = rig.play({ type: 'cashOut' }).find((c) => c.device === 'printer');
    expect(print?.type === 'print' && print.voucher.amount).toBe(425);
  });

  it('refuses cash-out during a game or with nothing to pay', () => {
    const rig = new Rig();
    expect(rig.refuse({ type: 'cashOut' })).toBe('C-4');
    rig.insert(500);
    rig.play({ type: 'deal' });
    expect(rig.refuse({ type: 'cashOut' })).toBe('C-4');
  });

  it('locks up for a handpay above the ticket limit, and the attendant pays it', () => {
    const rig = new Rig({ limits: { ticketLimit: 1000 } });
    rig.insert(2000);
    const cmds = rig.play({ type: 'cashOut' });
    expect(cmds.some((c) => c.device === 'printer')).toBe(false);
    // The limit in money, never a bare count of cents; the cause keeps it for the screens' words.
    expect(rig.state.handpay).toMatchObject({
      kind: 'cancelledCredits',
      amount: 2000,
      reason: 'cash-out above the ticket limit of 10.00 USD',
      cause: { type: 'ticketLimit', limit: 1000 },
    });
    expect(rig.refuse({ type: 'deal' })).toBe('C-5');
    expect(rig.refuse({ type: 'handpayConfirm' })).toBe('C-21');
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    expect(rig.state.handpay).toBeNull();
    expect(rig.state.balance).toBe(0);
    expect(rig.lifetime('handpaidCancelled')).toBe(2000);
    // The screens tell the player it was paid (paidOut), once the handpay is gone.
    expect(rig.state.paidOut).toMatchObject({ how: 'handpay', kind: 'cancelledCredits', amount: 2000 });
    balanced(rig);
  });

  it('locks up for a handpay when the printer is offline or fails', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.event({ device: 'printer', type: 'offline', reason: 'no answer' });
    rig.play({ type: 'cashOut' });
    expect(rig.state.handpay?.reason).toMatch(/printer offline/);
    expect(rig.state.handpay?.cause).toEqual({ type: 'printer', faults: ['offline'] });
    const rig2 = new Rig();
    rig2.insert(1000);
    const print = rig2.play({ type: 'cashOut' }).find((c) => c.device === 'printer');
    const validation = print?.type === 'print' ? print.voucher.validation : '';
    rig2.event({ device: 'printer', type: 'printFailed', validation, reason: 'paper out' });
    expect(rig2.state.voucher).toBeNull();
    expect(rig2.state.handpay).toMatchObject({
      kind: 'cancelledCredits',
      amount: 1000,
      cause: { type: 'voucherFailed' },
    });
    expect(rig2.state.balance).toBe(1000);
  });

  it('ignores a confirmation for a voucher it never printed', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.event({ device: 'printer', type: 'printed', validation: '123456789012345678' });
    expect(rig.state.balance).toBe(1000);
    expect(rig.log.some((l) => l.kind === 'anomaly')).toBe(true);
  });
});

describe('C-5 jackpot handpay', () => {
  it('a win at or above the handpay limit never reaches the credit meter', () => {
    const rig = new Rig({ limits: { handpayLimit: 10000 } });
    rig.insert(10000);
    rig.play({ type: 'chipValue', value: 100 });
    rig.decks.push(stackedDeck('Ah Kh Qh Jh Th'));
    rig.play({ type: 'deal', bet: 1 });
    rig.play({ type: 'draw' });
    expect(rig.state.handpay).toMatchObject({ kind: 'jackpot', amount: 25000, game: 'jacks-or-better' });
    expect(rig.state.balance).toBe(9900);
    expect(rig.lifetime('coinOut')).toBe(0);
    balanced(rig);
    expect(rig.refuse({ type: 'deal' })).toBe('C-5');
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    expect(rig.state.balance).toBe(9900);
    expect(rig.lifetime('jackpot')).toBe(25000);
    expect(rig.lifetime('jacks-or-better/jackpot')).toBe(25000);
    expect(rig.record(0).handpaid).toBe(true);
    balanced(rig);
  });

  it('a win just below the limit goes to the credit meter', () => {
    const rig = new Rig({ limits: { handpayLimit: 25001 } });
    rig.insert(10000);
    rig.play({ type: 'chipValue', value: 100 });
    rig.decks.push(stackedDeck('Ah Kh Qh Jh Th'));
    rig.play({ type: 'deal', bet: 1 });
    rig.play({ type: 'draw' });
    expect(rig.state.handpay).toBeNull();
    expect(rig.state.balance).toBe(9900 + 25000);
  });
});

describe('C-6 credit clear', () => {
  it('needs the attendant key and a confirmation, and is metered and logged', () => {
    const rig = new Rig();
    rig.insert(700);
    expect(rig.refuse({ type: 'creditClear', confirm: true })).toBe('C-21');
    rig.key('attendant', true);
    expect(rig.refuse({ type: 'creditClear' })).toBe('C-22');
    rig.play({ type: 'creditClear', confirm: true });
    expect(rig.state.balance).toBe(0);
    expect(rig.lifetime('handpaidCancelled')).toBe(700);
    expect(rig.log.find((l) => l.kind === 'creditClear')?.data).toMatchObject({ amount: 700, key: 'attendant' });
    balanced(rig);
  });
});

describe("the attendant's handpay list", () => {
  it('finds kind, amount, game, reason, cause and event in every handpay and credit-clear row', () => {
    const rig = new Rig({ limits: { handpayLimit: 1000 } });
    rig.insert(1000);
    rig.decks.push(stackedDeck('As Ks Qs Js Ts'));
    rig.play({ type: 'deal', bet: 5 });
    rig.play({ type: 'draw' });
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    rig.play({ type: 'creditClear', confirm: true });
    const rows = rig.log.filter((l) => l.kind === 'handpay' || l.kind === 'creditClear').map((l) => l.data);
    const fields = ['event', 'kind', 'amount', 'gameId', 'reason', 'cause'];
    // The reason names the hand and says its money in the currency; the cause is the same in the cabinet's words.
    const reason = 'royal flush: win of 12.50 USD, at or above the handpay limit of 10.00 USD';
    const cause = { type: 'win', hand: 'royal-flush' };
    expect(rows.map((r) => Object.fromEntries(fields.map((k) => [k, r[k]])))).toEqual([
      { event: 'locked', kind: 'jackpot', amount: 1250, gameId: 1, reason, cause },
      { event: 'paid', kind: 'jackpot', amount: 1250, gameId: 1, reason, cause },
      {
        event: 'creditClear',
        kind: 'cancelledCredits',
        amount: 995,
        gameId: null,
        cause: undefined,
        reason: 'credits cleared by the attendant',
      },
    ]);
  });
});

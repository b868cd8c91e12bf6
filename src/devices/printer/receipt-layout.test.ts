import { describe, expect, it } from 'vitest';
import { RECEIPT } from '../testing/test-voucher';
import { encodeEscPos } from './escpos';
import { FORMS } from './forms';
import { LINE_WIDTH } from './paper';
import { NOT_NEGOTIABLE, REASON_LINES, fillReceipt } from './receipt-form';
import { receiptCommands, receiptProblems } from './receipt-layout';

const filled = (r = RECEIPT) => {
  const { kind, values } = fillReceipt(r);
  return { kind, byName: Object.fromEntries(FORMS.receipt.map((l, i) => [l.name, values[i]])) };
};

describe("a handpay's receipt as a form (C-5)", () => {
  it('says what was paid, for what, on which machine, when and by whom, and that it is no money', () => {
    const { kind, byName } = filled();
    expect(kind).toBe('receipt');
    expect(byName).toMatchObject({
      venue: 'GOLDEN NUGGET TEST',
      heading: 'HANDPAY RECEIPT',
      reprint: '',
      notNegotiable1: NOT_NEGOTIABLE,
      notNegotiable2: NOT_NEGOTIABLE,
      kind: 'JACKPOT',
      amount: '$1,250.00',
      reason1: 'ROYAL FLUSH: WIN OF 1,250.00 USD, AT OR',
      reason2: 'ABOVE THE HANDPAY LIMIT OF 1,200.00 USD',
      reason3: '',
      game: 'GAME 42 JACKS OR BETTER',
      payTable: 'PAY TABLE 9/6',
      locked: 'LOCKED 2025-03-01 21:15:00',
      paid: 'PAID   2025-03-01 21:19:30',
      machine: 'MACHINE 1234',
      handpay: 'HANDPAY # 0003',
      confirmed: 'CONFIRMED BY ATTENDANT KEY',
    });
    // No line of the form is a barcode, and nothing on it is a validation number.
    expect(FORMS.receipt.some((l) => l.barcode)).toBe(false);
    expect(Object.values(byName).join(' ')).not.toMatch(/VALIDATION|\d{18}/);
  });

  it('marks a reprint, and names the casino system when it reset the handpay', () => {
    expect(filled({ ...RECEIPT, reprint: 2 }).byName.reprint).toBe('*** REPRINT 2 ***');
    expect(filled({ ...RECEIPT, paidBy: 'casinoSystem' }).byName.confirmed).toBe('RESET BY CASINO SYSTEM');
    const credits = filled({ ...RECEIPT, kind: 'cancelledCredits', game: null, payTable: null, gameId: null }).byName;
    expect(credits).toMatchObject({ kind: 'CANCELLED CREDITS', game: '', payTable: '' });
  });

  it('keeps a long reason to its lines, ending it in "...", and prints no byte of it as a command', () => {
    const long = filled({ ...RECEIPT, reason: `printer fault: ${'paper out, '.repeat(30)}\x1b@\x1dV\u00e9` }).byName;
    const lines = Array.from({ length: REASON_LINES }, (_, i) => long[`reason${i + 1}`]!);
    expect(lines.every((l) => l.length <= LINE_WIDTH)).toBe(true);
    expect(lines.at(-1)).toMatch(/\.\.\.$/);
    const hostile = filled({ ...RECEIPT, reason: 'win \x1b@\x1dV0 \u00e9t\u00e9' }).byName.reason1!;
    expect(hostile).toBe('WIN ?@?V0 ?T?');
  });

  it('prints as an ESC/POS job of text alone: no barcode, a feed and a cut', () => {
    const cmds = receiptCommands(RECEIPT);
    expect(cmds.some((c) => c.type.startsWith('barcode'))).toBe(false);
    expect(cmds.at(-1)).toEqual({ type: 'cut', partial: true, feed: 0 });
    const texts = cmds.flatMap((c) => (c.type === 'text' ? [c.text] : []));
    expect(texts.filter((t) => t === NOT_NEGOTIABLE)).toHaveLength(2);
    // The same receipt always gives the same bytes.
    const bytes = () => Buffer.concat(receiptCommands(RECEIPT).map(encodeEscPos));
    expect(bytes().equals(bytes())).toBe(true);
  });

  it('refuses a receipt it must not print, saying why', () => {
    expect(receiptProblems(RECEIPT)).toEqual([]);
    const bad = receiptProblems({
      ...RECEIPT,
      number: 0,
      reprint: -1,
      amount: 0,
      minorDigits: 7,
      venue: 'CAF\u00c9',
      machine: '',
      paidAt: 'yesterday',
    });
    expect(bad).toEqual([
      'handpay number 0 is not a whole number from 1',
      'reprint -1 is not a whole number',
      'amount 0 is not a positive whole number of minor units',
      'minor digits 7 must be 0..4',
      'paid time "yesterday" is not ISO 8601',
      `venue "CAF\u00c9" must be printable ASCII, 1 to ${LINE_WIDTH} characters`,
      `machine "" must be printable ASCII, 1 to ${LINE_WIDTH} characters`,
    ]);
    expect(() => receiptCommands({ ...RECEIPT, amount: -5 })).toThrow(/receipt not printable/);
    expect(receiptProblems({ ...RECEIPT, currency: 'EUR', amount: 99_999_999_999_999 })).toEqual([
      'the amount in figures is wider than its double-size line',
    ]);
  });
});

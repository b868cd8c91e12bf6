// What may be printed as a handpay's receipt (C-5), for both printer families, and its form
// (receipt-form.ts) as an ESC/POS job. A receipt refused here is not printed: the cabinet keeps
// it pending for the attendant, and the handpay stays paid. Pure.

import type { HandpayReceipt } from '../../cabinet/device-events';
import { amountInFigures } from './amount-words';
import { formCommands } from './form-escpos';
import type { EscPos } from './escpos';
import { LINE_WIDTH } from './paper';
import { fillReceipt } from './receipt-form';

export function receiptProblems(r: HandpayReceipt): string[] {
  const p: string[] = [];
  if (!Number.isSafeInteger(r.number) || r.number < 1)
    p.push(`handpay number ${r.number} is not a whole number from 1`);
  if (!Number.isSafeInteger(r.reprint) || r.reprint < 0) p.push(`reprint ${r.reprint} is not a whole number`);
  if (!Number.isSafeInteger(r.amount) || r.amount <= 0)
    p.push(`amount ${r.amount} is not a positive whole number of minor units`);
  if (!Number.isInteger(r.minorDigits) || r.minorDigits < 0 || r.minorDigits > 4)
    p.push(`minor digits ${r.minorDigits} must be 0..4`);
  if (r.kind !== 'jackpot' && r.kind !== 'cancelledCredits') p.push(`kind "${String(r.kind)}" is not a handpay's`);
  if (r.paidBy !== 'attendant' && r.paidBy !== 'casinoSystem') p.push(`paid by "${String(r.paidBy)}" is not known`);
  for (const [k, t] of [
    ['locked', r.lockedAt],
    ['paid', r.paidAt],
  ] as const)
    if (typeof t !== 'string' || Number.isNaN(Date.parse(t))) p.push(`${k} time "${String(t)}" is not ISO 8601`);
  for (const [k, s] of [
    ['venue', r.venue],
    ['machine', r.machine],
    ['currency', r.currency],
  ] as const) {
    if (typeof s !== 'string' || !s || /[^\x20-\x7e]/.test(s) || s.length > LINE_WIDTH)
      p.push(`${k} "${String(s)}" must be printable ASCII, 1 to ${LINE_WIDTH} characters`);
  }
  if (typeof r.reason !== 'string') p.push('the reason must be a text');
  if (!p.length && amountInFigures(r.amount, r.currency, r.minorDigits).length > LINE_WIDTH / 2)
    p.push('the amount in figures is wider than its double-size line');
  return p;
}

export function receiptCommands(r: HandpayReceipt): EscPos[] {
  const problems = receiptProblems(r);
  if (problems.length) throw new Error(`receipt not printable: ${problems.join('; ')}`);
  return formCommands(fillReceipt(r));
}

// A handpay's receipt (C-5) as a form (form.ts): the venue's record of money an attendant paid by
// hand, printed by both printer families on the same paper as the vouchers. It is never money:
// no validation number and no barcode, NOT NEGOTIABLE at its head and its foot, so nothing on it
// can be read or redeemed as a ticket. A reprint says so under the heading. Pure.

import type { HandpayReceipt } from '../../cabinet/device-events';
import { amountInFigures } from './amount-words';
import { line, wrap, type FilledForm, type FormLine } from './form';
import { LINE_WIDTH } from './paper';

/** Lines the hand or reason may take; a longer one ends in "...". */
export const REASON_LINES = 3;

export const RECEIPT_LINES: readonly FormLine[] = [
  line('venue', 'center', 1, true),
  line('heading', 'center', 2, true),
  line('reprint', 'center', 1, true),
  line('notNegotiable1', 'center', 1, true),
  line('kind', 'center', 1, true),
  line('amount', 'center', 2, true),
  ...Array.from({ length: REASON_LINES }, (_, i) => line(`reason${i + 1}`, 'left')),
  line('game', 'left'),
  line('payTable', 'left'),
  line('locked', 'left'),
  line('paid', 'left'),
  line('machine', 'left'),
  line('handpay', 'left'),
  line('confirmed', 'left'),
  line('signature', 'left'),
  line('notNegotiable2', 'center', 1, true),
];

export const NOT_NEGOTIABLE = 'NOT NEGOTIABLE - NO CASH VALUE';

/** Printable ASCII only, each other character a '?': a reason is the cabinet's, but never a command. */
const printable = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?');

const clip = (text: string, width = LINE_WIDTH): string => (text.length > width ? text.slice(0, width) : text);

const when = (iso: string): string => iso.replace('T', ' ').slice(0, 19);

/** The hand or reason, wrapped to the paper; one too long for the form ends in "...". */
export function reasonLines(r: HandpayReceipt): string[] {
  const lines = wrap(printable(r.reason.toUpperCase()), LINE_WIDTH).map((l) => clip(l));
  if (lines.length <= REASON_LINES) return lines;
  const kept = lines.slice(0, REASON_LINES);
  kept[REASON_LINES - 1] = `${clip(kept[REASON_LINES - 1]!, LINE_WIDTH - 3)}...`;
  return kept;
}

/** The receipt's form, filled; the receipt must have passed `receiptProblems` (receipt-layout.ts). */
export function fillReceipt(r: HandpayReceipt): FilledForm {
  const values: Record<string, string> = {
    venue: r.venue,
    heading: 'HANDPAY RECEIPT',
    reprint: r.reprint > 0 ? `*** REPRINT ${r.reprint} ***` : '',
    notNegotiable1: NOT_NEGOTIABLE,
    kind: r.kind === 'jackpot' ? 'JACKPOT' : 'CANCELLED CREDITS',
    amount: amountInFigures(r.amount, r.currency, r.minorDigits),
    game: r.game ? clip(printable(`GAME ${r.gameId ?? ''} ${r.game.toUpperCase()}`.replace(/\s+/g, ' '))) : '',
    payTable: r.payTable ? clip(printable(`PAY TABLE ${r.payTable.toUpperCase()}`)) : '',
    locked: `LOCKED ${when(r.lockedAt)}`,
    paid: `PAID   ${when(r.paidAt)}`,
    machine: `MACHINE ${r.machine}`,
    handpay: `HANDPAY # ${String(r.number).padStart(4, '0')}`,
    confirmed: r.paidBy === 'attendant' ? 'CONFIRMED BY ATTENDANT KEY' : 'RESET BY CASINO SYSTEM',
    signature: 'ATTENDANT ______________________',
    notNegotiable2: NOT_NEGOTIABLE,
  };
  reasonLines(r).forEach((l, i) => (values[`reason${i + 1}`] = l));
  return { kind: 'receipt', values: RECEIPT_LINES.map((l) => values[l.name] ?? '') };
}

// C-5: a receipt for each handpay paid, as cabinets print them for the venue's records. The slip
// is made in the commit that pays the handpay and sent to the printer from it, but the money is
// settled there and then: nothing the printer does or fails to do, and no restart while it
// prints, can mark a handpay unpaid or pay it twice. A slip not printed (the printer out of paper
// at pay time, a fault, a restart mid-print) waits as pending on the attendant's page, who can
// print any recent slip again; a reprint says REPRINT on its face.

import { gameModule } from '../core';
import type { DeviceEvent, HandpayReceipt } from './device-events';
import { CUSTOM_PAY_TABLE, activePayTableId } from './installed-tables';
import { needKey } from './keys';
import { printerProblem } from './printer-ready';
import type { CabinetState, Handpay, HandpayReceipts, ReceiptSlip } from './state';
import { refusal, type Outcome, type Transition } from './transition';
import { RECEIPTS_KEPT } from './vocabulary/receipts';

export { RECEIPTS_KEPT };

const NONE: HandpayReceipts = { next: 1, slips: [] };

export const receiptsOf = (s: CabinetState): HandpayReceipts => s.receipts ?? NONE;

type ReceiptEvent = Extract<DeviceEvent, { type: 'receiptPrinted' | 'receiptFailed' }>;

/** The slip of the handpay just paid, filled from what the cabinet knew of it. */
function receiptFor(s: CabinetState, h: Handpay, number: number, at: number, paidBy: HandpayReceipt['paidBy']) {
  const table = h.game ? activePayTableId(s, h.game) : null;
  const receipt: HandpayReceipt = {
    number,
    reprint: 0,
    kind: h.kind,
    amount: h.amount,
    currency: s.settings.currency,
    minorDigits: s.settings.minorDigits,
    venue: s.settings.voucher.venue,
    machine: s.settings.voucher.machine,
    game: h.game ? gameModule(h.game).names.en : null,
    payTable:
      table === null
        ? null
        : table === CUSTOM_PAY_TABLE
          ? 'OPERATOR TABLE'
          : (s.installedPayTables.find((t) => t.id === table)?.name ?? table),
    gameId: h.gameId,
    reason: h.reason,
    lockedAt: new Date(h.since).toISOString(),
    paidAt: new Date(at).toISOString(),
    paidBy,
  };
  return receipt;
}

/** Sends the slip to the printer if it can print, else keeps it pending saying why. */
function print(tx: Transition, receipt: HandpayReceipt): ReceiptSlip {
  const problem = printerProblem(tx);
  tx.log('receipt', {
    event: problem ? 'pending' : 'print',
    number: receipt.number,
    reprint: receipt.reprint,
    ...(problem ? { reason: problem } : {}),
  });
  if (problem) return { receipt, status: 'pending', why: 'printerNotReady', problem };
  tx.send({ device: 'printer', type: 'printReceipt', receipt });
  return { receipt, status: 'printing', why: null, problem: null };
}

function keep(tx: Transition, slip: ReceiptSlip, next = receiptsOf(tx.state).next): void {
  const others = receiptsOf(tx.state).slips.filter((x) => x.receipt.number !== slip.receipt.number);
  tx.set({ receipts: { next, slips: [slip, ...others].slice(0, RECEIPTS_KEPT) } });
}

/** The handpay just paid (its money settled in this same commit): its slip made and printed. */
export function issueReceipt(tx: Transition, h: Handpay, paidBy: HandpayReceipt['paidBy']): void {
  const { next } = receiptsOf(tx.state);
  keep(tx, print(tx, receiptFor(tx.state, h, next, tx.at, paidBy)), next + 1);
}

/** The attendant, key turned, prints a kept slip again, marked REPRINT. */
export function reprintReceipt(tx: Transition, number: number): Outcome {
  const key = needKey(tx.state, 'attendant');
  if (key) return key;
  const slip = receiptsOf(tx.state).slips.find((x) => x.receipt.number === number);
  if (!slip) return refusal('C-5', `no receipt of handpay ${number} is kept to print again`);
  if (slip.status === 'printing') return refusal('C-5', `the receipt of handpay ${number} is being printed`);
  if (receiptsOf(tx.state).slips.some((x) => x.status === 'printing'))
    return refusal('C-5', 'another receipt is being printed');
  keep(tx, print(tx, { ...slip.receipt, reprint: slip.receipt.reprint + 1 }));
  return null;
}

/** The printer's word on a slip: out, or not (pending for a reprint). Only the slip it names, as it is now. */
export function receiptEvent(tx: Transition, event: ReceiptEvent): void {
  const slip = receiptsOf(tx.state).slips.find((x) => x.receipt.number === event.number);
  if (!slip || slip.status !== 'printing' || slip.receipt.reprint !== event.reprint) {
    tx.log('anomaly', {
      device: 'printer',
      event: event.type,
      validation: `receipt ${event.number}/${event.reprint}`,
      reason: 'no such receipt is being printed',
    });
    return;
  }
  const printed = event.type === 'receiptPrinted';
  const reason = event.type === 'receiptFailed' ? event.reason : null;
  tx.log('receipt', {
    event: printed ? 'printed' : 'pending',
    number: event.number,
    reprint: event.reprint,
    ...(reason ? { reason } : {}),
  });
  keep(tx, { ...slip, status: printed ? 'printed' : 'pending', why: printed ? null : 'printFailed', problem: reason });
}

/**
 * After a restart: a slip that was printing may or may not have come out. The handpay is paid
 * either way; the slip waits as pending, and a reprint says REPRINT, so no slip passes for two.
 */
export function receiptsAfterRestart(tx: Transition): void {
  const r = tx.state.receipts;
  if (!r?.slips.some((x) => x.status === 'printing')) return;
  const why = 'the cabinet restarted while it printed: print it again if no slip came out';
  for (const slip of r.slips.filter((x) => x.status === 'printing'))
    tx.log('receipt', { event: 'pending', number: slip.receipt.number, reprint: slip.receipt.reprint, reason: why });
  tx.set({
    receipts: {
      ...r,
      slips: r.slips.map((x) =>
        x.status === 'printing' ? { ...x, status: 'pending', why: 'restart', problem: why } : x,
      ),
    },
  });
}

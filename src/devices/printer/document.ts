// What a printer's driver is given to print, whatever its family: a voucher (money: C-4, C-17) or
// a handpay's receipt (never money: C-5). Each has a key the driver knows it by (a voucher's
// validation number; a receipt's handpay number and reprint), what refuses it, its filled form,
// and the events that say what became of it.

import type { DeviceEvent, HandpayReceipt, Voucher } from '../../cabinet/device-events';
import type { FilledForm } from './form';
import { formBytes } from './form-escpos';
import { fillReceipt } from './receipt-form';
import { receiptProblems } from './receipt-layout';
import { fillForm } from './voucher-form';
import { voucherProblems } from './voucher-layout';

export type PrintDocument = { kind: 'voucher'; voucher: Voucher } | { kind: 'receipt'; receipt: HandpayReceipt };

/** The document's name for the driver: never two documents of one name printed. */
export const documentKey = (d: PrintDocument): string =>
  d.kind === 'voucher' ? d.voucher.validation : `receipt ${d.receipt.number}/${d.receipt.reprint}`;

/** What the Devices page shows of it: a voucher's number's last four digits only (C-3). */
export const documentLabel = (d: PrintDocument): string =>
  d.kind === 'voucher'
    ? `…${d.voucher.validation.slice(-4)}`
    : `receipt ${d.receipt.number}${d.receipt.reprint ? ` (reprint ${d.receipt.reprint})` : ''}`;

export const documentProblems = (d: PrintDocument): string[] =>
  d.kind === 'voucher' ? voucherProblems(d.voucher) : receiptProblems(d.receipt);

/** The document's form filled; it must have passed `documentProblems`. */
export const documentForm = (d: PrintDocument): FilledForm =>
  d.kind === 'voucher' ? fillForm(d.voucher) : fillReceipt(d.receipt);

/** The document as an ESC/POS job's bytes. */
export function documentBytes(d: PrintDocument): Buffer {
  const problems = documentProblems(d);
  if (problems.length) throw new Error(`${d.kind} not printable: ${problems.join('; ')}`);
  return formBytes(documentForm(d));
}

/** The event that says the document printed. */
export function printedEvent(d: PrintDocument): DeviceEvent {
  return d.kind === 'voucher'
    ? { device: 'printer', type: 'printed', validation: d.voucher.validation }
    : { device: 'printer', type: 'receiptPrinted', number: d.receipt.number, reprint: d.receipt.reprint };
}

/** The event that says it did not, and why. */
export function failedEvent(d: PrintDocument, reason: string): DeviceEvent {
  return d.kind === 'voucher'
    ? { device: 'printer', type: 'printFailed', validation: String(d.voucher.validation), reason }
    : { device: 'printer', type: 'receiptFailed', number: d.receipt.number, reprint: d.receipt.reprint, reason };
}

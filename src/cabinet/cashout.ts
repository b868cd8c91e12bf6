// C-4 cash-out by voucher, C-5 handpay, C-6 credit clear. The balance drops only when the
// printer confirms the voucher, or when the attendant confirms the handpay.

import type { Voucher } from './device-events';
import type { DeviceEvent } from './device-events';
import { needKey } from './keys';
import { gameInProgress, type Handpay } from './state';
import {
  SYSTEM_VALIDATION_TIMEOUT_MS,
  hostControls,
  sasNumbering,
  type Numbering,
  type VoucherScheme,
} from './sas-validation';
import { refusal, type Outcome, type Transition } from './transition';
import { moneyWords } from './money';
import { payableBalance } from './credit-kinds';
import { isSystemNumber, systemValidationNumber } from './vocabulary/ticket-reasons';
import { tiltDevice } from './vocabulary/tilts';
import { printerProblem } from './printer-ready';
import { issueReceipt, receiptEvent } from './handpay-receipts';

type PrinterEvent = Extract<DeviceEvent, { device: 'printer' }>;

const DAY_MS = 86_400_000;
/** A voucher the casino system says never expires (7B 9999, 7D 00) carries the last day there is. */
export const NEVER_EXPIRES = '9999-12-31';

/** The printer's faults by code, or 'offline' (a handpay's cause). */
function printerFaults(tx: Transition): string[] {
  const p = tx.state.devices.printer;
  return p.online ? Object.keys(p.faults).slice(0, 8) : ['offline'];
}

export function lockForHandpay(tx: Transition, handpay: Omit<Handpay, 'since'>): void {
  tx.set({ handpay: { ...handpay, since: tx.at } });
  tx.log('handpay', { event: 'locked', ...handpay });
}

export function cashOut(tx: Transition, offerToHost = true): Outcome {
  const s = tx.state;
  if (gameInProgress(s)) return refusal('C-4', 'cash-out is possible only outside a game');
  if (s.handpay) return refusal('C-5', 'CALL ATTENDANT: a handpay is waiting');
  if (s.voucher) return refusal('C-4', 'a voucher is already being printed');
  if (s.ticket) return refusal('C-4', 'a ticket is being validated');
  if (s.sas?.pendingCashout || s.sas?.aft?.hostCashoutRequest)
    return refusal('C-4', 'a cash-out is waiting for the casino system');
  // Restricted promotional credits are played, never cashed out (C-26): they stay on the meter.
  const amount = payableBalance(s);
  if (amount <= 0)
    return refusal(
      'C-4',
      s.balance > 0 ? 'restricted credits are played, not cashed out' : 'there is nothing to cash out',
    );
  const otherTilts = s.tilts.filter((t) => tiltDevice(t.code) !== 'printer');
  if (otherTilts.length > 0) return refusal('C-15', `play stopped: ${otherTilts.map((t) => t.reason).join('; ')}`);
  if (s.keys.technician) return refusal('C-21', 'the technician key is turned: service mode');

  // C-15: credits a copy put back may have brought go out only past the attendant.
  if (s.unproven) {
    lockForHandpay(tx, {
      kind: 'cancelledCredits',
      amount,
      reason: `cash-out of credits found at a start the records' TPM counter could not prove the latest (${s.unproven.reason}): check them against the casino system's meters before paying`,
      cause: { type: 'unprovenStart' },
      gameId: null,
      game: null,
    });
    return null;
  }
  if (offerToHost && s.sas?.aft?.hostCashout.enabled) {
    offerCashoutToHost(tx, amount);
    return null;
  }
  const limit = s.settings.limits.ticketLimit;
  const problem = amount > limit ? `above the ticket limit of ${moneyWords(limit, s.settings)}` : printerProblem(tx);
  if (problem) {
    lockForHandpay(tx, {
      kind: 'cancelledCredits',
      amount,
      reason: `cash-out ${problem}`,
      cause: amount > limit ? { type: 'ticketLimit', limit } : { type: 'printer', faults: printerFaults(tx) },
      gameId: null,
      game: null,
    });
    return null;
  }
  const numbering = voucherNumbering(tx, amount);
  if (numbering.kind === 'handpay') {
    if (numbering.log === 'noValidationId')
      tx.log('voucher', {
        event: 'noValidationId',
        amount,
        reason: 'the casino system has not set a validation ID (SAS 4C)',
      });
    lockForHandpay(tx, {
      kind: 'cancelledCredits',
      amount,
      reason: numbering.reason,
      cause: { type: 'casinoSystem' },
      gameId: null,
      game: null,
    });
    return null;
  }
  if (numbering.kind === 'wait') {
    // System validation: the voucher prints once the casino system sends its number (58).
    tx.set({ sas: { ...tx.state.sas!, pendingCashout: { amount, since: tx.at } } });
    tx.log('voucher', { event: 'awaitingValidation', amount });
    return null;
  }
  issueVoucher(tx, amount, numbering.validation, numbering.scheme);
  return null;
}

/**
 * The next voucher's validation number, the one place it is chosen: on a SAS link by the link's
 * validation mode (sas-validation.ts); without one, the cabinet's own numbering (C-17), which is
 * the only one a cabinet without a link ever uses.
 */
function voucherNumbering(tx: Transition, amount: number): Numbering {
  const s = tx.state;
  if (!s.sas)
    return { kind: 'number', validation: tx.env.newValidation(s.settings.voucher.machine, s.voucherSequence + 1) };
  if (!hostControls(s.sas).printerAsCashoutDevice)
    return { kind: 'handpay', reason: 'cash-out while the casino system has the printer off for cash-outs (SAS 7B)' };
  return sasNumbering(tx, s.sas, amount);
}

/** The voucher for `amount` under `validation`, sent to the printer; the balance drops when it is printed. */
function issueVoucher(tx: Transition, amount: number, validation: string, scheme: VoucherScheme | undefined): void {
  const s = tx.state;
  const sequence = s.voucherSequence + 1;
  const text = s.sas?.ticketText ?? {};
  const expiry = text.expiry ?? s.settings.voucher.expiryDays;
  const address = [text.address1, text.address2].filter((l): l is string => !!l);
  const voucher: Voucher = {
    validation,
    amount,
    currency: s.settings.currency,
    minorDigits: s.settings.minorDigits,
    venue: text.location || s.settings.voucher.venue,
    machine: s.settings.voucher.machine,
    issuedAt: new Date(tx.at).toISOString(),
    expiresAt: expiry === 'never' ? NEVER_EXPIRES : new Date(tx.at + expiry * DAY_MS).toISOString().slice(0, 10),
    sequence,
    ...(scheme ? { scheme } : {}),
    ...(address.length ? { address } : {}),
  };
  tx.set({ voucher, voucherSequence: sequence });
  tx.log('voucher', { event: 'print', validation: voucher.validation, amount: voucher.amount, sequence });
  tx.effects.push({ type: 'voucherIssued', voucher });
  tx.send({ device: 'printer', type: 'print', voucher });
}

/** System validation, 58: the host's number prints the pending cash-out, unless a voucher has it; system ID 0 refuses it. */
export function systemValidation(tx: Transition, systemId: number, number: string): Outcome {
  const sas = tx.state.sas;
  const pending = sas?.pendingCashout;
  if (!sas || !pending) return refusal('C-25', 'no cash-out is waiting for a validation number');
  tx.set({ sas: { ...sas, pendingCashout: null } });
  if (systemId === 0)
    return refuseSystemValidation(tx, pending.amount, 'the casino system refused to validate it (58, system ID 00)');
  if (!isSystemNumber(number) || !Number.isInteger(systemId) || systemId < 1 || systemId > 99)
    return refusal('C-25', 'the casino system sent a validation number that is not 16 digits under a system ID 01–99');
  const validation = systemValidationNumber(systemId, number);
  if (!tx.env.voucherIssued) throw new Error('the cabinet has a SAS link but cannot ask which numbers vouchers have');
  // Refused as a number the cabinet cannot use (81): the cash-out goes on waiting, as for no 58 at
  // all, and the time-out from the cash-out's own start makes it a handpay if no usable one comes.
  if (tx.env.voucherIssued(validation))
    return refusal(
      'C-25',
      `the casino system sent validation number ${validation}, which a voucher already has: a number is never printed twice`,
    );
  tx.log('sas', { event: 'systemValidation', systemId, validation, amount: pending.amount });
  issueVoucher(tx, pending.amount, validation, 'sas-system');
  return null;
}

/** No number within the standard's ten seconds (or the host away): the pending cash-out is a handpay. */
export function systemValidationTimeout(tx: Transition): Outcome {
  const sas = tx.state.sas;
  const pending = sas?.pendingCashout;
  if (!sas || !pending) return null;
  tx.set({ sas: { ...sas, pendingCashout: null } });
  return refuseSystemValidation(
    tx,
    pending.amount,
    `no validation number from the casino system within ${SYSTEM_VALIDATION_TIMEOUT_MS / 1000} s`,
  );
}

function refuseSystemValidation(tx: Transition, amount: number, reason: string): Outcome {
  tx.log('sas', { event: 'systemValidationRefused', amount, reason });
  lockForHandpay(tx, {
    kind: 'cancelledCredits',
    amount,
    reason: `cash-out: ${reason}`,
    cause: { type: 'casinoSystem' },
    gameId: null,
    game: null,
  });
  return null;
}

/** The one place a voucher leaves the balance. */
export function voucherPrinted(tx: Transition): void {
  const v = tx.state.voucher!;
  tx.set({
    voucher: null,
    balance: tx.state.balance - v.amount,
    paidOut: { how: 'voucher', kind: 'voucher', amount: v.amount, at: tx.at },
  });
  tx.count({ vouchersOut: v.amount, vouchersOutCount: 1 });
  // Standard validation: 3D reports this voucher's number until the host has read it.
  const sas = tx.state.sas;
  if (sas && v.scheme === 'sas-standard')
    tx.set({
      sas: { ...sas, lastCashOutTicket: { validationNumber: v.validation.slice(-8), amount: v.amount, read: false } },
    });
  tx.effects.push({ type: 'voucherStatus', validation: v.validation, status: 'issued' });
  tx.log('voucher', { event: 'printed', validation: v.validation, amount: v.amount, sequence: v.sequence });
}

export function voucherFailed(tx: Transition, reason: string): void {
  const v = tx.state.voucher!;
  tx.set({ voucher: null });
  // It may have come out part printed: whatever the player holds, it is paid by hand, not redeemed.
  tx.effects.push({ type: 'voucherStatus', validation: v.validation, status: 'voided' });
  tx.log('voucher', { event: 'failed', validation: v.validation, amount: v.amount, reason });
  lockForHandpay(tx, {
    kind: 'cancelledCredits',
    amount: v.amount,
    reason: `voucher not printed: ${reason}`,
    cause: { type: 'voucherFailed' },
    gameId: null,
    game: null,
  });
}

export function printerEvent(tx: Transition, event: PrinterEvent): void {
  if (event.type === 'receiptPrinted' || event.type === 'receiptFailed') return receiptEvent(tx, event);
  const v = tx.state.voucher;
  if (event.type !== 'printed' && event.type !== 'printFailed') return;
  if (!v || v.validation !== event.validation) {
    tx.log('anomaly', {
      device: 'printer',
      event: event.type,
      validation: event.validation,
      reason: 'no such voucher is being printed',
    });
    return;
  }
  if (event.type === 'printed') voucherPrinted(tx);
  else voucherFailed(tx, event.reason);
}

/** C-5: the attendant, key turned, confirms the handpay; only then does it leave the balance. */
export function handpayConfirm(tx: Transition): Outcome {
  const s = tx.state;
  const key = needKey(s, 'attendant');
  if (key) return key;
  if (!s.handpay) return refusal('C-5', 'no handpay is waiting');
  payHandpay(tx, 'attendant');
  return null;
}

/** The waiting handpay paid: by the attendant's key, or reset by the casino system (C-25). */
export function payHandpay(tx: Transition, by: 'attendant' | 'host'): void {
  const s = tx.state;
  const h = s.handpay!;
  if (h.kind === 'jackpot') {
    // The jackpot never reached the credit meter, so the balance stays as it is (C-9).
    tx.count({ jackpot: h.amount, jackpotCount: 1, ...(h.game ? { [`${h.game}/jackpot`]: h.amount } : {}) });
  } else {
    tx.set({ balance: s.balance - h.amount });
    tx.count({ handpaidCancelled: h.amount, handpaidCancelledCount: 1 });
  }
  tx.set({ handpay: null, paidOut: { how: 'handpay', kind: h.kind, amount: h.amount, at: tx.at } });
  // Its receipt goes to the printer from this commit; the money above never waits on the slip.
  issueReceipt(tx, h, by === 'attendant' ? 'attendant' : 'casinoSystem');
  tx.log('handpay', {
    event: 'paid',
    kind: h.kind,
    amount: h.amount,
    gameId: h.gameId,
    reason: h.reason,
    ...(h.cause ? { cause: h.cause } : {}),
    ...(by === 'attendant' ? { key: 'attendant' } : { by: 'host' }),
  });
}

/**
 * C-26: the host asked for cash-outs (72's flags): the player's cash-out is offered to it (6A) and
 * waits for its 72 transfer to the host. What it leaves unanswered goes, in soft mode, the usual
 * way (a voucher or a handpay); in hard mode the credits stay on the machine.
 */
function offerCashoutToHost(tx: Transition, amount: number): void {
  const s = tx.state;
  const promo = s.promo;
  const amounts = {
    cashable: amount - (promo?.nonRestricted ?? 0),
    restricted: 0,
    nonRestricted: promo?.nonRestricted ?? 0,
  };
  tx.set({ sas: { ...s.sas!, aft: { ...s.sas!.aft!, hostCashoutRequest: { since: tx.at, amounts, win: false } } } });
  tx.log('sas', { event: 'aftHostCashout', amount, win: false });
}

/** How long a cash-out offered to the host (6A) waits for its transfer (my choice: the 10 s of system validation). */
export const HOST_CASHOUT_TIMEOUT_MS = 10_000;

/** The host left the offered cash-out unanswered (sas-service's timer). */
export function hostCashoutTimeout(tx: Transition): Outcome {
  const aft = tx.state.sas?.aft;
  const request = aft?.hostCashoutRequest;
  if (!aft || !request) return refusal('C-26', 'no cash-out is offered to the casino system');
  const amount = request.amounts.cashable + request.amounts.nonRestricted;
  tx.set({ sas: { ...tx.state.sas!, aft: { ...aft, hostCashoutRequest: null } } });
  tx.log('sas', { event: 'aftHostCashoutTimeout', amount, hard: aft.hostCashout.hard });
  if (aft.hostCashout.hard) return null;
  return cashOut(tx, false);
}

/** C-6: the attendant clears the balance as handpaid cancelled credits. */
export function creditClear(tx: Transition): Outcome {
  const s = tx.state;
  const key = needKey(s, 'attendant');
  if (key) return key;
  if (gameInProgress(s)) return refusal('C-6', 'credits cannot be cleared during a game');
  if (s.handpay) return refusal('C-5', 'a handpay is waiting; confirm it first');
  if (s.voucher) return refusal('C-4', 'a voucher is being printed');
  if (s.balance <= 0) return refusal('C-6', 'the balance is already zero');
  // Restricted credits are not paid by hand: they are forfeited with the clear (credit-kinds.ts).
  const amount = payableBalance(s);
  tx.set({ balance: 0 });
  tx.count({ handpaidCancelled: amount, handpaidCancelledCount: 1 });
  // Shaped like the handpay rows, so the attendant's list of recent handpays reads both alike.
  tx.log('creditClear', {
    event: 'creditClear',
    kind: 'cancelledCredits',
    amount,
    gameId: null,
    reason: 'credits cleared by the attendant',
    key: 'attendant',
  });
  return null;
}

// C-4 cash-out by voucher, C-5 handpay, C-6 credit clear. The balance drops only when the
// printer confirms the voucher, or when the attendant confirms the handpay.

import type { Voucher } from './device-events';
import type { DeviceEvent } from './device-events';
import { needKey } from './keys';
import { gameInProgress, type Handpay } from './state';
import { refusal, type Outcome, type Transition } from './transition';
import { tiltDevice } from './vocabulary/tilts';

type PrinterEvent = Extract<DeviceEvent, { device: 'printer' }>;

const DAY_MS = 86_400_000;

/** Why the printer cannot print now, or null. */
export function printerProblem(tx: Transition): string | null {
  const p = tx.state.devices.printer;
  if (!p.online) return 'printer offline';
  const faults = Object.values(p.faults);
  if (faults.length > 0) return `printer fault: ${faults.join(', ')}`;
  return null;
}

export function lockForHandpay(tx: Transition, handpay: Omit<Handpay, 'since'>): void {
  tx.set({ handpay: { ...handpay, since: tx.at } });
  tx.log('handpay', { event: 'locked', ...handpay });
}

export function cashOut(tx: Transition): Outcome {
  const s = tx.state;
  if (gameInProgress(s)) return refusal('C-4', 'cash-out is possible only outside a game');
  if (s.handpay) return refusal('C-5', 'CALL ATTENDANT: a handpay is waiting');
  if (s.voucher) return refusal('C-4', 'a voucher is already being printed');
  if (s.ticket) return refusal('C-4', 'a ticket is being validated');
  if (s.balance <= 0) return refusal('C-4', 'there is nothing to cash out');
  const otherTilts = s.tilts.filter((t) => tiltDevice(t.code) !== 'printer');
  if (otherTilts.length > 0) return refusal('C-15', `play stopped: ${otherTilts.map((t) => t.reason).join('; ')}`);
  if (s.keys.technician) return refusal('C-21', 'the technician key is turned: service mode');

  const limit = s.settings.limits.ticketLimit;
  const problem = s.balance > limit ? `above the ticket limit of ${limit}` : printerProblem(tx);
  if (problem) {
    lockForHandpay(tx, {
      kind: 'cancelledCredits',
      amount: s.balance,
      reason: `cash-out ${problem}`,
      gameId: null,
      game: null,
    });
    return null;
  }
  const sequence = s.voucherSequence + 1;
  const validation = voucherValidation(tx, sequence);
  if (validation === null) {
    tx.log('voucher', {
      event: 'noValidationId',
      amount: s.balance,
      reason: 'the casino system has not set a validation ID (SAS 4C)',
    });
    lockForHandpay(tx, {
      kind: 'cancelledCredits',
      amount: s.balance,
      reason: 'cash-out without a validation ID from the casino system',
      gameId: null,
      game: null,
    });
    return null;
  }
  const voucher: Voucher = {
    validation,
    amount: s.balance,
    currency: s.settings.currency,
    minorDigits: s.settings.minorDigits,
    venue: s.settings.voucher.venue,
    machine: s.settings.voucher.machine,
    issuedAt: new Date(tx.at).toISOString(),
    expiresAt: new Date(tx.at + s.settings.voucher.expiryDays * DAY_MS).toISOString().slice(0, 10),
    sequence,
    ...(s.sas ? { scheme: 'sas' as const } : {}),
  };
  tx.set({ voucher, voucherSequence: sequence });
  tx.log('voucher', { event: 'print', validation: voucher.validation, amount: voucher.amount, sequence });
  tx.effects.push({ type: 'voucherIssued', voucher });
  tx.send({ device: 'printer', type: 'print', voucher });
  return null;
}

/**
 * The one place a voucher's validation number is chosen (a SAS validation mode would choose
 * here). With a SAS link: secure enhanced validation under the host's validation ID (its
 * sequence taken here, committed with the voucher), null while the host has set none. Otherwise
 * the cabinet's own (C-17): a number only this cabinet can make for its voucher `sequence`.
 */
function voucherValidation(tx: Transition, sequence: number): string | null {
  const s = tx.state;
  if (!s.sas) return tx.env.newValidation(s.settings.voucher.machine, sequence);
  const current = s.sas.validation.current;
  if (!current) return null;
  if (!tx.env.sasValidation) throw new Error('the cabinet has a SAS link but no secure enhanced validation');
  const next = { validationId: current.validationId, sequence: (current.sequence + 1) & 0xffffff };
  tx.set({ sas: { ...s.sas, validation: { ...s.sas.validation, current: next } } });
  return tx.env.sasValidation(next.validationId, next.sequence);
}

/** The one place a voucher leaves the balance. */
export function voucherPrinted(tx: Transition): void {
  const v = tx.state.voucher!;
  tx.set({ voucher: null, balance: tx.state.balance - v.amount });
  tx.count({ vouchersOut: v.amount, vouchersOutCount: 1 });
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
    gameId: null,
    game: null,
  });
}

export function printerEvent(tx: Transition, event: PrinterEvent): void {
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
  tx.set({ handpay: null });
  tx.log('handpay', {
    event: 'paid',
    kind: h.kind,
    amount: h.amount,
    gameId: h.gameId,
    reason: h.reason,
    ...(by === 'attendant' ? { key: 'attendant' } : { by: 'host' }),
  });
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
  const amount = s.balance;
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

// Tickets in (vouchers inserted in the bill acceptor), one at a time. A ticket in escrow is
// validated (by the cabinet's own vouchers, or a casino system: the app's validator answers with a
// verdict), stacked when the verdict accepts it and the balance may take it, and credited once,
// when the acceptor reports it stacked (C-3's rule for notes); the voucher is marked redeemed in
// that same transition. Every other way ends with the ticket handed back and the reason logged.
// A ticket is never a note: it never reaches the note path.

import { hostControls } from './sas-validation';
import type { DeviceEvent } from './device-events';
import {
  isValidationNumber,
  type AcceptorTicketReport,
  type TicketReason,
  type TicketValidatedBy,
  type TicketVerdict,
} from './ticket-verdicts';
import { playBlocked } from './locks';
import type { CabinetState } from './state';
import { countRefusal, ticketCredited, ticketsLocked } from './ticket-guesses';
import type { Transition } from './transition';
import { checkDigitsMatch } from './validation-number';
import { OVERRULED_REASON, overruledByRecords } from './ticket-records';

const TICKET_EVENTS = ['ticket', 'ticketStacked', 'ticketReturned', 'ticketRejected'] as const;

export type TicketEvent = Extract<DeviceEvent, { device: 'acceptor'; type: (typeof TICKET_EVENTS)[number] }>;

export const isTicketEvent = (event: Extract<DeviceEvent, { device: 'acceptor' }>): event is TicketEvent =>
  (TICKET_EVENTS as readonly string[]).includes(event.type);

/** The log's words for each reason (the player's screen has its own, in each language). */
export const TICKET_REASON_TEXT: Readonly<Record<TicketReason, string>> = {
  cannotTakeMoney: 'the cabinet cannot take money now',
  badBarcode: 'the barcode is not 18 digits',
  badCheckDigits: 'the check digits do not match: misread, mistyped or made up',
  busy: 'another ticket or note is being taken',
  expired: 'the voucher has expired',
  alreadyRedeemed: 'the voucher was already redeemed',
  notValidHere: 'the voucher is not valid here',
  creditLimit: 'the balance would exceed the credit limit',
  timedOut: 'no validation in time',
  ticketsLocked: 'tickets are refused for a while after repeated unknown ones',
  amountMismatch: "the validator's amount is not the one this cabinet printed the voucher for",
  creditedBefore: 'a ticket with this number was credited here before (or its voucher paid otherwise)',
};

/**
 * With a casino system, one redemption at a time until it has read how the last one ended (68,
 * 71 FF): until then that one stays the last ticket, and the next is returned as busy.
 */
const hostOwed = (s: CabinetState): boolean =>
  !!s.sas && !!s.lastTicket?.validated && s.sas.ticketStatusRead !== s.lastTicket.since;

/**
 * Who validates a ticket (the app gives the cabinet the host's validator where it has a SAS link).
 * Logged with the ticket's rows, so the attendant's list says who decided even after the link is
 * set up or taken away.
 */
const validatorOf = (s: CabinetState): TicketValidatedBy => (s.sas ? 'host' : 'cabinet');

export function ticketEvent(tx: Transition, event: TicketEvent): void {
  switch (event.type) {
    case 'ticket':
      ticketInserted(tx, event.barcode);
      return;
    case 'ticketStacked':
      ticketStacked(tx, event.barcode);
      return;
    case 'ticketReturned':
      if (tx.state.ticket?.barcode === event.barcode) tx.set({ ticket: null });
      tx.log('ticket', { event: 'returned', barcode: event.barcode });
      return;
    case 'ticketRejected':
      // The driver handed back the pending one itself (the acceptor was being disabled).
      if (tx.state.ticket?.barcode === event.barcode) tx.set({ ticket: null });
      tx.log('ticket', { event: 'rejected', barcode: event.barcode, reason: event.reason });
      return;
  }
}

/**
 * Why a ticket cannot even be validated now, or null. Standalone, every voucher the cabinet
 * printed (in either layout, docs/protocols/voucher-printer.md) has check digits that match, so
 * one that fails them goes back before any voucher is looked up; a casino system has numbers of
 * its own and judges every ticket itself.
 */
function insertProblem(tx: Transition, barcode: string): TicketReason | null {
  const s = tx.state;
  if (!isValidationNumber(barcode)) return 'badBarcode';
  if (ticketsLocked(s, tx.at)) return 'ticketsLocked';
  if (s.ticket || s.note) return 'busy';
  if (hostOwed(s)) return 'busy';
  if (playBlocked(s)) return 'cannotTakeMoney';
  // The casino system switched ticket redemption off (SAS 7B).
  if (s.sas && !hostControls(s.sas).ticketRedemption) return 'cannotTakeMoney';
  if (!s.sas && !checkDigitsMatch(barcode)) return 'badCheckDigits';
  return null;
}

export function ticketInserted(tx: Transition, barcode: string): void {
  const problem = insertProblem(tx, barcode);
  if (problem) {
    // A second ticket never touches the pending one: only its own return is sent.
    handBack(tx, String(barcode), problem, { pending: false });
    return;
  }
  validate(tx, barcode);
}

/** From the start: a new ticket, or one still in escrow after a restart (C-14). */
function validate(tx: Transition, barcode: string): void {
  tx.set({ ticket: { barcode, since: tx.at, phase: 'validating', amount: null } });
  tx.log('ticket', { event: 'validating', barcode, by: validatorOf(tx.state) });
  tx.effects.push({ type: 'validateTicket', barcode, withinMs: tx.state.settings.voucher.validationSeconds * 1000 });
}

interface HandBack {
  /** The ticket was in escrow being validated (its verdict or time-out hands it back). */
  pending: boolean;
  /** The validator's own word for the refusal (SAS: the 71 machine status). */
  code?: number;
  /** What the validator said it was worth, when it was valid but could not be taken. */
  amount?: number;
}

function handBack(tx: Transition, barcode: string, reason: TicketReason, { pending, code, amount }: HandBack): void {
  const since = pending ? tx.state.ticket!.since : tx.at;
  // Returned before anyone was asked (busy, bad barcode, no money now): the cabinet decided.
  const by = pending ? validatorOf(tx.state) : 'cabinet';
  if (pending) tx.set({ ticket: null });
  if (!pending && hostOwed(tx.state)) {
    tx.log('ticket', { event: 'return', barcode, reason, text: TICKET_REASON_TEXT[reason], by });
    tx.send({ device: 'acceptor', type: 'returnTicket', barcode });
    return;
  }
  tx.set({
    lastTicket: {
      barcode,
      since,
      validated: pending,
      ...(code === undefined ? {} : { code }),
      at: tx.at,
      outcome: 'returned',
      amount: null,
      reason,
    },
  });
  tx.log('ticket', {
    event: 'return',
    barcode,
    reason,
    text: TICKET_REASON_TEXT[reason],
    by,
    ...(code === undefined ? {} : { code }),
    ...(amount === undefined ? {} : { amount }),
  });
  tx.send({ device: 'acceptor', type: 'returnTicket', barcode });
  countRefusal(tx, reason);
}

/** The pending ticket still waiting for its validation, if it is this one. */
function validating(tx: Transition, barcode: string, what: string): boolean {
  const t = tx.state.ticket;
  if (t && t.barcode === barcode && t.phase === 'validating') return true;
  tx.log('anomaly', { device: 'acceptor', event: what, barcode, reason: 'no such ticket is being validated' });
  return false;
}

export function ticketVerdict(tx: Transition, barcode: string, verdict: TicketVerdict): void {
  if (!validating(tx, barcode, 'ticketVerdict')) return;
  if (!verdict.valid)
    return handBack(tx, barcode, verdict.reason, {
      pending: true,
      ...(Number.isInteger(verdict.code) ? { code: verdict.code } : {}),
    });
  const { amount } = verdict;
  const s = tx.state;
  if (!Number.isSafeInteger(amount) || amount <= 0) return handBack(tx, barcode, 'notValidHere', { pending: true });
  // Whatever the validator said, the records decide whether this number may be paid, and how much.
  const overruled = overruledByRecords(tx, barcode, amount);
  if (overruled) return handBack(tx, barcode, OVERRULED_REASON[overruled], { pending: true, amount });
  // The cabinet may have stopped taking money while the validator was asked.
  if (playBlocked(s)) return handBack(tx, barcode, 'cannotTakeMoney', { pending: true, amount });
  if (s.balance + amount > s.settings.limits.creditLimit)
    return handBack(tx, barcode, 'creditLimit', { pending: true, amount });
  tx.set({ ticket: { ...s.ticket!, phase: 'stacking', amount } });
  tx.log('ticket', { event: 'stack', barcode, amount });
  tx.send({ device: 'acceptor', type: 'stackTicket', barcode });
}

export function ticketTimeout(tx: Transition, barcode: string): void {
  const t = tx.state.ticket;
  // A verdict came first: nothing to time out.
  if (!t || t.barcode !== barcode || t.phase !== 'validating') return;
  handBack(tx, barcode, 'timedOut', { pending: true });
}

function ticketStacked(tx: Transition, barcode: string): void {
  const t = tx.state.ticket;
  if (!t || t.phase !== 'stacking' || t.barcode !== barcode) {
    // The cabinet asked for no such ticket to be stacked: whatever the acceptor did, nothing is credited.
    tx.log('anomaly', {
      device: 'acceptor',
      event: 'ticketStacked',
      barcode,
      reason: 'no ticket was being redeemed: nothing credited',
    });
    if (t && t.barcode === barcode) tx.set({ ticket: null });
    return;
  }
  redeem(tx);
}

/** The one place a ticket reaches the balance, and its voucher is marked redeemed in the same commit. */
function redeem(tx: Transition): void {
  const t = tx.state.ticket!;
  const amount = t.amount!;
  tx.set({
    ticket: null,
    balance: tx.state.balance + amount,
    lastTicket: {
      barcode: t.barcode,
      since: t.since,
      validated: true,
      at: tx.at,
      outcome: 'redeemed',
      amount,
      reason: null,
    },
  });
  tx.count({ vouchersIn: amount, vouchersInCount: 1 });
  ticketCredited(tx);
  tx.log('ticket', {
    event: 'redeemed',
    barcode: t.barcode,
    amount,
    balance: tx.state.balance,
    by: validatorOf(tx.state),
  });
  tx.effects.push({ type: 'voucherStatus', validation: t.barcode, status: 'redeemed' });
  tx.effects.push({ type: 'ticketCredited', validation: t.barcode, amount });
}

/**
 * C-14 for a ticket: stacked is credited once (ID-003 cannot name what it finished stacking
 * across the restart: the journal, which holds at most one pending note or ticket, can); still
 * in escrow is validated again from the start; returned or gone changes nothing.
 */
export function ticketRecovered(tx: Transition, report: AcceptorTicketReport | null): void {
  const t = tx.state.ticket;
  if (t && !report) {
    tx.log('recovery', { device: 'acceptor', ticket: t.barcode, reported: 'no answer' });
    return;
  }
  if (t && report) {
    tx.log('recovery', {
      device: 'acceptor',
      ticket: t.barcode,
      phase: t.phase,
      reported: report.state,
      barcode: report.barcode,
    });
    const same = report.barcode === t.barcode;
    if (report.state === 'stacked' && (same || report.barcode === null)) {
      if (t.phase === 'stacking') return redeem(tx);
      tx.set({ ticket: null });
      tx.log('anomaly', {
        device: 'acceptor',
        event: 'ticketStacked',
        barcode: t.barcode,
        reason: 'stacked before it was validated: nothing credited',
      });
      return;
    }
    if (report.state === 'escrow' && same) return validate(tx, t.barcode);
    tx.set({ ticket: null });
  }
  // A ticket that reached escrow before the crash and was never decided: decide it now.
  if (report?.state === 'escrow' && report.barcode !== null && !tx.state.note) ticketInserted(tx, report.barcode);
}

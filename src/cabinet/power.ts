// Start-up (C-9, C-14): the power-up meter, the meter check, and the settling of a note or a
// voucher that a crash interrupted, by what the devices say became of it. A game in progress
// needs nothing: its deck and step are part of the committed state.

import { credit, escrow } from './bills';
import { lockForHandpay, voucherPrinted } from './cashout';
import type { AcceptorNoteReport } from './inputs';
import type { AcceptorTicketReport } from './ticket-verdicts';
import { ticketRecovered } from './tickets';
import { recordsRefused } from './records';
import { checkMeters } from './settle';
import { forgetDevices } from './tilts';
import { receiptsAfterRestart } from './handpay-receipts';
import type { Transition } from './transition';

/** The PIN every cabinet knew before the initial PIN had to be changed (C-21). */
const FACTORY_PIN = '0000';

export function powerUp(tx: Transition): void {
  tx.count({ powerUps: 1 });
  tx.setMeters({ gamesSincePowerUp: 0 });
  const a = tx.state.access;
  // A state saved before the rule existed: the PIN must change if it is still the factory one.
  const pinChangeRequired = a.pinChangeRequired ?? (a.pinHash !== null && tx.env.verifyPin(FACTORY_PIN, a.pinHash));
  // The devices may have restarted too: forget what they were told, so it is told again.
  tx.set({
    acceptorEnabled: null,
    acceptorCurrency: null,
    lamps: null,
    access: { ...a, technicianSession: false, pinChangeRequired },
  });
  tx.log('powerUp', {
    balance: tx.state.balance,
    game: tx.state.game && !tx.state.game.outcome ? tx.state.game.id : null,
  });
  // ...and what they said: keys, doors and faults count again only when they say them again.
  forgetDevices(tx);
  checkMeters(tx, 'at power-up');
  receiptsAfterRestart(tx);
}

export function recovered(
  tx: Transition,
  acceptor: AcceptorNoteReport | null,
  voucher: 'printed' | 'not-printed' | 'unknown' | null,
  ticket: AcceptorTicketReport | null = null,
): void {
  // States saved before tickets were redeemed have none pending.
  if (tx.state.ticket === undefined) tx.set({ ticket: null, lastTicket: null });
  if (recordsRefused(tx.state)) {
    recoveredOnRefusedRecords(tx, acceptor, voucher, ticket);
    return;
  }
  const note = tx.state.note;
  if (note && !acceptor) {
    // The acceptor did not answer: the note stays pending until it does and is asked again.
    tx.log('recovery', { device: 'acceptor', note: note.value, reported: 'no answer' });
  } else if (note && acceptor) {
    const state = acceptor.state;
    tx.log('recovery', { device: 'acceptor', note: note.value, reported: state, value: acceptor.value });
    // ID-003 cannot name a note it finished stacking across the restart (value 0): the journal can.
    if (state === 'stacked' && (acceptor.value === note.value || acceptor.value === 0)) credit(tx, note.value);
    else if (state === 'escrow') tx.send({ device: 'acceptor', type: 'stack' });
    else {
      tx.set({ note: null });
      if (state === 'stacked') {
        tx.log('anomaly', {
          device: 'acceptor',
          reason: `the acceptor stacked ${acceptor.value}, the cabinet expected ${note.value}`,
        });
      }
    }
  } else if (acceptor?.state === 'escrow') {
    // The escrow arrived before the crash and was never decided: decide it now.
    escrow(tx, acceptor.value, String(acceptor.value));
  }
  if (tx.state.ticket || ticket) ticketRecovered(tx, ticket);
  const v = tx.state.voucher;
  // Null: the printer was not asked (no voucher was pending at start).
  if (v && voucher !== null) {
    tx.log('recovery', { device: 'printer', validation: v.validation, reported: voucher });
    if (voucher === 'printed') voucherPrinted(tx);
    else if (voucher === 'not-printed') tx.send({ device: 'printer', type: 'print', voucher: v });
    else {
      // Nobody can tell whether the voucher exists: void it and let the attendant pay by hand.
      tx.set({ voucher: null });
      tx.effects.push({ type: 'voucherStatus', validation: v.validation, status: 'voided' });
      tx.log('voucher', {
        event: 'voided',
        validation: v.validation,
        amount: v.amount,
        reason: 'printer cannot say whether it printed',
      });
      lockForHandpay(tx, {
        kind: 'cancelledCredits',
        amount: v.amount,
        reason: 'voucher status unknown after restart',
        cause: { type: 'voucherUnknown' },
        gameId: null,
        game: null,
      });
    }
  }
}

/**
 * On refused records nothing is settled: what the devices say is logged beside what the records
 * held, for the people who settle it by hand, and a note still in escrow goes back to the player.
 */
function recoveredOnRefusedRecords(
  tx: Transition,
  acceptor: AcceptorNoteReport | null,
  voucher: 'printed' | 'not-printed' | 'unknown' | null,
  ticket: AcceptorTicketReport | null,
): void {
  const { note, voucher: v, ticket: t } = tx.state;
  const why = 'the records are refused';
  if (note || (acceptor && acceptor.state !== 'none')) {
    tx.log('recovery', {
      device: 'acceptor',
      note: note?.value ?? null,
      reported: acceptor?.state ?? 'none',
      value: acceptor?.value ?? null,
      settled: false,
      reason: why,
    });
  }
  if (acceptor?.state === 'escrow') {
    tx.log('note', { event: 'return', value: acceptor.value, reason: why });
    tx.send({ device: 'acceptor', type: 'return' });
  }
  if (t || (ticket && ticket.state !== 'none')) {
    tx.log('recovery', {
      device: 'acceptor',
      ticket: t?.barcode ?? null,
      reported: ticket?.state ?? 'none',
      barcode: ticket?.barcode ?? null,
      settled: false,
      reason: why,
    });
  }
  if (ticket?.state === 'escrow' && ticket.barcode !== null) {
    tx.log('ticket', { event: 'return', barcode: ticket.barcode, reason: why, by: 'cabinet' });
    tx.send({ device: 'acceptor', type: 'returnTicket', barcode: ticket.barcode });
  }
  if (v)
    tx.log('recovery', {
      device: 'printer',
      validation: v.validation,
      amount: v.amount,
      reported: voucher,
      settled: false,
      reason: why,
    });
}

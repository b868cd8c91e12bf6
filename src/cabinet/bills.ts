// C-3: bills. The escrowed note is stacked only when the machine is free, the note enabled and
// the balance after it within the credit limit; the balance grows once, on 'stacked'.

import type { DeviceEvent } from './device-events';
import { playBlocked } from './locks';
import { billMeter, stackerCount } from './meters';
import { isTicketEvent, ticketEvent } from './tickets';
import type { Transition } from './transition';

type AcceptorEvent = Extract<DeviceEvent, { device: 'acceptor' }>;

/** Why this note must go back, or null to stack it. */
function returnReason(tx: Transition, value: number): string | null {
  const s = tx.state;
  const blocked = playBlocked(s);
  if (blocked) return `${blocked.rule}: ${blocked.reason}`;
  if (s.note) return 'another note is being stacked';
  if (s.ticket) return 'a ticket is being validated';
  if (!Number.isSafeInteger(value) || value <= 0) return 'the acceptor reported no value for the note';
  if (s.settings.disabledNotes.includes(value)) return `notes of ${value} are disabled`;
  if (s.balance + value > s.settings.limits.creditLimit)
    return `the balance would exceed the credit limit of ${s.settings.limits.creditLimit}`;
  return null;
}

export function escrow(tx: Transition, value: number, denomination: string): void {
  const reason = returnReason(tx, value);
  if (reason) {
    tx.log('note', { event: 'return', value, denomination, reason });
    tx.send({ device: 'acceptor', type: 'return' });
    return;
  }
  tx.set({ note: { value, denomination, since: tx.at } });
  tx.log('note', { event: 'stack', value, denomination });
  tx.send({ device: 'acceptor', type: 'stack' });
}

/** The one place a note reaches the balance. */
export function credit(tx: Transition, value: number): void {
  const note = tx.state.note!;
  tx.set({ note: null, lastNote: value, balance: tx.state.balance + value });
  tx.count({ billsIn: value, billsCount: 1, [billMeter(value)]: 1, ...stackerCount(tx.state.meters.lifetime, value) });
  tx.log('note', { event: 'stacked', value, denomination: note.denomination, balance: tx.state.balance });
}

export function acceptorEvent(tx: Transition, event: AcceptorEvent): void {
  if (isTicketEvent(event)) return ticketEvent(tx, event);
  switch (event.type) {
    case 'escrow':
      escrow(tx, event.value, event.denomination);
      return;
    case 'stacked': {
      const note = tx.state.note;
      if (!note) {
        // Never credit a note the cabinet did not ask to stack: after a restart the device is
        // asked instead (C-14), so a late report here would credit it twice.
        tx.log('anomaly', {
          device: 'acceptor',
          event: 'stacked',
          value: event.value,
          reason: 'no note was being stacked',
        });
        return;
      }
      if (event.value !== note.value) {
        tx.log('anomaly', {
          device: 'acceptor',
          event: 'stacked',
          value: event.value,
          expected: note.value,
          reason: 'stacked value differs from escrow',
        });
      }
      credit(tx, note.value);
      return;
    }
    case 'returned':
      if (tx.state.note) tx.set({ note: null });
      tx.log('note', { event: 'returned', value: event.value });
      return;
    case 'rejected':
      tx.log('note', { event: 'rejected', reason: event.reason });
      return;
    default:
      // fault / online / offline go through the device tilts.
      return;
  }
}

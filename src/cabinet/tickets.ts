// Tickets in (vouchers inserted in the bill acceptor). The cabinet redeems none yet: the
// validation flow (a casino system over SAS, or the cabinet's own vouchers) comes later, so every
// ticket goes back, as before, and each one is logged with what became of it. A ticket is never a
// note: it never reaches the note path, and a ticket reported stacked is never credited.

import type { DeviceEvent } from './device-events';
import type { Transition } from './transition';

export type TicketEvent = Extract<DeviceEvent, { device: 'acceptor'; type: 'ticket' | 'ticketStacked' | 'ticketReturned' | 'ticketRejected' }>;

const TICKET_EVENTS = new Set<string>(['ticket', 'ticketStacked', 'ticketReturned', 'ticketRejected']);

export const isTicketEvent = (event: Extract<DeviceEvent, { device: 'acceptor' }>): event is TicketEvent => TICKET_EVENTS.has(event.type);

export function ticketEvent(tx: Transition, event: TicketEvent): void {
  switch (event.type) {
    case 'ticket':
      tx.log('ticket', { event: 'return', barcode: event.barcode, reason: 'tickets are not redeemed on this cabinet' });
      tx.send({ device: 'acceptor', type: 'returnTicket', barcode: event.barcode });
      return;
    case 'ticketReturned':
      tx.log('ticket', { event: 'returned', barcode: event.barcode });
      return;
    case 'ticketRejected':
      tx.log('ticket', { event: 'rejected', barcode: event.barcode, reason: event.reason });
      return;
    case 'ticketStacked':
      // The cabinet asked for no ticket to be stacked: whatever the acceptor did, nothing is credited.
      tx.log('anomaly', { device: 'acceptor', event: 'ticketStacked', barcode: event.barcode, reason: 'no ticket was being redeemed: nothing credited' });
      return;
  }
}

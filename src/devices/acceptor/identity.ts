// What a technician reads of a bill acceptor on the Devices page, whichever its protocol: the unit
// as it names itself, what it is doing, and the last note or ticket it handled. A ticket is shown
// by the last four digits of its number only (C-3), so the page never lets anyone redeem it.

import type { DeviceEvent } from '../../cabinet/device-events';

import type { AcceptorProtocol } from '../../cabinet/vocabulary/devices';

export type { AcceptorProtocol };

export interface LastDocument {
  kind: 'note' | 'ticket';
  /** "USD 20", or a ticket's last four digits ("…3456"). */
  label: string;
  outcome: 'escrow' | 'stacked' | 'returned' | 'rejected';
  reason: string | null;
  at: number;
}

export interface AcceptorIdentity {
  protocol: AcceptorProtocol;
  /** The unit's model as it reports it (EBDS: the model byte; ID-003: its version text). */
  model: string | null;
  revision: string | null;
  /** A software signature where the unit gives one (EBDS: its software CRC and part number). */
  software: string | null;
  /** What it last reported doing. */
  state: string | null;
  lastDocument: LastDocument | null;
}

const lastFour = (barcode: string): string => `…${barcode.slice(-4)}`;

/** The last document after `event`, or the one before when the event says nothing of one. */
export function lastDocumentAfter(before: LastDocument | null, event: DeviceEvent, at: number): LastDocument | null {
  if (event.device !== 'acceptor') return before;
  const note = (label: string, outcome: LastDocument['outcome'], reason: string | null = null): LastDocument => ({
    kind: 'note',
    label,
    outcome,
    reason,
    at,
  });
  const ticket = (barcode: string, outcome: LastDocument['outcome'], reason: string | null = null): LastDocument => ({
    kind: 'ticket',
    label: lastFour(barcode),
    outcome,
    reason,
    at,
  });
  switch (event.type) {
    case 'escrow':
      return note(event.denomination, 'escrow');
    case 'stacked':
      return note(event.value === 0 && before?.kind === 'note' ? before.label : event.denomination, 'stacked');
    case 'returned':
      return note(before?.kind === 'note' ? before.label : String(event.value), 'returned');
    case 'rejected':
      return note(
        before?.kind === 'note' && before.outcome === 'escrow' ? before.label : '—',
        'rejected',
        event.reason,
      );
    case 'ticket':
      return ticket(event.barcode, 'escrow');
    case 'ticketStacked':
      return ticket(event.barcode, 'stacked');
    case 'ticketReturned':
      return ticket(event.barcode, 'returned');
    case 'ticketRejected':
      return ticket(event.barcode, 'rejected', event.reason);
    default:
      return before;
  }
}

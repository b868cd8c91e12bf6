// What counts as a person at the machine, for the snapshot's `activity`: every wish from a
// screen (taken or refused), a deck button pressed (taken or refused), a key or a door that moved,
// a note put in, credited or handed back, and a ticket put in. Device health and reports that
// change nothing (the deck's whole state sent again when it reconnects) are not a person.

import type { CabinetInput, CabinetResult } from '../../cabinet';
import type { ActivityKind } from '../../contract';

export function activityOf(input: CabinetInput, result: CabinetResult): ActivityKind | null {
  if (input.kind === 'wish') return 'wish';
  if (input.kind !== 'device') return null;
  const e = input.event;
  const changed = result.ok && result.effects.length > 0;
  if (e.device === 'acceptor') {
    switch (e.type) {
      case 'escrow':
        return 'noteInserted';
      case 'ticket':
        // Any ticket put in, even one handed straight back: someone is at the machine.
        return 'ticketInserted';
      case 'stacked':
        // Credited only when the cabinet asked for it (C-3); a stray report is an anomaly.
        return result.ok && result.effects.some((x) => x.type === 'log' && x.entry.kind === 'note')
          ? 'noteCredited'
          : null;
      case 'returned':
      case 'rejected':
        return 'noteReturned';
      default:
        return null;
    }
  }
  if (e.device === 'deck') {
    switch (e.type) {
      case 'button':
        return e.pressed ? (result.ok ? 'button' : 'buttonRefused') : null;
      case 'key':
        return changed ? 'key' : null;
      case 'door':
        return changed ? 'door' : null;
      default:
        return null;
    }
  }
  return null;
}

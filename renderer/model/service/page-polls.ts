// The reads a service page repeats every second while it is on show: figures that move with each
// poll of a link or each commit rather than with the snapshot, so no snapshot would bring them
// (the SAS link's counters and the records' TPM counter on the technician's Devices page).

import type { Query, Snapshot } from '../../../src/contract';
import type { ServiceUi } from './state';

export function pagePolls(svc: ServiceUi, snapshot: Snapshot | null): Query[] {
  if (svc.mode !== 'technician' || svc.page !== 'devices' || !snapshot) return [];
  return snapshot.service.settings.sas ? [{ type: 'sasLink' }, { type: 'anchor' }] : [{ type: 'anchor' }];
}

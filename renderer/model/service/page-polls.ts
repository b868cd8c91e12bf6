// The reads a service page repeats every second while it is on show: figures that move with each
// poll of a link rather than with the cabinet's state, so no snapshot would bring them (the SAS
// link's counters on the technician's Devices page).

import type { Query, Snapshot } from '../../../src/contract';
import type { ServiceUi } from './state';

export function pagePolls(svc: ServiceUi, snapshot: Snapshot | null): Query[] {
  if (svc.mode === 'technician' && svc.page === 'devices' && snapshot?.service.settings.sas)
    return [{ type: 'sasLink' }];
  return [];
}

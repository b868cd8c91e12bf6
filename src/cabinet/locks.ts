// Why play (and money in) is stopped right now, if it is: a handpay waiting for the attendant
// (C-5), a tilt (C-15), a voucher being printed or a cash-out waiting for the casino system's
// number (C-4), or the technician's service mode or device test (C-21).

import type { Refusal } from '../core';
import type { CabinetState } from './state';
import { refusal } from './transition';

export function playBlocked(state: CabinetState): Refusal | null {
  if (state.deviceTest) return refusal('C-21', 'device test in progress');
  if (state.handpay)
    return refusal('C-5', `CALL ATTENDANT: handpay of ${state.handpay.amount} (${state.handpay.reason})`);
  if (state.tilts.length > 0) return refusal('C-15', `play stopped: ${state.tilts.map((t) => t.reason).join('; ')}`);
  if (state.voucher) return refusal('C-4', 'a voucher is being printed');
  // System validation: the host validates this amount; nothing may change it meanwhile.
  if (state.sas?.pendingCashout) return refusal('C-4', 'a cash-out is waiting for the casino system');
  if (state.keys.technician) return refusal('C-21', 'the technician key is turned: service mode');
  return null;
}

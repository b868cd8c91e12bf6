// Why play (and money in) is stopped right now, if it is: a handpay waiting for the attendant
// (C-5), a tilt (C-15), a voucher being printed (C-4), or the technician's service mode or
// device test (C-21).

import type { Refusal } from '../core';
import type { CabinetState } from './state';
import { refusal } from './transition';

export function playBlocked(state: CabinetState): Refusal | null {
  if (state.deviceTest) return refusal('C-21', 'device test in progress');
  if (state.handpay)
    return refusal('C-5', `CALL ATTENDANT: handpay of ${state.handpay.amount} (${state.handpay.reason})`);
  if (state.tilts.length > 0) return refusal('C-15', `play stopped: ${state.tilts.map((t) => t.reason).join('; ')}`);
  if (state.voucher) return refusal('C-4', 'a voucher is being printed');
  if (state.keys.technician) return refusal('C-21', 'the technician key is turned: service mode');
  return null;
}

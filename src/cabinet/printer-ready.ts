// Whether the voucher printer can print now, as the cabinet last heard from it: asked before a
// voucher (a cash-out), a device test's specimen and a handpay's receipt.

import type { Transition } from './transition';

/** Why the printer cannot print now, or null. */
export function printerProblem(tx: Transition): string | null {
  const p = tx.state.devices.printer;
  if (!p.online) return 'printer offline';
  const faults = Object.values(p.faults);
  if (faults.length > 0) return `printer fault: ${faults.join(', ')}`;
  return null;
}

// What a commit does beyond its rows, as the journal asks it: whether money moved (its meters
// are then part of the commit whatever else changed) and whether the mirror must reach its
// device at once.

import { HANDPAID_METERS, type CabinetEffect, type CabinetState } from '../cabinet';

/**
 * Money moved by the commit beyond its meters: the balance, a voucher number taken (the cabinet's
 * or the casino system's), a game recorded, a voucher written or redeemed.
 */
export function movesMoney(prev: CabinetState, next: CabinetState, effects: readonly CabinetEffect[]): boolean {
  if (prev.balance !== next.balance || prev.voucherSequence !== next.voucherSequence) return true;
  if (prev.sas?.validation !== next.sas?.validation) return true;
  return effects.some((e) => e.type === 'recall' || e.type === 'voucherIssued' || e.type === 'voucherStatus');
}

/** A voucher number was issued or money paid by hand: the mirror must reach its device now. */
export function mirrorSyncs(prev: CabinetState | null, next: CabinetState | null): boolean {
  if (!prev || !next) return prev !== next;
  if (next.voucherSequence !== prev.voucherSequence) return true;
  return HANDPAID_METERS.some((m) => (next.meters.lifetime[m] ?? 0) !== (prev.meters.lifetime[m] ?? 0));
}

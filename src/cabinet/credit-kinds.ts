// C-26: the credit kinds SAS defines, kept inside the one balance. Restricted promotional credits
// are played first, then nonrestricted, then cashable; restricted credits never leave as cash
// (a cash-out takes the rest and leaves them on the meter; a credit clear forfeits them). Worked
// out after every transition from what it did (the stake it metered, the balance it left), so no
// game, cash-out or clear has to know the kinds, and each step's meters keep C-9 for all three.

import type { CabinetState } from './state';
import type { Transition } from './transition';

/** What a cash-out may pay: the balance but its restricted credits. */
export const payableBalance = (s: CabinetState): number => s.balance - (s.promo?.restricted ?? 0);

export function accountCreditKinds(prev: CabinetState, tx: Transition): void {
  const promo = tx.state.promo;
  if (!promo) return;
  let { restricted, nonRestricted } = promo;
  const deltas: Record<string, number> = {};
  const staked = (tx.state.meters.lifetime.coinIn ?? 0) - (prev.meters.lifetime.coinIn ?? 0);
  if (staked > 0) {
    const r = Math.min(restricted, staked);
    const n = Math.min(nonRestricted, staked - r);
    restricted -= r;
    nonRestricted -= n;
    deltas.restrictedPlayed = r;
    deltas.nonRestrictedPlayed = n;
  }
  // Money that left otherwise (a voucher, a handpay, a clear) took nonrestricted credits before restricted ones.
  const excess = restricted + nonRestricted - tx.state.balance;
  if (excess > 0) {
    const n = Math.min(nonRestricted, excess);
    const r = excess - n;
    nonRestricted -= n;
    restricted -= r;
    deltas.nonRestrictedCashedOut = n;
    deltas.restrictedCleared = r;
    if (r > 0) tx.log('sas', { event: 'promoCleared', restricted: r, nonRestricted: 0 });
  }
  if (restricted === promo.restricted && nonRestricted === promo.nonRestricted) return;
  tx.count(deltas);
  tx.set({ promo: restricted + nonRestricted === 0 ? null : { ...promo, restricted, nonRestricted } });
}

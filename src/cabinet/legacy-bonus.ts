// C-26: the casino system's legacy bonus (SAS 8A), credited when the current game has ended (at
// once between games), metered by its tax status and logged (the link raises 7C from the row).

import { aftOf } from './aft';
import { gameInProgress } from './state';
import type { Transition } from './transition';

const METER_BY_TAX = ['legacyBonusDeductible', 'legacyBonusNonDeductible', 'legacyBonusWagerMatch'] as const;

export function payLegacyBonuses(tx: Transition): void {
  const sas = tx.state.sas;
  const bonuses = sas?.aft?.legacyBonuses;
  if (!sas || !bonuses?.length || gameInProgress(tx.state)) return;
  for (const b of bonuses) {
    tx.set({ balance: tx.state.balance + b.amount });
    tx.count({ [METER_BY_TAX[b.taxStatus] ?? METER_BY_TAX[0]]: b.amount });
    tx.log('sas', { event: 'legacyBonusPaid', amount: b.amount, taxStatus: b.taxStatus });
  }
  tx.set({ sas: { ...tx.state.sas!, aft: { ...aftOf(tx.state), legacyBonuses: [] } } });
}

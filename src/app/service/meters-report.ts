// C-8, C-9: the meters as one report, the same object for `cabinet meters --json` and the
// technician's meters query, so that the two can only ever agree.

import { GAMES } from '../../core';
import {
  activePayTableId,
  checkBalance,
  derivedMeters,
  keptMeterNames,
  meterDef,
  type CabinetState,
} from '../../cabinet';
import type { MetersReport } from '../../contract';

export function metersReport(state: CabinetState, chainIntact: boolean): MetersReport {
  const { currency, minorDigits } = state.settings;
  const { lifetime, period } = state.meters;
  // Every meter kept, a never-written one at zero: a meter missing from the page reads as a fault.
  const names = keptMeterNames(state.meters, state.settings.games);
  const meters = names.map((name) => {
    const def = meterDef(name, minorDigits);
    return {
      name,
      code: def?.code ?? null,
      sameAs: [...(def?.sameAs ?? [])],
      unit: def?.unit ?? 'count',
      label: def?.label ?? name,
      lifetime: lifetime[name] ?? 0,
      period: period[name] ?? 0,
    };
  });
  return {
    currency,
    minorDigits,
    balance: state.balance,
    meters,
    derived: derivedMeters(lifetime, state.balance),
    balanceCheck: checkBalance(lifetime, state.balance, state.promo),
    eventChain: chainIntact ? 'intact' : 'broken',
    games: GAMES.map((g, i) => ({
      id: g.id,
      sas: i + 1,
      name: g.names.en,
      offered: state.settings.games.includes(g.id),
      payTable: activePayTableId(state, g.id),
    })),
  };
}

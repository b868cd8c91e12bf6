// C-25 when the casino system goes away (docs/protocols/sas.md, "Host loss"): a host that stops
// polling, or a line that faults, is written to the event log and shown to the technician and the
// attendant; play goes on, exceptions queue and vouchers follow the validation mode's own rule,
// unless the operator set `devices.sas.disableAfterSeconds`: then, that long after the host went
// away, play stops until it is back (a game in progress is finished first).

import { refusal, type Outcome, type Transition } from './transition';
import type { SasCabinetState } from './sas-state';

export function hostLost(tx: Transition, sas: SasCabinetState, reason: string): Outcome {
  // The first cause stands, and so does its time: a restart or a second cause does not reset the clock.
  if (sas.hostLost) return null;
  const why = reason.slice(0, 200);
  tx.set({ sas: { ...sas, hostLost: { since: tx.at, reason: why } } });
  tx.log('sas', { event: 'hostLost', reason: why });
  return null;
}

export function hostBack(tx: Transition, sas: SasCabinetState): Outcome {
  if (!sas.hostLost) return null;
  tx.set({ sas: { ...sas, hostLost: null, hostLossStop: false } });
  tx.log('sas', { event: 'hostBack', awayMs: Math.max(0, tx.at - sas.hostLost.since) });
  return null;
}

/** When play stops for the host's absence (ms since the epoch), or null: never, or the host is here. */
export function hostLossStopsAt(sas: SasCabinetState): number | null {
  const after = sas.settings.disableAfterSeconds ?? null;
  return sas.hostLost && after !== null ? sas.hostLost.since + after * 1000 : null;
}

export function hostLossTimeout(tx: Transition, sas: SasCabinetState): Outcome {
  const at = hostLossStopsAt(sas);
  if (at === null)
    return refusal('C-25', 'play stops for the casino system only when it is away and the operator asks');
  if (tx.at < at) return refusal('C-25', 'the casino system has not been away long enough to stop play');
  if (sas.hostLossStop) return null;
  tx.set({ sas: { ...sas, hostLossStop: true } });
  tx.log('sas', { event: 'hostLossStop', afterSeconds: sas.settings.disableAfterSeconds ?? 0 });
  return null;
}

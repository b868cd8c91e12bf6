// C-25: the casino system on the SAS link (docs/protocols/sas.md). What it may do to the cabinet
// is a cabinet input like any other, committed before the link answers: disable and enable play,
// set the clock (only when the operator allows it), reset a handpay (likewise) and set the
// validation ID its vouchers are numbered under.

import { payHandpay } from './cashout';
import { gameInProgress, type CabinetState } from './state';
import type { SasCabinetState, SasCommand, SasSettings } from './sas-state';
import { refusal, type Outcome, type Transition } from './transition';

/** The stop the screen shows while disabled (C-25), as a tilt code the renderer knows. */
export const OUT_OF_SERVICE = 'host:disabled';

/** Play disabled by the casino system, and no game left to finish. */
export const hostDisabled = (s: CabinetState): boolean => s.sas?.disabledByHost === true;

export function hostDisabledRefusal(s: CabinetState) {
  return hostDisabled(s) ? refusal('C-25', 'out of service: play is disabled by the casino system') : null;
}

/** What the screen shows: disabled, once no game remains to finish. */
export const outOfService = (s: CabinetState): boolean => hostDisabled(s) && !gameInProgress(s);

const sameSettings = (a: SasSettings | null, b: SasSettings | null): boolean => JSON.stringify(a) === JSON.stringify(b);

export function sasCommand(tx: Transition, command: SasCommand): Outcome {
  const sas = tx.state.sas ?? null;
  if (command.type === 'configure') return configure(tx, sas, command.settings);
  if (!sas) return refusal('C-25', 'there is no SAS link');
  const set = (patch: Partial<SasCabinetState>) => tx.set({ sas: { ...sas, ...patch } });
  switch (command.type) {
    case 'shutdown':
      if (!sas.disabledByHost) {
        set({ disabledByHost: true, disabledSince: tx.at });
        tx.log('sas', { event: 'disabled', by: 'host', gameInProgress: gameInProgress(tx.state) });
      }
      return null;
    case 'startup':
      if (sas.disabledByHost) {
        set({ disabledByHost: false });
        tx.log('sas', { event: 'enabled', by: 'host' });
      }
      return null;
    case 'setClock': {
      if (!Number.isFinite(command.at)) return refusal('C-25', 'the host sent no valid time');
      const to = new Date(command.at).toISOString();
      if (!sas.settings.allowClockSet) return refusal('C-25', `the host may not set the clock (to ${to}): not allowed by the operator`);
      const clockOffsetMs = Math.round(command.at - tx.at);
      set({ clockOffsetMs });
      tx.log('sas', { event: 'clockSet', to, offsetMs: clockOffsetMs, was: sas.clockOffsetMs });
      return null;
    }
    case 'handpayReset': {
      if (!tx.state.handpay) return refusal('C-5', 'no handpay is waiting');
      if (!sas.settings.allowRemoteHandpayReset) return refusal('C-25', 'the host may not reset a handpay: not allowed by the operator');
      payHandpay(tx, 'host');
      return null;
    }
    case 'ticketStatusRead': {
      const last = tx.state.lastTicket;
      if (!last?.validated || last.since !== command.since) return refusal('C-25', 'no such ticket redemption has ended');
      if (sas.ticketStatusRead === command.since) return null;
      set({ ticketStatusRead: command.since });
      tx.log('ticket', { event: 'statusRead', barcode: last.barcode, by: 'host' });
      return null;
    }
    case 'validationId': {
      const v = command.validation;
      if (JSON.stringify(v) === JSON.stringify(sas.validation)) return null;
      set({ validation: v });
      tx.log('sas', { event: 'validationId', validationId: v.current?.validationId ?? null, sequence: v.current?.sequence ?? null });
      return null;
    }
  }
}

function configure(tx: Transition, sas: SasCabinetState | null, settings: SasSettings | null): Outcome {
  if (sameSettings(sas?.settings ?? null, settings)) return null;
  tx.log('sas', { event: 'configured', from: sas?.settings ?? null, to: settings });
  // The host's settings (disabled, validation ID, clock) outlive a change of address: the
  // machine is the same one on the casino's books.
  if (!settings) tx.set({ sas: null });
  else tx.set({ sas: sas ? { ...sas, settings } : { settings, disabledByHost: false, validation: { current: null, lastSet: null }, clockOffsetMs: 0 } });
  return null;
}

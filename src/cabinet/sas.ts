// C-25: the casino system on the SAS link (docs/protocols/sas.md). What it may do to the cabinet
// is a cabinet input like any other, committed before the link answers: disable and enable play,
// set the clock (only when the operator allows it), reset a handpay (likewise) and set the
// validation ID its vouchers are numbered under.

import { aftCommand, aftLock } from './aft';
import { payHandpay, systemValidation, systemValidationTimeout } from './cashout';
import { gameInProgress, type CabinetState } from './state';
import { type SasCabinetState, type SasCommand, type SasSettings, type SasSettingsChange } from './sas-state';
import { cashOutTicketRead, extendedValidation, ticketText } from './sas-validation';
import { hostBack, hostLossTimeout, hostLost } from './sas-host-loss';
import { removeTilt } from './tilts';
import { refusal, type Outcome, type Transition } from './transition';
import { SAS_LINE_TILT } from './vocabulary/tilts';

/** Play disabled by the casino system (01 until 02). */
export const hostDisabled = (s: CabinetState): boolean => s.sas?.disabledByHost === true;

/** Play stopped over the link: disabled by the host, or the host away longer than the operator allows. */
export const sasStopsPlay = (s: CabinetState): boolean => hostDisabled(s) || s.sas?.hostLossStop === true;

export function hostDisabledRefusal(s: CabinetState, at: number) {
  if (aftLock(s, at))
    return refusal('C-26', 'transfer in progress: the casino system holds the machine for a transfer');
  if (s.sas?.aft?.hostCashoutRequest) return refusal('C-26', 'a cash-out is waiting for the casino system');
  if (hostDisabled(s)) return refusal('C-25', 'out of service: play is disabled by the casino system');
  if (s.sas?.hostLossStop)
    return refusal(
      'C-25',
      `out of service: no casino system for ${s.sas.settings.disableAfterSeconds ?? 0} s (${s.sas.hostLost?.reason ?? 'away'})`,
    );
  return null;
}

/** What the screen shows: stopped over the link, once no game remains to finish. */
export const outOfService = (s: CabinetState): boolean => sasStopsPlay(s) && !gameInProgress(s);

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
      if (!sas.settings.allowClockSet)
        return refusal('C-25', `the host may not set the clock (to ${to}): not allowed by the operator`);
      const clockOffsetMs = Math.round(command.at - tx.at);
      set({ clockOffsetMs });
      tx.log('sas', { event: 'clockSet', to, offsetMs: clockOffsetMs, was: sas.clockOffsetMs });
      return null;
    }
    case 'handpayReset': {
      if (!tx.state.handpay) return refusal('C-5', 'no handpay is waiting');
      if (!sas.settings.allowRemoteHandpayReset)
        return refusal('C-25', 'the host may not reset a handpay: not allowed by the operator');
      payHandpay(tx, 'host');
      return null;
    }
    case 'ticketStatusRead': {
      const last = tx.state.lastTicket;
      if (!last?.validated || last.since !== command.since)
        return refusal('C-25', 'no such ticket redemption has ended');
      if (sas.ticketStatusRead === command.since) return null;
      set({ ticketStatusRead: command.since });
      tx.log('ticket', { event: 'statusRead', barcode: last.barcode, by: 'host' });
      return null;
    }
    case 'validationId': {
      const v = command.validation;
      if (JSON.stringify(v) === JSON.stringify(sas.validation)) return null;
      set({ validation: v });
      tx.log('sas', {
        event: 'validationId',
        validationId: v.current?.validationId ?? null,
        sequence: v.current?.sequence ?? null,
      });
      return null;
    }
    case 'lineFault': {
      // A line that cannot carry the link is the host lost, as one that stops polling: logged,
      // shown, and play goes on unless the operator asked otherwise (sas-host-loss.ts).
      const message = String(command.message).slice(0, 200);
      if (sas.lineFault) return null;
      set({ lineFault: true });
      tx.log('fault', { device: 'sas', event: 'fault', code: 'line', message });
      return hostLost(tx, tx.state.sas!, `line fault: ${message}`);
    }
    case 'lineFaultCleared':
      dropLegacyLineTilt(tx);
      if (!sas.lineFault) return null;
      set({ lineFault: false });
      tx.log('fault', { device: 'sas', event: 'cleared', code: 'line' });
      return null;
    case 'hostLost':
      return hostLost(tx, sas, command.reason);
    case 'hostBack':
      return hostBack(tx, sas);
    case 'hostLossTimeout':
      return hostLossTimeout(tx, sas);
    case 'extendedValidation':
      return extendedValidation(tx, sas, command.controls, command.expiry);
    case 'ticketText':
      return ticketText(tx, sas, command.text);
    case 'systemValidation':
      return systemValidation(tx, command.systemId, command.validationNumber);
    case 'systemValidationTimeout':
      return systemValidationTimeout(tx);
    case 'cashOutTicketRead':
      return cashOutTicketRead(tx, sas, command.validationNumber);
    case 'aftRegister':
    case 'aftLock':
    case 'aftUnlock':
    case 'aftTransfer':
    case 'aftAcknowledge':
    case 'legacyBonus':
    case 'hostCashoutTimeout':
      return aftCommand(tx, command);
  }
}

/** A line fault's tilt kept by a version before it became a host loss lifts (at every start, and when the line is ready). */
function dropLegacyLineTilt(tx: Transition): void {
  if (tx.state.tilts.some((t) => t.code === SAS_LINE_TILT)) removeTilt(tx, { kind: 'sasLine' });
}

const SAS_KEYS = [
  'address',
  'accountingDenomination',
  'allowClockSet',
  'allowRemoteHandpayReset',
  'validation',
  'disableAfterSeconds',
] as const;

/**
 * C-7 for the link: the file's settings over the cabinet's, key by key, only where the operator
 * edited the file since it was last applied; without a baseline the file's whole.
 */
function fromFile(current: SasSettings, file: SasSettings, baseline: SasSettings | undefined): SasSettings {
  if (!baseline) return file;
  const next = { ...current };
  for (const k of SAS_KEYS) if (baseline[k] !== file[k]) take(next, file, k);
  return next;
}

const take = <K extends keyof SasSettings>(to: SasSettings, from: SasSettings, key: K): void => {
  to[key] = from[key];
};

/** C-7, C-21: a technician's change of the link's address or the host's permissions (the caller checked access). */
export function changeSasSettings(tx: Transition, change: SasSettingsChange): Outcome {
  const sas = tx.state.sas ?? null;
  if (!sas) return refusal('C-7', 'there is no SAS link to set: devices.sas is not in the config file');
  const next: SasSettings = { ...sas.settings };
  if (change.address !== undefined) {
    if (!Number.isInteger(change.address) || change.address < 1 || change.address > 127)
      return refusal('C-7', `SAS address ${change.address} must be 1..127`);
    next.address = change.address;
  }
  if (change.allowClockSet !== undefined) next.allowClockSet = change.allowClockSet === true;
  if (change.allowRemoteHandpayReset !== undefined)
    next.allowRemoteHandpayReset = change.allowRemoteHandpayReset === true;
  for (const k of SAS_KEYS)
    if (next[k] !== sas.settings[k])
      tx.log('config', { key: `sas.${k}`, from: sas.settings[k], to: next[k], source: 'technician' });
  if (!sameSettings(next, sas.settings)) tx.set({ sas: { ...sas, settings: next } });
  return null;
}

function configure(tx: Transition, sas: SasCabinetState | null, file: SasSettings | null): Outcome {
  dropLegacyLineTilt(tx);
  const settings = sas && file ? fromFile(sas.settings, file, sas.configApplied) : file;
  if (sameSettings(sas?.settings ?? null, settings)) {
    if (sas && file && !sameSettings(sas.configApplied ?? null, file)) tx.set({ sas: { ...sas, configApplied: file } });
    return null;
  }
  tx.log('sas', { event: 'configured', from: sas?.settings ?? null, to: settings });
  // The host's settings (disabled, validation ID, clock) outlive a change of address: the
  // machine is the same one on the casino's books.
  if (!settings || !file) tx.set({ sas: null });
  else
    tx.set({
      sas: sas
        ? { ...sas, settings, configApplied: file }
        : {
            settings,
            disabledByHost: false,
            validation: { current: null, lastSet: null },
            clockOffsetMs: 0,
            configApplied: file,
          },
    });
  return null;
}

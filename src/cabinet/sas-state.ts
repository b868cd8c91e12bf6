// The SAS link's part of the cabinet's state and inputs (C-25), as plain data: what the cabinet
// keeps to answer the casino system from. The link's protocol lives in src/devices/sas; what the
// host may do is sas.ts.

import type { AftCabinetState, AftCommand } from './aft-state';
import { VALIDATION_MODES, type ValidationMode } from './vocabulary/sas';

export { VALIDATION_MODES, type ValidationMode };

/** The link's settings: the config file's `devices.sas`, kept in the cabinet's state. */
export interface SasSettings {
  /** 1..127. */
  address: number;
  /** Minor units per SAS credit (the accounting denomination). */
  accountingDenomination: number;
  allowClockSet: boolean;
  allowRemoteHandpayReset: boolean;
  /** Absent in states saved before there was a choice: secure enhanced. */
  validation?: ValidationMode;
  /** Seconds without the host after which play stops; null (or absent): never. */
  disableAfterSeconds?: number | null;
}

/** The host's text and expiry for the vouchers (7B, 7C, 7D); what it leaves out stays the operator's. */
export interface HostTicketText {
  location?: string;
  address1?: string;
  address2?: string;
  /** Days a voucher is valid, or never. */
  expiry?: number | 'never';
}

/** What the host let the machine do (7B's controls it may change). */
export interface HostControls {
  /** Cash-outs are printed; off, each is a handpay. */
  printerAsCashoutDevice: boolean;
  /** Tickets are taken in; off, each is handed back. */
  ticketRedemption: boolean;
}

export const DEFAULT_CONTROLS: HostControls = { printerAsCashoutDevice: true, ticketRedemption: true };

/** Secure enhanced validation as the host set it with 4C (src/devices/sas/validation.ts). */
export interface SasValidationConfig {
  validationId: number;
  /** The last sequence number used. */
  sequence: number;
}

export interface SasValidationState {
  current: SasValidationConfig | null;
  lastSet: SasValidationConfig | null;
}

export interface SasCabinetState {
  settings: SasSettings;
  /** Long poll 01 until 02: no new game, no note (a game in progress is finished). */
  disabledByHost: boolean;
  /** When the host disabled play (ms since the epoch). */
  disabledSince?: number;
  validation: SasValidationState;
  /** The host's clock (7F) less the cabinet's, in ms: SAS's date and time are the host's. */
  clockOffsetMs: number;
  /** Ticket in: the insertion (`since`) of the last redemption whose final status the host has read (71 FF). */
  ticketStatusRead?: number;
  /**
   * The config file's `devices.sas` as last applied (C-7's baseline): a technician's change at
   * the cabinet stands until the operator edits that key in the file. Absent before it existed.
   */
  configApplied?: SasSettings;
  /** 7B: absent, both on. */
  controls?: HostControls;
  /** 7B, 7C, 7D: the host's ticket data for the next vouchers. */
  ticketText?: HostTicketText;
  /** System validation: the cash-out waiting for the host's validation number (57, 58). */
  pendingCashout?: { amount: number; since: number } | null;
  /** Standard validation: the last voucher printed, its 8 digits, and whether the host has read them (3D). */
  lastCashOutTicket?: { validationNumber: string; amount: number; read: boolean } | null;
  /** Since when and why the host is away (no polls, or the line's fault); absent or null while it polls. */
  hostLost?: { since: number; reason: string } | null;
  /** Play stopped: the host has been away `disableAfterSeconds` (lifts when it is back). */
  hostLossStop?: boolean;
  /** The port cannot carry the link now (logged once a fault, as it clears). */
  lineFault?: boolean;
  /** AFT and legacy bonuses (C-26); absent before the host first used them. */
  aft?: AftCabinetState;
}

/** The validation mode of the link (secure enhanced for a state saved before there was a choice). */
export const validationMode = (sas: SasCabinetState): ValidationMode => sas.settings.validation ?? 'secure-enhanced';

/** What a technician may set at the cabinet (C-7); the accounting denomination stays the file's. */
export type SasSettingsChange = Partial<Pick<SasSettings, 'address' | 'allowClockSet' | 'allowRemoteHandpayReset'>>;

export type SasCommand =
  /** At every start: the link as configured (null: none); a change is logged. */
  | { type: 'configure'; settings: SasSettings | null }
  | { type: 'shutdown' }
  | { type: 'startup' }
  /** 7F: the host's time, ms since the epoch read as the cabinet's local time. */
  | { type: 'setClock'; at: number }
  /** 94. */
  | { type: 'handpayReset' }
  /** 4C, as `applySetValidationId` worked it out. */
  | { type: 'validationId'; validation: SasValidationState }
  /** 71 FF: the host took the final status of the redemption of the ticket inserted at `since`. */
  | { type: 'ticketStatusRead'; since: number }
  /** The SAS port cannot carry the link (cannot open, stty refused on a UART, port lost): the host is lost. */
  | { type: 'lineFault'; message: string }
  | { type: 'lineFaultCleared' }
  /** The host stopped polling (the link's word), or polls again. */
  | { type: 'hostLost'; reason: string }
  | { type: 'hostBack' }
  /** `disableAfterSeconds` have passed without the host: play stops. */
  | { type: 'hostLossTimeout' }
  /** 7B: what the host changes of the controls and the expiry (absent: unchanged). */
  | { type: 'extendedValidation'; controls: Partial<HostControls>; expiry?: number | 'never' }
  /** 7C, 7D: the host's ticket text (absent fields unchanged). */
  | { type: 'ticketText'; text: HostTicketText }
  /** 58: the host's number for the pending cash-out; system ID 0 refuses it (a handpay). */
  | { type: 'systemValidation'; systemId: number; validationNumber: string }
  /** No 58 within the standard's ten seconds (or the host away): the pending cash-out is a handpay. */
  | { type: 'systemValidationTimeout' }
  /** Standard validation: the host took 3D's reply with this number. */
  | { type: 'cashOutTicketRead'; validationNumber: string }
  /** AFT and legacy bonuses (aft.ts, C-26). */
  | AftCommand;

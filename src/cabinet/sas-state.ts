// The SAS link's part of the cabinet's state and inputs (C-25), as plain data: what the cabinet
// keeps to answer the casino system from. The link's protocol lives in src/devices/sas; what the
// host may do is sas.ts.

/** The link's settings: the config file's `devices.sas`, kept in the cabinet's state. */
export interface SasSettings {
  /** 1..127. */
  address: number;
  /** Minor units per SAS credit (the accounting denomination). */
  accountingDenomination: number;
  allowClockSet: boolean;
  allowRemoteHandpayReset: boolean;
}

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
}

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
  /** The SAS port cannot carry the link (cannot open, stty refused on a UART, port lost): C-15. */
  | { type: 'lineFault'; message: string }
  | { type: 'lineFaultCleared' };

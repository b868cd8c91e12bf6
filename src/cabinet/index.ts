// The cabinet layer's public face: the pure machine, its state, inputs, effects and meters.

export * from './device-events';
export * from './settings';
export * from './money';
export * from './meters';
export * from './state';
export * from './inputs';
export * from './ticket-verdicts';
export * from './effects';
export * from './cabinet';
export { acceptorShouldAccept, lampsFor } from './outputs';
export { advancesAtOnce, commandMovesMoney, numbersTaken, paysOutOrShowsIt, syncBeforeShowing } from './durability';
export { recordsRefused } from './records';
export { NUMBERS_PER_ADVANCE } from './numbers-per-advance';
export * from './vocabulary/sas-meter-codes';
export * from './vocabulary/tilts';
export * from './vocabulary/log-events';
export { replayFile, type ReplayFile } from './recall';
export { recalledReplay, storedState, UNRECORDED_RULES_VERSION } from './rules-version';
export { parseWish } from './wishes';
export {
  settingsProblems,
  describeProblems,
  TICKET_VALIDATION_SECONDS,
  MAX_BET_LIMIT,
  MAX_CHIP_VALUES,
  PRESENTATION_RANGES,
  RETURN_PCT_BOUNDS,
  type SettingsProblem,
} from './settings-check';
export { settingsDiff, type SettingChange } from './settings-change';
export { activePayTableId, samePayTable, CUSTOM_PAY_TABLE } from './installed-tables';
export {
  coefficientsText,
  describeRange,
  describeReturn,
  GAME_NAMES,
  returnOutOfRange,
  returnOver100,
  tableName,
  type ConfigReturns,
  type ReturnRange,
} from './return-range';
export type { ReturnEstimate, ReturnPlay, TableReturn } from './table-return';
export { SPECIMEN_SEQUENCE_BASE } from './device-test';
export { keyProblem, technicianProblem } from './keys';
export { hostDisabled, outOfService, sasStopsPlay } from './sas';
export { hostLossStopsAt } from './sas-host-loss';
export { aftLock, aftOf, aftRecordAt, aftUnavailable, aftVerdict, balanceByKind } from './aft';
export { HOST_CASHOUT_TIMEOUT_MS } from './cashout';
export type { AftAmounts, AftCabinetState, AftTransferAsk, AftTransferRecord, PromoCredits } from './aft-state';
export * from './vocabulary/aft-codes';
export { NEVER_EXPIRES } from './cashout';
export {
  STANDARD_VALIDATION_SECONDS,
  SYSTEM_VALIDATION_TIMEOUT_MS,
  VALIDATION_BUFFER,
  hostControls,
  type VoucherScheme,
} from './sas-validation';
export type {
  HostControls,
  HostTicketText,
  SasCabinetState,
  SasCommand,
  SasSettings,
  SasSettingsChange,
  SasValidationConfig,
  SasValidationState,
  ValidationMode,
} from './sas-state';
export { DEFAULT_CONTROLS, VALIDATION_MODES, validationMode } from './sas-state';
export {
  ownVoucherVerdict,
  VOUCHER_STATUSES,
  type TicketRecord,
  type VoucherRecord,
  type VoucherStatus,
} from './own-vouchers';
export { TICKET_REASON_TEXT } from './tickets';
export {
  checkDigitsMatch,
  checkValidationNumber,
  formatValidationNumber,
  withCheckDigits,
  type ValidationCheck,
} from './validation-number';
export { TICKET_LOCK_MS, UNKNOWN_TICKETS_IN_A_ROW } from './ticket-guesses';

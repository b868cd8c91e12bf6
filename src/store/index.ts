// The store layer's public face: the cabinet database on better-sqlite3, written by its journal
// and read by its records reader, its keyed records, the machine key and the mirror of critical
// memory.

export { Journal, CHECKPOINT_EVERY } from './journal';
export {
  cutDue,
  DEFAULT_RETENTION,
  DAYS_KEPT_AT_LEAST,
  EVENTS_KEPT_AT_LEAST,
  verifyWithArchive,
  withFloor,
  type RetentionRule,
} from './archive';
export { RecordsReader, type StoredEvent, type SettingsChange, type ReaderOptions } from './records-reader';
export { mirrorMemory, type MachineOptions, type Purpose, type RecordsVerdict } from './records-open';
export { parseTcti, describeTcti, TCTI_FORMS, type Tcti } from './anchor/transport';
export { DEFAULT_COUNTER_INDEX, hexHandle, readCounter, type CounterState } from './anchor/nv-counter';
export type { AnchorChoice } from './anchor/records-anchor';
export { StoreError, openDatabase } from './database';
export { verifyChain, type ChainCheck } from './event-chain';
export { createMachineKey, readMachineKey, shortFingerprint, type MachineKey } from './machine-key';
export { Mirror, MIRROR_FILE, type MirrorRecord } from './mirror';
export { SCHEMA_VERSION, RECALL_KEEP, APPLICATION_ID } from './schema';
export { VALIDATIONS_KEPT, type QueuedException, type SasWrites, type StoredValidation } from './sas-tables';

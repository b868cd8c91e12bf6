// The store layer's public face: the cabinet database on better-sqlite3, its keyed records, the
// machine key and the mirror of critical memory.

export {
  CabinetStore,
  CHECKPOINT_EVERY,
  mirrorMemory,
  type StoredEvent,
  type SettingsChange,
  type MachineOptions,
  type Purpose,
  type RecordsVerdict,
  type StoreOpenOptions,
} from './cabinet-store';
export { StoreError, openDatabase } from './database';
export { verifyChain, type ChainCheck } from './event-chain';
export { createMachineKey, readMachineKey, shortFingerprint, type MachineKey } from './machine-key';
export { Mirror, MIRROR_FILE, type MirrorRecord } from './mirror';
export { SCHEMA_VERSION, RECALL_KEEP, APPLICATION_ID } from './schema';

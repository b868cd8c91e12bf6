// The store layer's public face: the cabinet database on better-sqlite3.

export { CabinetStore, type StoredEvent, type SettingsChange } from './cabinet-store';
export { StoreError, openDatabase } from './database';
export { verifyChain, type ChainCheck } from './event-chain';
export { SCHEMA_VERSION, RECALL_KEEP, APPLICATION_ID } from './schema';

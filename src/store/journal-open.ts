// Opening the journal's database for the running cabinet: its places checked, the writer's lock
// taken before a byte is read, the machine key read (or made with a new database), the database
// made, migrated, or adopted from before the keyed records, and its records checked as the
// running cabinet finds them (records-open.ts). A refusal closes what it opened.

import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { migrate, openDatabase, realDatabasePath, StoreError } from './database';
import { createMachineKey, readMachineKey, shortFingerprint } from './machine-key';
import {
  adopt,
  checkPlaces,
  openKeyed,
  readIdentity,
  seedNew,
  type JournalStart,
  type MachineOptions,
} from './records-open';
import { refusedIn } from './records-reader';
import { KEYED_SCHEMA, SCHEMA_VERSION } from './schema';
import { WriterLock } from './writer-lock';

export type OpenedJournal = JournalStart & { db: Database.Database; lock: WriterLock };

/** The database at `path` opened, checked and locked for the running cabinet `m`. */
export function openJournal(named: string, m: MachineOptions): OpenedJournal {
  // Links resolved once: the lock, the WAL's sync and every message name the real file.
  const path = realDatabasePath(named);
  checkPlaces(path, m);
  // Before the database is read: what a second writer found there would be stale at once.
  const lock = WriterLock.take(path);
  try {
    return { ...openLocked(path, m), lock };
  } catch (e) {
    lock.release();
    throw e;
  }
}

function openLocked(path: string, m: MachineOptions): JournalStart & { db: Database.Database } {
  const fresh = !existsSync(path);
  let key = existsSync(m.keyFile) ? readMachineKey(m.keyFile) : null;
  if (fresh) key ??= createMachineKey(m.keyFile);
  const seedKey = key;
  const { db, version } = openDatabase(path, { seed: seedKey ? (d) => seedNew(d, seedKey, m) : undefined });
  let start: JournalStart;
  try {
    if (version >= KEYED_SCHEMA) {
      // Tables added since (schema 5 on): created empty; the next commit signs their digests.
      if (version < SCHEMA_VERSION) migrate(db, version);
      if (!key) {
        const bound = shortFingerprint(readIdentity(db, path).fingerprint);
        throw new StoreError(
          `the machine key ${m.keyFile} is missing, and ${path} is bound to the key with fingerprint ${bound}: put that key file back`,
        );
      }
      start = openKeyed(db, path, key, m);
    } else {
      start = adopt(db, path, key ?? createMachineKey(m.keyFile), m, version);
    }
  } catch (e) {
    db.close();
    throw refusedIn(path, e);
  }
  return { ...start, db };
}

// The journal is the database's one writer (journal.ts), and this holds it to that: a second
// cabinet started on the same data folder (a second service, a technician's copy of the
// program, a test left running) would otherwise commit over the first, each from its own state
// in memory, and each number the next voucher alike. The lock is SQLite's own on a small file
// beside the database, held exclusively for as long as the journal is open: the operating
// system lets it go when the process dies however it dies, so a crash or a power cut never
// leaves a stale lock behind, and readers of the database itself (the technician's tools, the
// Devices page) are not held up by it.

import Database from 'better-sqlite3';
import { StoreError } from './database';

/** The lock file of the database at `path`. */
export const writerLockPath = (path: string): string => `${path}.lock`;

export class WriterLock {
  private constructor(private readonly db: Database.Database) {}

  /** Takes the lock of the database at `path`, or refuses, naming it, while another holds it. */
  static take(path: string): WriterLock {
    const file = writerLockPath(path);
    let db: Database.Database;
    try {
      // No wait: a lock another cabinet holds is not let go in a few seconds.
      db = new Database(file, { timeout: 0 });
    } catch (e) {
      throw new StoreError(`the lock ${file} cannot be opened: ${(e as Error).message}`);
    }
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      // A write in exclusive locking mode keeps its exclusive lock until the connection closes.
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch (e) {
      db.close();
      const busy = (e as { code?: string }).code === 'SQLITE_BUSY';
      throw new StoreError(
        busy
          ? `${path} is open in another cabinet (the lock ${file} is held): stop that one first; two cabinets on one database would each commit over the other`
          : `the lock ${file} cannot be taken: ${(e as Error).message}`,
      );
    }
    return new WriterLock(db);
  }

  release(): void {
    if (this.db.open) this.db.close();
  }
}

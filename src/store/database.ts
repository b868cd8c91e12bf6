// Opening the cabinet database: a file that is not ours, damaged, truncated or of a schema this
// build does not know is refused with a message, and nothing is written to it. Only a path
// with no file at all becomes a new database. Migrations are the store's to run, once it has
// checked whose database this is (journal.ts).

import Database from 'better-sqlite3';
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { APPLICATION_ID, KEYED_SCHEMA, MIGRATIONS, SCHEMA_VERSION } from './schema';

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

const MAGIC = 'SQLite format 3\u0000';

/** Checks the 100-byte SQLite header against the file's size before SQLite reads anything. */
function checkHeader(path: string): void {
  const size = statSync(path).size;
  if (size === 0) throw new StoreError(`${path} is empty; refusing to create a new database over it`);
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || header.toString('latin1', 0, 16) !== MAGIC)
    throw new StoreError(`${path} is not an SQLite database`);
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    throw new StoreError(`${path} has a damaged header (page size ${raw})`);
  if (size % pageSize !== 0)
    throw new StoreError(`${path} is truncated: ${size} bytes is not a whole number of ${pageSize}-byte pages`);
  const pages = header.readUInt32BE(28);
  const sizeValid = header.readUInt32BE(24) === header.readUInt32BE(92);
  if (sizeValid && pages * pageSize > size) {
    throw new StoreError(`${path} is truncated: the header counts ${pages} pages, the file holds ${size / pageSize}`);
  }
}

function pragmas(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
}

export function migrate(db: Database.Database, from: number): void {
  for (const m of MIGRATIONS) {
    if (m.version <= from) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}

export interface OpenedDatabase {
  db: Database.Database;
  created: boolean;
  /** The schema version found (before any migration). */
  version: number;
}

export interface OpenOptions {
  readonly?: boolean;
  /** Writes what a new database starts with (its identity, the first commit), before it appears. */
  seed?: (db: Database.Database) => void;
}

/** Opens (or, where no file exists, creates) the cabinet database at `path`; migrates nothing. */
/**
 * The database's own path, links resolved, taken once at open: SQLite keeps the WAL and the lock
 * beside the real file, so `<path>-wal` of a link names nothing (the WAL's sync would fail at the
 * first commit). A path that does not exist yet is made where it is named.
 */
export function realDatabasePath(path: string): string {
  if (!existsSync(path)) {
    // A link whose target is gone: making a new database would replace the link with a file.
    if (isLink(path)) throw new StoreError(`${path} is a link to ${readlinkSync(path)}, which does not exist`);
    return path;
  }
  return realpathSync(path);
}

const isLink = (path: string): boolean => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

export function openDatabase(named: string, options: OpenOptions = {}): OpenedDatabase {
  const path = realDatabasePath(named);
  let created = false;
  if (!existsSync(path)) {
    if (options.readonly) throw new StoreError(`${path} does not exist`);
    create(path, options.seed);
    created = true;
  }
  checkHeader(path);
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: true, readonly: options.readonly === true });
  } catch (e) {
    throw new StoreError(`${path} cannot be opened: ${(e as Error).message}`);
  }
  let version: number;
  try {
    version = validate(db, path);
    if (!options.readonly) pragmas(db);
  } catch (e) {
    db.close();
    if (e instanceof StoreError) throw e;
    throw new StoreError(`${path} is damaged: ${(e as Error).message}`);
  }
  return { db, created, version };
}

/**
 * A new database is built beside its final name and renamed into place, so that a crash while
 * it is being made never leaves a half-made file that the next start would (rightly) refuse.
 */
function create(path: string, seed?: (db: Database.Database) => void): void {
  const temp = `${path}.creating`;
  for (const f of [temp, `${temp}-wal`, `${temp}-shm`]) rmSync(f, { force: true });
  const db = new Database(temp);
  try {
    pragmas(db);
    db.pragma(`application_id = ${APPLICATION_ID}`);
    migrate(db, 0);
    seed?.(db);
  } finally {
    db.close();
  }
  renameSync(temp, path);
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * Tables checked page by page at every open. The long append-only ones (the event log and the
 * commit chain) are not: checking them would make a start as slow as the log is long; their
 * pages are read, and any damage found, by the background walk of the chain.
 */
const CHECKED_AT_OPEN = [
  'identity',
  'cabinet_state',
  'state_parts',
  'meters',
  'settings',
  'recall',
  'table_digests',
  'settings_log',
  'checkpoints',
];

/** Checks the file is a whole cabinet database this build knows; gives its schema version. */
function validate(db: Database.Database, path: string): number {
  const appId = db.pragma('application_id', { simple: true }) as number;
  if (appId !== APPLICATION_ID) {
    throw new StoreError(`${path} is an SQLite database but not a cabinet database (application_id ${appId})`);
  }
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new StoreError(
      `${path} has schema version ${version}, newer than this build knows (${SCHEMA_VERSION}); refusing to touch it`,
    );
  }
  if (version < 1) throw new StoreError(`${path} has schema version ${version}: not a complete cabinet database`);
  // A database from before the keyed records is walked whole when it is adopted: check it whole.
  const checks = version < KEYED_SCHEMA ? ['quick_check'] : CHECKED_AT_OPEN.map((t) => `quick_check(${t})`);
  for (const pragma of checks) {
    const check = db.pragma(pragma) as { quick_check: string }[];
    const [only, ...more] = check;
    if (only?.quick_check !== 'ok' || more.length > 0) {
      throw new StoreError(
        `${path} fails its integrity check: ${check
          .map((r) => r.quick_check)
          .slice(0, 3)
          .join('; ')}`,
      );
    }
  }
  return version;
}

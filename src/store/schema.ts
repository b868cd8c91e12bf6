// The database schema as numbered migrations. PRAGMA user_version holds the version reached;
// PRAGMA application_id marks the file as a cabinet database, so another program's SQLite file
// is never mistaken for one (and never written to).

import { present } from '../core';

export const APPLICATION_ID = 0x504b4342; // "PKCB"

export interface Migration {
  version: number;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE cabinet_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL,
        state TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE meters (
        scope TEXT NOT NULL CHECK (scope IN ('lifetime', 'period')),
        name TEXT NOT NULL,
        value INTEGER NOT NULL,
        PRIMARY KEY (scope, name)
      ) WITHOUT ROWID;
      CREATE TABLE recall (
        game_id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        chip_value INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER NOT NULL,
        staked INTEGER NOT NULL,
        paid INTEGER NOT NULL,
        handpaid INTEGER NOT NULL,
        replay TEXT NOT NULL,
        result TEXT NOT NULL
      );
      CREATE TABLE events (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        data TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE settings_log (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        key TEXT NOT NULL,
        old_value TEXT,
        new_value TEXT NOT NULL,
        source TEXT NOT NULL
      );
    `,
  },
  {
    // C-12: the log is append only for SQLite itself too; the hash chain catches whoever
    // drops these triggers to edit it anyway.
    version: 2,
    sql: `
      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append only'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append only'); END;
      CREATE TRIGGER settings_log_no_update BEFORE UPDATE ON settings_log
        BEGIN SELECT RAISE(ABORT, 'the settings log is append only'); END;
      CREATE TRIGGER settings_log_no_delete BEFORE DELETE ON settings_log
        BEGIN SELECT RAISE(ABORT, 'the settings log is append only'); END;
    `,
  },
  {
    // Parts of the state that change only with the configuration (the last-applied config file,
    // the installed pay tables): kept apart so that every commit does not rewrite them.
    version: 3,
    sql: `
      CREATE TABLE state_parts (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    // The records bound to their machine and keyed (keyed-chain.ts, table-digests.ts): who made
    // the database (the machine key's fingerprint, the machine number, production or simulated),
    // one signed row per commit, the digests of the tables as the latest commit left them, and
    // the keyed checkpoints a start walks the chain from.
    version: 4,
    sql: `
      CREATE TABLE identity (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        fingerprint TEXT NOT NULL,
        machine TEXT NOT NULL,
        purpose TEXT NOT NULL CHECK (purpose IN ('production', 'simulated')),
        mirrored INTEGER NOT NULL CHECK (mirrored IN (0, 1)),
        created_at INTEGER NOT NULL
      );
      CREATE TABLE commits (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        events_to INTEGER NOT NULL,
        events_head TEXT NOT NULL,
        settings_to INTEGER NOT NULL,
        settings_head TEXT NOT NULL,
        tables TEXT NOT NULL,
        mac TEXT NOT NULL
      );
      CREATE TABLE table_digests (
        name TEXT PRIMARY KEY,
        digest TEXT NOT NULL
      );
      CREATE TABLE checkpoints (
        seq INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('verified', 'era')),
        commit_seq INTEGER NOT NULL,
        at INTEGER NOT NULL,
        mac TEXT NOT NULL
      );
      CREATE TRIGGER commits_no_update BEFORE UPDATE ON commits
        BEGIN SELECT RAISE(ABORT, 'the commit chain is append only'); END;
      CREATE TRIGGER commits_no_delete BEFORE DELETE ON commits
        BEGIN SELECT RAISE(ABORT, 'the commit chain is append only'); END;
      CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON checkpoints
        BEGIN SELECT RAISE(ABORT, 'the checkpoints are append only'); END;
      CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON checkpoints
        BEGIN SELECT RAISE(ABORT, 'the checkpoints are append only'); END;
    `,
  },
  {
    // The SAS link (docs/protocols/sas.md): exceptions not yet taken by the casino system, and
    // the vouchers its enhanced validation reads (4D); both covered by the table digests.
    // AUTOINCREMENT: an exception's id is never reused, so a reply in flight names only its own.
    version: 5,
    sql: `
      CREATE TABLE sas_exceptions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        code INTEGER NOT NULL CHECK (code BETWEEN 1 AND 255),
        priority INTEGER NOT NULL CHECK (priority IN (0, 1)),
        raised_at INTEGER NOT NULL
      );
      CREATE TABLE sas_validations (
        seq INTEGER PRIMARY KEY,
        record TEXT NOT NULL,
        read INTEGER NOT NULL CHECK (read IN (0, 1))
      );
    `,
  },
  {
    // The vouchers this cabinet printed and what became of each (standalone validation of tickets
    // in): a voucher is redeemed here only if it is issued, not expired, and redeemed never before.
    // Vouchers printed before this schema are not in it: they are not redeemed here.
    version: 6,
    sql: `
      CREATE TABLE vouchers (
        validation TEXT PRIMARY KEY CHECK (length(validation) = 18),
        sequence INTEGER NOT NULL,
        amount INTEGER NOT NULL,
        currency TEXT NOT NULL,
        issued_at INTEGER NOT NULL,
        expires_at TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('printing', 'issued', 'voided', 'redeemed')),
        redeemed_at INTEGER,
        redeemed_event INTEGER
      ) WITHOUT ROWID;
    `,
  },
  {
    // What real-time event reporting sends with an exception (a game's stake and coin-in meter, a
    // game's win, a note's country and count), made when it was raised and kept beside it until
    // the host has taken it. A table of its own, so the queue's rows and digests stay as they were.
    version: 7,
    sql: `
      CREATE TABLE sas_exception_data (
        id INTEGER PRIMARY KEY,
        data TEXT NOT NULL CHECK (length(data) BETWEEN 2 AND 64)
      );
    `,
  },
  {
    // The records' anchor outside the files (src/store/anchor): every commit since signs the TPM
    // counter's value it was made at; NULL for commits made before, or without a counter.
    version: 8,
    sql: `ALTER TABLE commits ADD COLUMN anchor INTEGER CHECK (anchor IS NULL OR anchor >= 0);`,
  },
  {
    // Group commit signs the tables once, at the group's end (keyed-chain.ts, IN_GROUP): the
    // group's last commit, written with 'in-group' for its tables, gets its digests and its MAC
    // then, in the same transaction. Nothing else of a commit ever changes, and no signed one does.
    version: 9,
    sql: `
      DROP TRIGGER commits_no_update;
      CREATE TRIGGER commits_no_update BEFORE UPDATE ON commits
        WHEN OLD.tables IS NOT 'in-group' OR NEW.tables IS 'in-group'
          OR NEW.seq IS NOT OLD.seq OR NEW.at IS NOT OLD.at
          OR NEW.events_to IS NOT OLD.events_to OR NEW.events_head IS NOT OLD.events_head
          OR NEW.settings_to IS NOT OLD.settings_to OR NEW.settings_head IS NOT OLD.settings_head
          OR NEW.anchor IS NOT OLD.anchor
        BEGIN SELECT RAISE(ABORT, 'the commit chain is append only'); END;
    `,
  },
  {
    // Every ticket number credited here, whoever printed it (tickets-credited.ts): a casino
    // system's 71 never credits one twice. Credits before this schema are not in it (the vouchers
    // table still knows this cabinet's own vouchers redeemed).
    version: 10,
    sql: `
      CREATE TABLE tickets_credited (
        validation TEXT PRIMARY KEY CHECK (length(validation) = 18),
        amount INTEGER NOT NULL CHECK (amount > 0),
        credited_at INTEGER NOT NULL,
        event INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    // The archive cuts (archive.ts): the commits, event rows and settings-log rows before a cut
    // moved to an archive file; each cut keyed, naming its file and the file's digest, and
    // vouching for the first commit the live chain walks from.
    version: 11,
    sql: `
      CREATE TABLE archive_cuts (
        seq INTEGER PRIMARY KEY,
        commit_seq INTEGER NOT NULL,
        at INTEGER NOT NULL,
        file TEXT NOT NULL,
        digest TEXT NOT NULL,
        mac TEXT NOT NULL
      );
      CREATE TRIGGER archive_cuts_no_update BEFORE UPDATE ON archive_cuts
        BEGIN SELECT RAISE(ABORT, 'the archive cuts are append only'); END;
      CREATE TRIGGER archive_cuts_no_delete BEFORE DELETE ON archive_cuts
        BEGIN SELECT RAISE(ABORT, 'the archive cuts are append only'); END;
    `,
  },
];

/** The first schema whose groups of commits sign the tables once, at the group's end. */
export const GROUP_SCHEMA = 9;

/** The first schema whose commits sign the TPM counter's value (a build before it writes none). */
export const ANCHOR_SCHEMA = 8;

/** The first schema whose records are keyed; a database below it is adopted (journal.ts). */
export const KEYED_SCHEMA = 4;

export const SCHEMA_VERSION = present(MIGRATIONS.at(-1), 'the last schema migration').version;

/** How many settled games the recall keeps (C-11 asks for at least 100). */
export const RECALL_KEEP = 100;

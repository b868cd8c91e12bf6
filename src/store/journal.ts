// The cabinet's journal (C-13): every transition is committed with its meter changes, log rows
// and game record in one transaction, before the runner carries out or shows anything; start-up
// reads the last committed state back whole (C-14). The journal is the database's one writer.
//
// Every transaction is one commit of the keyed chain (keyed-chain.ts): the table writers
// (table-writers.ts) write the rows, then the commit row signs where the logs end and the digests
// of the tables it leaves, under the machine key. After it, the mirror of critical memory is
// written outside the database (mirror.ts, mirror-record.ts). A commit the cabinet lets show before it reaches the
// disk (a HOLD changed: cabinet/durability.ts) waits for no sync and writes no mirror; its WAL is
// synced on libuv's threads straight after (wal-sync.ts), and the next synced commit takes it along in any
// case. Between beginBatch() and the end of the batch (group commit), a commit that lets nothing
// leave waits for no sync either: the batch's commits are one group, one SQLite transaction (each
// commit a savepoint in it, and still a commit row of its own; the state and meter rows, and the
// tables' digests, written and signed once, at the group's end), committed and synced once (at once by
// endBatch, on libuv's threads by endBatchSoon), and only then do the counter's one advance for
// the group and the mirror follow; the runner holds what the group does until then
// (durableSeq). A commit that lets money leave is never left to a group (flush first). What the running cabinet checks when it opens the database is records-open.ts's; the
// journal goes on from there, and hands the cabinet its reader of the same records
// (records-reader.ts).

import { existsSync } from 'node:fs';
import { logEntry, paysOutOrShowsIt, type CabinetEffect, type CabinetState, type VoucherRecord } from '../cabinet';
import { migrate, openDatabase, realDatabasePath, StoreError } from './database';
import { checkpointMac, commitMac, IN_GROUP, type Anchor, type CommitRow } from './keyed-chain';
import { createMachineKey, readMachineKey, shortFingerprint, type MachineKey } from './machine-key';
import { mirrorSyncs, movesMoney } from './commit-kinds';
import type { Mirror, MirrorRecord } from './mirror';
import { MirrorRecords } from './mirror-record';
import {
  adopt,
  checkPlaces,
  numberingOf,
  openKeyed,
  readIdentity,
  seedNew,
  type JournalStart,
  type MachineOptions,
  type Purpose,
  type RecordsVerdict,
} from './records-open';
import { RecordsReader, refusedIn, voucherRecord } from './records-reader';
import { checkTables, type RecordsCheck } from './records-walk';
import { ANCHOR_SCHEMA, GROUP_SCHEMA, KEYED_SCHEMA, SCHEMA_VERSION } from './schema';
import { isEmptyWrite, SasTables, type QueuedException, type SasWrites, type StoredValidation } from './sas-tables';
import type { TableDigests } from './table-digests';
import { TableWriters } from './table-writers';
import { creditOf, type Credit } from './tickets-credited';
import type { AnchorMemory, AnchorPlan, RecordsAnchor } from './anchor/records-anchor';
import { VoucherNumbers } from './voucher-numbers';
import { WalSync, type DiskSync } from './wal-sync';
import { WriterLock } from './writer-lock';

/**
 * The disk under the journal: how its WAL is synced, and who is told when a sync fails (the
 * cabinet stops then: by default the failure is thrown on the event loop, and the process ends
 * for its service to start it again from what the disk holds). A test gives a disk that fails.
 */
export interface JournalDisk {
  sync?: DiskSync;
  failed?: (problem: string) => void;
}

const stopTheProcess = (problem: string): void => {
  setImmediate(() => {
    throw new StoreError(problem);
  });
};

/** A checkpoint is written when this many commits and event rows were added since the last one. */
export const CHECKPOINT_EVERY = 2000;

/** Who changed the settings (the config file, a technician), as the transition logged it. */
function settingsSource(effects: readonly CabinetEffect[]): string | undefined {
  for (const e of effects) {
    if (e.type === 'log' && e.entry.kind === 'config' && typeof e.entry.data.source === 'string')
      return e.entry.data.source;
  }
  return undefined;
}

export class Journal {
  private statements: ReturnType<Journal['prepare']> | null = null;
  private readonly key: MachineKey;
  private readonly lock: WriterLock;
  private readonly numbers: VoucherNumbers;
  private readonly digests: TableDigests;
  private readonly writers: TableWriters;
  private head: CommitRow;
  /** The MAC of the commit before the head: a group's last commit is signed again at its end. */
  private headPrevMac: string;
  private readonly mirror: Mirror;
  private readonly mirrorRecords: MirrorRecords;
  private readonly wal: WalSync;
  /** The TPM counter the records are anchored to (or the lack of one). */
  private readonly counter: RecordsAnchor;
  /** False while the records are refused: the mirror keeps what it knew until a RAM clear. */
  private mirroring: boolean;
  private mirrorWritten = false;
  private current: CabinetState | null = null;
  private checkpointAnchor: Anchor | null;
  private sinceCheckpoint: number;
  private mirrorFailure: string | null = null;
  /** A batch is open (beginBatch): commits that let nothing leave wait for its end to reach the disk. */
  private batching = false;
  /** The connection's synchronous setting is FULL (as database.ts opens it). */
  private syncing = true;
  /** What the batch's commits left for its end: the sync, the counter's advance, the mirror. */
  private owed: { mirrorSyncs: boolean } | null = null;
  /** The group whose sync runs on libuv's threads now, and what follows once it is on the disk. */
  private sealed: { generation: number; seq: number; mirror: MirrorRecord; mirrorSyncs: boolean } | null = null;
  private generation = 0;
  /**
   * A batch ended whose commits are in the open group: it is sealed once no group syncs and the
   * counter's advance before it has landed (sealWhenDue).
   */
  private sealDue = false;
  /** The seal waits on the event loop for the counter's advance in flight to land. */
  private landing = false;
  private onDurable: (() => void) | null = null;
  /** Told once when the records can no longer reach the disk (a sync or a group's COMMIT failed). */
  private readonly stopped: (problem: string) => void;
  /** A group's COMMIT failed: the journal's own view is ahead of the database, and it takes no more. */
  private commitFailure: string | null = null;
  /** The last commit known to be on the disk (everything up to it is). */
  private durable: number;
  /** What the check at open walked (from the latest checkpoint, or the mirror's commit). */
  readonly chain: RecordsCheck;
  /** The running cabinet's view of its records at start: refused ones are not mirrored until a RAM clear. */
  readonly records: RecordsVerdict;
  /** The records as the running cabinet reads them: same connection, walked with the key. */
  readonly reader: RecordsReader;

  /** The journal goes on from what the check at open found. */
  private constructor(
    readonly path: string,
    start: JournalStart & { db: RecordsReader['db']; lock: WriterLock },
    disk: JournalDisk,
  ) {
    this.key = start.key;
    this.lock = start.lock;
    this.numbers = new VoucherNumbers(start.key, numberingOf(start.db));
    this.digests = start.digests;
    this.head = start.head;
    this.headPrevMac = '';
    this.mirror = start.mirror;
    this.counter = start.counter;
    this.checkpointAnchor = start.anchor;
    this.sinceCheckpoint = start.chain.commits + start.chain.rows;
    this.writers = new TableWriters(start.db, start.digests, start.head, start.identity);
    // Refused records are not mirrored: the mirror keeps what it knew until a RAM clear.
    this.mirroring = start.records.ok;
    this.chain = start.chain;
    this.records = start.records;
    this.reader = new RecordsReader(
      start.db,
      path,
      { chain: start.chain, keyed: true, records: start.records },
      start.key,
    );
    this.mirrorRecords = new MirrorRecords(start.key.fingerprint, () => this.writers.identity.machine);
    this.stopped = disk.failed ?? stopTheProcess;
    this.wal = new WalSync(start.db.name, () => this.open, this.stopped, disk.sync);
    this.durable = start.head.seq;
  }

  /** The last commit on the disk: a batch's commits are not until their group's sync (beginBatch). */
  get durableSeq(): number {
    return this.durable;
  }

  /** The seq of the last commit made. */
  get headSeq(): number {
    return this.head.seq;
  }

  get db(): RecordsReader['db'] {
    return this.reader.db;
  }

  /** Prepared on first use: a database from before a table existed is migrated first. */
  private get stmt(): ReturnType<Journal['prepare']> {
    this.statements ??= this.prepare();
    return this.statements;
  }

  /**
   * Opens (or makes) the database for the running cabinet: checks it is this machine's (key
   * file, mirror, machine number, production or simulated) and that its records are as signed.
   */
  static open(named: string, m: MachineOptions, disk: JournalDisk = {}): Journal {
    // Links resolved once: the lock, the WAL's sync and every message name the real file.
    const path = realDatabasePath(named);
    checkPlaces(path, m);
    // Before the database is read: what a second writer found there would be stale at once.
    const lock = WriterLock.take(path);
    try {
      return Journal.openLocked(path, m, lock, disk);
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  private static openLocked(path: string, m: MachineOptions, lock: WriterLock, disk: JournalDisk): Journal {
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
    return new Journal(path, { ...start, db, lock }, disk);
  }

  /** The signing's own statements; the rows' are the table writers'. */
  private prepare() {
    const db = this.db;
    return {
      // Made once: better-sqlite3 builds a transaction function's variants anew at every call
      // of db.transaction(), a cost every commit would pay.
      transaction: db.transaction((body: () => void) => body()),
      upsertDigest: db.prepare(
        'INSERT INTO table_digests (name, digest) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET digest = excluded.digest',
      ),
      // A build from before the anchor (as the migration tests make one) has no column for it.
      insertCommit: db.prepare(
        SCHEMA_VERSION >= ANCHOR_SCHEMA
          ? 'INSERT INTO commits (seq, at, events_to, events_head, settings_to, settings_head, tables, mac, anchor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
          : 'INSERT INTO commits (seq, at, events_to, events_head, settings_to, settings_head, tables, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      // A group's last commit, signed again at the group's end with the tables' digests.
      finishCommit: db.prepare('UPDATE commits SET tables = ?, mac = ? WHERE seq = ?'),
      insertCheckpoint: db.prepare('INSERT INTO checkpoints (kind, commit_seq, at, mac) VALUES (?, ?, ?, ?)'),
    };
  }

  /**
   * C-17: the validation number of this cabinet's voucher `sequence`, its body made with the
   * machine key (voucher-numbers.ts), and never one the vouchers table holds already: a number
   * issued under an earlier machine number takes the sequence's next body instead.
   */
  validationNumber(machine: string, sequence: number): string {
    const v = this.unissued(this.numbers.candidates(machine, sequence));
    if (v === null) throw new StoreError(`no validation number left for voucher ${sequence} of machine "${machine}"`);
    return v;
  }

  /** The first of `candidates` that no vouchers row holds (the table takes a number once); null if all are taken. */
  unissued(candidates: Iterable<string>): string | null {
    for (const v of candidates) if (!this.writers.holdsVoucher(v)) return v;
    return null;
  }

  /**
   * A voucher this cabinet printed, as the journal's own commits left its row; null for any other
   * number. The tables are checked against their signed digests only at a start, so a row that
   * another process added, changed or put back while the cabinet runs (a forged voucher, a
   * redeemed one marked issued again) would pay until then: it is no voucher of the cabinet's,
   * and the records are broken (the runner tilts on it).
   */
  voucher(validation: string): VoucherRecord | null {
    const row = this.reader.voucherRow(validation);
    if (!row) return null;
    if (this.digests.holds('vouchers', row)) return voucherRecord(row);
    this.reader.breakSeen(
      `the vouchers row of ${validation} is not as the cabinet wrote it: written by something else while it ran`,
    );
    return null;
  }

  /**
   * The credit of a ticket with `validation`, whoever printed it (tickets-credited.ts); null when
   * none was. A row the cabinet did not write is no credit of its own, and breaks the records as
   * for a vouchers row.
   */
  credited(validation: string): Credit | null {
    const row = this.writers.credited.row(validation);
    if (!row) return null;
    if (!this.digests.holds('tickets_credited', row))
      this.reader.breakSeen(
        `the tickets_credited row of ${validation} is not as the cabinet wrote it: written by something else while it ran`,
      );
    // Whoever wrote it, a number with a row is never credited again.
    return creditOf(row);
  }

  /** The last committed state, which the journal goes on from; null for a new database. */
  load(): CabinetState | null {
    const state = this.reader.load();
    this.current = state;
    return state;
  }

  /** The first state of a new database. */
  initialize(state: CabinetState, source: string): void {
    this.journal(state, null, true, () => {
      const at = Date.now();
      this.writers.insertState(state, at);
      this.writers.writeMeters(undefined, state.meters);
      this.writers.writeSettings(undefined, state.settings, source, at);
      this.writers.writeParts(undefined, state);
      return true;
    });
  }

  /**
   * C-13: one transition, whole, or nothing; with what it raised on the SAS link, if any.
   * `synced` false (a hold, as cabinet/durability.ts decides) commits without waiting for the
   * disk: the WAL is synced in the background, and the mirror waits for the next synced commit.
   */
  commit(
    prev: CabinetState,
    next: CabinetState,
    effects: readonly CabinetEffect[],
    source = 'cabinet',
    sas?: SasWrites,
    synced = true,
  ): void {
    this.journal(
      next,
      prev,
      paysOutOrShowsIt(prev, next, effects),
      () => {
        const at = Date.now();
        const w = this.writers;
        if (!w.updateState(prev, next, at))
          throw new StoreError(`commit of version ${next.version} found the database not at version ${prev.version}`);
        const lifetime = prev.meters !== next.meters && w.writeMeters(prev.meters, next.meters);
        if (prev.settings !== next.settings)
          w.writeSettings(prev.settings, next.settings, settingsSource(effects) ?? source, at);
        w.writeParts(prev, next);
        w.writeEffects(effects);
        if (!isEmptyWrite(sas)) this.sasTables.write(sas!, this.digests, at);
        const machine = next.settings.voucher?.machine;
        if (typeof machine === 'string' && machine !== w.identity.machine) w.writeIdentity({ ...w.identity, machine });
        return lifetime || movesMoney(prev, next, effects);
      },
      effects.some((e) => e.type === 'recordsCleared'),
      synced,
      // The SAS link reads what it raised from the tables, at once: not left for a batch's end.
      !isEmptyWrite(sas),
    );
  }

  private sasTablesOnce: SasTables | null = null;
  private get sasTables(): SasTables {
    this.sasTablesOnce ??= new SasTables(this.db);
    return this.sasTablesOnce;
  }

  /** The SAS exceptions not yet taken by the host, oldest first. */
  sasExceptions(): QueuedException[] {
    return this.sasTables.pending();
  }

  /** The vouchers kept for the host's 4D reads, oldest first. */
  sasValidations(): StoredValidation[] {
    return this.sasTables.validations();
  }

  /** What the SAS link changes by itself (an exception or a voucher record taken): one commit. */
  commitSas(writes: SasWrites, log: readonly CabinetEffect[] = []): void {
    if (isEmptyWrite(writes) && log.length === 0) return;
    this.journal(this.current, this.current, false, () => {
      this.sasTables.write(writes, this.digests, Date.now());
      this.writers.writeEffects(log);
      return false;
    });
  }

  /** Log rows of a refused input: no state changed, but the refusal is kept (C-22). */
  appendLog(effects: readonly CabinetEffect[]): void {
    this.journal(this.current, this.current, false, () => {
      this.writers.writeEffects(effects);
      return false;
    });
  }

  /**
   * One commit: `work` writes the rows (and says whether they move money), then the commit row
   * signs them with the counter's value; after it, the counter's advance if it asked for one
   * (records-anchor.ts), then the mirror. The advance has landed when this returns if `paysOut`
   * (the commit lets money leave or shows a validation number); otherwise it may still be in
   * flight, and the next commit (or landAnchor) takes its answer. A commit that fails leaves the
   * journal's state where it was.
   */
  private journal(
    next: CabinetState | null,
    prev: CabinetState | null,
    paysOut: boolean,
    work: () => boolean,
    recordsCleared = false,
    synced = true,
    unbatched = false,
  ): void {
    // Left for the batch's end: a commit that lets nothing leave, shows no validation number and
    // starts no new era. One that does is whole here, and what the batch owed goes first, so
    // that the counter's advance it asks for is its own (records-anchor.ts).
    // Nor while the counter has a problem: an advance that did not land is made whole, commit by
    // commit, before any group records a value past it.
    // A disk that failed a sync takes no more commits (wal-sync.ts): nothing since can be trusted to it.
    if (this.failure !== null) throw new StoreError(this.failure);
    const batched = this.batching && !paysOut && !recordsCleared && !unbatched && this.counter.problem === null;
    if (!batched) this.flush();
    const key = this.key;
    const w = this.writers;
    const before = { head: this.head, prevMac: this.headPrevMac, writers: w.snapshot() };
    const rowsBefore = w.ends.events_to;
    const notes = this.counter.notes;
    let signed: CommitRow;
    let plan: AnchorPlan;
    let deferred = (batched || !synced) && !recordsCleared;
    // A setting of the connection, changed only between transactions, and only when this commit
    // needs the other one: it stays as the last commit left it, so a run of commits that wait for
    // no sync (a batch's, holds) and a run of synced ones each pay for it once (a pragma costs
    // more than a small commit's rows).
    this.waitForDisk(!deferred);
    this.digests.begin();
    // A build from before GROUP_SCHEMA (as the migration tests make one) signs every commit's tables.
    const grouped = batched && SCHEMA_VERSION >= GROUP_SCHEMA;
    w.grouped = grouped;
    // A batch's commits are one SQLite transaction, the group's (each commit a savepoint in it):
    // its pages are written to the WAL once, at the group's COMMIT (seal, flush).
    const groupOpen = this.db.inTransaction;
    if (batched && !groupOpen) this.db.exec('BEGIN');
    try {
      this.stmt.transaction(() => {
        const moves = work();
        if (notes.length > 0)
          w.writeEffects(notes.map((data) => ({ type: 'log', entry: logEntry(Date.now(), 'records', data) })));
        // Money moved, a validation number issued, or an event logged: the counter advances.
        plan = this.counter.plan(moves || w.ends.events_to !== rowsBefore, recordsCleared);
        // The first commit after the mirror first held a record says so: from then on a missing
        // mirror means a removed one.
        if (w.identity.mirrored === 0 && this.mirrorWritten) w.writeIdentity({ ...w.identity, mirrored: 1 });
        // Only a group's last commit signs the tables (keyed-chain.ts), at the group's end.
        if (!grouped) this.writeDigests();
        const fields = {
          seq: this.head.seq + 1,
          at: Date.now(),
          ...w.ends,
          tables: grouped ? IN_GROUP : this.digests.combined(),
          anchor: plan.value,
        };
        signed = { ...fields, mac: commitMac(key.bytes, this.head.mac, fields) };
        this.stmt.insertCommit.run(
          signed.seq,
          signed.at,
          signed.events_to,
          signed.events_head,
          signed.settings_to,
          signed.settings_head,
          signed.tables,
          signed.mac,
          ...(SCHEMA_VERSION >= ANCHOR_SCHEMA ? [signed.anchor] : []),
        );
        if (recordsCleared) this.writeCheckpoint('era', signed);
      });
    } catch (e) {
      this.head = before.head;
      this.headPrevMac = before.prevMac;
      w.restore(before.writers);
      this.digests.rollback();
      // SQLite rolls the whole transaction back by itself on some errors (a full disk): the
      // group's commits before this one are gone with it, and the journal's view of them with
      // nothing under it. It takes no more commits, as when a group's COMMIT fails.
      if (groupOpen && !this.db.inTransaction) this.groupLost(e);
      // The tables must be as the last commit signed them: a row another process wrote (and
      // then made this commit fail by holding the database's lock) is found as a start finds it.
      // Within a group the journal holds that lock, and the tables wait for the group's end.
      if (this.head.tables !== IN_GROUP) {
        const tables = checkTables(this.db, this.head);
        if (tables.problem) this.reader.breakSeen(tables.problem);
      }
      throw e;
    } finally {
      w.grouped = false;
    }
    this.headPrevMac = this.head.mac;
    this.head = signed!;
    // The counter advances only past a commit on the disk: a deferred one that asks for an
    // advance (a note of the anchor's logged with a hold, the binding of the records) is synced
    // first, and is then whole; in a batch, the advance waits for the batch's end, and every
    // commit of the batch that asks for one records the same value (the plan's join).
    if (deferred && plan!.advance && (!batched || plan!.binds)) {
      this.syncNow();
      deferred = false;
    }
    if (deferred && batched) {
      this.owed ??= { mirrorSyncs: false };
      this.owed.mirrorSyncs ||= mirrorSyncs(prev, next);
    }
    // The counter's advance goes out (a batch's at its end), and the mirror is written while the TPM works.
    this.counter.settle(plan!, notes.length, deferred && batched);
    if (next) this.current = next;
    this.sinceCheckpoint += 1 + w.ends.events_to - rowsBefore;
    if (recordsCleared) {
      this.mirroring = true;
      this.checkpointAnchor = { seq: this.head.seq, mac: this.head.mac, by: 'the RAM clear' };
      this.sinceCheckpoint = 0;
      this.reader.newEra();
    }
    // The mirror never runs ahead of what is on the disk: a deferred commit leaves it to the next
    // (or to the batch's end).
    if (deferred && !batched) this.wal.soon();
    else if (!deferred) {
      this.durable = this.head.seq;
      this.writeMirror(recordsCleared || mirrorSyncs(prev, next));
    }
    // Money leaves, or a number shows, only once the advance that covers it has landed.
    if (paysOut || recordsCleared) this.counter.finish();
    this.checkpointIfDue();
  }

  /**
   * From here to endBatch(), a commit that lets nothing leave is written without waiting for the
   * disk (group commit): the runner holds what it shows and carries out until the batch ends.
   */
  beginBatch(): void {
    this.batching = true;
  }

  /** The batch's commits reach the disk now, in one sync; then their counter's advance and the mirror. */
  endBatch(): void {
    this.batching = false;
    this.flush();
  }

  /**
   * The batch's commits reach the disk in one sync on libuv's threads while the cabinet goes on;
   * `durable` is told when they (and any group before them) are there, with the counter's
   * advance sent and the mirror written. Commits made meanwhile are the next group's.
   */
  endBatchSoon(durable: () => void): void {
    this.batching = false;
    this.onDurable = durable;
    if (this.owed === null) return;
    this.sealDue = true;
    this.sealWhenDue();
  }

  /**
   * The open group goes to its sync if a batch ended in it, no group syncs, and the counter is not
   * working on the advance before it: while it is, the cabinet goes on (its commits join the
   * group) and the seal follows its answer, never waiting for the TPM on the cabinet's thread.
   */
  private sealWhenDue(): void {
    if (!this.sealDue || this.owed === null || this.sealed !== null || this.landing) return;
    if (!this.counter.sealWaits) return this.seal();
    this.landing = true;
    this.counter.whenLanded(() => {
      this.landing = false;
      // The answer is in (or its time is up): seal() takes it without waiting.
      if (this.open && this.sealDue && this.owed !== null && this.sealed === null) this.seal();
    });
  }

  /** SQLite's own sync at each commit (FULL) or none (NORMAL: the WAL synced by wal-sync.ts). */
  private waitForDisk(full: boolean): void {
    if (full === this.syncing) return;
    // Prepared anew each time: SQLite sets this pragma when its statement is prepared, not when run.
    this.db.pragma(full ? 'synchronous = FULL' : 'synchronous = NORMAL');
    this.syncing = full;
  }

  /** The open group's commits are handed to a sync of their own. */
  private seal(): void {
    this.commitGroup();
    const owed = this.owed!;
    this.owed = null;
    this.sealDue = false;
    const group = {
      generation: ++this.generation,
      seq: this.head.seq,
      mirror: this.mirrorRecords.of(this.current, this.head),
      mirrorSyncs: owed.mirrorSyncs,
    };
    this.sealed = group;
    this.counter.seal();
    // A sync that fails never calls back: the group stays off the disk as far as anyone is told
    // (nothing it did is carried out or shown, no advance, no mirror), and the cabinet stops.
    this.wal.group(() => {
      // Overtaken by a sync made at once (flush), or the journal closed: what waited is on the
      // disk already, and the runner is told (a flush from outside it told no one).
      if (this.sealed?.generation !== group.generation || !this.open) {
        if (this.open) this.onDurable?.();
        return;
      }
      this.sealed = null;
      // Never back: a sync made at once meanwhile (a binding commit's) may have covered more.
      this.durable = Math.max(this.durable, group.seq);
      this.counter.flushSealed();
      this.writeMirrorRecord(group.mirror, group.mirrorSyncs);
      this.sealWhenDue();
      this.onDurable?.();
    });
  }

  /**
   * The open group's transaction is committed (to the WAL, not yet synced). One that fails
   * leaves the journal's view (head, digests, counter) ahead of the database: it takes no more
   * commits, and the cabinet stops, to start again from what the database holds.
   */
  private commitGroup(): void {
    if (this.commitFailure !== null) throw new StoreError(this.commitFailure);
    const unsigned = this.head.tables === IN_GROUP;
    if (!this.db.inTransaction && !unsigned) return;
    try {
      // SQLite rolls a transaction back by itself on some errors (a full disk): the group is gone.
      if (!this.db.inTransaction) throw new Error('its transaction was rolled back');
      if (unsigned) this.finishGroup();
      this.db.exec('COMMIT');
    } catch (e) {
      this.groupLost(e);
    }
  }

  /** The open group cannot reach the database: the cabinet stops, to start from what it holds. */
  private groupLost(e: unknown): never {
    this.commitFailure = `a group of commits could not be committed (${(e as Error).message}): the cabinet starts again from what the database holds`;
    this.stopped(this.commitFailure);
    throw new StoreError(this.commitFailure);
  }

  /**
   * The group's end, in its transaction: its state and meter rows as its last commit left them,
   * the tables' digests, and that commit signed again with them in place of IN_GROUP.
   */
  private finishGroup(): void {
    this.writers.writeGroup();
    this.writeDigests();
    const fields = { ...this.head, tables: this.digests.combined() };
    const signed = { ...fields, mac: commitMac(this.key.bytes, this.headPrevMac, fields) };
    this.stmt.finishCommit.run(signed.tables, signed.mac, signed.seq);
    this.head = signed;
    this.checkpointIfDue();
  }

  /** The digests of the tables changed since they were last written. */
  private writeDigests(): void {
    for (const t of this.digests.settle()) this.stmt.upsertDigest.run(t, this.digests.digest(t));
  }

  /** The open group committed, then the WAL synced where it stands. */
  private syncNow(): void {
    this.commitGroup();
    this.wal.now();
  }

  /** Why the records can no longer reach the disk, or null. */
  private get failure(): string | null {
    return this.commitFailure ?? this.wal.failure;
  }

  /** What the groups so far owe, at once: their sync, the counter's advances, the mirror. */
  flush(): void {
    const owed = this.owed;
    const sealed = this.sealed;
    // A group's transaction is committed even with nothing owed (its only commit failed and was
    // rolled back): a commit made after it must not be a savepoint of it.
    this.commitGroup();
    if (!owed && !sealed) return;
    // First: once the disk failed a sync this throws, and nothing waiting is taken as on it.
    this.wal.now();
    this.owed = null;
    this.sealed = null;
    this.sealDue = false;
    this.durable = this.head.seq;
    this.counter.flushSealed();
    this.counter.flushOwed();
    this.writeMirror((owed?.mirrorSyncs ?? false) || (sealed?.mirrorSyncs ?? false));
  }

  /** Nothing made is waiting for the disk. */
  get settled(): boolean {
    return this.owed === null && this.sealed === null;
  }

  private writeCheckpoint(kind: 'verified' | 'era', c: CommitRow): void {
    const at = Date.now();
    this.stmt.insertCheckpoint.run(kind, c.seq, at, checkpointMac(this.key.bytes, kind, c.seq, c.mac, at));
  }

  /** After every commit, unless the records are refused; synced to the device when mirrorSyncs says. */
  private writeMirror(durable: boolean): void {
    if (this.mirroring) this.writeMirrorRecord(this.mirrorRecords.of(this.current, this.head), durable);
  }

  private writeMirrorRecord(record: MirrorRecord, durable: boolean): void {
    if (!this.mirroring) return;
    try {
      this.mirror.write(record, durable || !this.mirrorWritten);
      this.mirrorWritten = true;
      this.mirrorFailure = null;
    } catch (e) {
      this.mirrorFailure = (e as Error).message;
    }
  }

  /**
   * Every CHECKPOINT_EVERY rows the chain since the last checkpoint is walked again and, found
   * whole, vouched for by a new one: the next start walks no further back than that.
   */
  private checkpointIfDue(): void {
    // A group's last commit is signed again at its end: a checkpoint waits for it (finishGroup).
    if (this.sinceCheckpoint < CHECKPOINT_EVERY || this.reader.recordsBroken || this.head.tables === IN_GROUP) return;
    this.sinceCheckpoint = 0;
    if (!this.reader.walkSince(this.checkpointAnchor).ok) return;
    const head = this.head;
    this.stmt.transaction(() => this.writeCheckpoint('verified', head));
    this.checkpointAnchor = { seq: head.seq, mac: head.mac, by: 'the checkpoint' };
  }

  /** What the database was made for. */
  get purpose(): Purpose {
    return this.writers.identity.purpose;
  }

  /** Why the records' TPM counter cannot be used now (a tilt, C-15), or null. */
  get anchorProblem(): string | null {
    return this.counter.problem;
  }

  /** An advance of the counter is on its way: landAnchor() takes its answer. */
  get anchorInFlight(): boolean {
    return this.counter.inFlight;
  }

  /** Takes the answer of the counter's advance in flight, if any (a problem it had then shows). */
  landAnchor(): void {
    if (this.open) this.counter.finish();
  }

  /** What the start says of the anchor, and the technician's Devices page (the advance landed first). */
  get anchorStatus(): { anchored: boolean; description: string; records: number | null; counter: number | null } {
    this.landAnchor();
    const c = this.counter;
    return { anchored: c.choice.kind === 'tpm', description: c.description, records: c.records, counter: c.counterAt };
  }

  /** The records as the counter refuses them (at start, or found later once it answered), or null. */
  get anchorRefusal(): { reason: string; anchor: AnchorMemory | null } | null {
    const found = this.counter.finding;
    return found?.refused ? { reason: found.refused, anchor: found.memory } : null;
  }

  /** Tries the counter again after a problem; the problem, a refusal or neither follows. */
  retryAnchor(): void {
    // The counter is brought to the records' value only once they are all on the disk.
    this.flush();
    this.counter.retry();
  }

  /** Why the mirror could not be written after the last commit, or null. */
  get mirrorProblem(): string | null {
    return this.mirrorFailure;
  }

  /** Event rows this journal has appended to, as far as it has written them. */
  eventCount(): number {
    return this.writers.ends.events_to;
  }

  /** False once closed (by close(), or by whoever holds the reader's connection). */
  get open(): boolean {
    return this.reader.db.open;
  }

  close(): void {
    if (this.open && this.failure === null) this.flush();
    this.mirror.close();
    this.counter.close();
    this.reader.close();
    this.lock.release();
  }
}

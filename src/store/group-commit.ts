// Group commit (C-13): between beginBatch() and the end of the batch, a commit that lets nothing
// leave waits for no sync. The batch's commits are one group, one SQLite transaction (each commit
// a savepoint in it, and still a commit row of its own; the state and meter rows, and the
// tables' digests, written and signed once, at the group's end), committed and synced once (at
// once by endBatch, on libuv's threads by endBatchSoon), and only then do the counter's one
// advance for the group and the mirror follow; the runner holds what the group does until then
// (durableSeq). Also the connection's own sync setting: FULL for a commit that waits for the
// disk, NORMAL for one that does not (its WAL synced by wal-sync.ts).

import type Database from 'better-sqlite3';
import type { CabinetState } from '../cabinet';
import { StoreError } from './database';
import type { CommitRow } from './keyed-chain';
import { IN_GROUP } from './keyed-chain';
import type { MirrorRecord } from './mirror';
import type { JournalMirror } from './journal-mirror';
import type { RecordsAnchor } from './anchor/records-anchor';
import type { WalSync } from './wal-sync';

/** What the group commit needs of its journal. */
export interface GroupJournal {
  readonly db: Database.Database;
  readonly wal: WalSync;
  readonly counter: RecordsAnchor;
  readonly mirror: JournalMirror;
  isOpen(): boolean;
  /** The last commit made, and the state it left. */
  head(): CommitRow;
  current(): CabinetState | null;
  /** The group's end, in its transaction: its rows and its last commit signed again. */
  finishGroup(): void;
  /** Told once when the records can no longer reach the disk. */
  stopped(problem: string): void;
}

export class GroupCommit {
  /** A batch is open (beginBatch): commits that let nothing leave wait for its end to reach the disk. */
  private batchOpen = false;
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
  /** A group's COMMIT failed: the journal's own view is ahead of the database, and it takes no more. */
  private commitFailure: string | null = null;
  /** The last commit known to be on the disk (everything up to it is). */
  private durable: number;

  constructor(
    private readonly j: GroupJournal,
    durable: number,
  ) {
    this.durable = durable;
  }

  /** The last commit on the disk: a batch's commits are not until their group's sync. */
  get durableSeq(): number {
    return this.durable;
  }

  /** A batch is open. */
  get batching(): boolean {
    return this.batchOpen;
  }

  /** Nothing made is waiting for the disk. */
  get settled(): boolean {
    return this.owed === null && this.sealed === null;
  }

  /** Why the records can no longer reach the disk, or null. */
  get failure(): string | null {
    return this.commitFailure ?? this.j.wal.failure;
  }

  beginBatch(): void {
    this.batchOpen = true;
  }

  endBatch(): void {
    this.batchOpen = false;
    this.flush();
  }

  endBatchSoon(durable: () => void): void {
    this.batchOpen = false;
    this.onDurable = durable;
    if (this.owed === null) return;
    this.sealDue = true;
    this.sealWhenDue();
  }

  /** A batch's commit left its sync (and the mirror, synced if `mirrorSyncs`) to the group's end. */
  owe(mirrorSyncs: boolean): void {
    this.owed ??= { mirrorSyncs: false };
    this.owed.mirrorSyncs ||= mirrorSyncs;
  }

  /** A commit outside any group reached the disk. */
  reached(seq: number): void {
    this.durable = seq;
  }

  /**
   * The open group goes to its sync if a batch ended in it, no group syncs, and the counter is not
   * working on the advance before it: while it is, the cabinet goes on (its commits join the
   * group) and the seal follows its answer, never waiting for the TPM on the cabinet's thread.
   */
  private sealWhenDue(): void {
    if (!this.sealDue || this.owed === null || this.sealed !== null || this.landing) return;
    if (!this.j.counter.sealWaits) return this.seal();
    this.landing = true;
    this.j.counter.whenLanded(() => {
      this.landing = false;
      // The answer is in (or its time is up): seal() takes it without waiting.
      if (this.j.isOpen() && this.sealDue && this.owed !== null && this.sealed === null) this.seal();
    });
  }

  /** SQLite's own sync at each commit (FULL) or none (NORMAL: the WAL synced by wal-sync.ts). */
  waitForDisk(full: boolean): void {
    if (full === this.syncing) return;
    // Prepared anew each time: SQLite sets this pragma when its statement is prepared, not when run.
    this.j.db.pragma(full ? 'synchronous = FULL' : 'synchronous = NORMAL');
    this.syncing = full;
  }

  /** The open group's commits are handed to a sync of their own. */
  private seal(): void {
    this.commitGroup();
    const owed = this.owed!;
    this.owed = null;
    this.sealDue = false;
    const head = this.j.head();
    const group = {
      generation: ++this.generation,
      seq: head.seq,
      mirror: this.j.mirror.of(this.j.current(), head),
      mirrorSyncs: owed.mirrorSyncs,
    };
    this.sealed = group;
    this.j.counter.seal();
    // A sync that fails never calls back: the group stays off the disk as far as anyone is told
    // (nothing it did is carried out or shown, no advance, no mirror), and the cabinet stops.
    this.j.wal.group(() => {
      // Overtaken by a sync made at once (flush), or the journal closed: what waited is on the
      // disk already, and the runner is told (a flush from outside it told no one).
      if (this.sealed?.generation !== group.generation || !this.j.isOpen()) {
        if (this.j.isOpen()) this.onDurable?.();
        return;
      }
      this.sealed = null;
      // Never back: a sync made at once meanwhile (a binding commit's) may have covered more.
      this.durable = Math.max(this.durable, group.seq);
      this.j.counter.flushSealed();
      this.j.mirror.writeRecord(group.mirror, group.mirrorSyncs);
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
    const db = this.j.db;
    const unsigned = this.j.head().tables === IN_GROUP;
    if (!db.inTransaction && !unsigned) return;
    try {
      // SQLite rolls a transaction back by itself on some errors (a full disk): the group is gone.
      if (!db.inTransaction) throw new Error('its transaction was rolled back');
      if (unsigned) this.j.finishGroup();
      db.exec('COMMIT');
    } catch (e) {
      this.groupLost(e);
    }
  }

  /** The open group cannot reach the database: the cabinet stops, to start from what it holds. */
  groupLost(e: unknown): never {
    this.commitFailure = `a group of commits could not be committed (${(e as Error).message}): the cabinet starts again from what the database holds`;
    this.j.stopped(this.commitFailure);
    throw new StoreError(this.commitFailure);
  }

  /** The open group committed, then the WAL synced where it stands. */
  syncNow(): void {
    this.commitGroup();
    this.j.wal.now();
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
    this.j.wal.now();
    this.owed = null;
    this.sealed = null;
    this.sealDue = false;
    this.durable = this.j.head().seq;
    this.j.counter.flushSealed();
    this.j.counter.flushOwed();
    this.j.mirror.write(
      this.j.current(),
      this.j.head(),
      (owed?.mirrorSyncs ?? false) || (sealed?.mirrorSyncs ?? false),
    );
  }
}

// The cabinet's journal (C-13): every transition is committed with its meter changes, log rows
// and game record in one transaction, before the runner carries out or shows anything; start-up
// reads the last committed state back whole (C-14). The journal is the database's one writer.
//
// Every transaction is one commit of the keyed chain (keyed-chain.ts): the table writers
// (table-writers.ts) write the rows, then the commit row signs where the logs end and the digests
// of the tables it leaves, under the machine key (commit-signing.ts). After it, the mirror of
// critical memory is written outside the database (journal-mirror.ts). A commit the cabinet lets
// show before it reaches the disk (a HOLD changed: cabinet/durability.ts) waits for no sync and
// writes no mirror; its WAL is synced on libuv's threads straight after (wal-sync.ts), and the
// next synced commit takes it along in any case. Between beginBatch() and the end of the batch,
// commits are one group (group-commit.ts). A commit that lets money leave is never left to a
// group (flush first). What the running cabinet checks when it opens the database is
// records-open.ts's (journal-open.ts opens it); the journal goes on from there, and hands the
// cabinet its reader of the same records (records-reader.ts). The keyed checkpoints it writes are
// journal-checkpoints.ts's.

import {
  advancesAtOnce,
  logEntry,
  numbersTaken,
  paysOutOrShowsIt,
  type CabinetEffect,
  type CabinetState,
  type VoucherRecord,
} from '../cabinet';
import type { Progress } from '../core';
import Database from 'better-sqlite3';
import {
  archiveBefore,
  archiveSteps,
  cutDue,
  DEFAULT_RETENTION,
  latestArchiveCut,
  type RetentionRule,
} from './archive';
import { realDatabasePath, StoreError } from './database';
import { IN_GROUP, type CommitRow } from './keyed-chain';
import type { MachineKey } from './machine-key';
import { mirrorSyncs, movesMoney } from './commit-kinds';
import { CommitSigning } from './commit-signing';
import { GroupCommit } from './group-commit';
import { JournalCheckpoints } from './journal-checkpoints';
import { JournalMirror } from './journal-mirror';
import { openJournal, type OpenedJournal } from './journal-open';
import { stoppedInOrder, stopRow, unprovenStart } from './orderly-stop';
import { numberingOf, type MachineOptions, type Purpose, type RecordsVerdict } from './records-open';
import { RecordsReader, voucherRecord } from './records-reader';
import { checkTables, type RecordsCheck } from './records-walk';
import { GROUP_SCHEMA, SCHEMA_VERSION } from './schema';
import { isEmptyWrite, SasTables, type QueuedException, type SasWrites, type StoredValidation } from './sas-tables';
import type { TableDigests } from './table-digests';
import { TableWriters } from './table-writers';
import { creditOf, type Credit } from './tickets-credited';
import type { AnchorMemory, AnchorPlan, RecordsAnchor } from './anchor/records-anchor';
import { VoucherNumbers } from './voucher-numbers';
import { WalSync, type DiskSync } from './wal-sync';
import type { WriterLock } from './writer-lock';

export { CHECKPOINT_EVERY } from './journal-checkpoints';

/**
 * The disk under the journal: how its WAL is synced, and who is told when a sync fails (the
 * cabinet stops then: by default the failure is thrown on the event loop, and the process ends
 * for its service to start it again from what the disk holds). A test gives a disk that fails.
 */
export interface JournalDisk {
  sync?: DiskSync;
  failed?: (problem: string) => void;
}

/**
 * What a commit asks of the records' counter beyond the interval: an advance at once (a copy
 * from before it could pay again: cabinet/durability.ts), and the validation numbers it took.
 */
interface AnchorAsk {
  atOnce: boolean;
  numbers: number;
  /** The orderly stop's: it moves nothing, and its log row asks for no advance. */
  still?: boolean;
}

const NO_ASK: AnchorAsk = { atOnce: false, numbers: 0 };

const stopTheProcess = (problem: string): void => {
  setImmediate(() => {
    throw new StoreError(problem);
  });
};

/** Who changed the settings (the config file, a technician), as the transition logged it. */
function settingsSource(effects: readonly CabinetEffect[]): string | undefined {
  for (const e of effects) {
    if (e.type === 'log' && e.entry.kind === 'config' && typeof e.entry.data.source === 'string')
      return e.entry.data.source;
  }
  return undefined;
}

export class Journal {
  private readonly key: MachineKey;
  private readonly lock: WriterLock;
  private readonly numbers: VoucherNumbers;
  private readonly digests: TableDigests;
  private readonly writers: TableWriters;
  private readonly signing: CommitSigning;
  private readonly mirror: JournalMirror;
  private readonly checkpoints: JournalCheckpoints;
  private readonly group: GroupCommit;
  private readonly wal: WalSync;
  /** The TPM counter the records are anchored to (or the lack of one). */
  private readonly counter: RecordsAnchor;
  private current: CabinetState | null = null;
  /** Told once when the records can no longer reach the disk (a sync or a group's COMMIT failed). */
  private readonly stopped: (problem: string) => void;
  /** What the check at open walked (from the latest checkpoint, or the mirror's commit). */
  readonly chain: RecordsCheck;
  /** The running cabinet's view of its records at start: refused ones are not mirrored until a RAM clear. */
  readonly records: RecordsVerdict;
  /** The records as the running cabinet reads them: same connection, walked with the key. */
  readonly reader: RecordsReader;
  /**
   * Why the counter cannot prove the records accepted at this start the latest (no orderly stop
   * before it), or null: the cabinet then lets the credits it finds leave by handpay only (C-15).
   */
  readonly unproven: string | null;

  /** The journal goes on from what the check at open found. */
  private constructor(
    readonly path: string,
    start: OpenedJournal,
    disk: JournalDisk,
  ) {
    this.key = start.key;
    this.lock = start.lock;
    this.numbers = new VoucherNumbers(start.key, numberingOf(start.db));
    this.digests = start.digests;
    this.signing = new CommitSigning(start.db, start.key.bytes, start.digests, start.head);
    this.counter = start.counter;
    this.writers = new TableWriters(start.db, start.digests, start.head, start.identity);
    this.chain = start.chain;
    this.records = start.records;
    this.unproven = unprovenStart(start.counter, start.records, stoppedInOrder(start.db, start.head));
    this.reader = new RecordsReader(
      start.db,
      path,
      { chain: start.chain, keyed: true, records: start.records },
      start.key,
    );
    this.checkpoints = new JournalCheckpoints(
      start.db,
      start.key.bytes,
      this.reader,
      start.anchor,
      start.chain.commits + start.chain.rows,
    );
    // Refused records are not mirrored: the mirror keeps what it knew until a RAM clear.
    this.mirror = new JournalMirror(
      start.mirror,
      start.key.fingerprint,
      () => this.writers.identity.machine,
      start.records.ok,
    );
    this.stopped = disk.failed ?? stopTheProcess;
    this.wal = new WalSync(start.db.name, () => this.open, this.stopped, disk.sync);
    this.group = new GroupCommit(
      {
        db: start.db,
        wal: this.wal,
        counter: this.counter,
        mirror: this.mirror,
        isOpen: () => this.open,
        head: () => this.signing.head,
        current: () => this.current,
        finishGroup: () => this.finishGroup(),
        stopped: (problem) => this.stopped(problem),
      },
      start.head.seq,
    );
  }

  /** The last commit on the disk: a batch's commits are not until their group's sync (beginBatch). */
  get durableSeq(): number {
    return this.group.durableSeq;
  }

  /** The seq of the last commit made. */
  get headSeq(): number {
    return this.signing.head.seq;
  }

  get db(): RecordsReader['db'] {
    return this.reader.db;
  }

  /**
   * Opens (or makes) the database for the running cabinet: checks it is this machine's (key
   * file, mirror, machine number, production or simulated) and that its records are as signed.
   */
  static open(named: string, m: MachineOptions, disk: JournalDisk = {}): Journal {
    // Links resolved once: the lock, the WAL's sync and every message name the real file.
    const path = realDatabasePath(named);
    return new Journal(path, openJournal(path, m), disk);
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
    this.journal(state, null, true, { atOnce: true, numbers: 0 }, () => {
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
      { atOnce: advancesAtOnce(prev, next, effects), numbers: numbersTaken(prev, next) },
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
    this.journal(this.current, this.current, false, NO_ASK, () => {
      this.sasTables.write(writes, this.digests, Date.now());
      this.writers.writeEffects(log);
      return false;
    });
  }

  /** Log rows of a refused input: no state changed, but the refusal is kept (C-22). */
  appendLog(effects: readonly CabinetEffect[]): void {
    this.journal(this.current, this.current, false, NO_ASK, () => {
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
    ask: AnchorAsk,
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
    const group = this.group;
    if (group.failure !== null) throw new StoreError(group.failure);
    const batched =
      group.batching &&
      !paysOut &&
      !recordsCleared &&
      !unbatched &&
      this.counter.problem === null &&
      !this.counter.owesStart;
    if (!batched) group.flush();
    const w = this.writers;
    const before = { chain: this.signing.snapshot(), writers: w.snapshot() };
    const rowsBefore = w.ends.events_to;
    const notes = this.counter.notes;
    let signed: CommitRow;
    let plan: AnchorPlan;
    let deferred = (batched || !synced) && !recordsCleared;
    // A setting of the connection, changed only between transactions, and only when this commit
    // needs the other one: it stays as the last commit left it, so a run of commits that wait for
    // no sync (a batch's, holds) and a run of synced ones each pay for it once (a pragma costs
    // more than a small commit's rows).
    group.waitForDisk(!deferred);
    this.digests.begin();
    // A build from before GROUP_SCHEMA (as the migration tests make one) signs every commit's tables.
    const grouped = batched && SCHEMA_VERSION >= GROUP_SCHEMA;
    w.grouped = grouped;
    // A batch's commits are one SQLite transaction, the group's (each commit a savepoint in it):
    // its pages are written to the WAL once, at the group's COMMIT (seal, flush).
    const groupOpen = this.db.inTransaction;
    if (batched && !groupOpen) this.db.exec('BEGIN');
    try {
      this.signing.transaction(() => {
        const moves = work();
        if (notes.length > 0)
          w.writeEffects(notes.map((data) => ({ type: 'log', entry: logEntry(Date.now(), 'records', data) })));
        // Money moved, a validation number issued, or an event logged: the counter advances.
        const moved = !ask.still && (moves || w.ends.events_to !== rowsBefore);
        plan = this.counter.plan(moved, recordsCleared, ask.atOnce, ask.numbers);
        // The first commit after the mirror first held a record says so: from then on a missing
        // mirror means a removed one.
        if (w.identity.mirrored === 0 && this.mirror.hasWritten) w.writeIdentity({ ...w.identity, mirrored: 1 });
        // Only a group's last commit signs the tables (keyed-chain.ts), at the group's end.
        if (!grouped) this.signing.writeDigests();
        signed = this.signing.sign({
          seq: this.signing.head.seq + 1,
          at: Date.now(),
          ...w.ends,
          tables: grouped ? IN_GROUP : this.digests.combined(),
          anchor: plan.value,
        });
        if (recordsCleared) this.checkpoints.write('era', signed);
      });
    } catch (e) {
      this.signing.restore(before.chain);
      w.restore(before.writers);
      this.digests.rollback();
      // SQLite rolls the whole transaction back by itself on some errors (a full disk): the
      // group's commits before this one are gone with it, and the journal's view of them with
      // nothing under it. It takes no more commits, as when a group's COMMIT fails.
      if (groupOpen && !this.db.inTransaction) group.groupLost(e);
      // The tables must be as the last commit signed them: a row another process wrote (and
      // then made this commit fail by holding the database's lock) is found as a start finds it.
      // Within a group the journal holds that lock, and the tables wait for the group's end.
      const head = this.signing.head;
      if (head.tables !== IN_GROUP) {
        const tables = checkTables(this.db, head);
        if (tables.problem) this.reader.breakSeen(tables.problem);
      }
      throw e;
    } finally {
      w.grouped = false;
    }
    this.signing.advance(signed!);
    const head = signed!;
    // The counter advances only past a commit on the disk: a deferred one that asks for an
    // advance (a note of the anchor's logged with a hold, the binding of the records) is synced
    // first, and is then whole; in a batch, the advance waits for the batch's end, and every
    // commit of the batch that asks for one records the same value (the plan's join).
    if (deferred && plan!.advance && (!batched || plan!.binds)) {
      group.syncNow();
      deferred = false;
    }
    if (deferred && batched) group.owe(mirrorSyncs(prev, next));
    // The counter's advance goes out (a batch's at its end), and the mirror is written while the TPM works.
    this.counter.settle(plan!, notes.length, deferred && batched);
    if (next) this.current = next;
    this.checkpoints.counted(w.ends.events_to - rowsBefore);
    if (recordsCleared) {
      this.mirror.resume();
      this.checkpoints.newEra(head);
      this.reader.newEra();
    }
    // The mirror never runs ahead of what is on the disk: a deferred commit leaves it to the next
    // (or to the batch's end).
    if (deferred && !batched) this.wal.soon();
    else if (!deferred) {
      group.reached(head.seq);
      this.mirror.write(this.current, head, recordsCleared || mirrorSyncs(prev, next));
    }
    // Money leaves, or a number shows, only once the advance that covers it has landed.
    if (paysOut || recordsCleared || plan!.lands) this.counter.finish();
    this.checkpoints.ifDue(this.signing.head);
  }

  /**
   * From here to endBatch(), a commit that lets nothing leave is written without waiting for the
   * disk (group commit): the runner holds what it shows and carries out until the batch ends.
   */
  beginBatch(): void {
    this.group.beginBatch();
  }

  /** The batch's commits reach the disk now, in one sync; then their counter's advance and the mirror. */
  endBatch(): void {
    this.group.endBatch();
  }

  /**
   * The batch's commits reach the disk in one sync on libuv's threads while the cabinet goes on;
   * `durable` is told when they (and any group before them) are there, with the counter's
   * advance sent and the mirror written. Commits made meanwhile are the next group's.
   */
  endBatchSoon(durable: () => void): void {
    this.group.endBatchSoon(durable);
  }

  /**
   * The group's end, in its transaction: its state and meter rows as its last commit left them,
   * the tables' digests, and that commit signed again with them in place of IN_GROUP.
   */
  private finishGroup(): void {
    this.writers.writeGroup();
    this.signing.signGroupEnd();
    this.checkpoints.ifDue(this.signing.head);
  }

  /** What the groups so far owe, at once: their sync, the counter's advances, the mirror. */
  flush(): void {
    this.group.flush();
  }

  /** Nothing made is waiting for the disk. */
  get settled(): boolean {
    return this.group.settled;
  }

  /**
   * Moves the records older than `rule` keeps (never below its floor) into a new archive file in
   * `dir` (archive.ts), or those before commit `cut` when given; the file's path, or null when
   * nothing is due. Everything made is on the disk first.
   */
  archive(dir: string, rule: RetentionRule = DEFAULT_RETENTION, progress?: Progress, cut?: number): string | null {
    this.flush();
    const at = cut ?? cutDue(this.db, rule);
    if (at === null) return null;
    const file = archiveBefore(this.db, this.key.bytes, at, dir, progress);
    const vouched = latestArchiveCut(this.db, this.key.bytes);
    if (vouched) this.checkpoints.rebase(vouched);
    return file;
  }

  /**
   * archive() beside play: the records walked and copied to the file through a second, read-only
   * connection in slices, one turn of the event loop each, the journal committing between them;
   * then the cut, between two of its commits. The file's path, or null when nothing is due.
   */
  async archiveInBackground(
    dir: string,
    rule: RetentionRule,
    progress?: Progress,
    cut?: number,
  ): Promise<string | null> {
    this.flush();
    const at = cut ?? cutDue(this.db, rule);
    if (at === null) return null;
    const read = new Database(this.path, { readonly: true, fileMustExist: true });
    const steps = archiveSteps(this.db, this.key.bytes, at, dir, progress, read);
    try {
      for (;;) {
        if (!this.open) throw new StoreError('the journal closed before the archive was written');
        const step = steps.next();
        if (step.done) {
          const vouched = latestArchiveCut(this.db, this.key.bytes);
          if (vouched) this.checkpoints.rebase(vouched);
          return step.value;
        }
        if (step.value === 'cut') this.flush();
        else await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      // Given up half way (the journal closed, a break found): the file half written is removed next time.
      steps.return('');
      read.close();
    }
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
  get anchorStatus(): {
    anchored: boolean;
    description: string;
    records: number | null;
    counter: number | null;
    /** The TPM's warning the counter is waiting out (TPM_RC_NV_RATE, say), or null. */
    busy: string | null;
    /** Advances sent to the TPM since open (each one write of its NV memory), and its warnings. */
    advances: number;
    busyAnswers: number;
  } {
    this.landAnchor();
    const c = this.counter;
    return {
      anchored: c.choice.kind === 'tpm',
      description: c.description,
      records: c.records,
      counter: c.counterAt,
      busy: c.busy,
      ...c.writes,
    };
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

  /** The orderly stop's commit, where the records can be proven the latest at the next start. */
  private stopInOrder(): void {
    const c = this.counter;
    const handle = c.handle;
    if (handle === null || c.problem !== null || c.finding?.refused !== null || !this.current) return;
    const commit = this.signing.head.seq + 1;
    try {
      // No advance of its own: the next start's first commit makes one, which puts a copy of
      // these records behind the counter once anything is played on them.
      this.journal(this.current, this.current, false, { ...NO_ASK, still: true }, () => {
        this.writers.writeEffects([{ type: 'log', entry: logEntry(Date.now(), 'records', stopRow(handle, commit)) }]);
        return false;
      });
    } catch {
      // Not made (the disk, the TPM): the next start cannot prove the records, and says so.
    }
  }

  /** Why the mirror could not be written after the last commit, or null. */
  get mirrorProblem(): string | null {
    return this.mirror.problem;
  }

  /** Event rows this journal has appended to, as far as it has written them. */
  eventCount(): number {
    return this.writers.ends.events_to;
  }

  /** False once closed (by close(), or by whoever holds the reader's connection). */
  get open(): boolean {
    return this.reader.db.open;
  }

  /**
   * Closes the journal. `orderly` (a stop, not a failure): everything waiting reaches the disk,
   * then the stop is the last commit (orderly-stop.ts).
   */
  close(orderly = true): void {
    if (this.open && this.group.failure === null) {
      this.flush();
      if (orderly) this.stopInOrder();
    }
    this.mirror.close();
    this.counter.close();
    this.reader.close();
    this.lock.release();
  }
}

// The keyed checkpoints the journal writes (keyed-chain.ts): every CHECKPOINT_EVERY rows the
// chain since the last checkpoint is walked again and, found whole, vouched for by a new one, so
// the next start walks no further back than that; and the 'era' a RAM clear on refused records
// starts, which the background walk starts from.

import type Database from 'better-sqlite3';
import { checkpointMac, IN_GROUP, type Anchor, type CheckpointKind, type CommitRow } from './keyed-chain';
import type { RecordsReader } from './records-reader';

/** A checkpoint is written when this many commits and event rows were added since the last one. */
export const CHECKPOINT_EVERY = 2000;

export class JournalCheckpoints {
  private statement: Database.Statement | null = null;
  /** The commit the chain was last vouched for at, which the next checkpoint's walk starts from. */
  private anchor: Anchor | null;
  /** Commits and event rows added since that checkpoint. */
  private since: number;

  constructor(
    private readonly db: Database.Database,
    private readonly key: Buffer,
    private readonly reader: RecordsReader,
    anchor: Anchor | null,
    since: number,
  ) {
    this.anchor = anchor;
    this.since = since;
  }

  /** Prepared on first use: a database from before the table existed is migrated first. */
  private get insert(): Database.Statement {
    this.statement ??= this.db.prepare('INSERT INTO checkpoints (kind, commit_seq, at, mac) VALUES (?, ?, ?, ?)');
    return this.statement;
  }

  /** Writes a checkpoint of `kind` at commit `c` (in the caller's transaction, if any). */
  write(kind: CheckpointKind, c: CommitRow): void {
    const at = Date.now();
    this.insert.run(kind, c.seq, at, checkpointMac(this.key, kind, c.seq, c.mac, at));
  }

  /** One commit made, with `rows` event rows. */
  counted(rows: number): void {
    this.since += 1 + rows;
  }

  /** An archive cut moved the chain before `cut` out: the next walk starts no further back. */
  rebase(cut: Anchor): void {
    if (this.anchor === null || this.anchor.seq < cut.seq) this.anchor = cut;
  }

  /** A RAM clear on refused records wrote an era at `head`: the walks start from it. */
  newEra(head: CommitRow): void {
    this.anchor = { seq: head.seq, mac: head.mac, by: 'the RAM clear' };
    this.since = 0;
  }

  /**
   * When CHECKPOINT_EVERY rows were added, the chain since the last checkpoint is walked and,
   * found whole, vouched for at `head` by a new checkpoint (in a transaction of its own).
   */
  ifDue(head: CommitRow): void {
    // A group's last commit is signed again at its end: a checkpoint waits for it (finishGroup).
    if (this.since < CHECKPOINT_EVERY || this.reader.recordsBroken || head.tables === IN_GROUP) return;
    this.since = 0;
    if (!this.reader.walkSince(this.anchor).ok) return;
    this.db.transaction(() => this.write('verified', head))();
    this.anchor = { seq: head.seq, mac: head.mac, by: 'the checkpoint' };
  }
}

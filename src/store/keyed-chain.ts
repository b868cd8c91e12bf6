// The keyed chain over everything committed. Every transaction the journal commits adds one row
// to `commits`: where the event log and the settings log end after it (the event log's own
// hash, C-12, and a running digest of the settings log), the digest of every table that keeps
// only its latest rows (table-digests.ts), and an HMAC-SHA-256 under the machine key over all of
// that and the previous commit's MAC. Without the key nobody can re-sign an edit, however they
// recompute the unkeyed hashes; with the key's fingerprint in the database, another machine's
// file does not verify here.
//
// A commit made since the records' anchor (schema 8, records-anchor.ts) also signs the TPM
// counter's value it was made at; one made before has none, and signs what it always did.
//
// A group of commits (group commit, journal.ts) is one SQLite transaction: only the tables as its
// last commit leaves them ever reach the disk, so only that commit signs their digests; the ones
// before it in the group sign IN_GROUP instead of a digest no one could ever check. A chain whose
// last commit says IN_GROUP lost the end of its group, and is refused (records-walk.ts).
//
// Checkpoints (keyed too) say "the chain up to commit N was walked and found whole", so a start
// walks only from the latest one: its time stays flat as the log grows.

import { createHmac } from 'node:crypto';
import { sha256Hex } from './sha256';
import { ChainWalker, GENESIS, type EventRow } from './event-chain';

export interface CommitRow {
  seq: number;
  at: number;
  events_to: number;
  events_head: string;
  settings_to: number;
  settings_head: string;
  tables: string;
  /** The TPM counter's value the commit was made at; null: the records were not anchored. */
  anchor: number | null;
  mac: string;
}

/** A settings_log row as its column values: seq, at, key, old_value, new_value, source. */
export type SettingsLogRow = readonly [number, number, string, string | null, string, string];

/** What a commit signs for the tables when a later commit of its group signs them. */
export const IN_GROUP = 'in-group';

/** What the commit before the first one "was": nothing logged, nothing signed. */
export const BEFORE_FIRST: CommitRow = {
  seq: 0,
  at: 0,
  events_to: 0,
  events_head: GENESIS,
  settings_to: 0,
  settings_head: GENESIS,
  tables: GENESIS,
  anchor: null,
  mac: GENESIS,
};

export function commitMac(key: Buffer, prevMac: string, c: Omit<CommitRow, 'mac'>): string {
  const text = [
    'commit',
    c.seq,
    c.at,
    prevMac,
    c.events_to,
    c.events_head,
    c.settings_to,
    c.settings_head,
    c.tables,
    ...(c.anchor === null ? [] : ['anchor', c.anchor]),
  ].join('\n');
  return createHmac('sha256', key).update(text).digest('hex');
}

/** The settings log's running digest after one more row. */
export function settingsLogDigest(prev: string, row: SettingsLogRow): string {
  return sha256Hex(`${prev}\n${JSON.stringify(row)}`);
}

export type CheckpointKind = 'verified' | 'era';

export interface CheckpointRow {
  seq: number;
  kind: CheckpointKind;
  commit_seq: number;
  at: number;
  mac: string;
}

/**
 * A checkpoint vouches for a commit's MAC. 'verified': the chain up to it was walked whole.
 * 'era': a RAM clear on refused records started the records afresh there; the background walk
 * of the chain starts from the latest one.
 */
export function checkpointMac(
  key: Buffer,
  kind: CheckpointKind,
  commitSeq: number,
  commitMac: string,
  at: number,
): string {
  return createHmac('sha256', key).update(['checkpoint', kind, commitSeq, commitMac, at].join('\n')).digest('hex');
}

/** A commit the walk may start from: vouched for by a checkpoint or the mirror, or the first. */
export interface Anchor {
  seq: number;
  mac: string;
  /** Who vouches for it, for the message when it does not hold. */
  by: string;
}

export type CommitProblem = { commit: number; eventSeq: number; problem: string };

/**
 * Walks commits one at a time, each with the event and settings-log rows it appended, from the
 * commit `base` (read, not trusted: the anchor commit's MAC, recomputed over it, vouches for it).
 */
export class CommitWalker {
  private base: CommitRow;
  /** The MAC the base was chained on ('' for the one the walk starts from, which it did not check). */
  private baseChainedOn = '';
  private events: ChainWalker;
  private settingsHead: string;
  private settingsNext: number;
  private eventRows = 0;

  constructor(
    private readonly key: Buffer,
    base: CommitRow,
    private readonly anchor: Anchor | null,
  ) {
    this.base = base;
    this.events = new ChainWalker(base.events_head, base.events_to + 1);
    this.settingsHead = base.settings_head;
    this.settingsNext = base.settings_to + 1;
  }

  get last(): CommitRow {
    return this.base;
  }

  get rows(): number {
    return this.eventRows;
  }

  /** Null when commit `c` follows on and everything it appended is as it signed. */
  step(c: CommitRow, events: readonly EventRow[], settings: readonly SettingsLogRow[]): CommitProblem | null {
    const b = this.base;
    const at = (problem: string, eventSeq = b.events_to + 1): CommitProblem => ({
      commit: c.seq,
      eventSeq,
      problem: `commit ${c.seq}: ${problem}`,
    });
    if (c.seq !== b.seq + 1)
      return {
        commit: b.seq + 1,
        eventSeq: b.events_to + 1,
        problem: `commit ${b.seq + 1} is missing (found ${c.seq})`,
      };
    for (const e of events) {
      this.eventRows++;
      if (!this.events.add(e)) {
        const broken = this.events.result();
        return broken.ok ? at('event chain broken') : { commit: c.seq, eventSeq: broken.seq, problem: broken.problem };
      }
    }
    const head = this.events.head;
    if (head.next !== c.events_to + 1 || head.hash !== c.events_head) {
      return at(
        `the event log does not end where it says (row ${c.events_to}): rows missing, added or re-hashed`,
        Math.min(head.next, c.events_to + 1),
      );
    }
    for (const r of settings) {
      if (r[0] !== this.settingsNext) return at(`settings log row ${this.settingsNext} is missing (found ${r[0]})`);
      this.settingsHead = settingsLogDigest(this.settingsHead, r);
      this.settingsNext++;
    }
    if (this.settingsNext !== c.settings_to + 1 || this.settingsHead !== c.settings_head) {
      return at(`the settings log does not match what it signed (row ${c.settings_to})`);
    }
    const mac = commitMac(this.key, b.mac, c);
    if (mac !== c.mac)
      return at("its MAC does not verify under this machine's key (edited, forged, or another machine's)");
    if (this.anchor && c.seq === this.anchor.seq && c.mac !== this.anchor.mac)
      return at(`it is not the commit ${this.anchor.by} vouches for`);
    this.baseChainedOn = b.mac;
    this.base = c;
    return null;
  }

  /**
   * The walk goes on after a pause from `now`, its last commit read again. That commit may have
   * been its group's last, signed IN_GROUP while the group was open, and signed again with the
   * tables' digests at the group's end (the one change a commit row takes); the commits after it
   * chain on the new MAC. The new row must be the old one but for its tables, signed anew.
   */
  resume(now: CommitRow | undefined): CommitProblem | null {
    const b = this.base;
    if (now !== undefined && now.mac === b.mac && now.tables === b.tables) return null;
    const problem = `commit ${b.seq} changed while the walk was paused on it`;
    if (now === undefined) return { commit: b.seq, eventSeq: b.events_to + 1, problem: `${problem} (it is gone)` };
    const sameButTables =
      this.baseChainedOn !== '' &&
      b.tables === IN_GROUP &&
      commitMac(this.key, this.baseChainedOn, { ...now, tables: IN_GROUP }) === b.mac;
    if (!sameButTables || commitMac(this.key, this.baseChainedOn, now) !== now.mac)
      return { commit: b.seq, eventSeq: b.events_to + 1, problem: `${problem}, not as its group's end signs it` };
    this.base = now;
    return null;
  }
}

// The journal's side of the mirror of critical memory (mirror.ts): after a commit reaches the
// disk, the record of what it left (mirror-record.ts) is written outside the database. Refused
// records are not mirrored: the mirror keeps what it knew until a RAM clear starts a new era.

import type { CabinetState } from '../cabinet';
import type { CommitRow } from './keyed-chain';
import type { Mirror, MirrorRecord } from './mirror';
import { MirrorRecords } from './mirror-record';

export class JournalMirror {
  private readonly records: MirrorRecords;
  /** False while the records are refused: the mirror keeps what it knew until a RAM clear. */
  private mirroring: boolean;
  private written = false;
  private failure: string | null = null;

  constructor(
    private readonly mirror: Mirror,
    fingerprint: string,
    machine: () => string,
    mirroring: boolean,
  ) {
    this.records = new MirrorRecords(fingerprint, machine);
    this.mirroring = mirroring;
  }

  /** What mirrors the state `s` committed as `head`. */
  of(s: CabinetState | null, head: CommitRow): MirrorRecord {
    return this.records.of(s, head);
  }

  /** The mirror has held a record since this journal opened. */
  get hasWritten(): boolean {
    return this.written;
  }

  /** Why the mirror could not be written after the last commit, or null. */
  get problem(): string | null {
    return this.failure;
  }

  /** A RAM clear on refused records: a new era, mirrored from here on. */
  resume(): void {
    this.mirroring = true;
  }

  /** After every commit on the disk, unless the records are refused; synced to the device when `durable`. */
  write(s: CabinetState | null, head: CommitRow, durable: boolean): void {
    if (this.mirroring) this.writeRecord(this.records.of(s, head), durable);
  }

  /** A record made when its group was sealed, written once the group is on the disk. */
  writeRecord(record: MirrorRecord, durable: boolean): void {
    if (!this.mirroring) return;
    try {
      this.mirror.write(record, durable || !this.written);
      this.written = true;
      this.failure = null;
    } catch (e) {
      this.failure = (e as Error).message;
    }
  }

  close(): void {
    this.mirror.close();
  }
}

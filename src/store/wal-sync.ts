// The WAL's own sync, for the commits the cabinet lets show before they reach the disk (a HOLD
// changed: cabinet/durability.ts): synced on libuv's threads straight after, one at a time, or at
// once when the TPM counter is to follow such a commit (the counter never passes a commit that
// is not on the disk). And a group's sync (group commit: journal.ts), whose end is told.
//
// A sync that fails is never tried again (fsyncgate): the kernel may have dropped the pages it
// could not write and marked them clean, so a second sync would report them on the disk. From
// the first failure on, every sync refuses, and whoever owns the journal is told: the cabinet
// stops, and starts again from what the disk holds.

import { close, closeSync, fdatasync, fdatasyncSync, open, openSync } from 'node:fs';
import { StoreError } from './database';

/** How the WAL is synced to its device: the file system's, or a test's disk that fails. */
export interface DiskSync {
  fdatasync(fd: number, done: (err: NodeJS.ErrnoException | null) => void): void;
  fdatasyncSync(fd: number): void;
}

const FILE_SYSTEM_SYNC: DiskSync = { fdatasync, fdatasyncSync };

export class WalSync {
  private state: 'idle' | 'running' | 'again' = 'idle';
  private failedWith: string | null = null;

  /**
   * `database`: the database file's path; `open`: false once its journal is closed; `failed`:
   * told once, at the first sync that fails.
   */
  constructor(
    private readonly database: string,
    private readonly open: () => boolean,
    private readonly failed: (problem: string) => void,
    private readonly disk: DiskSync = FILE_SYSTEM_SYNC,
  ) {}

  /** Why the WAL can no longer be trusted to reach the disk, or null. */
  get failure(): string | null {
    return this.failedWith;
  }

  private fail(e: unknown): void {
    if (this.failedWith !== null) return;
    this.failedWith = `the disk failed to sync ${this.database}-wal (${(e as Error).message}): what it held may not be on the disk, and no second sync can tell; the cabinet starts again from what the disk holds`;
    this.failed(this.failedWith);
  }

  /** Syncs the WAL before going on; throws once a sync has failed. */
  now(): void {
    if (this.failedWith !== null) throw new StoreError(this.failedWith);
    let fd: number | null = null;
    try {
      fd = openSync(`${this.database}-wal`, 'r');
      this.disk.fdatasyncSync(fd);
    } catch (e) {
      this.fail(e);
      throw new StoreError(this.failedWith!);
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }

  /** Syncs the WAL off the event loop, and says when it is done; a failure is the owner's (failed), and `done` is never called. */
  group(done: () => void): void {
    if (this.failedWith !== null) return;
    open(`${this.database}-wal`, 'r', (err, fd) => {
      // The journal closed meanwhile (its WAL gone with it) is no failure of the disk's.
      if (err) return this.open() ? this.fail(err) : undefined;
      this.disk.fdatasync(fd, (failed) =>
        close(fd, () => {
          if (failed) this.fail(failed);
          else if (this.failedWith === null) done();
        }),
      );
    });
  }

  /** Syncs the WAL off the event loop (one at a time; a commit meanwhile asks for one more). */
  soon(): void {
    if (this.failedWith !== null) return;
    if (this.state !== 'idle') {
      this.state = 'again';
      return;
    }
    this.state = 'running';
    const done = (): void => {
      const again = this.state === 'again';
      this.state = 'idle';
      if (again && this.open()) this.soon();
    };
    open(`${this.database}-wal`, 'r', (err, fd) => {
      if (err) {
        // The journal closed meanwhile (its WAL gone with it) is no failure of the disk's.
        if (this.open()) this.fail(err);
        return done();
      }
      this.disk.fdatasync(fd, (failed) =>
        close(fd, () => {
          if (failed) this.fail(failed);
          done();
        }),
      );
    });
  }
}

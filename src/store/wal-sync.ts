// The WAL's own sync, for the commits the cabinet lets show before they reach the disk (a HOLD
// changed: cabinet/durability.ts): synced on libuv's threads straight after, one at a time, or at
// once when the TPM counter is to follow such a commit (the counter never passes a commit that
// is not on the disk). And a group's sync (group commit: journal.ts), whose end is told.

import { close, closeSync, fdatasync, fdatasyncSync, open, openSync } from 'node:fs';

export class WalSync {
  private state: 'idle' | 'running' | 'again' = 'idle';

  /** `database`: the database file's path; `open`: false once its journal is closed. */
  constructor(
    private readonly database: string,
    private readonly open: () => boolean,
  ) {}

  /** Syncs the WAL before going on. */
  now(): void {
    const fd = openSync(`${this.database}-wal`, 'r');
    try {
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Syncs the WAL off the event loop, and says whether it could. */
  group(done: (ok: boolean) => void): void {
    open(`${this.database}-wal`, 'r', (err, fd) => {
      if (err) return done(false);
      fdatasync(fd, (failed) => close(fd, () => done(!failed)));
    });
  }

  /** Syncs the WAL off the event loop (one at a time; a commit meanwhile asks for one more). */
  soon(): void {
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
    // A failure here is not the commit's: the next synced commit syncs the same file.
    open(`${this.database}-wal`, 'r', (err, fd) => {
      if (err) return done();
      fdatasync(fd, () => close(fd, done));
    });
  }
}

// What each step carries out and shows, in order, held until its commit is on the disk (C-13),
// and the batches (group commit) whose steps reach the disk in one sync while the cabinet goes
// on: only then is anything they do carried out or shown.

import type { Journal } from '../store';

export class HeldActs {
  /** How deep in batch() the runner is; while above 0, what each step carries out and shows is held. */
  private depth = 0;
  /**
   * What each step carries out and shows, in order (`seq`, the step's commit; null for a step the
   * disk need not wait for: a hold, a refusal not logged).
   */
  private readonly held: { seq: number | null; act: () => void }[] = [];
  private releasing = false;

  /** `released` is told after a release, to take up the inputs the acts queued. */
  constructor(
    private readonly store: Journal,
    private readonly released: () => void,
  ) {}

  /** Inside a batch. */
  get batching(): boolean {
    return this.depth > 0;
  }

  /** The acts run now. */
  get running(): boolean {
    return this.releasing;
  }

  /** `inputs` stepped as one batch (CabinetRunner.batch). */
  batch<T>(inputs: () => T): T {
    if (this.depth++ === 0) this.store.beginBatch();
    try {
      return inputs();
    } finally {
      if (--this.depth === 0) this.store.endBatchSoon(() => this.release());
    }
  }

  /** A step's act, to run once the commit `seq` (null: none to wait for) is on the disk. */
  hold(seq: number | null, act: () => void): void {
    this.held.push({ seq, act });
  }

  /** Carries out and shows, in order, what the steps on the disk did. */
  release(): void {
    if (this.releasing) return;
    this.releasing = true;
    try {
      while (this.held.length > 0) {
        const first = this.held[0]!;
        if (first.seq !== null && first.seq > this.store.durableSeq) break;
        this.held.shift();
        first.act();
      }
    } finally {
      this.releasing = false;
    }
    // What the acts set off (a device's answer) was queued behind them.
    if (this.depth === 0) this.released();
  }

  /** Everything committed on the disk now, and carried out. */
  settleNow(): void {
    // Even from a listener while the acts run: a group made since is synced before it is read.
    if (!this.store.settled && this.store.open) this.store.flush();
    this.release();
  }
}

// The runner's watch over the records' TPM counter (store/anchor): an advance that no commit has
// taken the answer of is taken soon, so that a TPM gone quiet is a tilt even while the cabinet
// commits nothing; and a counter that cannot be used is tried again until it can.

import type { Journal } from '../store';

/** How often the records' TPM counter is tried again while it cannot be used. */
export const ANCHOR_RETRY_MS = 2000;

/**
 * An advance of the counter that no commit has taken the answer of is taken within this long, so
 * that a TPM gone quiet is a tilt even while the cabinet commits nothing (store/anchor).
 */
export const ANCHOR_LAND_MS = 10;

export class AnchorWatch {
  private retrying: NodeJS.Timeout | null = null;
  private landing: NodeJS.Timeout | null = null;
  private closed = false;

  /**
   * `heed` hands what the store found since to the cabinet; `busy` says an input is being
   * stepped now (its commit takes the answer itself).
   */
  constructor(
    private readonly store: Journal,
    private readonly heed: () => void,
    private readonly busy: () => boolean,
  ) {}

  /** The counter's advance in flight after a commit is taken soon, by the next commit or by this. */
  landSoon(): void {
    if (this.landing !== null || this.closed || !this.store.anchorInFlight) return;
    this.landing = setTimeout(() => {
      this.landing = null;
      if (this.closed || !this.store.open || this.busy()) return;
      this.store.landAnchor();
      this.heed();
    }, ANCHOR_LAND_MS);
    this.landing.unref();
  }

  /** While the counter has a problem, it is tried again every ANCHOR_RETRY_MS. */
  retryWhileProblem(): void {
    if (this.store.anchorProblem === null || this.retrying !== null || this.closed) return;
    this.retrying = setTimeout(() => {
      this.retrying = null;
      if (this.closed || !this.store.open) return;
      this.store.retryAnchor();
      this.heed();
    }, ANCHOR_RETRY_MS);
    this.retrying.unref();
  }

  close(): void {
    this.closed = true;
    if (this.retrying) clearTimeout(this.retrying);
    this.retrying = null;
    if (this.landing) clearTimeout(this.landing);
    this.landing = null;
  }
}

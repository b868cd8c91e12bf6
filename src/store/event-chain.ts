// C-12: the event log is append only and chained: each row carries the hash of the row before
// it and its own hash over that and its content, so an edited, removed or inserted row shows.

import { sha256Hex } from './sha256';

export const GENESIS = '0'.repeat(64);

export interface EventRow {
  seq: number;
  at: number;
  kind: string;
  data: string;
  prev_hash: string;
  hash: string;
}

export function rowHash(prev: string, seq: number, at: number, kind: string, data: string): string {
  return sha256Hex(`${prev}\n${seq}\n${at}\n${kind}\n${data}`);
}

export type ChainCheck =
  { ok: true; rows: number; last: string } | { ok: false; rows: number; seq: number; problem: string };

/**
 * Checks rows one at a time, in order, so that a long log can be walked in slices between other
 * work; `verifyChain` is the same walk in one go.
 */
export class ChainWalker {
  private count = 0;
  private broken: ChainCheck | null = null;

  /** From the start of the log, or on from a row already vouched for (its seq and hash). */
  constructor(
    private prev = GENESIS,
    private expectedSeq = 1,
  ) {}

  /** False once a row broke the chain: the rest need not be read. */
  add(r: EventRow): boolean {
    if (this.broken) return false;
    this.count++;
    const fail = (problem: string): false => {
      this.broken = { ok: false, rows: this.count, seq: r.seq, problem };
      return false;
    };
    if (r.seq !== this.expectedSeq) return fail(`row ${this.expectedSeq} is missing (found ${r.seq})`);
    if (r.prev_hash !== this.prev) return fail('does not carry the hash of the row before it');
    if (rowHash(this.prev, r.seq, r.at, r.kind, r.data) !== r.hash) return fail('its content does not match its hash');
    this.prev = r.hash;
    this.expectedSeq++;
    return true;
  }

  result(): ChainCheck {
    return this.broken ?? { ok: true, rows: this.count, last: this.prev };
  }

  /** The hash of the last row walked, and the seq the next row must have. */
  get head(): { hash: string; next: number } {
    return { hash: this.prev, next: this.expectedSeq };
  }
}

/** Walks the rows in order and reports the first one that breaks the chain. */
export function verifyChain(rows: Iterable<EventRow>): ChainCheck {
  const walker = new ChainWalker();
  for (const r of rows) if (!walker.add(r)) break;
  return walker.result();
}

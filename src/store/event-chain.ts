// C-12: the event log is append only and chained: each row carries the hash of the row before
// it and its own hash over that and its content, so an edited, removed or inserted row shows.

import { createHash } from 'node:crypto';

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
  return createHash('sha256').update(`${prev}\n${seq}\n${at}\n${kind}\n${data}`).digest('hex');
}

export type ChainCheck = { ok: true; rows: number; last: string } | { ok: false; rows: number; seq: number; problem: string };

/** Walks the rows in order and reports the first one that breaks the chain. */
export function verifyChain(rows: Iterable<EventRow>): ChainCheck {
  let prev = GENESIS;
  let expectedSeq = 1;
  let count = 0;
  for (const r of rows) {
    count++;
    if (r.seq !== expectedSeq) return { ok: false, rows: count, seq: r.seq, problem: `row ${expectedSeq} is missing (found ${r.seq})` };
    if (r.prev_hash !== prev) return { ok: false, rows: count, seq: r.seq, problem: 'does not carry the hash of the row before it' };
    if (rowHash(prev, r.seq, r.at, r.kind, r.data) !== r.hash) return { ok: false, rows: count, seq: r.seq, problem: 'its content does not match its hash' };
    prev = r.hash;
    expectedSeq++;
  }
  return { ok: true, rows: count, last: prev };
}

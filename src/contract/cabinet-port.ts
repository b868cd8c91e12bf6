// What a carrier needs of the running app: the latest snapshot, a stream of new ones, and a
// door for wishes. The host's WebSocket carrier and the Electron IPC bridge both use it.

import type { Snapshot } from './snapshot';
import type { Wish } from './wishes';
import type { Answer, Query } from './service';

export type WishAnswer = { ok: true } | { ok: false; rule: string; reason: string };
export type QueryResult = { ok: true; answer: Answer } | { ok: false; rule: string; reason: string };

export interface CabinetPort {
  snapshot(): Snapshot;
  onSnapshot(listener: (snapshot: Snapshot) => void): () => void;
  /** `version` is the snapshot version the wish was made against (stale ones are refused). */
  wish(version: number, wish: Wish): Promise<WishAnswer>;
  /** Reads a record behind its key (C-21); a refusal names the rule, and is logged. */
  query(query: Query): Promise<QueryResult>;
  /** C-22: a message the screen sent that is not in the contract; logged by the cabinet. */
  refuseMalformed(reason: string, carrier: string): void;
}

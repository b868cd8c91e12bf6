// What a carrier needs of the running app: the latest snapshot, a stream of new ones, and one
// door per screen connection for wishes and queries. The host's WebSocket carrier and the
// Electron IPC bridge both use it.

import type { Snapshot } from './snapshot';
import type { Wish } from './wishes';
import type { Answer, Query } from './service';

export type WishAnswer = { ok: true } | { ok: false; rule: string; reason: string };
export type QueryResult = { ok: true; answer: Answer } | { ok: false; rule: string; reason: string };

export interface CabinetPort {
  snapshot(): Snapshot;
  onSnapshot(listener: (snapshot: Snapshot) => void): () => void;
  /**
   * Opens one screen connection (a WebSocket, the IPC channel). Its refusals are logged by the
   * cabinet at most once a second, with a count of those held back (C-22), so no connection can
   * flood the event log.
   */
  connect(carrier: string): ScreenConnection;
}

export interface ScreenConnection {
  snapshot(): Snapshot;
  /** `version` is the snapshot version the wish was made against (stale ones are refused). */
  wish(version: number, wish: Wish): Promise<WishAnswer>;
  /** Reads a record behind its key (C-21); a refusal names the rule, and is logged. */
  query(query: Query): Promise<QueryResult>;
  /** C-22: a message (or a frame) the screen sent that is not in the contract; logged. */
  refuseMalformed(reason: string): void;
  /** The connection is gone: the count of refusals still held back is written. */
  close(): void;
}

// The CabinetPort both carriers use (the host's WebSocket, Electron's IPC bridge): snapshots
// made from each committed state, wishes stepped against the version the screen saw, queries
// answered from the store behind their key (C-21), and messages outside the contract written
// to the event log (C-22). A refused query is logged like a refused wish.

import type { CabinetEffect, CabinetInput, CabinetResult, CabinetState } from '../../cabinet';
import type { Activity, Snapshot, Wish } from '../../contract';
import type { CabinetPort, Query, QueryResult, WishAnswer } from '../../contract';
import { answerQuery, queryAccess } from '../service/answer-query';
import type { PayTableCatalog } from '../service/installed-pay-tables';
import type { ServiceRecords } from '../service/records';
import { activityOf } from './activity';
import { snapshotOf } from './snapshot-of';

/** What the screen port needs of the running cabinet. */
export interface RunningCabinet {
  readonly state: CabinetState;
  onState(listener: (state: CabinetState, result: CabinetResult, input: CabinetInput) => void): () => void;
  /** Steps a wish made against `counter`; a stale one is refused by the cabinet. */
  wishAgainst(counter: number, wish: unknown): CabinetResult;
  /** Appends log effects that belong to no transition (refusals). */
  log(effects: readonly CabinetEffect[]): void;
  /** The store's read side, for the service queries. */
  readonly records: ServiceRecords;
  readonly payTables: PayTableCatalog;
}

/** What a refusal row says of the query: all of it when it is in the contract (a query holds no secret). */
function queryForLog(query: unknown, malformed: boolean): unknown {
  if (!malformed) return query;
  const type = typeof query === 'object' && query !== null ? (query as { type?: unknown }).type : undefined;
  return { type: typeof type === 'string' ? type.slice(0, 32) : null };
}

export function screenPort(cabinet: RunningCabinet, now: () => number = Date.now): CabinetPort {
  let cached: { version: number; seq: number; snapshot: Snapshot } | null = null;
  let base: { version: number; snapshot: Snapshot } | null = null;
  let activity: Activity = { seq: 0, kind: 'none' };
  const current = (state: CabinetState): Snapshot => {
    if (cached?.version === state.version && cached.seq === activity.seq) return cached.snapshot;
    // A person's doing that changed no state reuses the state's snapshot with the new activity.
    if (base?.version !== state.version) base = { version: state.version, snapshot: snapshotOf(state, now()) };
    cached = { version: state.version, seq: activity.seq, snapshot: { ...base.snapshot, activity } };
    return cached.snapshot;
  };
  const listeners = new Set<(snapshot: Snapshot) => void>();
  let last: { version: number; seq: number } | null = null;
  let unsubscribe: (() => void) | null = null;
  // One subscription for every screen: each input is counted once, then the screens are told.
  const follow = (state: CabinetState, result: CabinetResult, input: CabinetInput): void => {
    const kind = activityOf(input, result);
    if (kind) activity = { seq: activity.seq + 1, kind };
    if (last?.version === state.version && last.seq === activity.seq) return;
    last = { version: state.version, seq: activity.seq };
    const snapshot = current(state);
    for (const l of listeners) l(snapshot);
  };
  return {
    snapshot: () => current(cabinet.state),
    onSnapshot(listener) {
      listeners.add(listener);
      unsubscribe ??= cabinet.onState(follow);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = null;
        }
      };
    },
    async wish(version: number, wish: Wish): Promise<WishAnswer> {
      const result = cabinet.wishAgainst(version, wish);
      return result.ok ? { ok: true } : { ok: false, rule: result.refusal.rule, reason: result.refusal.reason };
    },
    async query(query: Query): Promise<QueryResult> {
      // The event log's chain is walked in slices first (only for one who may read it), so a
      // long log never stalls the devices; access is checked again on the state after the walk.
      const walked = query.type === 'events' && queryAccess(cabinet.state, 'events') === null ? await cabinet.records.walkChainSliced() : undefined;
      const result = answerQuery(query, { state: cabinet.state, records: cabinet.records, payTables: cabinet.payTables, walked });
      if (!result.ok) {
        const data = { rule: result.rule, reason: result.reason, query: queryForLog(query, result.rule === 'C-22') };
        cabinet.log([{ type: 'log', entry: { at: now(), kind: 'refusal', data } }]);
      }
      return result;
    },
    refuseMalformed(reason: string, carrier: string) {
      cabinet.log([{ type: 'log', entry: { at: now(), kind: 'refusal', data: { rule: 'C-22', reason, carrier } } }]);
    },
  };
}

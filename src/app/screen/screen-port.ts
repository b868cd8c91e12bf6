// The CabinetPort both carriers use (the host's WebSocket, Electron's IPC bridge): snapshots
// made from each committed state, wishes stepped against the version the screen saw, queries
// answered from the store behind their key (C-21), and messages outside the contract written
// to the event log (C-22). Each connection has its own refusal log: a refused wish, query or
// message is logged like the others, at most one row a second a connection, with a count.

import type { CabinetEffect, CabinetInput, CabinetResult, CabinetState } from '../../cabinet';
import type { Activity, Snapshot, Wish } from '../../contract';
import type { CabinetPort, Query, QueryResult, ScreenConnection, WishAnswer } from '../../contract';
import { answerQuery, queryAccess, type QueryContext } from '../service/answer-query';
import type { PayTableCatalog } from '../service/installed-pay-tables';
import type { ServiceRecords } from '../service/records';
import type { CabinetWork } from '../cabinet-work';
import { activityOf } from './activity';
import { refusalLog, type RefusalLogOptions, type RefusalRow } from './refusal-log';
import { snapshotOf } from './snapshot-of';

/** What the screen port needs of the running cabinet. */
export interface RunningCabinet {
  readonly state: CabinetState;
  onState(listener: (state: CabinetState, result: CabinetResult, input: CabinetInput) => void): () => void;
  /** Steps a wish made against `counter`; a stale one is refused by the cabinet. The caller logs a refusal. */
  wishAgainst(counter: number, wish: unknown): CabinetResult;
  /** Appends log effects that belong to no transition (refusals). */
  log(effects: readonly CabinetEffect[]): void;
  /** The store's read side, for the service queries. */
  readonly records: ServiceRecords;
  /** Every installed table with its return; read only when the technician asks for them. */
  readonly payTables: PayTableCatalog;
  /** The SAS link's counters (absent or null: no link). */
  sasStatus?: QueryContext['sasStatus'];
  /** The records' TPM counter as the journal stands with it. */
  anchorStatus?: QueryContext['anchorStatus'];
  /** The bill acceptor as its driver knows it (absent or null: no serial acceptor). */
  acceptorInfo?: QueryContext['acceptorInfo'];
  /** The voucher printer as its driver knows it (absent or null: no serial printer). */
  printerInfo?: QueryContext['printerInfo'];
  /** Long work under way (the records' walk, tables measured), shown on the screens. */
  work?: CabinetWork;
}

/** What a refusal row says of the query: all of it when it is in the contract (a query holds no secret). */
function queryForLog(query: unknown, malformed: boolean): unknown {
  if (!malformed) return query;
  const type = typeof query === 'object' && query !== null ? (query as { type?: unknown }).type : undefined;
  return { type: typeof type === 'string' ? type.slice(0, 32) : null };
}

export interface ScreenPortOptions {
  /** Wall time for the snapshots and the log rows. */
  now?: () => number;
  /** The refusal logs' monotonic clock (tests). */
  clock?: RefusalLogOptions['clock'];
}

export function screenPort(cabinet: RunningCabinet, options: ScreenPortOptions | (() => number) = {}): CabinetPort {
  const { now = Date.now, clock } = typeof options === 'function' ? { now: options } : options;
  let cached: { version: number; seq: number; work: number; snapshot: Snapshot } | null = null;
  let base: { version: number; snapshot: Snapshot } | null = null;
  let activity: Activity = { seq: 0, kind: 'none' };
  const workSeq = (): number => cabinet.work?.seq ?? 0;
  const current = (state: CabinetState): Snapshot => {
    const work = workSeq();
    if (cached?.version === state.version && cached.seq === activity.seq && cached.work === work)
      return cached.snapshot;
    // A person's doing that changed no state reuses the state's snapshot with the new activity.
    if (base?.version !== state.version) base = { version: state.version, snapshot: snapshotOf(state, now()) };
    cached = {
      version: state.version,
      seq: activity.seq,
      work,
      snapshot: { ...base.snapshot, activity, work: cabinet.work?.list() ?? [] },
    };
    return cached.snapshot;
  };
  const listeners = new Set<(snapshot: Snapshot) => void>();
  let last: { version: number; seq: number; work: number } | null = null;
  let unsubscribe: (() => void) | null = null;
  const tell = (state: CabinetState): void => {
    const work = workSeq();
    if (last?.version === state.version && last.seq === activity.seq && last.work === work) return;
    last = { version: state.version, seq: activity.seq, work };
    const snapshot = current(state);
    for (const l of listeners) l(snapshot);
  };
  // One subscription for every screen: each input is counted once, then the screens are told.
  const follow = (state: CabinetState, result: CabinetResult, input: CabinetInput): void => {
    const kind = activityOf(input, result);
    if (kind) activity = { seq: activity.seq + 1, kind };
    tell(state);
  };
  const snapshot = (): Snapshot => current(cabinet.state);
  const write = (row: RefusalRow): void =>
    cabinet.log([{ type: 'log', entry: { at: now(), kind: 'refusal', data: row } }]);

  return {
    snapshot,
    onSnapshot(listener) {
      listeners.add(listener);
      if (!unsubscribe) {
        const fromState = cabinet.onState(follow);
        // Work moving is told like a state: the screens redraw its progress.
        const fromWork = cabinet.work?.onChange(() => tell(cabinet.state));
        unsubscribe = () => {
          fromState();
          fromWork?.();
        };
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = null;
        }
      };
    },
    connect(carrier: string): ScreenConnection {
      const refusals = refusalLog({ carrier, write, clock });
      return {
        snapshot,
        async wish(version: number, wish: Wish): Promise<WishAnswer> {
          const result = cabinet.wishAgainst(version, wish);
          if (result.ok) return { ok: true };
          // The cabinet's own refusal row (the PIN of a wish already masked in it).
          const row = result.effects.find((e) => e.type === 'log' && e.entry.kind === 'refusal');
          refusals.refuse(
            row && row.type === 'log'
              ? (row.entry.data as RefusalRow)
              : { rule: result.refusal.rule, reason: result.refusal.reason },
          );
          return { ok: false, rule: result.refusal.rule, reason: result.refusal.reason };
        },
        async query(query: Query): Promise<QueryResult> {
          // The event log's chain is walked in slices first (only for one who may read it), so a
          // long log never stalls the devices; access is checked again on the state after the walk.
          const walked =
            query.type === 'events' && queryAccess(cabinet.state, 'events') === null
              ? await cabinet.records.walkChainSliced()
              : undefined;
          // The pay tables are read only for their own query: the first read works returns out.
          const context = {
            state: cabinet.state,
            records: cabinet.records,
            walked,
            sasStatus: cabinet.sasStatus,
            anchorStatus: cabinet.anchorStatus,
            acceptorInfo: cabinet.acceptorInfo,
            printerInfo: cabinet.printerInfo,
            get payTables() {
              return cabinet.payTables;
            },
          };
          const result = answerQuery(query, context);
          if (!result.ok)
            refusals.refuse({
              rule: result.rule,
              reason: result.reason,
              query: queryForLog(query, result.rule === 'C-22'),
            });
          return result;
        },
        refuseMalformed(reason: string) {
          refusals.refuse({ rule: 'C-22', reason });
        },
        close() {
          refusals.close();
        },
      };
    },
  };
}

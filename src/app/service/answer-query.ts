// C-6 to C-12, C-21: the cabinet's answer to a screen's query, read from the committed state and
// the store. Access is checked against the committed state by the cabinet's own gates: attendant
// queries need the attendant key or a technician at work; technician queries need the technician
// key, the PIN session and the initial PIN changed; no key counts before the deck has reported it.
// The caller logs every refusal.

import {
  keyProblem,
  readLogRow,
  returnOutOfRange,
  technicianProblem,
  type CabinetState,
  type GameRecord,
} from '../../cabinet';
import {
  check,
  QUERY,
  QUERY_ACCESS,
  type Answer,
  type HandpayRow,
  type Query,
  type QueryResult,
  type AcceptorView,
  type PrinterView,
  type RecallSummary,
  type SasLinkView,
  type AnchorView,
} from '../../contract';
import type { AcceptorIdentity, PrinterIdentity } from '../../devices';
import type { SasService } from '../sas/sas-service';
import { recallFrames } from './recall-frames';
import { RECALL_KEEP, type ChainCheck } from '../../store';
import { payRows } from '../screen/pay-rows';
import type { PayTableCatalog } from './installed-pay-tables';
import { metersReport } from './meters-report';
import type { ServiceRecords } from './records';
import { ticketsInRows } from './tickets-in';

export interface QueryContext {
  state: CabinetState;
  records: ServiceRecords;
  /** Read only to answer the pay-table query (reading may work returns out). */
  payTables: PayTableCatalog;
  /** A whole walk of the chain made just before (in slices, by the screen port); walked here if absent. */
  walked?: ChainCheck;
  /** The SAS link's counters now, when the cabinet has a link. */
  sasStatus?: () => ReturnType<SasService['status']> | null;
  /** The records' TPM counter as the journal stands with it. */
  anchorStatus?: () => AnchorView;
  /** The bill acceptor as its driver knows it now (null: no serial acceptor, the bench devices). */
  acceptorInfo?: () => AcceptorInfo | null;
  /** The voucher printer as its driver knows it now (null: no serial printer, the bench devices). */
  printerInfo?: () => PrinterInfo | null;
}

/** What the printer's driver knows of its printer, and its line's counts. */
export type PrinterInfo = PrinterIdentity & { frames: number; badFrames: number };

/** What the acceptor's driver knows of its unit, and its line's counts. */
export type AcceptorInfo = AcceptorIdentity & { frames: number; badFrames: number };

const cut = (v: string | null, n: number): string | null => (v === null ? null : v.slice(0, n));

/** The technician's view of the acceptor: the driver's words, cut to what the page has room for. */
export function acceptorView(a: AcceptorInfo): AcceptorView {
  const d = a.lastDocument;
  return {
    protocol: a.protocol,
    model: cut(a.model, 120),
    revision: cut(a.revision, 40),
    software: cut(a.software, 120),
    state: cut(a.state, 60),
    lastDocument: d && { ...d, label: d.label.slice(0, 60), reason: cut(d.reason, 200) },
    frames: a.frames,
    badFrames: a.badFrames,
  };
}

/** The technician's view of the printer: the driver's words, cut to what the page has room for. */
export function printerView(p: PrinterInfo): PrinterView {
  const t = p.lastTicket;
  return {
    protocol: p.protocol,
    model: cut(p.model, 120),
    firmware: cut(p.firmware, 120),
    state: cut(p.state, 60),
    lastTicket: t && { ...t, label: t.label.slice(0, 60), reason: cut(t.reason, 200) },
    frames: p.frames,
    badFrames: p.badFrames,
  };
}

/** The technician's view of the link's counters (the status holds more than the page shows). */
export function sasLinkView(s: ReturnType<SasService['status']>): SasLinkView {
  return {
    address: s.address,
    line: s.line,
    lineProblem: s.lineProblem === null ? null : s.lineProblem.slice(0, 200),
    hostSeen: s.hostSeen,
    lastPollAt: s.lastPollAt,
    pollsPerSecond: Math.round(s.pollsPerSecond * 10) / 10,
    crcErrors: s.crcErrors,
    unsupportedPolls: s.unsupportedPolls,
    exceptionQueueDepth: s.exceptionQueueDepth,
    disabledByHost: s.disabledByHost,
    realTimeEvents: s.realTimeEvents,
    validation: s.validation,
    malformedPolls: s.malformedPolls,
  };
}

const refuse = (rule: string, reason: string): QueryResult => ({ ok: false, rule, reason });

/** Null when the committed state lets this query be answered, otherwise why not (the wishes' own gates). */
export function queryAccess(state: CabinetState, type: Query['type']): string | null {
  const technician = technicianProblem(state);
  if (QUERY_ACCESS[type] === 'attendant') return technician === null ? null : keyProblem(state, 'attendant');
  return technician;
}

export function answerQuery(query: unknown, context: QueryContext): QueryResult {
  const malformed = check(QUERY, query, 'query');
  if (malformed) return refuse('C-22', malformed);
  const q = query as Query;
  const denied = queryAccess(context.state, q.type);
  if (denied) return refuse('C-21', `${q.type}: ${denied}`);
  if (q.type === 'recallGame') {
    const record = context.records.recallGame(q.gameId);
    if (!record)
      return refuse('C-11', `game ${q.gameId} is not in the recall (it keeps the last ${RECALL_KEEP} games)`);
    return {
      ok: true,
      answer: { type: 'recallGame', game: summary(record), run: recallFrames(record.replay, record.result) },
    };
  }
  return { ok: true, answer: answer(q, context) };
}

function answer(q: Exclude<Query, { type: 'recallGame' }>, context: QueryContext): Answer {
  const { state, records, walked } = context;
  switch (q.type) {
    case 'handpays':
      return { type: 'handpays', rows: handpayRows(records, q.limit) };
    case 'ticketsIn':
      return { type: 'ticketsIn', rows: ticketsInRows(records, q.limit) };
    case 'meters':
      // The meters page re-reads on every change of state: it takes the latest whole walk (at
      // start, or the event log page's) rather than walking the whole log each time.
      return { type: 'meters', report: metersReport(state, records.lastChainCheck().ok) };
    case 'recallList':
      return { type: 'recallList', games: records.recall(RECALL_KEEP).map(summary) };
    case 'events': {
      const chain = walked ?? records.walkChain();
      return {
        type: 'events',
        rows: records.eventsNewestFirst(q.limit, q.beforeSeq),
        total: records.eventRows(),
        chain: chain.ok
          ? { ok: true, rows: chain.rows, brokenAt: null, problem: null }
          : { ok: false, rows: chain.rows, brokenAt: chain.seq, problem: chain.problem },
      };
    }
    case 'sasLink': {
      const status = context.sasStatus?.() ?? null;
      return { type: 'sasLink', link: status && sasLinkView(status) };
    }
    case 'anchor':
      return {
        type: 'anchor',
        anchor: context.anchorStatus?.() ?? {
          anchored: false,
          bench: false,
          description: 'records not anchored',
          records: null,
          counter: null,
          problem: null,
        },
      };
    case 'acceptor': {
      const info = context.acceptorInfo?.() ?? null;
      return { type: 'acceptor', acceptor: info && acceptorView(info) };
    }
    case 'printer': {
      const info = context.printerInfo?.() ?? null;
      return { type: 'printer', printer: info && printerView(info) };
    }
    case 'payTables':
      return {
        type: 'payTables',
        tables: context.payTables.tables.map(({ table: t }) => ({
          id: t.id,
          game: t.game,
          name: t.name,
          rows: payRows(t, state.settings.limits.maxBet),
          returnPct: t.rtp?.pct ?? null,
          returnLow: t.rtp?.low ?? null,
          returnHigh: t.rtp?.high ?? null,
          returnPlay: t.rtp?.play ?? null,
          returnBasis: t.rtp?.basis ?? t.refused?.why ?? 'no return is known for this table',
          ...(t.refused ? { refused: t.refused.cause } : {}),
          typicalPct: t.rtp?.typical?.pct ?? null,
          typicalLow: t.rtp?.typical?.low ?? null,
          typicalHigh: t.rtp?.typical?.high ?? null,
          // C-24: the same judgement the cabinet makes on a wish to choose it.
          inRange: returnOutOfRange(state.settings.limits, t.rtp) === null,
        })),
      };
  }
}

const summary = (r: GameRecord): RecallSummary => ({
  gameId: r.gameId,
  game: r.game,
  chipValue: r.chipValue,
  startedAt: r.startedAt,
  endedAt: r.endedAt,
  staked: r.staked,
  paid: r.paid,
  handpaid: r.handpaid,
});

const text = (v: string | undefined): string | null => (v === undefined ? null : v.slice(0, 200));
const whole = (v: number): number | null => (Number.isSafeInteger(v) && v >= 0 ? v : null);

/** C-5, C-6: handpays locked and paid, and credits cleared, newest first, from the event log's rows as declared. */
function handpayRows(records: ServiceRecords, limit: number): HandpayRow[] {
  const rows: HandpayRow[] = [];
  for (const e of records.eventsOfKind(['handpay', 'creditClear'], limit)) {
    const handpay = readLogRow('handpay', e);
    const cleared = handpay ? null : readLogRow('creditClear', e);
    const amount = whole((handpay ?? cleared)?.amount ?? -1);
    if (amount === null) continue;
    const at = { seq: e.seq, at: e.at, amount };
    if (handpay) {
      const gameId = handpay.gameId === null ? null : whole(handpay.gameId);
      const cause = handpay.cause ? { cause: handpay.cause } : {};
      rows.push({ ...at, event: handpay.event, kind: handpay.kind, gameId, reason: text(handpay.reason), ...cause });
    } else if (cleared) {
      rows.push({ ...at, event: 'creditClear', kind: 'cancelledCredits', gameId: null, reason: text(cleared.reason) });
    }
  }
  return rows;
}

// The service screens' own presentation state: the page on show, digits typed, a confirmation
// under way, and the records the cabinet answered with. None of it decides anything: every
// action is a wish or a query, and the cabinet's snapshot and answers are the only truth.

import type {
  AcceptorView,
  PrinterView,
  Answer,
  HandpayRow,
  InstalledPayTable,
  MetersReport,
  Query,
  RecallSummary,
  SasLinkView,
  AnchorView,
  Snapshot,
  TicketInRow,
  Wish,
} from '../../../src/contract';
import type { RecallRun } from '../../../src/contract';
import type {
  EditField,
  EventsPage,
  PendingConfirm,
  RecallGame,
  ServiceAction,
  ServiceMode,
  ServicePageName,
} from './actions';

export type Loaded<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; value: T }
  | { state: 'refused'; rule: string; reason: string };

export interface ServiceUi {
  mode: ServiceMode | null;
  page: ServicePageName;
  pin: string;
  confirm: PendingConfirm | null;
  edit: { field: EditField; draft: string; first: string | null; error: 'mismatch' | 'invalid' | null } | null;
  metersPage: number;
  recallPage: number;
  recallStep: number;
  /** beforeSeq of each older page visited; empty for the newest page. */
  eventsCursor: number[];
  handpays: Loaded<HandpayRow[]>;
  ticketsIn: Loaded<TicketInRow[]>;
  meters: Loaded<MetersReport>;
  recallList: Loaded<RecallSummary[]>;
  /** The record and its frames, stepped through by the cabinet. */
  recallGame: Loaded<{ record: RecallGame; run: RecallRun }>;
  events: Loaded<EventsPage>;
  payTables: Loaded<InstalledPayTable[]>;
  /** The SAS link's counters (null: no link), read again every second while the devices page is open. */
  sasLink: Loaded<SasLinkView | null>;
  /** The records' TPM counter, read when the devices page opens. */
  anchor: Loaded<AnchorView>;
  /** The bill acceptor as its driver knows it (null: no serial acceptor), read again at every change of state. */
  acceptor: Loaded<AcceptorView | null>;
  /** The voucher printer as its driver knows it (null: no serial printer), read again at every change of state. */
  printer: Loaded<PrinterView | null>;
  /** What the open page's records were read against (see recordsMark); null before the first snapshot. */
  mark: string | null;
}

export const EVENTS_PER_PAGE = 10;
/** Rows of the attendant's lists (handpays, tickets in): as many as the table shows at once. */
export const ATTENDANT_ROWS = 10;

export const initialService = (): ServiceUi => ({
  mode: null,
  page: 'home',
  pin: '',
  confirm: null,
  edit: null,
  metersPage: 0,
  recallPage: 0,
  recallStep: 0,
  eventsCursor: [],
  handpays: { state: 'idle' },
  ticketsIn: { state: 'idle' },
  meters: { state: 'idle' },
  recallList: { state: 'idle' },
  recallGame: { state: 'idle' },
  events: { state: 'idle' },
  payTables: { state: 'idle' },
  sasLink: { state: 'idle' },
  anchor: { state: 'idle' },
  acceptor: { state: 'idle' },
  printer: { state: 'idle' },
  mark: null,
});

/**
 * What the records on a page depend on: when it moves, the page reads them again, so a handpay
 * paid or a meter clear shows at once instead of waiting for REFRESH. Pages whose records only a
 * technician's own paging changes (recall, events, settings) have none.
 */
export function recordsMark(page: ServicePageName, s: Snapshot): string | null {
  switch (page) {
    case 'attendant':
      return `${s.lockup?.kind ?? ''}|${s.balance}`;
    case 'tickets':
      // A ticket put in, credited or handed back (which may change nothing else).
      return `${s.ticket.validating}|${s.ticket.last?.at ?? ''}|${s.balance}`;
    case 'meters':
      return String(s.version);
    case 'devices':
      // What the acceptor reports moves with the state: a note in escrow, stacked, a fault.
      return String(s.version);
    default:
      return null;
  }
}

export interface ServiceStep {
  service: ServiceUi;
  wish: Wish | null;
  queries: Query[];
}

/** Which service screen the snapshot calls for: the technician's key outranks the attendant's. */
export function serviceMode(s: Snapshot | null): ServiceMode | null {
  if (!s) return null;
  const v = s.service;
  if (v.technicianKey) return v.technician ? 'technician' : 'pin';
  if (v.attendantKey) return 'attendant';
  return null;
}

const MAX_PIN = 12;

/** The query a page needs when it opens. */
export function pageQueries(svc: ServiceUi, page: ServicePageName): Query[] {
  switch (page) {
    case 'attendant':
      return [{ type: 'handpays', limit: ATTENDANT_ROWS }];
    case 'tickets':
      return [{ type: 'ticketsIn', limit: ATTENDANT_ROWS }];
    case 'meters':
      return [{ type: 'meters' }];
    case 'recall':
      return [{ type: 'recallList' }];
    case 'events': {
      const before = svc.eventsCursor[svc.eventsCursor.length - 1];
      return [
        before === undefined
          ? { type: 'events', limit: EVENTS_PER_PAGE }
          : { type: 'events', limit: EVENTS_PER_PAGE, beforeSeq: before },
      ];
    }
    case 'settings':
      return [{ type: 'payTables' }];
    case 'devices':
      return [{ type: 'sasLink' }, { type: 'anchor' }, { type: 'acceptor' }, { type: 'printer' }];
    default:
      return [];
  }
}

function loading(svc: ServiceUi, queries: Query[]): ServiceUi {
  let next = svc;
  for (const q of queries) next = { ...next, [q.type]: { state: 'loading' } };
  return next;
}

function open(svc: ServiceUi, page: ServicePageName): ServiceStep {
  const base = { ...svc, page, confirm: null, edit: null, mark: null };
  const queries = pageQueries(base, page);
  return { service: loading(base, queries), wish: null, queries };
}

/** Keeps the service state in step with the keys: a new mode starts fresh on its first page. */
export function followService(svc: ServiceUi, s: Snapshot | null): ServiceStep {
  const mode = serviceMode(s);
  if (mode === svc.mode) {
    // A page on show never waits on records nobody asked for: the settings page opened for the
    // first PIN change reads nothing until the PIN is changed, and then must read its tables
    // (it sat on "Reading the records…" until the technician left it and came back).
    const unasked =
      mode !== null && !s?.service.pin.mustChange
        ? pageQueries(svc, svc.page).filter((q) => svc[q.type].state === 'idle')
        : [];
    if (unasked.length > 0) return { service: loading(svc, unasked), wish: null, queries: unasked };
    const mark = s ? recordsMark(svc.page, s) : null;
    if (mark === svc.mark) return { service: svc, wish: null, queries: [] };
    // Read again quietly: the figures on show stay until the new ones arrive.
    const reread = svc.mark !== null && mark !== null && svc.confirm === null;
    return { service: { ...svc, mark }, wish: null, queries: reread ? pageQueries(svc, svc.page) : [] };
  }
  const fresh = { ...initialService(), mode };
  if (mode === 'attendant') return open(fresh, 'attendant');
  if (mode === 'pin') return { service: { ...fresh, page: 'pin' }, wish: null, queries: [] };
  // Logged in with the initial PIN: its change is the one thing on offer, and nothing is read.
  if (mode === 'technician' && s?.service.pin.mustChange)
    return {
      service: { ...fresh, page: 'settings', edit: { field: 'pin', draft: '', first: null, error: null } },
      wish: null,
      queries: [],
    };
  if (mode === 'technician') return open(fresh, s?.lockup?.kind === 'tilt' ? 'tilts' : 'meters');
  return { service: fresh, wish: null, queries: [] };
}

const same = (service: ServiceUi): ServiceStep => ({ service, wish: null, queries: [] });

export function applyService(svc: ServiceUi, action: ServiceAction): ServiceStep {
  switch (action.type) {
    case 'page':
      return open(svc, action.page);
    case 'refresh':
      return open(svc, svc.page === 'recallGame' ? 'recall' : svc.page);
    case 'pinKey': {
      if (action.key === 'clear') return same({ ...svc, pin: '' });
      if (action.key === 'back') return same({ ...svc, pin: svc.pin.slice(0, -1) });
      if (!/^\d$/.test(action.key) || svc.pin.length >= MAX_PIN) return same(svc);
      return same({ ...svc, pin: svc.pin + action.key });
    }
    case 'pinEnter':
      // The PIN leaves the screen once, in the wish; it is never kept or shown.
      if (svc.pin.length < 4) return same(svc);
      return { service: { ...svc, pin: '' }, wish: { type: 'technicianPin', pin: svc.pin }, queries: [] };
    case 'metersPage':
      return same({ ...svc, metersPage: Math.max(0, action.page) });
    case 'recallPage':
      return same({ ...svc, recallPage: Math.max(0, action.page) });
    case 'recallOpen': {
      const queries: Query[] = [{ type: 'recallGame', gameId: action.gameId }];
      return { service: loading({ ...svc, page: 'recallGame', recallStep: 0 }, queries), wish: null, queries };
    }
    case 'recallStep':
      return same({ ...svc, recallStep: Math.max(0, action.step) });
    case 'eventsOlder':
      return open({ ...svc, eventsCursor: [...svc.eventsCursor, action.beforeSeq] }, 'events');
    case 'eventsNewer':
      return open({ ...svc, eventsCursor: svc.eventsCursor.slice(0, -1) }, 'events');
    case 'ask':
      return same({ ...svc, confirm: action.confirm, edit: null });
    case 'confirmYes': {
      const c = svc.confirm;
      if (!c) return same(svc);
      // Nothing is wished before the last step: each step is its own press.
      if (c.step < c.steps) return same({ ...svc, confirm: { ...c, step: c.step + 1 } });
      return { service: { ...svc, confirm: null }, wish: c.wish, queries: [] };
    }
    case 'confirmNo':
      return same({ ...svc, confirm: null });
    case 'edit':
      return same({ ...svc, edit: { field: action.field, draft: action.draft, first: null, error: null } });
    case 'editKey': {
      const e = svc.edit;
      if (!e) return same(svc);
      const draft =
        action.key === 'back'
          ? e.draft.slice(0, -1)
          : action.key === 'clear'
            ? ''
            : (e.draft + action.key).slice(0, 40);
      return same({ ...svc, edit: { ...e, draft, error: null } });
    }
    case 'editPick':
      return svc.edit ? same({ ...svc, edit: { ...svc.edit, draft: action.value, error: null } }) : same(svc);
    case 'editDone': {
      const e = svc.edit;
      if (!e) return same(svc);
      if (e.field === 'pin' && e.first === null) {
        if (!/^\d{4,12}$/.test(e.draft)) return same({ ...svc, edit: { ...e, error: 'invalid' } });
        return same({ ...svc, edit: { ...e, first: e.draft, draft: '' } });
      }
      if (e.field === 'pin' && e.first !== e.draft)
        return same({ ...svc, edit: { ...e, first: null, draft: '', error: 'mismatch' } });
      if (!action.confirm) return same({ ...svc, edit: { ...e, error: 'invalid' } });
      return same({ ...svc, edit: null, confirm: action.confirm });
    }
    case 'editCancel':
      return same({ ...svc, edit: null });
    case 'answer':
      return same(stored(svc, action.answer));
    case 'recalled':
      return same({ ...svc, recallGame: { state: 'ready', value: { record: action.record, run: action.run } } });
    case 'refused':
      return same({ ...svc, [action.asked.type]: { state: 'refused', rule: action.rule, reason: action.reason } });
  }
}

function stored(svc: ServiceUi, a: Answer): ServiceUi {
  switch (a.type) {
    case 'handpays':
      return { ...svc, handpays: { state: 'ready', value: a.rows } };
    case 'ticketsIn':
      return { ...svc, ticketsIn: { state: 'ready', value: a.rows } };
    case 'meters':
      return { ...svc, meters: { state: 'ready', value: a.report } };
    case 'recallList':
      return { ...svc, recallList: { state: 'ready', value: a.games } };
    case 'recallGame':
      // Stored once replayed ('recalled'): the page draws the replay, not the bare record.
      return svc;
    case 'events':
      return { ...svc, events: { state: 'ready', value: a } };
    case 'payTables':
      return { ...svc, payTables: { state: 'ready', value: a.tables } };
    case 'sasLink':
      return { ...svc, sasLink: { state: 'ready', value: a.link } };
    case 'anchor':
      return { ...svc, anchor: { state: 'ready', value: a.anchor } };
    case 'acceptor':
      return { ...svc, acceptor: { state: 'ready', value: a.acceptor } };
    case 'printer':
      return { ...svc, printer: { state: 'ready', value: a.printer } };
  }
}

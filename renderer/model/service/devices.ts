// C-18, C-19 on the audit screen: each device's status and faults; the doors and key switches
// live; and the device test: every deck button lights when pressed, each lamp off/on/blink,
// test notes identified and returned, a VOID specimen voucher.

import {
  BUTTONS,
  DEVICE_NAMES,
  type AcceptorView,
  type PrinterView,
  type DeviceName,
  type LampState as Lamp,
  holdPosition,
  type DeviceTestView,
  type SasLinkView,
  type Snapshot,
} from '../../../src/contract';
import { formatMoney } from '../../i18n/numbers';
import { t, type TextKey } from '../../i18n/texts';
import type { Language } from '../../i18n/language';
import { ts, type ServiceKey } from '../../i18n/service-texts';
import { isLive, button } from '../parts';
import { wishAction } from '../actions';
import { emptyPage, loadingNotice, technicianNav } from './common';
import type { Indicator, ServiceModel, ServiceTable } from './page';
import type { ServiceUi } from './state';
import { formatTime } from '../../i18n/time';

// A press shows the next lamp state, each in turn (LAMP_STATES' order), the last back to the first.
const NEXT_LAMP: Record<Lamp, Lamp> = { off: 'on', on: 'blink', blink: 'off' };
const LAMP_TEXT: Record<Lamp, ServiceKey> = { off: 'dev.lamp.off', on: 'dev.lamp.on', blink: 'dev.lamp.blink' };
const DEVICE_NAME: Record<DeviceName, ServiceKey> = {
  acceptor: 'dev.acceptor',
  printer: 'dev.printer',
  deck: 'dev.deck',
};

const DECK_TEXT: Record<string, TextKey> = {
  deal: 'button.deal',
  betOne: 'button.betOne',
  maxBet: 'button.maxBet',
  cashOut: 'button.cashOut',
  help: 'button.help',
};
const SWITCH_TEXT: Record<string, ServiceKey> = {
  main: 'dev.name.main',
  logic: 'dev.name.logic',
  cashbox: 'dev.name.cashbox',
  attendant: 'dev.name.attendant',
  technician: 'dev.name.technician',
};

/** A deck button by the words on its cap. */
function buttonName(L: Language, b: string): string {
  const held = holdPosition(b);
  if (held !== null) return `${t(L, 'button.hold')} ${held + 1}`;
  if (b === 'service') return ts(L, 'dev.name.service');
  return DECK_TEXT[b] ? t(L, DECK_TEXT[b]) : b;
}

const switchName = (L: Language, name: string): string => (SWITCH_TEXT[name] ? ts(L, SWITCH_TEXT[name]) : name);

function lampsWith(test: DeviceTestView, name: string, state: Lamp): Record<string, Lamp> {
  const lamps: Record<string, Lamp> = {};
  for (const b of BUTTONS) lamps[b] = (test.lamps[b] as Lamp | undefined) ?? 'off';
  lamps[name] = state;
  return lamps;
}

/** The SAS link's row in the table: the line, then whether a casino system is polling. */
function sasRow(s: Snapshot, ui: ServiceUi): ServiceTable['rows'][number] {
  const L = s.language;
  const name = ts(L, 'dev.sas');
  const read = ui.sasLink;
  if (read.state !== 'ready' || !read.value)
    return {
      cells: [name, ts(L, 'dev.sas.reading'), loadingNotice(s, read) ?? ''],
      tone: read.state === 'refused' ? 'bad' : 'plain',
    };
  const link = read.value;
  const status = link.line !== 'ready' ? 'dev.sas.lineFault' : link.hostSeen ? 'dev.sas.hostSeen' : 'dev.sas.noHost';
  return {
    cells: [name, ts(L, status), link.lineProblem ?? ts(L, 'dev.noFaults')],
    tone: status === 'dev.sas.hostSeen' ? 'ok' : 'bad',
  };
}

/**
 * The records' TPM counter (docs/deploy.md, "The records"): anchored and at which values, not
 * anchored and why (so an unanchored cabinet is never taken for an anchored one), or the
 * counter's problem.
 */
function anchorRow(s: Snapshot, ui: ServiceUi): ServiceTable['rows'][number] {
  const L = s.language;
  const name = ts(L, 'dev.records');
  const read = ui.anchor;
  if (read.state !== 'ready')
    return {
      cells: [name, ts(L, 'dev.sas.reading'), loadingNotice(s, read) ?? ''],
      tone: read.state === 'refused' ? 'bad' : 'plain',
    };
  const a = read.value;
  // Not anchored is a state, not a fault: a warning where a TPM is expected, information on a bench.
  if (!a.anchored)
    return {
      cells: [name, ts(L, a.bench ? 'dev.records.bench' : 'dev.records.notAnchored'), a.description],
      tone: a.bench ? 'info' : 'warn',
    };
  const values = ts(L, 'dev.records.values', { records: a.records ?? '-', counter: a.counter ?? '-' });
  return {
    cells: [
      name,
      ts(L, a.problem ? 'dev.records.fault' : 'dev.records.anchored'),
      `${a.problem ?? a.description}  •  ${values}`,
    ],
    tone: a.problem ? 'bad' : 'ok',
  };
}

/** The link's counters, as a technician checking it on site reads them. */
function sasLines(s: Snapshot, link: SasLinkView): ServiceModel['lines'] {
  const L = s.language;
  const next = s.service.settings.sas?.address;
  const address =
    next !== undefined && next !== link.address
      ? ts(L, 'dev.sas.addressNext', { address: link.address, next })
      : ts(L, 'dev.sas.address', { address: link.address });
  const last =
    link.lastPollAt === null
      ? ts(L, 'dev.sas.never')
      : ts(L, 'dev.sas.lastPoll', { time: formatTime(link.lastPollAt) });
  return [
    {
      text: [address, last, ts(L, 'dev.sas.rate', { pps: link.pollsPerSecond.toFixed(1) })].join('  •  '),
      tone: 'info',
    },
    {
      text: ts(L, 'dev.sas.errors', {
        crc: link.crcErrors,
        unsupported: link.unsupportedPolls,
        queue: link.exceptionQueueDepth,
      }),
      tone: link.crcErrors > 0 ? 'bad' : 'plain',
    },
    {
      text: ts(L, link.disabledByHost ? 'dev.sas.disabled' : 'dev.sas.enabled'),
      tone: link.disabledByHost ? 'bad' : 'plain',
    },
    {
      text: ts(L, 'dev.sas.mode', {
        mode: ts(L, `dev.sas.mode.${link.validation}`),
        rte: ts(L, link.realTimeEvents ? 'dev.sas.on' : 'dev.sas.off'),
        malformed: link.malformedPolls,
      }),
      tone: 'plain',
    },
    ...hostLines(s),
  ];
}

/** The casino system away, as the technician and the attendant both see it: since when, why, and what it stops. */
export function hostLines(s: Snapshot): ServiceModel['lines'] {
  const L = s.language;
  const c = s.service.casinoSystem;
  if (!c?.hostLost) return [];
  const consequence = c.playStopped
    ? ts(L, 'host.stopped')
    : c.stopsPlayAt !== null
      ? ts(L, 'host.stopsAt', { time: formatTime(c.stopsPlayAt) })
      : ts(L, 'host.goesOn');
  return [
    { text: ts(L, 'host.lost', { time: formatTime(c.hostLost.since), reason: c.hostLost.reason }), tone: 'bad' },
    { text: consequence, tone: c.playStopped ? 'bad' : 'info' },
  ];
}

const PROTOCOL_NAME: Record<AcceptorView['protocol'], string> = { id003: 'JCM ID-003', ebds: 'MEI/CPI EBDS' };
const OUTCOME_TEXT: Record<NonNullable<AcceptorView['lastDocument']>['outcome'], ServiceKey> = {
  escrow: 'dev.unit.escrow',
  stacked: 'dev.unit.stacked',
  returned: 'dev.unit.returned',
  rejected: 'dev.unit.rejected',
};

/** The bill acceptor as its driver knows it: family, model, revision, what it is doing, the last document. */
function acceptorLines(s: Snapshot, ui: ServiceUi): ServiceModel['lines'] {
  const L = s.language;
  const read = ui.acceptor;
  if (read.state !== 'ready') {
    const notice = loadingNotice(s, read);
    return notice ? [{ text: notice, tone: read.state === 'refused' ? 'bad' : 'plain' }] : [];
  }
  const a = read.value;
  if (!a) return [{ text: ts(L, 'dev.unit.none'), tone: 'plain' }];
  const unit = ts(L, 'dev.unit', { protocol: PROTOCOL_NAME[a.protocol], model: a.model ?? ts(L, 'dev.unit.unknown') });
  const detail = [
    ...(a.revision ? [ts(L, 'dev.unit.revision', { revision: a.revision })] : []),
    ...(a.software ? [ts(L, 'dev.unit.software', { software: a.software })] : []),
    ts(L, 'dev.unit.frames', { frames: a.frames, dropped: a.badFrames }),
  ].join('  •  ');
  const d = a.lastDocument;
  const last = d
    ? ts(L, d.reason ? 'dev.unit.lastWhy' : 'dev.unit.last', {
        kind: ts(L, d.kind === 'note' ? 'dev.unit.note' : 'dev.unit.ticket'),
        label: d.label,
        outcome: ts(L, OUTCOME_TEXT[d.outcome]),
        time: formatTime(d.at),
        reason: d.reason ?? '',
      })
    : ts(L, 'dev.unit.noLast');
  return [
    { text: unit, tone: 'info' },
    { text: detail, tone: a.badFrames > 0 ? 'bad' : 'plain' },
    { text: `${ts(L, 'dev.unit.state', { state: a.state ?? '—' })}  •  ${last}`, tone: 'plain' },
  ];
}

const PRINTER_FAMILY: Record<PrinterView['protocol'], string> = { escpos: 'ESC/POS', tcl: 'TCL' };
const TICKET_TEXT: Record<NonNullable<PrinterView['lastTicket']>['outcome'], ServiceKey> = {
  printing: 'dev.printer.out.printing',
  printed: 'dev.printer.out.printed',
  failed: 'dev.printer.out.failed',
  taken: 'dev.printer.out.taken',
};

/** The voucher printer as its driver knows it: family, model, firmware, what it reports, the last voucher. */
function printerLines(s: Snapshot, ui: ServiceUi): ServiceModel['lines'] {
  const L = s.language;
  const read = ui.printer;
  if (read.state !== 'ready') return [];
  const p = read.value;
  if (!p) return [{ text: ts(L, 'dev.printer.none'), tone: 'plain' }];
  const unit = ts(L, 'dev.printer.unit', {
    protocol: PRINTER_FAMILY[p.protocol],
    model: p.model ?? ts(L, 'dev.unit.unknown'),
  });
  const detail = [
    ...(p.firmware ? [ts(L, 'dev.printer.firmware', { firmware: p.firmware })] : []),
    ts(L, 'dev.unit.frames', { frames: p.frames, dropped: p.badFrames }),
  ].join('  •  ');
  const t = p.lastTicket;
  const last = t
    ? ts(L, t.reason ? 'dev.printer.lastWhy' : 'dev.printer.last', {
        label: t.label,
        outcome: ts(L, TICKET_TEXT[t.outcome]),
        time: formatTime(t.at),
        reason: t.reason ?? '',
      })
    : ts(L, 'dev.printer.noLast');
  return [
    { text: unit, tone: 'info' },
    { text: detail, tone: p.badFrames > 0 ? 'bad' : 'plain' },
    { text: `${ts(L, 'dev.unit.state', { state: p.state ?? '—' })}  •  ${last}`, tone: 'plain' },
  ];
}

export function devicesPage(s: Snapshot, ui: ServiceUi): ServiceModel {
  const L = s.language;
  const page = emptyPage('technician', 'devices', ts(L, 'dev.title'));
  page.nav = technicianNav(s, 'devices');
  const d = s.service.devices;
  page.table = {
    columns: [ts(L, 'dev.col.device'), ts(L, 'dev.col.status'), ts(L, 'dev.col.faults')],
    widths: [0.2, 0.22, 0.58],
    numeric: [false, false, false],
    wrap: true,
    rows: DEVICE_NAMES.map((name) => {
      const faults = Object.entries(d[name].faults).map(([code, text]) => `${code}: ${text}`);
      return {
        cells: [
          ts(L, DEVICE_NAME[name]),
          ts(L, d[name].online ? 'dev.online' : 'dev.offline'),
          faults.join('; ') || ts(L, 'dev.noFaults'),
        ],
        tone: !d[name].online || faults.length > 0 ? 'bad' : 'ok',
      };
    }),
    pageText: null,
  };
  // The link answers only to its query: its counters move with every poll, not with the state.
  const sas = s.service.settings.sas !== null;
  page.table.rows.push(anchorRow(s, ui));
  if (sas) page.table.rows.push(sasRow(s, ui));
  const link = sas && ui.sasLink.state === 'ready' ? ui.sasLink.value : null;
  const switches: Indicator[] = [
    ...Object.entries(s.doors).map(([door, open]): Indicator => ({
      name: `door.${door}`,
      label: ts(L, open ? 'dev.doorOpen' : 'dev.doorClosed', { door: switchName(L, door) }),
      state: open ? 'on' : 'off',
    })),
    ...Object.entries(s.keys).map(([key, on]): Indicator => ({
      name: `key.${key}`,
      label: ts(L, on ? 'dev.keyOn' : 'dev.keyOff', { key: switchName(L, key) }),
      state: on ? 'on' : 'off',
    })),
  ];
  const test = s.service.deviceTest;
  if (!test) {
    page.indicators = switches;
    page.lines = [
      ...acceptorLines(s, ui),
      ...printerLines(s, ui),
      ...(link ? sasLines(s, link) : []),
      { text: ts(L, 'dev.testHint'), tone: 'plain' },
    ];
    page.actions = [
      button('dev.test', ts(L, 'dev.testStart'), isLive(s, 'deviceTest'), wishAction({ type: 'deviceTest', on: true })),
    ];
    return page;
  }
  page.indicators = [
    ...BUTTONS.map((b): Indicator => ({
      name: `deck.${b}`,
      label: buttonName(L, b),
      state: test.pressed.includes(b) ? 'on' : test.seen.includes(b) ? 'seen' : 'off',
    })),
    ...switches,
  ];
  page.list = BUTTONS.map((b) => {
    const now = (test.lamps[b] as Lamp | undefined) ?? 'off';
    return button(
      `lamp.${b}`,
      buttonName(L, b),
      isLive(s, 'testLamps'),
      wishAction({ type: 'testLamps', lamps: lampsWith(test, b, NEXT_LAMP[now]) }),
      ts(L, 'dev.lampState', { state: ts(L, LAMP_TEXT[now]) }),
      now !== 'off',
    );
  });
  page.listColumns = 6;
  const p = test.printer;
  // No headline here: the lamps, switches, statuses and lamp buttons need the room.
  page.lines = [
    {
      text: `${ts(L, 'dev.testRunning', { since: formatTime(test.since) })}  •  ${ts(L, 'dev.buttonsSeen', { n: test.seen.length, of: BUTTONS.length })}`,
      tone: 'info',
    },
    {
      text: ts(L, `dev.printer.${p.state}`, { validation: p.validation ?? '', reason: p.reason ?? '' }),
      tone: p.state === 'failed' ? 'bad' : p.state === 'printed' ? 'ok' : 'plain',
    },
    { text: ts(L, test.acceptor.enabled ? 'dev.acceptorOn' : 'dev.acceptorOff'), tone: 'plain' },
    ...test.acceptor.notes.slice(0, 2).map((n) => ({
      text: ts(L, n.result === 'returned' ? 'dev.noteReturned' : 'dev.noteRejected', {
        value: formatMoney(n.value, s.currency, L),
        denomination: n.denomination,
        time: formatTime(n.at),
        reason: n.reason ?? '',
      }),
      tone: 'info' as const,
    })),
  ];
  page.actions = [
    button(
      'dev.acceptor',
      ts(L, test.acceptor.enabled ? 'dev.acceptorDisable' : 'dev.acceptorEnable'),
      isLive(s, 'testAcceptor'),
      wishAction({ type: 'testAcceptor', enabled: !test.acceptor.enabled }),
      null,
      test.acceptor.enabled,
    ),
    button(
      'dev.voucher',
      ts(L, 'dev.voucher'),
      isLive(s, 'testVoucher') && p.state !== 'printing',
      wishAction({ type: 'testVoucher' }),
    ),
    button('dev.testEnd', ts(L, 'dev.testEnd'), isLive(s, 'deviceTest'), wishAction({ type: 'deviceTest', on: false })),
  ];
  return page;
}

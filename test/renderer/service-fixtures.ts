// Service-screen snapshots and the records the fake cabinet answers with, written to the
// contract (checked on sending). Recalled games come from test/replays, whose expected results
// the rules core's own tests pin down, stepped through as the cabinet's recall answer does.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type {
  Answer,
  EventRowView,
  InstalledPayTable,
  MetersReport,
  Query,
  TicketInRow,
  RecallSummary,
  Snapshot,
} from '../../src/contract';
import { recallFrames } from '../../src/app/service/recall-frames';
import * as fx from './fixtures';
import { derivedMeters, meterDef } from '../../src/cabinet/meters';
import { GAMES } from '../../src/core';

const REPLAYS = fileURLToPath(new URL('../replays/', import.meta.url));
const read = (name: string): unknown => JSON.parse(readFileSync(`${REPLAYS}${name}`, 'utf8'));

const TECH_LIVE = [
  'technicianLogout',
  'clearPeriodMeters',
  'ramClear',
  'changeSettings',
  'setPin',
  'deviceTest',
  'clearTilt',
];

export function attendant(s: Snapshot = fx.handpay()): Snapshot {
  s.version += 100;
  s.keys = { ...s.keys, attendant: true };
  s.service.attendantKey = true;
  s.live = [...(s.lockup?.kind === 'handpay' ? ['handpayConfirm'] : []), 'creditClear', 'soundMute'];
  return s;
}

export function pinPad(failures = 0, lockedUntil = 0): Snapshot {
  const s = fx.baseSnapshot();
  s.version = 200 + failures;
  s.keys = { ...s.keys, technician: true };
  s.service.technicianKey = true;
  s.service.pin = { failures, maxFailures: 3, lockedUntil, lockouts: lockedUntil > 0 ? 1 : 0, mustChange: false };
  s.live = lockedUntil > Date.now() ? [] : ['technicianPin'];
  return s;
}

export function technician(s: Snapshot = fx.baseSnapshot()): Snapshot {
  s.version += 300;
  s.keys = { ...s.keys, technician: true };
  s.service.technicianKey = true;
  s.service.technician = true;
  s.live = [...TECH_LIVE];
  return s;
}

/** Logged in with the initial PIN: only its change (and logging out) is live. */
export function pinChange(): Snapshot {
  const s = technician();
  s.version += 1;
  s.service.pin = { ...s.service.pin, mustChange: true };
  s.live = ['setPin', 'technicianLogout'];
  return s;
}

export function technicianTilt(): Snapshot {
  const s = technician(fx.tilt());
  if (s.lockup?.kind === 'tilt') {
    // Recent, as a technician called to the machine would find them.
    const now = Date.now();
    s.lockup.tilts[0]!.since = now - 25 * 60_000;
    s.lockup.tilts[1]!.since = now - 24 * 60_000 - 30_000;
    s.lockup.tilts.push({
      code: 'meters',
      reason: 'meters do not balance (C-9)',
      since: now - 3 * 60_000,
      technician: true,
    });
  }
  return s;
}

export function deviceTest(): Snapshot {
  const s = technician();
  s.version += 1;
  s.live = [...TECH_LIVE, 'testLamps', 'testAcceptor', 'testVoucher'];
  s.service.deviceTest = {
    since: 1_700_000_000_000,
    pressed: ['hold2'],
    seen: ['deal', 'hold2', 'cashOut'],
    lamps: { deal: 'on', hold1: 'off', hold2: 'blink' },
    acceptor: {
      enabled: true,
      notes: [{ value: 2000, denomination: 'USD20', at: 1_700_000_050_000, result: 'returned', reason: null }],
    },
    printer: { state: 'printed', validation: '000712345678901234', reason: null },
  };
  s.service.devices.printer = { online: true, faults: { paperLow: 'paper low' } };
  return s;
}

/** A ticket credited at this time, others around it (local time, as the screen shows it). */
export const TICKETS_AT = new Date(2026, 4, 6, 21, 7, 8).getTime();
const AT = TICKETS_AT;
/** The attendant's list of tickets in: one of each outcome, reason and validator. */
export const TICKETS_IN_ROWS: TicketInRow[] = [
  {
    seq: 90,
    at: AT + 60_000,
    validationEnd: '9876',
    outcome: 'returned',
    amount: null,
    reason: 'expired',
    detail: null,
    by: 'host',
  },
  {
    seq: 80,
    at: AT + 30_000,
    validationEnd: '4321',
    outcome: 'returned',
    amount: 400_000,
    reason: 'creditLimit',
    detail: null,
    by: 'cabinet',
  },
  {
    seq: 70,
    at: AT,
    validationEnd: '4321',
    outcome: 'credited',
    amount: 1500,
    reason: null,
    detail: null,
    by: 'cabinet',
  },
  {
    seq: 60,
    at: AT - 60_000,
    validationEnd: '0007',
    outcome: 'returned',
    amount: null,
    reason: 'acceptor',
    detail: 'the acceptor was disabled',
    by: null,
  },
];

export const ticketsIn = (): Answer => ({ type: 'ticketsIn', rows: TICKETS_IN_ROWS });

export function handpays(): Answer {
  return {
    type: 'handpays',
    rows: [
      {
        seq: 90,
        at: 1_700_000_300_000,
        event: 'locked',
        kind: 'jackpot',
        amount: 100000,
        gameId: 41,
        reason: 'royal flush at max bet',
      },
      {
        seq: 60,
        at: 1_700_000_200_000,
        event: 'creditClear',
        kind: 'cancelledCredits',
        amount: 2510,
        gameId: null,
        reason: null,
      },
      {
        seq: 20,
        at: 1_700_000_100_000,
        event: 'paid',
        kind: 'jackpot',
        amount: 150000,
        gameId: 12,
        reason: 'four aces',
      },
    ],
  };
}

/** The cabinet's meters as its own declaration names and labels them (src/cabinet/meters.ts), with their derived sums. */
export function metersReport(balanced = true): MetersReport {
  const lifetime: Record<string, number> = {
    coinIn: 1234567,
    coinOut: 1100000,
    jackpot: 125000,
    handpaidCancelled: 40000,
    gamesPlayed: 15234,
    gamesWon: 6100,
    gamesLost: 8800,
    vouchersIn: 52000,
    vouchersInCount: 14,
    vouchersOut: 610000,
    vouchersOutCount: 88,
    billsIn: 960000,
    billsCount: 470,
    'bills.100': 120,
    'bills.500': 90,
    'bills.1000': 80,
    'bills.2000': 110,
    'bills.5000': 40,
    'bills.10000': 30,
    'jacks-or-better/coinIn': 900000,
    'jacks-or-better/gamesPlayed': 12000,
    'poker-plus/coinIn': 334567,
    'poker-plus/gamesPlayed': 3234,
    'pp.exchangeFees': 21000,
    'doorOpens.main': 7,
    powerUps: 12,
  };
  const meters: MetersReport['meters'] = Object.keys(lifetime)
    .sort()
    .map((name) => {
      const def = meterDef(name)!;
      return {
        name,
        code: def.code,
        sameAs: [...(def.sameAs ?? [])],
        unit: def.unit,
        label: def.label,
        lifetime: lifetime[name]!,
        period: name === 'coinIn' ? 4500 : name === 'gamesPlayed' ? 120 : 0,
      };
    });
  return {
    currency: 'USD',
    minorDigits: 2,
    balance: 2510,
    meters,
    derived: derivedMeters(lifetime, 2510),
    balanceCheck: balanced ? { ok: true, expected: 2510, actual: 2510 } : { ok: false, expected: 2600, actual: 2510 },
    eventChain: balanced ? 'intact' : 'broken',
    games: GAMES.map((g, i) => ({ id: g.id, sas: i + 1, name: g.names.en, offered: true, payTable: 'custom' })),
  };
}

const JACKS_REPLAY = 'jacks-autohold';
const PP_REPLAY = 'poker-plus-two-boxes';

export const RECALL_GAMES: RecallSummary[] = Array.from({ length: 14 }, (_, i) => {
  const gameId = 120 - i;
  const pp = i === 1;
  return {
    gameId,
    game: pp ? 'poker-plus' : 'jacks-or-better',
    chipValue: 25,
    startedAt: 1_700_000_000_000 + (14 - i) * 60_000,
    endedAt: 1_700_000_020_000 + (14 - i) * 60_000,
    staked: 50,
    paid: i === 0 ? 1250 : 0,
    handpaid: false,
  };
});

export function recallGame(gameId: number): Answer {
  const game = RECALL_GAMES.find((g) => g.gameId === gameId) ?? RECALL_GAMES[0]!;
  const name = game.game === 'poker-plus' ? PP_REPLAY : JACKS_REPLAY;
  return {
    type: 'recallGame',
    game,
    run: recallFrames(read(`${name}.replay.json`), read(`${name}.expected.json`)),
  };
}

export const expectedRecall = (game: 'jacks-or-better' | 'poker-plus') =>
  read(`${game === 'poker-plus' ? PP_REPLAY : JACKS_REPLAY}.expected.json`) as Record<string, unknown>;

/** Rows of the kinds a shift's log holds, as the cabinet writes them. */
export const EVENT_SAMPLES: { kind: string; data: unknown }[] = [
  { kind: 'voucher', data: { event: 'printed', validation: '001234567890123456', amount: 1875, sequence: 12 } },
  { kind: 'door', data: { door: 'main', open: false } },
  { kind: 'note', data: { event: 'stacked', value: 2000, denomination: 'USD 20', balance: 2510 } },
  {
    kind: 'handpay',
    data: {
      event: 'paid',
      kind: 'jackpot',
      amount: 125000,
      gameId: 7,
      reason: 'a win of $1,250.00 (royal flush) at or above the handpay limit',
      cause: { type: 'win', hand: 'royal-flush' },
      key: 'attendant',
    },
  },
  { kind: 'tilt', data: { event: 'on', code: 'door:main', reason: 'main door open' } },
  { kind: 'config', data: { key: 'limits.ticketLimit', from: 300000, to: 50000, source: 'technician' } },
  { kind: 'access', data: { event: 'technician login' } },
  { kind: 'ticket', data: { event: 'redeemed', barcode: '001234567890123456', amount: 5000, balance: 7510 } },
];

export function events(q: Extract<Query, { type: 'events' }>, broken = false): Answer {
  const total = 40;
  const top = q.beforeSeq !== undefined ? q.beforeSeq - 1 : total;
  const rows: EventRowView[] = [];
  for (let seq = top; seq >= 1 && rows.length < q.limit; seq--) {
    rows.push({
      seq,
      at: 1_700_000_000_000 + seq * 1000,
      ...EVENT_SAMPLES[seq % EVENT_SAMPLES.length]!,
      hash: 'ab'.repeat(32),
    });
  }
  return {
    type: 'events',
    rows,
    total,
    chain: broken
      ? { ok: false, rows: total, brokenAt: 33, problem: 'row 33: hash does not match row 32' }
      : { ok: true, rows: total, brokenAt: null, problem: null },
  };
}

// What each row pays at bets 1 to 5, in chips: its coefficient times the bet, the royal's own at 5.
const row = (category: string, c: number, atMax = c) => ({
  category,
  perBet: [1, 2, 3, 4, 5].map((b) => b * (b === 5 ? atMax : c)),
});
const JACKS_ROWS = (royal: number, fullHouse: number, flush: number): InstalledPayTable['rows'] => [
  row('royal-flush', 250, royal),
  row('straight-flush', 50),
  row('four-of-a-kind', 25),
  row('full-house', fullHouse),
  row('flush', flush),
  row('straight', 4),
  row('three-of-a-kind', 3),
  row('two-pair', 2),
  row('jacks-or-better', 1),
];

const exact = (pct: number) => ({
  returnPct: pct,
  returnLow: pct,
  returnHigh: pct,
  returnPlay: 'exact' as const,
  returnBasis: 'exact: every deal played by its best hold, at max bet',
  typicalPct: null,
  typicalLow: null,
  typicalHigh: null,
  inRange: pct <= 99.9,
});

const PP_ROWS = (royal: number, quads: number, fullHouse: number, flush: number): InstalledPayTable['rows'] =>
  (
    [
      ['royal-flush', royal],
      ['straight-flush', 50],
      ['four-of-a-kind', quads],
      ['full-house', fullHouse],
      ['flush', flush],
      ['straight', 4],
      ['three-of-a-kind', 3],
      ['two-pair', 2],
      ['pair', 1],
    ] as const
  ).map(([category, c]) => ({ category, perBet: [c] }));

export function payTables(): Answer {
  return {
    type: 'payTables',
    tables: [
      {
        id: 'jacks-9-6',
        game: 'jacks-or-better',
        name: 'Jacks or Better 9/6',
        rows: JACKS_ROWS(800, 9, 6),
        ...exact(99.5439),
      },
      {
        id: 'jacks-8-5',
        game: 'jacks-or-better',
        name: 'Jacks or Better 8/5',
        rows: JACKS_ROWS(800, 8, 5),
        ...exact(97.2984),
      },
      {
        id: 'poker-plus-standard',
        game: 'poker-plus',
        name: 'Poker Plus standard',
        rows: PP_ROWS(100, 20, 7, 5),
        returnPct: 99.2104,
        returnLow: 98.4012,
        returnHigh: 99.2104,
        returnPlay: 'best',
        returnBasis: 'upper estimate of best play: parsheet poker-plus --best',
        typicalPct: 97.8939,
        typicalLow: 97.8489,
        typicalHigh: 97.9389,
        inRange: true,
      },
      // The table of the earlier reading of P-12: its best play above the operator's 99.9% (C-24), shown but not to be chosen.
      {
        id: 'poker-plus-250',
        game: 'poker-plus',
        name: 'Poker Plus 250 table',
        rows: PP_ROWS(250, 25, 9, 6),
        returnPct: 101.0213,
        returnLow: 100.3107,
        returnHigh: 101.0213,
        returnPlay: 'best',
        returnBasis: 'upper estimate of best play: parsheet poker-plus --best',
        typicalPct: 100.2428,
        typicalLow: 100.1612,
        typicalHigh: 100.3243,
        inRange: false,
      },
    ],
  };
}

/** What the cabinet answers each of the service pages' queries with, in these tests. */
export function answerFor(q: Query): Answer {
  switch (q.type) {
    case 'handpays':
      return handpays();
    case 'ticketsIn':
      return ticketsIn();
    case 'meters':
      return { type: 'meters', report: metersReport() };
    case 'recallList':
      return { type: 'recallList', games: RECALL_GAMES };
    case 'recallGame':
      return recallGame(q.gameId);
    case 'events':
      return events(q);
    case 'payTables':
      return payTables();
    case 'sasLink':
      return { type: 'sasLink', link: null };
    case 'anchor':
      return {
        type: 'anchor',
        anchor: {
          anchored: false,
          bench: false,
          description: 'records not anchored: this PC has no TPM',
          records: null,
          counter: null,
          problem: null,
        },
      };
    case 'acceptor':
      return {
        type: 'acceptor',
        acceptor: {
          protocol: 'ebds',
          model: 'SC Advance / Cashflow SC 83 or 85',
          revision: '33',
          software: '286100R21, CRC 3B7E',
          state: 'idling',
          lastDocument: {
            kind: 'note',
            label: 'USD 20',
            outcome: 'stacked',
            reason: null,
            at: Date.UTC(2026, 0, 2, 13, 4),
          },
          frames: 1234,
          badFrames: 0,
        },
      };
    case 'printer':
      return {
        type: 'printer',
        printer: {
          protocol: 'tcl',
          model: 'FutureLogic GEN2/GEN5 (TCL)',
          firmware: 'GURAA1-01 CRC 5A3C',
          state: 'ready',
          lastTicket: { label: '…3456', outcome: 'taken', reason: null, at: Date.UTC(2026, 0, 2, 13, 6) },
          frames: 845,
          badFrames: 0,
        },
      };
  }
}

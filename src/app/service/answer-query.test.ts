import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stackedDeck } from '../../core/testing/decks';
import { ANSWER, check, QUERY_ACCESS, type Answer, type Query, type QueryResult } from '../../contract';
import { readMachineKey, RecordsReader } from '../../store';
import { dataPath, testMachine } from '../../store/testing/store-rig';
import { metersCommand } from '../commands/meters-command';
import { JACKS_OR_BETTER } from '../../core';
import { answerQuery, queryAccess } from './answer-query';
import { fullyRated, installedPayTables } from './installed-pay-tables';
import { metersReport } from './meters-report';
import { StoreBench } from '../testing/store-bench';
import { ownVoucherVerdict, type TicketVerdict } from '../../cabinet';

let dir: string;
let bench: StoreBench;

/** Three games, the last a royal at or above the handpay limit, paid; then credits cleared. */
function history(b: StoreBench): void {
  b.insert(10000);
  b.play({ type: 'chipValue', value: 100 });
  for (let i = 0; i < 2; i++) {
    b.play({ type: 'deal', bet: 1 });
    b.play({ type: 'draw' });
  }
  b.rig.decks.push(stackedDeck('Ah Kh Qh Jh Th'));
  b.play({ type: 'deal', bet: 1 });
  b.play({ type: 'draw' });
  b.key('attendant', true);
  b.play({ type: 'handpayConfirm' });
  b.play({ type: 'creditClear', confirm: true });
  b.key('attendant', false);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'service-query-'));
  bench = new StoreBench(dataPath(dir, 'cabinet.db'), { limits: { handpayLimit: 10000 } });
  history(bench);
});
afterEach(() => {
  bench.store.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = (query: unknown): QueryResult =>
  answerQuery(query, { state: bench.state, records: bench.store.reader, payTables: fullyRated(installedPayTables()) });

function answered<T extends Answer['type']>(query: Query & { type: T }): Extract<Answer, { type: T }> {
  const r = ask(query);
  if (!r.ok) throw new Error(`refused ${r.rule}: ${r.reason}`);
  expect(check(ANSWER, r.answer, 'answer')).toBeNull();
  expect(r.answer.type).toBe(query.type);
  return r.answer as Extract<Answer, { type: T }>;
}

const ONE_OF_EACH: Query[] = [
  { type: 'handpays', limit: 10 },
  { type: 'ticketsIn', limit: 10 },
  { type: 'meters' },
  { type: 'recallList' },
  { type: 'recallGame', gameId: 1 },
  { type: 'events', limit: 20 },
  { type: 'payTables' },
  { type: 'sasLink' },
  { type: 'acceptor' },
  { type: 'printer' },
  { type: 'anchor' },
];

describe('who may ask (C-21)', () => {
  it('covers every query of the contract', () => {
    expect(ONE_OF_EACH.map((q) => q.type).sort()).toEqual(Object.keys(QUERY_ACCESS).sort());
  });

  it('refuses every query with no key turned', () => {
    for (const q of ONE_OF_EACH) expect(ask(q)).toMatchObject({ ok: false, rule: 'C-21' });
  });

  it('answers the attendant only the attendant queries', () => {
    bench.key('attendant', true);
    for (const q of ONE_OF_EACH) expect(ask(q).ok).toBe(QUERY_ACCESS[q.type] === 'attendant');
  });

  it('asks the technician for the PIN, not just the key, then answers everything', () => {
    bench.key('technician', true);
    for (const q of ONE_OF_EACH) {
      expect(ask(q)).toMatchObject({
        ok: false,
        reason: expect.stringMatching(QUERY_ACCESS[q.type] === 'attendant' ? /attendant key/ : /PIN/),
      });
    }
    bench.login();
    for (const q of ONE_OF_EACH) expect(ask(q).ok).toBe(true);
    // Logged in, but the key turned off: the session ends with it.
    bench.key('technician', false);
    expect(queryAccess(bench.state, 'meters')).toMatch(/technician key/);
  });

  it('counts no key before the deck has reported its switches, and opens nothing to the initial PIN', () => {
    bench.input({ kind: 'powerUp' });
    bench.key('attendant', true);
    expect(ask({ type: 'handpays', limit: 5 })).toMatchObject({
      ok: false,
      rule: 'C-21',
      reason: expect.stringMatching(/reported its switches/),
    });
    bench.input({
      kind: 'device',
      event: {
        device: 'deck',
        type: 'switches',
        keys: { attendant: true, technician: true },
        doors: { main: false, logic: false, cashbox: false },
      },
    });
    expect(ask({ type: 'handpays', limit: 5 }).ok).toBe(true);
    bench.rig.state = { ...bench.rig.state, access: { ...bench.rig.state.access, pinChangeRequired: true } };
    bench.play({ type: 'technicianPin', pin: '1234' });
    expect(ask({ type: 'meters' })).toMatchObject({
      ok: false,
      rule: 'C-21',
      reason: 'meters: the initial PIN must be changed first',
    });
  });

  it('refuses a query outside the contract as C-22', () => {
    bench.login();
    expect(ask({ type: 'events', limit: 0 })).toMatchObject({ ok: false, rule: 'C-22' });
    expect(ask({ type: 'dropTables' })).toMatchObject({ ok: false, rule: 'C-22' });
    expect(ask(null)).toMatchObject({ ok: false, rule: 'C-22' });
  });
});

describe('the answers, from a real store', () => {
  beforeEach(() => bench.login());

  it('handpays: locked, paid and credits cleared, newest first', () => {
    const { rows } = answered({ type: 'handpays', limit: 10 });
    expect(rows.map((r) => [r.event, r.kind, r.amount])).toEqual([
      ['creditClear', 'cancelledCredits', 9700],
      ['paid', 'jackpot', 25000],
      ['locked', 'jackpot', 25000],
    ]);
    expect(rows[1]?.gameId).toBe(3);
    // Three rows, checked just above.
    expect(rows[0]!.seq).toBeGreaterThan(rows[1]!.seq);
    expect(answered({ type: 'handpays', limit: 1 }).rows).toHaveLength(1);
  });

  it('meters: the report of the state, equal to what `meters --json` prints on the same database', async () => {
    const { report } = answered({ type: 'meters' });
    expect(report).toEqual(metersReport(bench.state, true));
    expect(report.balanceCheck.ok).toBe(true);
    expect(report.meters.find((m) => m.name === 'jackpot')?.lifetime).toBe(25000);
    let out = '';
    const spy = vi
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
    try {
      expect(await metersCommand.run(['--db', bench.store.path, '--json'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(JSON.parse(out)).toEqual(report);
  });

  it('recall: the games newest first, and each game whole, replaying to its result', () => {
    const { games } = answered({ type: 'recallList' });
    expect(games.map((g) => g.gameId)).toEqual([3, 2, 1]);
    expect(games[0]).toMatchObject({
      game: 'jacks-or-better',
      chipValue: 100,
      staked: 100,
      paid: 25000,
      handpaid: true,
    });
    for (const g of games) {
      const one = answered({ type: 'recallGame', gameId: g.gameId });
      expect(one.game).toEqual(g);
      // Stepped through the rules core by the cabinet, agreeing with the stored result, to its paid win.
      if (!one.run.ok) throw new Error(one.run.error);
      expect(one.run.agrees).toBe(true);
      const last = one.run.frames.at(-1)?.table;
      expect(last?.shape === 'video-poker' ? last.win : null).toBe(g.paid / g.chipValue);
    }
    const missing = ask({ type: 'recallGame', gameId: 99 });
    expect(missing).toMatchObject({
      ok: false,
      rule: 'C-11',
      reason: expect.stringMatching(/game 99 is not in the recall/),
    });
  });

  it('events: newest first in pages, with the chain walked', () => {
    const first = answered({ type: 'events', limit: 5 });
    const total = bench.store.reader.eventRows();
    expect(first.total).toBe(total);
    expect(first.rows.map((r) => r.seq)).toEqual([total, total - 1, total - 2, total - 3, total - 4]);
    expect(first.chain).toEqual({ ok: true, rows: total, brokenAt: null, problem: null });
    // Five rows, checked just above.
    const next = answered({ type: 'events', limit: 5, beforeSeq: first.rows[4]!.seq });
    expect(next.rows[0]?.seq).toBe(total - 5);
    const last = answered({ type: 'events', limit: 100, beforeSeq: 3 });
    expect(last.rows.map((r) => r.seq)).toEqual([2, 1]);
  });

  it('events: a row edited after the store was opened shows as a broken chain at that row', () => {
    expect(bench.store.chain.ok).toBe(true);
    const raw = new Database(bench.store.path);
    raw.exec('DROP TRIGGER events_no_update');
    raw.prepare('UPDATE events SET data = ? WHERE seq = 4').run('{"tampered":true}');
    raw.close();
    const { rows, chain } = answered({ type: 'events', limit: 100 });
    expect(chain).toMatchObject({ ok: false, brokenAt: 4, problem: expect.stringMatching(/does not match its hash/) });
    expect(rows.find((r) => r.seq === 4)?.data).toEqual({ tampered: true });
    // The meters report takes the latest whole walk, the event log page's.
    expect(answered({ type: 'meters' }).report.eventChain).toBe('broken');
    // The check made at open still says intact: the query walked the chain afresh.
    expect(bench.store.chain.ok).toBe(true);
  });

  it('meters: reads the latest whole walk without walking the log again', () => {
    const raw = new Database(bench.store.path);
    raw.exec('DROP TRIGGER events_no_update');
    raw.prepare('UPDATE events SET data = ? WHERE seq = 2').run('{"tampered":true}');
    raw.close();
    // Not walked since the edit: the meters still show the check made at open.
    expect(answered({ type: 'meters' }).report.eventChain).toBe('intact');
    answered({ type: 'events', limit: 1 });
    expect(answered({ type: 'meters' }).report.eventChain).toBe('broken');
  });

  it('pay tables: every installed one with its rows at this max bet and its return', () => {
    const { tables } = answered({ type: 'payTables' });
    const catalog = fullyRated(installedPayTables());
    expect(tables.map((t) => t.id)).toEqual(catalog.tables.map((t) => t.table.id));
    const nineSix = tables.find((t) => t.id === 'jacks-or-better-9-6')!;
    const installed = catalog.tables.find((t) => t.table.id === 'jacks-or-better-9-6')!.table;
    if (installed.game !== 'jacks-or-better') throw new Error('9/6 is a Jacks or Better table');
    expect(nineSix.rows).toEqual(JACKS_OR_BETTER.payTable.rows(installed.table, bench.state.settings.limits.maxBet));
    expect(nineSix.rows[0]).toEqual({ category: 'royal-flush', perBet: [250, 500, 750, 1000, 4000] });
    // Worked out by the cabinet (the par sheet), not copied from the file; inside the default range.
    expect(nineSix.returnPct).toBeCloseTo(99.5439, 4);
    expect([nineSix.returnLow, nineSix.returnHigh, nineSix.inRange]).toEqual([
      nineSix.returnPct,
      nineSix.returnPct,
      true,
    ]);
    const p12 = tables.find((t) => t.id === 'poker-plus-default')!;
    expect(p12.rows[0]).toEqual({ category: 'royal-flush', perBet: [100] });
    // Judged on best play: the return is the upper estimate, above what the strategy found returns.
    expect(p12).toMatchObject({ returnPlay: 'best', returnPct: 99.3841, returnHigh: 99.3841, inRange: true });
    expect(p12.returnLow!).toBeLessThan(p12.returnPct!);
    expect(p12.typicalPct!).toBeLessThan(p12.returnLow!);
  });

  it("pay tables: marks those outside the operator's range, by the same judgement as a wish (C-24)", () => {
    const narrow = new StoreBench(dataPath(join(dir, 'narrow'), 'narrow.db'), { limits: { maxReturnPct: 99.45 } });
    narrow.login();
    const r = answerQuery(
      { type: 'payTables' },
      { state: narrow.state, records: narrow.store.reader, payTables: fullyRated(installedPayTables()) },
    );
    if (!r.ok || r.answer.type !== 'payTables') throw new Error('expected the pay tables');
    expect(r.answer.tables.filter((t) => !t.inRange).map((t) => t.id)).toEqual([
      'jacks-or-better-9-6',
      'poker-plus-7-5',
      'deuces-wild-full-pay',
      'deuces-wild-nsud',
    ]);
    narrow.store.close();
  });
});

describe("the attendant's list of tickets in, from a real store (issue 15)", () => {
  const SAS = { address: 1, accountingDenomination: 1, allowClockSet: false, allowRemoteHandpayReset: false };
  const acceptor = (type: 'ticket' | 'ticketStacked' | 'ticketReturned', barcode: string) =>
    bench.input({ kind: 'device', event: { device: 'acceptor', type, barcode } });
  const verdict = (barcode: string, v: TicketVerdict) => bench.input({ kind: 'ticketVerdict', barcode, verdict: v });
  /** Validated as the runner validates standalone: against the vouchers this cabinet printed. */
  const own = (barcode: string): TicketVerdict =>
    ownVoucherVerdict(bench.store.reader.voucher(barcode), bench.rig.env.now(), bench.state.settings.currency);

  /**
   * One ticket refused by a casino system, the link then taken away; a voucher of 50.00 printed,
   * redeemed by the cabinet, put in again and handed back.
   */
  function tickets(): { voucher: string; stranger: string } {
    bench.input({ kind: 'sas', command: { type: 'configure', settings: SAS } });
    const stranger = '123456789012349876';
    acceptor('ticket', stranger);
    verdict(stranger, { valid: false, reason: 'expired', code: 0x80 });
    acceptor('ticketReturned', stranger);
    bench.input({ kind: 'sas', command: { type: 'ticketStatusRead', since: bench.state.lastTicket!.since } });
    bench.input({ kind: 'sas', command: { type: 'configure', settings: null } });
    expect(bench.state.sas ?? null).toBeNull();
    bench.insert(5000);
    bench.play({ type: 'cashOut' });
    const voucher = bench.state.voucher!.validation;
    bench.input({ kind: 'device', event: { device: 'printer', type: 'printed', validation: voucher } });
    expect(bench.store.reader.voucher(voucher)?.status).toBe('issued');
    acceptor('ticket', voucher);
    verdict(voucher, own(voucher));
    acceptor('ticketStacked', voucher);
    expect(bench.state.balance).toBe(5000);
    acceptor('ticket', voucher);
    verdict(voucher, own(voucher));
    acceptor('ticketReturned', voucher);
    expect(bench.state.lastTicket).toMatchObject({ outcome: 'returned', reason: 'alreadyRedeemed' });
    return { voucher, stranger };
  }

  it('each ticket once, newest first: credited or returned with the reason, by the cabinet or the host', () => {
    const { voucher } = tickets();
    bench.key('attendant', true);
    const { rows } = answered({ type: 'ticketsIn', limit: 10 });
    expect(rows.map((r) => [r.validationEnd, r.outcome, r.amount, r.reason, r.by])).toEqual([
      [voucher.slice(-4), 'returned', null, 'alreadyRedeemed', 'cabinet'],
      [voucher.slice(-4), 'credited', 5000, null, 'cabinet'],
      // Logged with who validated it then, though the cabinet has no link now.
      ['9876', 'returned', null, 'expired', 'host'],
    ]);
    // Each at the row that ended it, in the log's order and time.
    const ends = bench.store.reader
      .eventsOfKind(['ticket'], 50)
      .filter((e) => e.data.event === 'redeemed' || e.data.event === 'return');
    expect(rows.map((r) => [r.seq, r.at])).toEqual(ends.map((e) => [e.seq, e.at]));
    expect(answered({ type: 'ticketsIn', limit: 2 }).rows.map((r) => r.seq)).toEqual(
      rows.slice(0, 2).map((r) => r.seq),
    );
  });

  it('never carries a whole validation number to the screen', () => {
    const { voucher, stranger } = tickets();
    bench.key('attendant', true);
    const r = ask({ type: 'ticketsIn', limit: 10 });
    const text = JSON.stringify(r);
    expect(r.ok).toBe(true);
    for (const digits of [voucher, stranger, voucher.slice(0, 14), stranger.slice(0, 14)])
      expect(text).not.toContain(digits);
  });

  it('is refused with no key and to the technician key without the PIN, and answered to the attendant', () => {
    tickets();
    expect(ask({ type: 'ticketsIn', limit: 10 })).toMatchObject({
      ok: false,
      rule: 'C-21',
      reason: expect.stringMatching(/^ticketsIn: .*attendant key/),
    });
    bench.key('technician', true);
    expect(ask({ type: 'ticketsIn', limit: 10 })).toMatchObject({ ok: false, rule: 'C-21' });
    bench.key('technician', false);
    bench.key('attendant', true);
    expect(ask({ type: 'ticketsIn', limit: 10 }).ok).toBe(true);
    expect(ask({ type: 'ticketsIn', limit: 51 })).toMatchObject({ ok: false, rule: 'C-22' });
  });
});

describe('a database reopened', () => {
  it('answers the same from the file as from the store that wrote it', () => {
    bench.login();
    const before = answered({ type: 'events', limit: 100 });
    const reopened = RecordsReader.open(bench.store.path, { key: readMachineKey(testMachine(dir).keyFile) });
    try {
      const again = answerQuery(
        { type: 'events', limit: 100 },
        { state: bench.state, records: reopened, payTables: fullyRated(installedPayTables()) },
      );
      expect(again).toEqual({ ok: true, answer: before });
    } finally {
      reopened.close();
    }
  });
});

describe('the bill acceptor for the Devices page (issue 25)', () => {
  const info = {
    protocol: 'ebds' as const,
    model: 'SC Advance / Cashflow SC 83 or 85',
    revision: '33',
    software: 'x'.repeat(500),
    state: 'idling',
    lastDocument: { kind: 'ticket' as const, label: '…3456', outcome: 'returned' as const, reason: null, at: 1 },
    frames: 10,
    badFrames: 1,
  };
  const askWith = (acceptorInfo?: () => typeof info | null) =>
    answerQuery(
      { type: 'acceptor' },
      { state: bench.state, records: bench.store.reader, payTables: fullyRated(installedPayTables()), acceptorInfo },
    );

  it("answers the technician with the driver's words, cut to the contract; null without a serial acceptor", () => {
    bench.key('technician', true);
    bench.login();
    const r = askWith(() => info);
    expect(r.ok && check(ANSWER, r.answer, 'answer')).toBeNull();
    expect(r).toMatchObject({
      ok: true,
      answer: { type: 'acceptor', acceptor: { protocol: 'ebds', revision: '33', frames: 10, badFrames: 1 } },
    });
    expect(r.ok && r.answer.type === 'acceptor' && r.answer.acceptor?.software?.length).toBe(120);
    expect(askWith(() => null)).toEqual({ ok: true, answer: { type: 'acceptor', acceptor: null } });
    expect(askWith()).toEqual({ ok: true, answer: { type: 'acceptor', acceptor: null } });
  });
});

describe('the voucher printer for the Devices page (issue 43)', () => {
  const info = {
    protocol: 'tcl' as const,
    model: 'FutureLogic GEN2/GEN5 (TCL)',
    firmware: 'x'.repeat(500),
    state: 'ready',
    lastTicket: { label: '…3456', outcome: 'taken' as const, reason: null, at: 1 },
    frames: 10,
    badFrames: 1,
  };
  const askWith = (printerInfo?: () => typeof info | null) =>
    answerQuery(
      { type: 'printer' },
      { state: bench.state, records: bench.store.reader, payTables: fullyRated(installedPayTables()), printerInfo },
    );

  it("answers the technician with the driver's words, cut to the contract; null without a serial printer", () => {
    bench.key('technician', true);
    bench.login();
    const r = askWith(() => info);
    expect(r.ok && check(ANSWER, r.answer, 'answer')).toBeNull();
    expect(r).toMatchObject({
      ok: true,
      answer: { type: 'printer', printer: { protocol: 'tcl', lastTicket: { outcome: 'taken' }, frames: 10 } },
    });
    expect(r.ok && r.answer.type === 'printer' && r.answer.printer?.firmware?.length).toBe(120);
    expect(askWith(() => null)).toEqual({ ok: true, answer: { type: 'printer', printer: null } });
  });
});

// The attendant's and technician's screens, built by vite, in Chromium against the fake cabinet:
// each page in English and Russian, the PIN pad and its lockout, confirmations that wish nothing
// before their last step, a recalled game drawn from a known replay, refusals with their reason.

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_ACCESS, type QueryType, type Snapshot, type ToCabinet, type Wish } from '../../src/contract';
import type { ServiceModel } from '../../renderer/model/service/page';
import { buildRenderer, CHROMIUM_ARGS } from '../support/renderer-build';
import { FakeCabinet } from './fake-cabinet';
import * as fx from './fixtures';
import * as sx from './service-fixtures';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = `${ROOT}test-results/screens`;

interface SceneButton {
  name: string;
  label: string;
  sub: string | null;
  live: boolean;
  selected: boolean;
}
interface Scene {
  screen: string;
  overlay: string | null;
  version: number | null;
  title: string;
  buttons: SceneButton[];
  service: ServiceModel | null;
  animating: boolean;
  design: string;
}

let browser: Browser;
let cabinet: FakeCabinet;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  cabinet = new FakeCabinet(await buildRenderer());
  await cabinet.start();
  for (const type of Object.keys(QUERY_ACCESS) as QueryType[]) cabinet.answers.set(type, sx.answerFor);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 1024 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(cabinet.url);
  await cabinet.nextMessage((m) => m.kind === 'hello');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await cabinet?.stop();
});

const scene = (): Promise<Scene> => page.evaluate(() => (window as unknown as { __scene: () => Scene }).__scene());
const shot = (name: string) => page.screenshot({ path: `${SHOTS}/svc-${name}.png` });

/** Waits until the scene satisfies a check (answers arrive asynchronously). */
async function until(check: (s: Scene) => boolean, what: string): Promise<Scene> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const s = await scene();
    if (!s.animating && check(s)) return s;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}: ${JSON.stringify({ screen: s.screen, service: s.service && { page: s.service.page, notice: s.service.notice, headline: s.service.headline } })}`,
      );
    await page.waitForTimeout(50);
  }
}

let version = 1000;
/** Shows a snapshot under a fresh version and waits until the screen has it. */
async function show(s: Snapshot): Promise<Scene> {
  const v = ++version;
  cabinet.show({ ...s, version: v });
  return until((sc) => sc.version === v, `version ${v}`);
}

async function press(name: string): Promise<void> {
  const ok = await page.evaluate((n) => (window as unknown as { __press: (n: string) => boolean }).__press(n), name);
  if (!ok) {
    const s = await scene();
    throw new Error(
      `could not press ${name}; live: ${s.buttons
        .filter((b) => b.live)
        .map((b) => b.name)
        .join(', ')}`,
    );
  }
}

const pressable = async (name: string): Promise<boolean> =>
  page.evaluate((n) => (window as unknown as { __press: (n: string) => boolean }).__press(n), name);
const button = (s: Scene, name: string): SceneButton => {
  const b = s.buttons.find((x) => x.name === name);
  if (!b) throw new Error(`no button ${name}: ${s.buttons.map((x) => x.name).join(', ')}`);
  return b;
};

/** The wishes and queries the screen sent from now on. */
function from(): { wishes: () => Wish[]; queries: () => ToCabinet[] } {
  const start = cabinet.received.length;
  return {
    wishes: () => cabinet.received.slice(start).flatMap((m) => (m.kind === 'wish' ? [m.wish] : [])),
    queries: () => cabinet.received.slice(start).filter((m) => m.kind === 'query'),
  };
}

async function nextWish(since: { wishes: () => Wish[] }): Promise<Wish> {
  await cabinet.nextMessage(() => since.wishes().length > 0);
  return since.wishes()[0]!;
}

const svc = (s: Scene): ServiceModel => {
  if (!s.service) throw new Error(`no service page on ${s.screen}`);
  return s.service;
};
const texts = (m: ServiceModel): string =>
  [
    m.title,
    m.headline?.text,
    ...m.lines.map((l) => l.text),
    m.notice,
    ...(m.table?.rows.flatMap((r) => r.cells) ?? []),
  ].join('\n');

describe('the attendant menu', () => {
  it('opens over a handpay with the amount and reason; confirming the handpay wishes it', async () => {
    const s = await show(sx.attendant());
    expect(s.screen).toBe('service');
    const m = await until((x) => x.service?.table?.rows.length === 3, 'the handpays list');
    expect(svc(m).headline).toMatchObject({ text: 'HANDPAY DUE: $1,000.00', tone: 'bad' });
    expect(texts(svc(m))).toContain('Reason: royal flush at max bet');
    expect(svc(m).table!.rows[0]!.cells).toContain('$1,000.00');
    await shot('attendant');
    const since = from();
    await press('att.handpay');
    expect(await nextWish(since)).toEqual({ type: 'handpayConfirm' });
  });

  it('clears credits only after the confirmation, showing the amount', async () => {
    await show(sx.attendant(fx.baseSnapshot()));
    const since = from();
    await press('att.clear');
    const asked = await until((x) => x.service?.confirm !== null, 'the confirmation');
    expect(svc(asked).confirm!.lines).toContain('$25.10');
    expect(button(asked, 'svc.refresh').live).toBe(false);
    await shot('attendant-confirm');
    expect(since.wishes()).toEqual([]);
    await press('confirm.yes');
    expect(await nextWish(since)).toEqual({ type: 'creditClear', confirm: true });
  });

  it('mutes the sound for ten minutes with a wish, and shows the time left while it lasts', async () => {
    const s = await show(sx.attendant());
    expect(button(s, 'att.mute')).toMatchObject({ label: 'MUTE SOUND', sub: 'FOR 10 MINUTES', live: true });
    const since = from();
    await press('att.mute');
    expect(await nextWish(since)).toEqual({ type: 'soundMute', on: true });
    const muted = await show({ ...sx.attendant(), mutedUntil: Date.now() + 600_000 });
    expect(button(muted, 'att.mute')).toMatchObject({ label: 'SOUND ON', live: true });
    expect(button(muted, 'att.mute').sub).toMatch(/^MUTED (10:00|9:5\d)$/);
    await shot('attendant-muted');
    const again = from();
    await press('att.mute');
    expect(await nextWish(again)).toEqual({ type: 'soundMute', on: false });
  });

  it('speaks Russian, and closes when the key turns off', async () => {
    const s = await show(fx.russian(sx.attendant()));
    const m = await until((x) => x.service?.table?.rows.length === 3, 'the handpays list');
    expect(svc(m).headline?.text).toBe('К РУЧНОЙ ВЫПЛАТЕ: 1\u00a0000,00\u00a0$');
    expect(button(s, 'att.clear').label).toBe('СНЯТЬ КРЕДИТЫ');
    await shot('attendant-ru');
    const off = await show(fx.handpay());
    expect(off.screen).not.toBe('service');
    expect(off.overlay).toBe('handpay');
  });
});

describe("the attendant's list of tickets in", () => {
  it('opens under its tab with each ticket masked to its last four digits, in English and Russian', async () => {
    await show(sx.attendant(fx.baseSnapshot()));
    const since = from();
    await press('att.tickets');
    const m = await until((x) => x.service?.table?.rows.length === sx.TICKETS_IN_ROWS.length, 'the tickets in');
    expect(since.queries()).toEqual([
      { kind: 'query', id: expect.any(Number), query: { type: 'ticketsIn', limit: 10 } },
    ]);
    expect(svc(m).page).toBe('tickets');
    expect(button(m, 'att.tickets').selected).toBe(true);
    expect(svc(m).table!.rows[2]!.cells).toEqual([
      '2026-05-06 21:07:08',
      '••••••4321',
      '$15.00',
      'Credited',
      'This cabinet',
    ]);
    await shot('attendant-tickets');
    const ru = await show(fx.russian(sx.attendant(fx.baseSnapshot())));
    expect(svc(ru).table!.rows[0]!.cells.slice(3)).toEqual(['Возвращён: срок истёк', 'Система казино']);
    await shot('attendant-tickets-ru');
    await press('att.handpays');
    await until((x) => x.service?.page === 'attendant' && x.service.table?.rows.length === 3, 'the handpays again');
  });
});

describe('the technician PIN pad', () => {
  it('masks the digits and wishes the PIN on ENTER', async () => {
    await show(sx.pinPad());
    for (const d of ['4', '7', '1', '9']) await press(`pin.${d}`);
    const s = await until((x) => x.service?.entry?.text === '●●●●', 'four masked digits');
    expect(JSON.stringify(s)).not.toContain('4719');
    const since = from();
    await press('pin.enter');
    expect(await nextWish(since)).toEqual({ type: 'technicianPin', pin: '4719' });
    expect((await scene()).service?.entry?.text).toBe('');
  });

  it('shows the tries left after a wrong PIN, in both languages', async () => {
    const en = await show(sx.pinPad(1));
    expect(texts(svc(en))).toContain('2 tries left before the lockout');
    const ru = await show(fx.russian(sx.pinPad(2)));
    expect(svc(ru).headline?.text).toBe('НЕВЕРНЫЙ ПИН');
    expect(texts(svc(ru))).toContain('Осталось попыток до блокировки: 1');
  });

  it('during a lockout shows the time left counting down and refuses entry', async () => {
    const s = await show(sx.pinPad(3, Date.now() + 95_000));
    const first = svc(s).headline!.text;
    expect(first).toMatch(/^LOCKED: 1:3\d$/);
    expect(await pressable('pin.1')).toBe(false);
    expect(button(s, 'pin.enter').live).toBe(false);
    await shot('pin-locked');
    const later = await until((x) => x.service?.headline?.text !== first, 'the countdown');
    expect(later.service!.headline!.text).toMatch(/^LOCKED: 1:\d\d$/);
    const ru = await show(fx.russian(sx.pinPad(3, Date.now() + 30_000)));
    expect(svc(ru).headline?.text).toMatch(/^ЗАБЛОКИРОВАНО: 0:[23]\d$/);
    await shot('pin-locked-ru');
  });
});

describe('the initial PIN (C-21)', () => {
  it('logged in with it, the technician is shown its change and nothing else, and nothing is read', async () => {
    await show(sx.pinPad());
    const since = from();
    const s = await show(sx.pinChange());
    const m = svc(s);
    expect(m.page).toBe('settings');
    expect(m.headline).toMatchObject({ text: 'CHANGE THE INITIAL PIN FIRST', tone: 'bad' });
    expect(m.entry!.label).toBe('NEW PIN (4 TO 12 DIGITS)');
    expect(m.nav.map((b) => b.name)).toEqual(['svc.logout']);
    await shot('pin-change');
    for (const pin of ['8642', '8642']) {
      for (const k of pin) await press(`key.${k}`);
      await press('edit.ok');
    }
    await until((x) => x.service?.confirm !== null, 'the confirmation');
    await press('confirm.yes');
    expect(await nextWish(since)).toEqual({ type: 'setPin', pin: '8642' });
    expect(since.queries()).toEqual([]);
    const ru = await show(fx.russian(sx.pinChange()));
    expect(svc(ru).headline?.text).toBe('СНАЧАЛА СМЕНИТЕ НАЧАЛЬНЫЙ ПИН');
    // Key off: the next test starts from the PIN pad, as a technician arriving would.
    await show(sx.pinPad());
  });
});

describe('the technician audit pages', () => {
  it('meters: lifetime and period with SAS codes and money, the C-9 check, paging', async () => {
    const since = from();
    await show(sx.technician());
    const s = await until((x) => x.service?.page === 'meters' && x.service.table !== null, 'the meters');
    expect(since.queries().map((q) => q.kind === 'query' && q.query.type)).toContain('meters');
    const m = svc(s);
    expect(m.headline).toEqual({ text: 'METERS BALANCE: $25.10', tone: 'ok' });
    expect(m.table!.columns[0]).toBe('MAIN METERS (1/2)');
    expect(m.table!.rows[0]!.cells).toEqual(['Coin in (total wagered)', '0000', '$12,345.67', '$45.00']);
    expect(m.table!.rows[2]!.cells).toEqual(['Drop (bills and vouchers in)', '0024', '$10,120.00', '']);
    expect(m.table!.rows[5]!.cells).toEqual(['Games played', '0005', '15,234', '120']);
    expect(texts(m)).toContain('Event chain: intact');
    await shot('meters');
    await press('meters.next');
    const p2 = await until((x) => x.service?.table?.columns[0] === 'MAIN METERS (2/2)', 'page 2');
    expect(p2.service!.table!.rows.at(-1)!.cells).toEqual(['Bills of $100.00 accepted', '0047', '30', '0']);
    await press('meters.next');
    await press('meters.next');
    const games = await until((x) => x.service?.table?.columns[0] === 'JACKS OR BETTER', 'a game');
    expect(games.service!.table!.rows[0]!.cells).toEqual(['Coin in (total wagered)', '0000', '$9,000.00', '$0.00']);
  });

  it("the cabinet's long work under every page: what runs, how far, the time left, what goes on meanwhile (issue 44)", async () => {
    const walk = {
      kind: 'records-walk' as const,
      subject: null,
      done: 12_000,
      total: 26_000,
      unit: 'commits',
      fraction: 12_000 / 26_000,
      elapsedMs: 100_000,
      leftMs: 117_000,
    };
    await show({ ...sx.technician(), work: [walk] });
    const en = await until((x) => x.service?.notice === null && x.service.work !== null, 'the work line');
    expect(svc(en).work).toBe(
      'Checking the records: 46% (12,000 of 26,000), about 2 minutes left. Play goes on meanwhile.',
    );
    await shot('work');
    await show(fx.russian({ ...sx.technician(), work: [walk] }));
    const ru = await until((x) => x.service?.notice === null && /Проверка/.test(x.service.work ?? ''), 'its Russian');
    expect(svc(ru).work).toMatch(/^Проверка записей: 46%/);
    await shot('work-ru');
    const done = await show(sx.technician());
    expect(svc(done).work).toBeNull();
  });

  it('meters: a mismatch shows both figures; Russian', async () => {
    cabinet.answers.set('meters', () => ({ type: 'meters', report: sx.metersReport(false) }));
    await show(fx.russian(sx.technician()));
    await press('svc.refresh');
    const s = await until((x) => x.service?.headline?.tone === 'bad', 'the mismatch');
    expect(svc(s).headline!.text).toBe('СЧЁТЧИКИ НЕ СХОДЯТСЯ: ОЖИДАЛОСЬ 26,00\u00a0$, КРЕДИТЫ 25,10\u00a0$');
    expect(texts(svc(s))).toContain('Цепочка журнала: НАРУШЕНА (см. журнал)');
    await shot('meters-ru');
    cabinet.answers.set('meters', () => ({ type: 'meters', report: sx.metersReport() }));
  });

  it('period clear and RAM clear need two distinct confirmations; nothing is wished before the second', async () => {
    await show(sx.technician());
    await until((x) => x.service?.table !== null, 'the meters');
    const since = from();
    await press('meters.periodClear');
    const one = await until((x) => x.service?.confirm?.stepText === 'Step 1 of 2', 'step 1');
    const title1 = svc(one).confirm!.title;
    await press('confirm.yes');
    const two = await until((x) => x.service?.confirm?.stepText === 'Step 2 of 2', 'step 2');
    expect(svc(two).confirm!.title).not.toBe(title1);
    expect(button(two, 'confirm.yes').label).toBe('YES, DO IT NOW');
    await shot('meters-confirm');
    expect(since.wishes()).toEqual([]);
    await press('confirm.yes');
    expect(await nextWish(since)).toEqual({ type: 'clearPeriodMeters', confirm: true });
    await show(sx.technician());
    const after = from();
    await press('meters.ramClear');
    await press('confirm.yes');
    await press('confirm.no');
    const closed = await until((x) => x.service?.confirm === null, 'the confirmation closed');
    expect(button(closed, 'meters.ramClear').live).toBe(true);
    await page.waitForTimeout(200);
    expect(after.wishes()).toEqual([]);
  });

  it('a refused wish shows the cabinet reason', async () => {
    cabinet.refuseWishes.set('ramClear', { rule: 'C-21', reason: 'the technician key was turned off' });
    await show(sx.technician());
    await press('meters.ramClear');
    await press('confirm.yes');
    await press('confirm.yes');
    const s = await until(
      (x) => (x.service?.notice ?? '').includes('the technician key was turned off'),
      'the refusal',
    );
    expect(svc(s).notice).toBe('NOT POSSIBLE NOW: the technician key was turned off');
    await shot('refused');
    cabinet.refuseWishes.delete('ramClear');
  });

  it('a query the cabinet refuses (its key turned off meanwhile) says so on the page', async () => {
    await show(sx.technician());
    await press('svc.meters');
    await until((x) => x.service?.table !== null, 'the meters');
    // The cabinet has moved on (key off) before the screen heard of it: it refuses the read.
    cabinet.shown = fx.baseSnapshot();
    await press('svc.refresh');
    const s = await until((x) => (x.service?.notice ?? '').startsWith('Refused'), 'the refusal');
    expect(svc(s).notice).toBe("Refused: meters needs the technician's key");
    expect(svc(s).table).toBeNull();
  });

  it('recall: the last games paged, a Jacks game stepped through as the player saw it', async () => {
    await show(sx.technician());
    await press('svc.recall');
    const list = await until((x) => (x.service?.list.length ?? 0) > 0, 'the games');
    expect(
      svc(list)
        .list.map((b) => b.name)
        .slice(0, 3),
    ).toEqual(['recall.game.120', 'recall.game.119', 'recall.game.118']);
    expect(svc(list).list).toHaveLength(10);
    await shot('recall-list');
    await press('recall.next');
    await until((x) => x.service?.list[0]?.name === 'recall.game.110', 'page 2');
    await press('recall.prev');
    await until((x) => x.service?.list[0]?.name === 'recall.game.120', 'page 1');
    await press('recall.game.120');
    const expected = sx.expectedRecall('jacks-or-better');
    const dealt = await until(
      (x) => x.service?.page === 'recallGame' && x.service.cards.length > 0,
      'the recalled game',
    );
    const hand = svc(dealt).cards[0]!;
    expect(hand.cards.map((c) => c.code)).toEqual(expected.dealt);
    expect(hand.cards.flatMap((c, i) => (c.held ? [i] : []))).toEqual(expected.autoHold);
    expect(svc(dealt).headline!.text).toBe('Step 1 of 2: DEAL');
    expect(texts(svc(dealt))).toContain('Replayed through the rules: agrees with the record');
    await shot('recall-jacks-deal');
    await press('recall.stepNext');
    const drawn = await until((x) => x.service?.headline?.text === 'Step 2 of 2: DRAW', 'the draw');
    expect(svc(drawn).cards[0]!.cards.map((c) => c.code)).toEqual(expected.final);
    expect(svc(drawn).cards[0]!.note).toBe('FOUR OF A KIND  •  WIN 50 CHIPS');
    expect(button(drawn, 'recall.stepNext').live).toBe(false);
    await shot('recall-jacks');
  });

  it('recall: a Poker Plus game with the dealer and both boxes, in Russian', async () => {
    await show(fx.russian(sx.technician()));
    await press('svc.recall');
    await until((x) => (x.service?.list.length ?? 0) > 0, 'the games');
    await press('recall.game.119');
    const first = await until(
      (x) => x.service?.page === 'recallGame' && x.service.cards.length > 0,
      'the recalled game',
    );
    const expected = sx.expectedRecall('poker-plus') as { dealer: { cards: string[] }; boxes: { cards: string[] }[] };
    expect(svc(first).cards.map((g) => g.name)).toEqual(['dealer', 'box0', 'box1']);
    expect(svc(first).cards[0]!.cards.map((c) => c.code)).toEqual([null, null, null, null, expected.dealer.cards[4]]);
    let s = first;
    while (button(s, 'recall.stepNext').live) {
      const before = svc(s).headline!.text;
      await press('recall.stepNext');
      s = await until((x) => x.service?.headline?.text !== before, 'the next step');
    }
    expect(
      svc(s)
        .cards[0]!.cards.slice(0, 5)
        .map((c) => c.code),
    ).toEqual(expected.dealer.cards);
    expect(
      svc(s)
        .cards.slice(1)
        .map((g) => g.cards.map((c) => c.code)),
    ).toEqual(expected.boxes.map((b) => b.cards));
    expect(svc(s).headline!.text).toMatch(/^Шаг \d из \d: ДИЛЕР ОТКРЫВАЕТ КАРТЫ$/);
    await shot('recall-pp-ru');
  });

  it('event log: newest first, pages back, the chain verified or broken at its row', async () => {
    await show(sx.technician());
    const since = from();
    await press('svc.events');
    const s = await until((x) => x.service?.page === 'events' && x.service.table !== null, 'the log');
    expect(svc(s).headline).toEqual({ text: 'CHAIN VERIFIED: 40 ROWS', tone: 'ok' });
    expect(svc(s).table!.rows[0]!.cells[0]).toBe('40');
    // Rows 39, 38, 37: the samples' last three (seq % 8).
    expect(
      svc(s)
        .table!.rows.slice(1, 4)
        .map((r) => r.cells[2]),
    ).toEqual([
      'Ticket 001234567890123456 redeemed for $50.00, credits now $75.10',
      'Technician logged in',
      'Setting TICKET LIMIT changed: $3,000.00 → $500.00 (by the technician)',
    ]);
    await shot('events');
    await press('events.older');
    const older = await until((x) => x.service?.table?.rows[0]?.cells[0] === '30', 'the older page');
    expect(since.queries().map((q) => q.kind === 'query' && q.query)).toContainEqual({
      type: 'events',
      limit: 10,
      beforeSeq: 31,
    });
    expect(button(older, 'events.newer').live).toBe(true);
    cabinet.answers.set('events', (q) => sx.events(q as Extract<typeof q, { type: 'events' }>, true));
    await show(fx.russian(sx.technician()));
    await press('events.newer');
    const broken = await until((x) => x.service?.headline?.tone === 'bad', 'the broken chain');
    expect(svc(broken).headline!.text).toBe('ЦЕПОЧКА НАРУШЕНА НА ЗАПИСИ 33');
    expect(texts(svc(broken))).toContain('row 33: hash does not match row 32');
    await shot('events-ru');
  });

  it('devices: status, doors and keys live, and the device test', async () => {
    await show(sx.technician());
    await press('svc.devices');
    // The records' anchor row is read by a query of its own: the page once it has answered.
    const s = await until(
      (x) => x.service?.page === 'devices' && x.service.table?.rows.at(-1)?.cells[1] === 'NOT ANCHORED',
      'the devices, the anchor read',
    );
    expect(svc(s).table!.rows.map((r) => r.cells[1])).toEqual(['Online', 'Online', 'Online', 'NOT ANCHORED']);
    // The acceptor as its driver knows it (issue 25), read when the page opens.
    const unit = await until(
      (x) => (x.service?.lines ?? []).some((l) => l.text.startsWith('Bill acceptor on MEI/CPI EBDS')),
      'the acceptor named',
    );
    expect(texts(svc(unit))).toContain('Bill acceptor on MEI/CPI EBDS: SC Advance / Cashflow SC 83 or 85');
    expect(texts(svc(unit))).toContain('revision 33  •  software 286100R21, CRC 3B7E  •  frames 1234 · dropped 0');
    // The voucher printer likewise (issue 43): its family, model and firmware, and the last voucher.
    const printer = await until(
      (x) => (x.service?.lines ?? []).some((l) => l.text === 'Voucher printer on TCL: FutureLogic GEN2/GEN5 (TCL)'),
      'the printer named',
    );
    expect(texts(svc(printer))).toContain('firmware GURAA1-01 CRC 5A3C  •  frames 845 · dropped 0');
    await shot('devices');
    expect(svc(s).indicators.find((i) => i.name === 'key.technician')).toMatchObject({ state: 'on' });
    const since = from();
    await press('dev.test');
    expect(await nextWish(since)).toEqual({ type: 'deviceTest', on: true });
    const t = await show(sx.deviceTest());
    const m = svc(t);
    expect(m.indicators.filter((i) => i.name.startsWith('deck.')).map((i) => `${i.name}:${i.state}`)).toEqual(
      expect.arrayContaining(['deck.hold2:on', 'deck.deal:seen', 'deck.cashOut:seen', 'deck.hold1:off']),
    );
    expect(texts(m)).toContain('Test voucher printed (VOID, 000712345678901234)');
    expect(texts(m)).toContain('Note $20.00 (USD20)');
    expect(m.table!.rows[1]!.cells[2]).toBe('paperLow: paper low');
    await shot('devices-test');
    const lamp = from();
    await press('lamp.deal');
    const w = await nextWish(lamp);
    expect(w.type === 'testLamps' && w.lamps).toMatchObject({
      deal: 'blink',
      hold1: 'off',
      hold2: 'blink',
      service: 'off',
    });
    await show(sx.deviceTest());
    const acc = from();
    await press('dev.acceptor');
    expect(await nextWish(acc)).toEqual({ type: 'testAcceptor', enabled: false });
    await show(sx.deviceTest());
    const v = from();
    await press('dev.voucher');
    expect(await nextWish(v)).toEqual({ type: 'testVoucher' });
    const ru = await show(fx.russian(sx.deviceTest()));
    expect(button(ru, 'dev.testEnd').label).toBe('ЗАКОНЧИТЬ ПРОВЕРКУ');
    await shot('devices-test-ru');
  });

  it('settings: a limit typed on the keypad, confirmed from → to, then wished', async () => {
    await show(sx.technician());
    await press('svc.settings');
    // The pay tables' names come with the cabinet's answer, after the page itself: until then a
    // table shows by its id, and on a loaded machine the answer can land after the first look.
    const s = await until(
      (x) =>
        x.service?.page === 'settings' &&
        (x.service.list.length ?? 0) > 10 &&
        x.buttons.find((b) => b.name === 'set.payTables.jacks-or-better')?.sub !== 'jacks-9-6',
      'the settings with the pay tables named',
    );
    expect(button(s, 'set.limits.maxBet').sub).toBe('5');
    expect(button(s, 'set.venue').sub).toBe('Golden Felt Club');
    expect(button(s, 'set.payTables.jacks-or-better').sub).toBe('Jacks or Better 9/6');
    await shot('settings');
    await press('set.limits.maxBet');
    await press('key.back');
    await press('key.8');
    const typed = await until((x) => x.service?.entry?.text === '8', 'the typed value');
    expect(button(typed, 'edit.ok').live).toBe(true);
    const since = from();
    await press('edit.ok');
    const c = await until((x) => x.service?.confirm !== null, 'the confirmation');
    expect(svc(c).confirm!.lines).toContain('MAX BET: 5 → 8');
    expect(since.wishes()).toEqual([]);
    await press('confirm.yes');
    expect(await nextWish(since)).toEqual({ type: 'changeSettings', confirm: true, limits: { maxBet: 8 } });
  });

  it('settings: an installed pay table outside the return range is shown greyed with why, and cannot be picked', async () => {
    await show(sx.technician());
    await press('svc.settings');
    const s = await until((x) => (x.service?.list.length ?? 0) > 10, 'the settings');
    expect(texts(svc(s))).toContain(
      "Return range (operator's, in the config file): 85.00% to 99.90%. Tables outside it cannot be chosen.",
    );
    await press('set.payTables.poker-plus');
    const tables = await until(
      (x) => (x.service?.list ?? []).some((b) => b.name === 'opt.poker-plus-250'),
      'the Poker Plus tables',
    );
    // Each Poker Plus table with its best play (the return judged) and its typical play.
    expect(button(tables, 'opt.poker-plus-standard')).toMatchObject({
      live: true,
      sub: 'best ≤99.21% · typical 97.89%',
    });
    expect(button(tables, 'opt.poker-plus-250')).toMatchObject({
      live: false,
      sub: '≤101.02% · OUTSIDE THE RANGE',
    });
    expect(svc(tables).lines).toContainEqual({
      text: 'Poker Plus 250 table: best play up to 101.02%, outside the range 85.00–99.90%: not for play',
      tone: 'bad',
    });
    expect(texts(svc(tables))).toContain('Best play: at most 99.21%; this is the return held against the range');
    expect(texts(svc(tables))).toContain('Typical play (the default strategy): 97.89% (95% interval 97.85% to 97.94%)');
    await shot('settings-paytable-out-of-range');
    const since = from();
    expect(await pressable('opt.poker-plus-250')).toBe(false);
    const after = await scene();
    expect(button(after, 'opt.poker-plus-standard').selected).toBe(true);
    expect(button(after, 'edit.ok').live).toBe(false);
    expect(since.wishes()).toEqual([]);
    await press('edit.cancel');
    const ru = await show(fx.russian(sx.technician()));
    expect(texts(svc(ru))).toContain(
      'Диапазон возврата (оператора, в файле конфигурации): от 85.00% до 99.90%. Таблицы вне его выбрать нельзя.',
    );
    await press('set.payTables.poker-plus');
    const ruTables = await until(
      (x) => (x.service?.list ?? []).some((b) => b.name === 'opt.poker-plus-250'),
      'the Poker Plus tables in Russian',
    );
    expect(button(ruTables, 'opt.poker-plus-250')).toMatchObject({
      live: false,
      sub: '≤101.02% · ВНЕ ДИАПАЗОНА',
    });
    expect(texts(svc(ruTables))).toContain(
      'Poker Plus 250 table: лучшая игра до 101.02%, вне диапазона 85.00–99.90%: не для игры',
    );
    await press('edit.cancel');
  });

  it('settings: the games in the menu toggled ON and OFF; a game whose table is outside the range cannot be turned on', async () => {
    // Poker Plus left out of the menu, at a table outside the range (C-24).
    const t = sx.technician();
    const settings = t.service!.settings;
    t.service!.settings = {
      ...settings,
      games: settings.games.filter((g) => g !== 'poker-plus'),
      payTables: { ...settings.payTables, 'poker-plus': 'poker-plus-250' },
    };
    await show(t);
    await press('svc.settings');
    const s = await until((x) => (x.service?.list.length ?? 0) > 10, 'the settings');
    expect(button(s, 'set.games')).toMatchObject({ label: 'GAMES IN MENU', sub: '4 of 5' });
    await press('set.games');
    const toggles = await until(
      (x) => (x.service?.list ?? []).some((b) => b.name === 'opt.deuces-wild') && x.service?.notice === null,
      'the games',
    );
    expect(button(toggles, 'opt.deuces-wild')).toMatchObject({ live: true, sub: 'ON', selected: true });
    expect(button(toggles, 'opt.poker-plus')).toMatchObject({ live: false, sub: 'OFF', selected: false });
    expect(svc(toggles).lines).toContainEqual({
      text: 'Poker Plus 250 table: best play up to 101.02%, outside the range 85.00–99.90%: not for play',
      tone: 'bad',
    });
    await shot('settings-games');
    expect(await pressable('opt.poker-plus')).toBe(false);
    await press('opt.deuces-wild');
    const off = await until((x) => button(x, 'opt.deuces-wild').selected === false, 'Deuces Wild off');
    expect(button(off, 'opt.deuces-wild').sub).toBe('OFF');
    const since = from();
    await press('edit.ok');
    const c = await until((x) => x.service?.confirm !== null, 'the confirmation');
    expect(svc(c).confirm!.lines).toContain(
      'GAMES IN MENU: Jacks or Better, Bonus Poker, Double Double Bonus, Deuces Wild → Jacks or Better, Bonus Poker, Double Double Bonus',
    );
    await press('confirm.yes');
    expect(await nextWish(since)).toEqual({
      type: 'changeSettings',
      confirm: true,
      games: ['jacks-or-better', 'bonus-poker', 'double-double-bonus'],
    });
    const ru = await show(fx.russian(t));
    expect(button(ru, 'set.games')).toMatchObject({ label: 'ИГРЫ В МЕНЮ', sub: '4 из 5' });
    await press('set.games');
    const ruToggles = await until((x) => (x.service?.list ?? []).some((b) => b.name === 'opt.deuces-wild'), 'ru');
    expect(button(ruToggles, 'opt.deuces-wild')).toMatchObject({ label: 'ДИКИЕ ДВОЙКИ', sub: 'ВКЛ' });
    await press('edit.cancel');
  });

  it('settings: a pay table chosen from the installed ones with its rows and return; venue on the keyboard; Russian', async () => {
    await show(sx.technician());
    await press('svc.settings');
    await until((x) => (x.service?.list.length ?? 0) > 10, 'the settings');
    await press('set.payTables.jacks-or-better');
    await press('opt.jacks-8-5');
    const chosen = await until(
      (x) => (x.service?.table?.rows.length ?? 0) > 0 && texts(x.service!).includes('97.30'),
      'the 8/5 table',
    );
    expect(texts(svc(chosen))).toContain('Return 97.30%, exact: every deal played by its best hold');
    expect(
      svc(chosen)
        .table!.rows.find((r) => r.cells[0] === 'FULL HOUSE')!
        .cells.slice(1),
    ).toEqual(['8', '16', '24', '32', '40']);
    expect(svc(chosen).list.map((b) => b.name)).toEqual(['opt.jacks-9-6', 'opt.jacks-8-5']);
    await shot('settings-paytable');
    const since = from();
    await press('edit.ok');
    const c = await until((x) => x.service?.confirm !== null, 'the confirmation');
    expect(svc(c).confirm!.lines).toContain('JACKS OR BETTER TABLE: Jacks or Better 9/6 → Jacks or Better 8/5');
    await press('confirm.yes');
    expect(await nextWish(since)).toEqual({
      type: 'changeSettings',
      confirm: true,
      // Every game's table as the settings have it, Jacks or Better's changed.
      payTables: { ...fx.serviceView().settings.payTables, 'jacks-or-better': 'jacks-8-5' },
    });

    await show(fx.russian(sx.technician()));
    await press('set.machine');
    await press('key.clear');
    for (const k of ['V', 'P', 'dash', '9']) await press(`key.${k}`);
    const typed = await until((x) => x.service?.entry?.text === 'VP-9', 'the machine number');
    expect(svc(typed).title).toBe('НАСТРОЙКИ: НОМЕР АВТОМАТА');
    await shot('settings-keyboard-ru');
    const m = from();
    await press('edit.ok');
    await press('confirm.yes');
    expect(await nextWish(m)).toEqual({ type: 'changeSettings', confirm: true, machine: 'VP-9' });
  });

  it('settings: a new PIN entered twice; two that differ are refused on screen', async () => {
    await show(sx.technician());
    await press('svc.settings');
    await until((x) => (x.service?.list.length ?? 0) > 10, 'the settings');
    await press('set.pin');
    for (const k of '2468') await press(`key.${k}`);
    await press('edit.ok');
    for (const k of '2469') await press(`key.${k}`);
    await press('edit.ok');
    const mismatch = await until((x) => texts(x.service!).includes('The two PINs differ'), 'the mismatch');
    expect(svc(mismatch).entry!.label).toBe('NEW PIN (4 TO 12 DIGITS)');
    const since = from();
    for (const pin of ['2468', '2468']) {
      for (const k of pin) await press(`key.${k}`);
      await press('edit.ok');
    }
    await until((x) => x.service?.confirm !== null, 'the confirmation');
    expect(since.wishes()).toEqual([]);
    await press('confirm.yes');
    expect(await nextWish(since)).toEqual({ type: 'setPin', pin: '2468' });
  });

  it('tilts: what failed, since when, what clears it, and the technician clear', async () => {
    await show(sx.technicianTilt());
    await press('svc.tilts');
    const s = await until((x) => x.service?.page === 'tilts', 'the tilts');
    const m = svc(s);
    expect(m.headline).toMatchObject({ text: '3 ACTIVE: PLAY IS STOPPED', tone: 'bad' });
    expect(m.table!.rows.map((r) => r.cells[3])).toEqual([
      'Closing the door',
      'The device reporting the fault cleared',
      'A technician clearing it here, after checking the meters',
    ]);
    expect(m.table!.rows[0]!.cells[0]).toBe('Main door open (door:main)');
    expect(m.table!.rows[0]!.cells[2]).toMatch(/^2[56]:\d\d$/);
    expect(button(s, 'svc.tilts').sub).toBe('3 ACTIVE');
    await shot('tilts');
    const since = from();
    await press('tilt.clear.meters');
    expect(await nextWish(since)).toEqual({ type: 'clearTilt', code: 'meters' });
    const ru = await show(fx.russian(sx.technicianTilt()));
    expect(svc(ru).table!.rows[0]!.cells[3]).toBe('Закрытие двери');
    await shot('tilts-ru');
  });

  it('logs out, and every page follows the live list (buttons dead when the cabinet would refuse)', async () => {
    const s = sx.technician();
    s.live = ['technicianLogout'];
    await show(s);
    await press('svc.meters');
    const shown = await until((x) => x.service?.page === 'meters' && x.service.table !== null, 'the meters');
    expect(button(shown, 'meters.periodClear').live).toBe(false);
    expect(button(shown, 'meters.ramClear').live).toBe(false);
    const since = from();
    await press('svc.logout');
    expect(await nextWish(since)).toEqual({ type: 'technicianLogout' });
    expect(errors).toEqual([]);
  });
});

describe('every text fits its box (English; the journeys read the Russian)', () => {
  it('at both monitors: the meters, the log, the devices, the settings and their editors', async () => {
    const faults: string[] = [];
    const look = async (tag: string) => {
      await until(() => true, `${tag} at rest`);
      const f = await page.evaluate(() =>
        (window as unknown as { __layoutFaults: () => { squeezed: string[] } }).__layoutFaults(),
      );
      faults.push(...f.squeezed.map((x) => `${tag}: ${x}`));
    };
    for (const size of [
      { width: 1280, height: 1024 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await show(sx.technician());
      for (const p of ['meters', 'events', 'devices', 'settings']) {
        await press(`svc.${p}`);
        await until((x) => x.service?.page === p && x.service.notice === null, `the ${p} page`);
        await look(`${size.width} ${p}`);
      }
      for (const field of [
        'set.payTables.jacks-or-better',
        'set.payTables.poker-plus',
        'set.games',
        'set.chipValues',
        'set.venue',
      ]) {
        await press(field);
        await until(
          (x) => x.service?.notice === null && (x.service.list.length > 0 || x.service.keypad.length > 0),
          field,
        );
        await look(`${size.width} ${field}`);
        await press('edit.cancel');
      }
    }
    await page.setViewportSize({ width: 1280, height: 1024 });
    expect(faults).toEqual([]);
  });
});

describe('the wide monitor', () => {
  it('draws the recall, device test and PIN pages in the 16:9 design at 1920×1080', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await show(sx.technician());
    await press('svc.recall');
    await until((x) => (x.service?.list.length ?? 0) > 0, 'the games');
    await press('recall.game.119');
    await until((x) => x.service?.page === 'recallGame' && x.service.cards.length > 0, 'the recalled game');
    await shot('wide-recall-pp');
    await show(sx.deviceTest());
    await press('svc.devices');
    await until((x) => x.service?.page === 'devices', 'the devices');
    await shot('wide-devices');
    const s = await show(sx.pinPad());
    expect(s.screen).toBe('service');
    expect(s.design).toBe('wide');
    expect(button(s, 'pin.5').live).toBe(true);
    await shot('wide-pin');
    await page.setViewportSize({ width: 1280, height: 1024 });
  });
});

// The three journeys as their people make them, end to end on the real renderer, host, cabinet,
// store and simulated devices: a player from a note to the voucher through both games, an
// attendant paying a jackpot, a technician from the first PIN change through every settings page
// and the audit pages. At both cabinet monitors, one language each way round. At every step the
// screen is looked at as a person reads it: no card's index covered, no text squeezed, no rule id
// or command line, no money as a bare count of minor units. Screenshots are kept in
// test-results/screens/journey-*.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  e2eSuite,
  insertNote,
  insertPrinted,
  openScreen,
  press,
  scene,
  SHOTS,
  until,
  type Scene,
  type TestCabinet,
} from './cabinet-harness';
import { pageText, svc, technicianLogin, untilSvc } from './service-steps';

const suite = e2eSuite();

const RULE_ID = /\b[CHJP]-\d{1,2}\b/;
const COMMAND = /\bparsheet\b|\bnpm run\b|(^|\s)--[a-z]{2,}/;

const LAYOUTS = [
  { width: 1280, height: 1024, first: 'en', second: 'ru' },
  { width: 1920, height: 1080, first: 'ru', second: 'en' },
] as const;

function strings(x: unknown): string[] {
  if (typeof x === 'string') return [x];
  if (Array.isArray(x)) return x.flatMap(strings);
  if (x && typeof x === 'object') return Object.values(x).flatMap(strings);
  return [];
}

/** A page at the layout's size, and a look at it that keeps a screenshot and notes what a person could not read. */
async function journey(cabinet: TestCabinet, layout: (typeof LAYOUTS)[number], who: string) {
  const page = await openScreen(suite.browser, cabinet.url, SHOTS, who);
  await page.setViewportSize({ width: layout.width, height: layout.height });
  const faults: string[] = [];
  /** Money the cabinet holds in minor units (its limits and balance), never to be read bare. */
  const amounts = (): number[] => {
    const s = cabinet.app.runner.state;
    const l = s.settings.limits;
    return [l.ticketLimit, l.handpayLimit, l.creditLimit, s.balance].filter((n) => n >= 1000);
  };
  const look = async (tag: string): Promise<void> => {
    await until(page, () => true, `${tag} at rest`);
    const at = await page.evaluate(() => {
      const w = window as unknown as {
        __scene: () => unknown;
        __layoutFaults: () => { covered: string[]; squeezed: string[] };
      };
      return { scene: w.__scene(), faults: w.__layoutFaults() };
    });
    faults.push(...at.faults.covered.map((f) => `${tag}: ${f}`));
    // Texts squeezed below their size, and table rows that did not fit: faults on every screen.
    faults.push(...at.faults.squeezed.map((f) => `${tag}: ${f}`));
    for (const text of strings(at.scene)) {
      if (RULE_ID.test(text) || COMMAND.test(text)) faults.push(`${tag}: our documents' words in "${text}"`);
      for (const n of amounts())
        if (new RegExp(`(^|[^\\d.,\\s\\u00a0])\\s?${n}(?![\\d.,]\\d)`).test(text))
          faults.push(`${tag}: ${n} minor units bare in "${text}"`);
    }
    await page.screenshot({ path: `${SHOTS}/journey-${layout.width}x${layout.height}-${who}-${tag}.png` });
  };
  return { page, look, faults };
}

const meter = (s: Scene, name: string): string => s.meters.find((m) => m.name === name)?.value ?? '';

async function language(page: Page, want: string): Promise<void> {
  const now = (await scene(page)) as Scene & { language: string };
  if (now.language !== want) await press(page, 'language');
  await until(page, (s) => (s as Scene & { language: string }).language === want, `the screens in ${want}`);
}

describe('the three journeys', () => {
  it(`a player at 1280×1024: a note, Jacks or Better in English, Poker Plus in Russian, the help, the voucher`, async () => {
    const layout = LAYOUTS[0];
    const cabinet = await suite.start({ defaultLanguage: layout.first });
    const { page, look, faults } = await journey(cabinet, layout, 'player');
    await look('attract');
    expect(await insertNote(cabinet, 2000)).toBe(true);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    await language(page, layout.first);
    await look('lobby');
    cabinet.stack('Jc 3d Jh 5s 9c Jd 5h');
    await press(page, 'play');
    // The chip value changed on the game screen: its denomination button opens the chooser.
    await until(page, (s) => s.screen === 'jacks', 'Jacks or Better');
    await press(page, 'chip');
    await until(page, (s) => s.buttons.some((b) => b.name === 'chip:5'), 'the chip chooser');
    await look('jacks-chips');
    await press(page, 'chip:5');
    await until(page, (s) => meter(s, 'credits') === '400' && !s.buttons.some((b) => b.name === 'chip:5'), '5¢ chips');
    await press(page, 'maxBet');
    await until(page, (s) => s.cards.some((c) => c.held), 'the dealt hand held');
    await look('jacks-dealt');
    await press(page, 'hold4');
    await press(page, 'deal');
    await until(page, (s) => s.banners.length > 0, 'the result');
    await look('jacks-won');
    await language(page, layout.second);
    await press(page, 'games');
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    cabinet.stack('Ah Ad 7c 4s 2h Kd Qs 9c 5h 3d Ac 9d 9s Kc');
    await press(page, 'game:poker-plus');
    await until(page, (s) => s.screen === 'pokerPlus', 'Poker Plus');
    await press(page, 'chip');
    await until(page, (s) => s.buttons.some((b) => b.name === 'chip:1'), 'the chip chooser');
    await look('pp-chips');
    await press(page, 'chip:1');
    await until(
      page,
      (s) =>
        !s.buttons.some((b) => b.name === 'chip:1') &&
        /0,01/.test(s.buttons.find((b) => b.name === 'chip')?.label ?? ''),
      '1¢ chips',
    );
    await press(page, 'deal');
    await until(page, (s) => s.cards.some((c) => c.owner === 'box0' && c.code === 'Ah'), 'the dealt box');
    for (const c of ['card3', 'card4', 'card5']) await press(page, c);
    await look('pp-picked');
    await press(page, 'exchange');
    await until(page, (s) => s.cards.some((c) => c.owner === 'box0' && c.code === '9s'), 'the exchanged cards');
    await press(page, 'bet');
    await look('pp-options');
    await press(page, 'buyGame');
    await until(page, (s) => s.banners.length > 0, 'the showdown');
    await look('pp-settled');
    // Every help page from the first (Poker Plus opens on its own, the second).
    await press(page, 'help');
    await until(page, (s) => s.screen === 'help', 'the help');
    await press(page, 'prev');
    for (let p = 1; ; p++) {
      const s = await until(page, (x) => x.screen === 'help', 'the help');
      await look(`help-${p}`);
      if (!s.buttons.some((b) => b.name === 'next' && b.live)) break;
      await press(page, 'next');
    }
    await press(page, 'close');
    await press(page, 'cashOut');
    const paid = await until(page, (s) => s.overlay === 'paid', 'the voucher printed, said');
    expect(paid.lockup?.title).toBe('БИЛЕТ НАПЕЧАТАН');
    expect(cabinet.app.devices.sim!.printer.printed).toHaveLength(1);
    await look('voucher-printed');
    expect(faults).toEqual([]);
  });

  it(`an attendant at 1920×1080 pays a jackpot, in Russian`, async () => {
    const layout = LAYOUTS[1];
    const cabinet = await suite.start({ defaultLanguage: layout.first, limits: { handpayLimit: 1000 } });
    const { page, look, faults } = await journey(cabinet, layout, 'attendant');
    expect(await insertNote(cabinet, 2000)).toBe(true);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    await language(page, layout.first);
    cabinet.stack('As Ks Qs Js Ts');
    await press(page, 'play');
    await until(page, (s) => s.screen === 'jacks', 'Jacks or Better');
    await press(page, 'maxBet');
    // MAX BET deals at once when a deal is live; while the note's credit settles it sets the bet only.
    const bet = await until(page, (s) => s.cards.some((c) => c.held) || meter(s, 'bet') === '5', 'MAX BET taken');
    if (!bet.cards.some((c) => c.held)) await press(page, 'deal');
    await until(page, (s) => s.cards.some((c) => c.held), 'the royal dealt');
    // DRAW at once after the deal: taken, whatever the cabinet commits of its own meanwhile.
    await press(page, 'deal');
    await until(page, (s) => s.overlay === 'handpay', 'the handpay lockup');
    await look('handpay-locked');
    cabinet.app.devices.sim!.deck.turnKey('attendant', true);
    const due = await untilSvc(page, (m) => m.page === 'attendant' && (m.table?.rows.length ?? 0) > 0, 'the list');
    // The reason names the hand, in the reader's language.
    expect(pageText(svc(due))).toMatch(/РОЯЛ-ФЛЕШ/);
    await look('attendant-due');
    await press(page, 'att.handpay');
    const paid = await untilSvc(page, (m) => m.table?.rows.length === 2, 'the paid row');
    // One row red at most: the lock of a handpay paid since is no longer waiting.
    expect(svc(paid).table!.rows.filter((r) => r.tone === 'bad')).toEqual([]);
    await look('attendant-paid');
    // Its receipt out of the printer, said on the page; a reprint from the page, marked on the slip.
    const printer = cabinet.app.devices.sim!.printer;
    await untilSvc(page, (m) => pageText(m).includes('Квитанция ручной выплаты №1 напечатана'), 'the receipt said');
    expect(printer.printed).toHaveLength(1);
    const slip = printer.printed[0]!;
    expect(slip.validation).toBeNull();
    expect(slip.text).toContain('HANDPAY # 0001');
    expect(slip.text).toContain('NOT NEGOTIABLE');
    expect(slip.text).toMatch(/ROYAL FLUSH/);
    cabinet.app.devices.sim!.deck.turnKey('attendant', false);
    const told = await until(page, (s) => s.overlay === 'paid', 'the jackpot paid, said');
    expect(told.lockup?.amount).toMatch(/12[.,]50/);
    await look('player-told');
    // Later, the key again: a reprint from the page, marked on the slip.
    cabinet.app.devices.sim!.deck.turnKey('attendant', true);
    await untilSvc(page, (m) => m.page === 'attendant' && pageText(m).includes('№1'), 'the attendant page again');
    await press(page, 'att.reprint');
    await untilSvc(page, (m) => pageText(m).includes('копия 1'), 'the reprint said');
    expect(printer.printed).toHaveLength(2);
    expect(printer.printed[1]!.text).toContain('*** REPRINT 1 ***');
    await look('attendant-reprinted');
    cabinet.app.devices.sim!.deck.turnKey('attendant', false);
    // The slip is no money: put in the acceptor, it is handed back and nothing is credited.
    const balance = cabinet.app.runner.state.balance;
    const acceptor = cabinet.app.devices.sim!.acceptor;
    expect(await insertPrinted(cabinet, slip)).toBe(true);
    await until(page, () => acceptor.drawsIn, 'the slip handed back');
    expect(acceptor.ticketBox).toEqual([]);
    expect(cabinet.app.runner.state.balance).toBe(balance);
    expect(faults).toEqual([]);
  });

  it(`a technician at 1920×1080: the first PIN change, every settings page, the audit pages, in Russian`, async () => {
    const layout = LAYOUTS[1];
    const cabinet = await suite.start({ defaultLanguage: layout.first });
    const { page, look, faults } = await journey(cabinet, layout, 'technician');
    // A shift's worth in small: a note in, a game played, a voucher out, for the meters and the log to show.
    expect(await insertNote(cabinet, 2000)).toBe(true);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    cabinet.stack('Jc 3d Jh 5s 9c Jd 5h');
    await press(page, 'play');
    await until(page, (s) => s.screen === 'jacks', 'Jacks or Better');
    await press(page, 'maxBet');
    // MAX BET deals at once when a deal is live; while the note's credit settles it sets the bet only.
    const bet = await until(page, (s) => s.cards.some((c) => c.held) || meter(s, 'bet') === '5', 'MAX BET taken');
    if (!bet.cards.some((c) => c.held)) await press(page, 'deal');
    await until(page, (s) => s.cards.some((c) => c.held), 'the dealt hand held');
    await press(page, 'deal');
    await until(page, (s) => s.banners.length > 0, 'the result');
    await press(page, 'cashOut');
    await until(page, (s) => s.overlay === 'paid', 'the voucher printed');
    await technicianLogin(cabinet, page, '0000', look);
    const settings = await untilSvc(page, (m) => m.page === 'settings' && m.notice === null, 'the settings read');
    await look('settings');
    const fields = settings.buttons.filter((b) => b.name.startsWith('set.') && b.live).map((b) => b.name);
    expect(fields.length).toBeGreaterThan(8);
    for (const field of fields) {
      await press(page, field);
      // Each page opens with what it shows read: never left on "Reading the records…".
      await untilSvc(page, (m) => m.notice === null && !pageText(m).includes('…'), `${field} read`);
      if (field.startsWith('set.payTables') || field === 'set.limits.ticketLimit') await look(field);
      else await until(page, () => true, field);
      await press(page, 'edit.cancel');
    }
    for (const p of ['meters', 'events', 'recall', 'devices']) {
      await press(page, `svc.${p}`);
      const read = await untilSvc(page, (m) => m.page === p && m.notice === null, `the ${p} page read`);
      await look(p);
      // Every page of the meters, topic by topic ("Page 1 of 6").
      const pages = p === 'meters' ? Number(/(\d+)\D*$/.exec(svc(read).table?.pageText ?? '')?.[1] ?? 1) : 1;
      for (let n = 2; n <= pages; n++) {
        await press(page, 'meters.next');
        await untilSvc(page, (m) => new RegExp(`^\\D*${n}\\D`).test(m.table?.pageText ?? ''), `meters page ${n}`);
        await look(`meters-${n}`);
      }
      // The game just played, recalled step by step to its end.
      if (p === 'recall') {
        await press(page, 'recall.game.1');
        await untilSvc(page, (m) => m.page === 'recallGame' && m.cards.length > 0, 'the game recalled');
        const next = (m: { actions: { name: string; live: boolean }[] }) =>
          m.actions.some((b) => b.name === 'recall.stepNext' && b.live);
        while (next(svc(await untilSvc(page, (m) => m.page === 'recallGame', 'a step')))) {
          await press(page, 'recall.stepNext');
          await until(page, () => true, 'the step drawn');
        }
        await look('recall-game');
      }
    }
    // The same pages on the 5:4 monitor: every text fits its box there too (English: service-screens.test.ts).
    await page.setViewportSize({ width: 1280, height: 1024 });
    for (const p of ['devices', 'events', 'meters', 'settings']) {
      await press(page, `svc.${p}`);
      await untilSvc(page, (m) => m.page === p && m.notice === null, `the ${p} page read`);
      await look(`1280-${p}`);
    }
    for (const field of ['set.payTables.jacks-or-better', 'set.payTables.poker-plus', 'set.chipValues']) {
      await press(page, field);
      await untilSvc(page, (m) => m.notice === null && !pageText(m).includes('…'), `${field} read`);
      await look(`1280-${field}`);
      await press(page, 'edit.cancel');
    }
    expect([...new Set(faults)]).toEqual([]);
  });
});

// The real renderer, built by vite, in Debian's Chromium against a fake cabinet: the scene it
// reports, the wishes it sends, and a few pixels of what it draws, at both cabinet monitors.

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildRenderer, CHROMIUM_ARGS } from '../support/renderer-build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/contract';
import { fit, jacksLayout, SQUARE, WIDE, type Design } from '../../renderer/ui/layout';
import { FakeCabinet } from './fake-cabinet';
import * as fx from './fixtures';

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
  language: string;
  version: number | null;
  message: string | null;
  meters: { name: string; label: string; value: string; sub: string | null }[];
  cards: {
    owner: string;
    position: number;
    code: string | null;
    held: boolean;
    winning: boolean;
    selected: boolean;
    discarded: boolean;
  }[];
  banners: { text: string; sub: string | null; tone: string }[];
  buttons: SceneButton[];
  payTable: { litColumn: number | null; winRow: string | null } | null;
  dealerText: string | null;
  boughtText: string | null;
  boxes: { blind: boolean; ante: number; bet: number }[];
  lockup: { title: string; amount: string | null; lines: string[]; ticket: string | null } | null;
  help: { title: string; page: number } | null;
  animating: boolean;
  motions: { deal: number; flip: number };
  frame: number;
  design: string;
}

let browser: Browser;
let cabinet: FakeCabinet;
const consoleLines: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  cabinet = new FakeCabinet(await buildRenderer());
  await cabinet.start();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await cabinet?.stop();
});

const scene = (page: Page): Promise<Scene> =>
  page.evaluate(() => (window as unknown as { __scene: () => Scene }).__scene());
const press = (page: Page, name: string): Promise<boolean> =>
  page.evaluate((n) => (window as unknown as { __press: (n: string) => boolean }).__press(n), name);

/** Sends a snapshot and waits until the screen shows it with every motion finished. */
async function show(page: Page, s: Snapshot): Promise<Scene> {
  cabinet.show(s);
  await page.waitForFunction(
    (v) => {
      const sc = (window as unknown as { __scene?: () => Scene }).__scene?.();
      return sc !== undefined && sc.version === v && !sc.animating;
    },
    s.version,
    { polling: 50, timeout: 15_000 },
  );
  return scene(page);
}

async function settle(page: Page): Promise<Scene> {
  await page.waitForFunction(() => !(window as unknown as { __scene: () => Scene }).__scene().animating, undefined, {
    polling: 50,
    timeout: 15_000,
  });
  return scene(page);
}

/** Colours of the rendered page at design coordinates, read back from a real screenshot. */
async function pixels(
  page: Page,
  design: Design,
  viewport: { width: number; height: number },
  points: [number, number][],
  name: string,
): Promise<number[][]> {
  const png = await page.screenshot({ path: `${SHOTS}/${name}.png` });
  const f = fit(viewport.width, viewport.height, design);
  const at = points.map(([x, y]): [number, number] => [Math.round(f.x + x * f.scale), Math.round(f.y + y * f.scale)]);
  return page.evaluate(
    async ({ b64, at }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return at.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]);
    },
    { b64: png.toString('base64'), at },
  );
}

interface Panel {
  kind: 'meter' | 'button' | 'touch';
  name: string;
  rect: { x: number; y: number; w: number; h: number };
}

/** Pairs of meters and plated buttons on show that cover one another (more than a pixel). */
async function overlapping(page: Page): Promise<string[]> {
  const all = await page.evaluate(() => (window as unknown as { __panels: () => Panel[] }).__panels());
  // A touch area lies over what it stands for (a card, the credits meter) by design.
  const panels = all.filter((p) => p.kind !== 'touch');
  expect(panels.length).toBeGreaterThan(2);
  const pairs: string[] = [];
  for (const [i, a] of panels.entries())
    for (const b of panels.slice(i + 1)) {
      const w = Math.min(a.rect.x + a.rect.w, b.rect.x + b.rect.w) - Math.max(a.rect.x, b.rect.x);
      const h = Math.min(a.rect.y + a.rect.h, b.rect.y + b.rect.h) - Math.max(a.rect.y, b.rect.y);
      if (w > 1 && h > 1) pairs.push(`${a.name} × ${b.name}`);
    }
  return pairs;
}

const button = (s: Scene, name: string): SceneButton => {
  const b = s.buttons.find((x) => x.name === name);
  if (!b) throw new Error(`no button ${name} on ${s.screen}: ${s.buttons.map((x) => x.name).join(', ')}`);
  return b;
};

describe.each([
  { viewport: { width: 1280, height: 1024 }, design: SQUARE },
  { viewport: { width: 1920, height: 1080 }, design: WIDE },
])('the screens at $viewport.width×$viewport.height', ({ viewport, design }) => {
  let page: Page;
  let context: BrowserContext;
  const tag = `${viewport.width}x${viewport.height}`;
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${tag}-${name}.png` });

  beforeAll(async () => {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    page.on('console', (m) => consoleLines.push(m.text()));
    page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
    const hellos = cabinet.received.filter((m) => m.kind === 'hello').length;
    await page.goto(cabinet.url);
    await cabinet.nextMessage(() => cabinet.received.filter((m) => m.kind === 'hello').length > hellos);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('starts in attract mode with no credits and goes to the lobby on a touch', async () => {
    const s = await show(page, { ...fx.baseSnapshot(), balance: 0, credits: 0, version: 1 });
    expect(s.design).toBe(design.name);
    expect(s.screen).toBe('attract');
    expect(s.frame).toBeGreaterThan(0);
    await shot('attract');
    expect(await press(page, 'start')).toBe(true);
    const lobby = await settle(page);
    expect(lobby.screen).toBe('lobby');
    expect(button(lobby, 'chip:25').selected).toBe(true);
    expect(button(lobby, 'game:poker-plus').live).toBe(true);
    await shot('lobby');
    expect(await press(page, 'play')).toBe(true);
    const idle = await settle(page);
    expect(idle.screen).toBe('jacks');
    expect(idle.cards.every((c) => c.code === null)).toBe(true);
    expect(button(idle, 'deal')).toMatchObject({ label: 'DEAL', live: true });
  });

  it('draws no meter or button over another, with credits of five figures: lobby, Jacks or Better, Poker Plus', async () => {
    // $12,345.00 at the 25-cent chip: 49,380 credits, the widest figure these panels commonly show.
    const rich = (s: Snapshot): Snapshot => ({ ...s, balance: 1_234_500, credits: 49_380 });
    // Whichever screen the tests before left on show, the lobby first, then PLAY for Jacks.
    const first = await show(page, { ...rich(fx.baseSnapshot()), version: 2 });
    if (first.screen !== 'lobby') expect(await press(page, first.screen === 'attract' ? 'start' : 'games')).toBe(true);
    expect((await settle(page)).screen).toBe('lobby');
    expect(await overlapping(page)).toEqual([]);
    await shot('lobby-rich');
    expect(await press(page, 'play')).toBe(true);
    expect((await settle(page)).screen).toBe('jacks');
    expect(await overlapping(page)).toEqual([]);
    expect((await show(page, rich(fx.pokerPlusDeciding()))).screen).toBe('pokerPlus');
    expect(await overlapping(page)).toEqual([]);
  });

  it('shows Jacks or Better dealt with the auto-held cards HELD, and HOLD 2 sends toggleHold with the version', async () => {
    const s = await show(page, fx.jacksDealt());
    expect(s.screen).toBe('jacks');
    expect(s.cards.map((c) => [c.code, c.held])).toEqual([
      ['Js', true],
      ['Jd', true],
      ['7c', false],
      ['4h', false],
      ['2s', false],
    ]);
    expect(button(s, 'deal')).toMatchObject({ label: 'DRAW', live: true });
    expect(button(s, 'betOne').live).toBe(false);
    expect(s.payTable).toMatchObject({ litColumn: 4, winRow: 'jacks-or-better' });
    // The cards were dealt onto the table (a motion), not just put there.
    expect(s.motions.deal).toBeGreaterThanOrEqual(5);
    const l = jacksLayout(design);
    const [c0, c2] = [l.cards[0]!, l.cards[2]!];
    const px = await pixels(
      page,
      design,
      viewport,
      [
        [c0.x / 2, c0.y + c0.h / 2],
        // Just above the card, on the HELD plate's lower edge (it sits above the card, off its index).
        [c0.x + c0.w / 2, c0.y - 7],
        [c2.x + c2.w / 2, c2.y - 7],
      ],
      `${tag}-jacks-dealt`,
    );
    const [felt, held, unheld] = [px[0]!, px[1]!, px[2]!];
    // Felt: green well above red and blue.
    expect(felt[1]).toBeGreaterThan(felt[0]! + 30);
    expect(felt[1]).toBeGreaterThan(felt[2]! + 20);
    // The HELD plate is gold-yellow; the same spot above a card not held is the felt.
    expect(held[0]).toBeGreaterThan(200);
    expect(held[2]).toBeLessThan(140);
    expect(unheld[1]).toBeGreaterThan(unheld[0]! + 30);

    const before = cabinet.received.length;
    expect(await press(page, 'hold2')).toBe(true);
    const sent = await cabinet.nextMessage((m) => cabinet.received.indexOf(m) >= before && m.kind === 'wish');
    expect(sent).toMatchObject({ kind: 'wish', version: 11, wish: { type: 'toggleHold', position: 1 } });
    // A button that is not live does nothing.
    expect(await press(page, 'betOne')).toBe(false);
  });

  it('shows a win with the winning cards highlighted and the banner', async () => {
    const s = await show(page, fx.jacksWin());
    expect(s.cards.every((c) => c.winning)).toBe(true);
    expect(s.banners[0]).toMatchObject({ text: 'WINNER!  FULL HOUSE', sub: 'WIN 45' });
    expect(s.meters.find((m) => m.name === 'win')?.value).toBe('45');
    expect(s.payTable?.winRow).toBe('full-house');
    await shot('jacks-win');
  });

  it('shows Poker Plus with two boxes and the fees on the buttons; exchange sends the picked cards', async () => {
    const s = await show(page, fx.pokerPlusDeciding());
    expect(s.screen).toBe('pokerPlus');
    expect(s.boxes.map((b) => b.blind)).toEqual([false, true]);
    expect(s.cards.filter((c) => c.owner === 'dealer').map((c) => c.code)).toEqual([null, null, null, null, 'Kd']);
    expect(s.cards.filter((c) => c.owner === 'box1').every((c) => c.code === null)).toBe(true);
    expect(button(s, 'sixth')).toMatchObject({ live: true, sub: 'FEE 10' });
    expect(button(s, 'bet')).toMatchObject({ live: true, sub: 'STAKE 20' });
    expect(button(s, 'exchange').live).toBe(false);
    for (const c of ['card3', 'card4', 'card5']) expect(await press(page, c)).toBe(true);
    const picked = await settle(page);
    expect(button(picked, 'exchange')).toMatchObject({ label: 'EXCHANGE 3', sub: 'FEE 20', live: true });
    await shot('pp-deciding');
    const before = cabinet.received.length;
    expect(await press(page, 'exchange')).toBe(true);
    const sent = await cabinet.nextMessage((m) => cabinet.received.indexOf(m) >= before && m.kind === 'wish');
    expect(sent).toMatchObject({ version: 20, wish: { type: 'exchange', positions: [2, 3, 4], box: 0 } });
  });

  it('at the second draw action marks one card, moves the mark to another, and sends that one for the fee quoted', async () => {
    const s = await show(page, fx.pokerPlusSecond());
    expect(s.message).toBe('EXCHANGE ONE CARD, OR BET OR FOLD');
    expect(button(s, 'exchange').live).toBe(false);
    const marked = (x: Scene) => x.cards.filter((c) => c.owner === 'box0' && c.selected).map((c) => c.position);
    expect(await press(page, 'card3')).toBe(true);
    expect(marked(await settle(page))).toEqual([2]);
    expect(await press(page, 'card6')).toBe(true);
    const moved = await settle(page);
    expect(marked(moved)).toEqual([5]);
    expect(button(moved, 'exchange')).toMatchObject({ label: 'EXCHANGE 1', sub: 'FEE 10', live: true });
    expect(button(moved, 'card6').selected && !button(moved, 'card3').selected).toBe(true);
    const before = cabinet.received.length;
    expect(await press(page, 'exchange')).toBe(true);
    const sent = await cabinet.nextMessage((m) => cabinet.received.indexOf(m) >= before && m.kind === 'wish');
    expect(sent).toMatchObject({ version: 22, wish: { type: 'exchange', positions: [5], box: 0 } });
  });

  it('reveals the dealer and shows the bought game and the outcomes', async () => {
    const flipsBefore = (await scene(page)).motions.flip;
    const s = await show(page, fx.pokerPlusBought());
    expect(s.motions.flip).toBeGreaterThan(flipsBefore + 3);
    const dealer = s.cards.filter((c) => c.owner.startsWith('dealer'));
    expect(dealer.map((c) => c.code)).toEqual(['Qs', '7h', '8d', '3h', 'Kd', 'Qc']);
    expect(dealer.find((c) => c.discarded)?.code).toBe('3h');
    expect(s.boughtText).toContain('3♥ → Q♣');
    expect(s.banners.map((b) => b.text)).toEqual(['WIN', 'LOSE']);
    expect(s.banners[0]!.sub).toContain('220');
    await shot('pp-bought');
  });

  it('locks up for a handpay: CALL ATTENDANT with the amount, nothing pressable', async () => {
    const s = await show(page, fx.handpay());
    expect(s.overlay).toBe('handpay');
    expect(s.lockup).toMatchObject({ title: 'CALL ATTENDANT', amount: '$1,000.00' });
    expect(s.buttons.filter((b) => b.live)).toEqual([]);
    expect(await press(page, 'deal')).toBe(false);
    await shot('handpay');
  });

  it('says what is wrong in a tilt', async () => {
    const s = await show(page, fx.tilt());
    expect(s.overlay).toBe('tilt');
    expect(s.lockup?.lines).toEqual(['Main door open', 'Printer: out of paper', 'Please call an attendant']);
    await shot('tilt');
  });

  it("keeps a ticket's line under a lockup: why it came back", async () => {
    const at = Date.now();
    const s = await show(page, {
      ...fx.tilt(),
      version: 35,
      ticket: {
        validating: false,
        last: { outcome: 'returned', amount: null, reason: 'other', at, until: at + 10_000 },
      },
    });
    expect(s.overlay).toBe('tilt');
    expect(s.lockup).toMatchObject({
      lines: ['Main door open', 'Printer: out of paper', 'Please call an attendant'],
      ticket: 'TICKET RETURNED: PLEASE TRY AGAIN OR CALL ATTENDANT',
    });
    await shot('tilt-ticket');
  });

  it('shows the voucher printing', async () => {
    const s = await show(page, fx.cashingOut());
    expect(s.overlay).toBe('cashout');
    expect(s.lockup).toMatchObject({ title: 'CASHING OUT', amount: '$25.10' });
    await shot('cashout');
  });

  it('speaks Russian when the snapshot says so, and asks for it from the language button', async () => {
    const en = await show(page, { ...fx.jacksWin(), version: 40 });
    const before = cabinet.received.length;
    expect(await press(page, 'language')).toBe(true);
    expect(await cabinet.nextMessage((m) => cabinet.received.indexOf(m) >= before && m.kind === 'wish')).toMatchObject({
      version: 40,
      wish: { type: 'language', language: 'ru' },
    });
    expect(button(en, 'language').label).toBe('РУССКИЙ');
    const ru = await show(page, { ...fx.russian(fx.jacksDealt()), version: 41 });
    expect(ru.language).toBe('ru');
    expect(button(ru, 'deal').label).toBe('ЗАМЕНА');
    expect(ru.meters[0]!.label).toBe('КРЕДИТЫ');
    await shot('jacks-ru');
    const pp = await show(page, { ...fx.russian(fx.pokerPlusDeciding()), version: 42 });
    expect(button(pp, 'sixth')).toMatchObject({ label: '6-Я КАРТА', sub: 'ЦЕНА 10' });
    await shot('pp-ru');
  });

  it('opens the help pages with the pay tables', async () => {
    const s = await show(page, { ...fx.baseSnapshot(), version: 50 });
    expect(await press(page, 'help')).toBe(true);
    const help = await settle(page);
    expect(help.screen).toBe('help');
    expect(help.help).toMatchObject({ title: 'JACKS OR BETTER: HOW TO PLAY', page: 0 });
    await shot('help-jacks');
    expect(await press(page, 'next')).toBe(true);
    expect((await settle(page)).help).toMatchObject({ page: 1, title: 'JACKS OR BETTER: WHAT EACH HAND PAYS' });
    await shot('help-jacks-table');
    expect(await press(page, 'next')).toBe(true);
    expect((await settle(page)).help).toMatchObject({ page: 2 });
    await shot('help-pp');
    expect(await press(page, 'close')).toBe(true);
    expect((await settle(page)).screen).toBe(s.screen);
  });

  it('drops a message that does not fit the contract and keeps the last good scene', async () => {
    cabinet.sendRaw(JSON.stringify({ kind: 'snapshot', snapshot: { ...fx.baseSnapshot(), version: 99, credits: -5 } }));
    cabinet.sendRaw('not json at all');
    const s = await show(page, { ...fx.baseSnapshot(), version: 51 });
    expect(s.version).toBe(51);
    expect(consoleLines.some((l) => l.includes('dropped a message') && l.includes('credits'))).toBe(true);
    expect(consoleLines.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    expect(cabinet.refusedFromScreen).toEqual([]);
  });
});

// npm run bench:screens [-- --renderer DIR]: how fast the player screens draw in headless
// Chromium with the frame cap off (Pixi's canvas renderer where WebGL is SwiftShader), at both
// cabinet monitors: frames per second of the attract loop, a big win's show, the deal animation,
// a Deuces Wild deal (its deuces marked WILD) and the Poker Plus reveal; the time from a button-deck frame written on a pseudo-terminal to
// the first frame painted with its effect, hop by hop (deck-latency.ts); and the renderer's JS heap after 30 and 60 games. `--renderer`
// measures a renderer built elsewhere (`vite build renderer --outDir DIR` on another commit), so
// two builds can be compared back to back on the same machine.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ATTRACT_PAGES } from '../renderer/model/play/attract-loop';
import { preferCanvas } from '../renderer/ui/renderer-choice';
import { buildRenderer, CHROMIUM_ARGS } from '../test/support/renderer-build';
import { deckLatency, STAMP_MESSAGES } from './deck-latency';
import {
  cardsOf,
  insertNote,
  press,
  pressWish,
  startTestCabinet,
  until,
  type Scene,
} from '../test/e2e/cabinet-harness';

/** The game menu's tile for Deuces Wild (its id, as the menu names its buttons). */
const DEUCES_WILD_TILE = 'game:deuces-wild';
const ROUNDS = Number(process.env.SCREEN_ROUNDS ?? 8);
/** HOLD presses, half with the cabinet as it runs and half with every commit synced first. */
const TAPS = Number(process.env.SCREEN_TAPS ?? 400);
/** Games after which the heap is read; empty to skip that part. */
const HEAP_AT = (process.env.SCREEN_HEAP_AT ?? '30,60').split(',').filter(Boolean).map(Number);
const BIG_WINS = Number(process.env.SCREEN_BIG_WINS ?? 2);
const SIZES = (process.env.SCREEN_SIZES ?? '1280x1024,1920x1080').split(',').map((s) => {
  const [width, height] = s.split('x').map(Number);
  return { width: width!, height: height! };
});
/** Each attract page is measured over this long from just after it begins (or its length, if shorter). */
const ATTRACT_WINDOW_MS = 2500;

type Evaluated<T> = Promise<T>;
const frames = (page: Page): Evaluated<number> =>
  page.evaluate(() => (window as unknown as { __frames: () => number }).__frames());
const animating = (page: Page): Evaluated<boolean> =>
  page.evaluate(() => (window as unknown as { __scene: () => Scene }).__scene().animating);
const celebrating = (page: Page): Evaluated<boolean> =>
  page.evaluate(
    () => (window as unknown as { __scene: () => { celebration: unknown } }).__scene().celebration !== null,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Frames drawn per second while `busy` holds after `start` made it true. */
async function fpsWhile(
  page: Page,
  start: () => Promise<void>,
  busy: (p: Page) => Evaluated<boolean>,
): Promise<number> {
  await start();
  const t0 = Date.now();
  while (!(await busy(page))) {
    // Generous: on a loaded machine a press takes seconds to reach the screen.
    if (Date.now() - t0 > 20_000) throw new Error('the motion never started');
    await sleep(5);
  }
  const f0 = await frames(page);
  const s0 = performance.now();
  while (await busy(page)) await sleep(5);
  return ((await frames(page)) - f0) / ((performance.now() - s0) / 1000);
}

/** Frames drawn per second over the next `ms`. */
async function fpsOver(page: Page, ms: number): Promise<number> {
  const f0 = await frames(page);
  const s0 = performance.now();
  await sleep(ms);
  return ((await frames(page)) - f0) / ((performance.now() - s0) / 1000);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const fps = (xs: number[], what: string) =>
  `${mean(xs).toFixed(1)} fps (min ${Math.min(...xs).toFixed(1)}, ${xs.length} ${what})`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const dealLive = (s: Scene) => s.buttons.some((b) => b.name === 'deal' && b.live);
const drawLive = (s: Scene) => s.buttons.some((b) => b.name === 'deal' && b.live && b.label !== 'DEAL');

/** One Jacks or Better game from the screen: DEAL, then DRAW with whatever is held. */
async function jacksGame(page: Page): Promise<void> {
  await until(page, dealLive, 'DEAL');
  await press(page, 'deal');
  await until(page, drawLive, 'DRAW');
  await press(page, 'deal');
}

async function openPage(
  browser: Browser,
  url: string,
  size: { width: number; height: number },
  query: string,
  init?: string,
) {
  const page = await browser.newPage({ viewport: size });
  if (init) await page.addInitScript(init);
  await page.goto(`${url}?test=1${query}`);
  await until(page, (s) => s.version !== null, 'the first snapshot', 90_000);
  return page;
}

/** The attract loop and a big win's show, with the ambient effects moving and drawn every frame. */
async function shows(browser: Browser, root: string, size: { width: number; height: number }): Promise<string[]> {
  const cabinet = await startTestCabinet(root, { limits: { creditLimit: 10_000_000 } });
  try {
    const page = await openPage(browser, cabinet.url, size, '&ambient=every-frame');
    await until(page, (s) => s.screen === 'attract', 'the attract loop');
    const attract: number[] = [];
    let at = 0;
    for (const p of ATTRACT_PAGES) {
      await page.evaluate(
        (ms) => (window as unknown as { __seekAttract: (ms: number) => boolean }).__seekAttract(ms),
        at + 150,
      );
      attract.push(await fpsOver(page, Math.min(ATTRACT_WINDOW_MS, p.ms - 300)));
      at += p.ms;
    }
    if (!(await insertNote(cabinet, 10_000))) throw new Error('the acceptor took no note');
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    await press(page, 'play');
    const big: number[] = [];
    for (let i = 0; i < BIG_WINS; i++) {
      cabinet.stack('As Ks Qs Js Ts');
      await until(page, dealLive, 'DEAL');
      await press(page, 'deal');
      const dealt = await until(page, drawLive, 'DRAW');
      // A royal flush dealt: hold it all and draw.
      for (const c of dealt.cards) if (!c.held) await press(page, `hold${c.position + 1}`);
      big.push(await fpsWhile(page, () => press(page, 'deal'), celebrating));
    }
    await page.close();
    return [
      `attract loop          ${fps(attract, 'pages')}`,
      `big win               ${fps(big, BIG_WINS === 1 ? 'show' : 'shows')}`,
    ];
  } finally {
    await cabinet.close();
  }
}

/** The deal, the deck's latency over a pseudo-terminal, the reveal and the heap, as a player's session. */
async function play(browser: Browser, root: string, size: { width: number; height: number }): Promise<string[]> {
  const cabinet = await startTestCabinet(root, { limits: { creditLimit: 10_000_000 } }, 'pty');
  try {
    const page = await openPage(browser, cabinet.url, size, '', STAMP_MESSAGES);
    const cdp = await page.context().newCDPSession(page);
    if (!(await insertNote(cabinet, 10_000))) throw new Error('the acceptor took no note');
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    await press(page, 'play');
    let games = 0;

    const dealFps: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await until(page, dealLive, 'DEAL');
      dealFps.push(await fpsWhile(page, () => press(page, 'deal'), animating));
      await until(page, drawLive, 'DRAW');
      await press(page, 'deal');
      games++;
    }

    // Deck to screen: HOLD 2 pressed on the deck simulator, its frame crossing a socat pty.
    await until(page, dealLive, 'DEAL');
    await press(page, 'deal');
    await until(
      page,
      (s) => s.cards.length === 5 && s.buttons.some((b) => b.name === 'hold2' && b.live),
      'the hold buttons',
    );
    const latency = await deckLatency(page, cabinet, TAPS);
    await press(page, 'deal');
    games++;

    // Deuces Wild from the game menu: deals with deuces in them, so the WILD marks are drawn too.
    await until(page, dealLive, 'DEAL');
    await press(page, 'games');
    const menu = await until(page, (s) => s.screen === 'lobby', 'the game menu');
    const wildFps: number[] = [];
    if (menu.buttons.some((b) => b.name === DEUCES_WILD_TILE)) {
      await pressWish(page, DEUCES_WILD_TILE);
      for (let i = 0; i < ROUNDS; i++) {
        cabinet.stack('2s 7h 2d Kc 9s');
        await until(page, dealLive, 'DEAL');
        wildFps.push(await fpsWhile(page, () => press(page, 'deal'), animating));
        await until(page, drawLive, 'DRAW');
        await press(page, 'deal');
        games++;
      }
      await until(page, dealLive, 'DEAL');
      await press(page, 'games');
    }

    await pressWish(page, 'game:poker-plus');
    const revealFps: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await until(page, dealLive, 'DEAL');
      await press(page, 'deal');
      await until(
        page,
        (s) => cardsOf(s, 'box0')[0] !== null && s.buttons.some((b) => b.name === 'bet' && b.live),
        'BET',
      );
      await press(page, 'bet');
      await until(page, (s) => s.buttons.some((b) => b.name === 'reveal' && b.live), 'SHOW');
      revealFps.push(await fpsWhile(page, () => press(page, 'reveal'), animating));
      games++;
    }

    const heap: string[] = [];
    if (HEAP_AT.length) {
      await until(page, dealLive, 'DEAL');
      await press(page, 'games');
      await pressWish(page, 'game:jacks-or-better');
      for (const n of HEAP_AT) {
        while (games < n) {
          await jacksGame(page);
          games++;
        }
        await until(page, dealLive, 'DEAL');
        for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        heap.push(`${(usedSize / 1e6).toFixed(1)} MB after ${n} games`);
      }
    }
    await page.close();
    return [
      `deal animation        ${fps(dealFps, 'deals')}`,
      wildFps.length
        ? `Deuces Wild deal      ${fps(wildFps, 'deals')}`
        : 'Deuces Wild deal      not on the game menu (not in the registry)',
      `Poker Plus reveal     ${fps(revealFps, 'reveals')}`,
      ...latency,
      ...(heap.length ? [`renderer JS heap      ${heap.join(', ')}`] : []),
    ];
  } finally {
    await cabinet.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { renderer: { type: 'string' } } });
  const root = values.renderer ?? (await buildRenderer());
  console.log(`load average at start ${load()}`);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'],
  });
  try {
    const probe = await browser.newPage();
    const gl = (await probe.evaluate(`(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
      return gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : null;
    })()`)) as string | null;
    await probe.close();
    const chosen = `${preferCanvas(gl) ? 'Pixi canvas renderer' : 'Pixi WebGL renderer'} (WebGL device: ${gl ?? 'none'})`;
    console.log(
      `Chromium ${browser.version()}, ${chosen}, frame cap off${values.renderer ? `, renderer ${root}` : ''}`,
    );
    for (const size of SIZES) {
      const lines = [...(await shows(browser, root, size)), ...(await play(browser, root, size))];
      console.log(`${size.width}×${size.height} (load average now ${load()})`);
      for (const line of lines) console.log(`  ${line}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`load average at end ${load()}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

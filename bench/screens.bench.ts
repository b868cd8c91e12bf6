// npm run bench:screens: frames per second of the deal animation and of the Poker Plus reveal
// in headless Chromium without the frame cap, and the time from a button-deck frame written on
// a pseudo-terminal to the screen showing its effect (median and 99th percentile).
import { chromium, type Page } from 'playwright-core';
import { preferCanvas } from '../renderer/ui/renderer-choice';
import { buildRenderer, CHROMIUM_ARGS } from '../test/support/renderer-build';
import {
  cardsOf,
  openScreen,
  press,
  pressWish,
  startTestCabinet,
  until,
  type Scene,
} from '../test/e2e/cabinet-harness';

const ROUNDS = Number(process.env.SCREEN_ROUNDS ?? 8);
const TAPS = Number(process.env.SCREEN_TAPS ?? 200);

const frames = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __frames: () => number }).__frames());
const animating = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { __scene: () => Scene }).__scene().animating);

/** Frames drawn per second while the animation that `start` triggers runs. */
async function animationFps(page: Page, start: () => Promise<void>): Promise<number> {
  await start();
  const t0 = Date.now();
  while (!(await animating(page))) {
    if (Date.now() - t0 > 5000) throw new Error('no animation started');
    await new Promise((r) => setTimeout(r, 5));
  }
  const f0 = await frames(page);
  const s0 = performance.now();
  while (await animating(page)) await new Promise((r) => setTimeout(r, 5));
  return ((await frames(page)) - f0) / ((performance.now() - s0) / 1000);
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main(): Promise<void> {
  const root = await buildRenderer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--disable-gpu-vsync', '--disable-frame-rate-limit'],
  });
  const cabinet = await startTestCabinet(root, { limits: { creditLimit: 10_000_000 } }, 'pty');
  let chosen = 'renderer unknown';
  try {
    const page = await openScreen(browser, cabinet.url, '/tmp', 'bench');
    const gl = (await page.evaluate(`(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
      return gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : null;
    })()`)) as string | null;
    chosen = `${preferCanvas(gl) ? 'Pixi canvas renderer' : 'Pixi WebGL renderer'} (WebGL device: ${gl ?? 'none'})`;
    const sim = cabinet.app.devices.sim!;
    sim.acceptor.insertNote(10_000);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    await press(page, 'play');

    const dealFps: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await until(page, (s) => s.buttons.some((b) => b.name === 'deal' && b.live), 'DEAL');
      dealFps.push(await animationFps(page, () => press(page, 'deal')));
      await until(page, (s) => s.buttons.some((b) => b.name === 'deal' && b.live && b.label !== 'DEAL'), 'DRAW');
      await press(page, 'deal');
    }

    // Deck to screen: HOLD 2 pressed on the deck simulator, its frame crossing a socat pty.
    await until(page, (s) => s.buttons.some((b) => b.name === 'deal' && b.live), 'DEAL');
    await press(page, 'deal');
    await until(
      page,
      (s) => s.cards.length === 5 && s.buttons.some((b) => b.name === 'hold2' && b.live),
      'the hold buttons',
    );
    const latencies: number[] = [];
    for (let i = 0; i < TAPS; i++) {
      const before = await page.evaluate(
        () => (window as unknown as { __scene: () => Scene }).__scene().cards[1]!.held,
      );
      // A string, not a function: tsx would wrap a named inner function in a helper the page lacks.
      const seen = page.evaluate(`new Promise((resolve) => {
        const look = () => {
          if (window.__scene().cards[1].held !== ${before}) resolve(Date.now());
          else requestAnimationFrame(look);
        };
        look();
      })`) as Promise<number>;
      const t0 = Date.now();
      sim.deck.tap('hold2');
      latencies.push((await seen) - t0);
    }
    await press(page, 'deal');

    await press(page, 'games');
    await pressWish(page, 'game:poker-plus');
    const revealFps: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await until(page, (s) => s.buttons.some((b) => b.name === 'deal' && b.live), 'DEAL');
      await press(page, 'deal');
      await until(
        page,
        (s) => cardsOf(s, 'box0')[0] !== null && s.buttons.some((b) => b.name === 'bet' && b.live),
        'BET',
      );
      await press(page, 'bet');
      await until(page, (s) => s.buttons.some((b) => b.name === 'reveal' && b.live), 'SHOW');
      revealFps.push(await animationFps(page, () => press(page, 'reveal')));
    }

    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`Chromium ${browser.version()}, 1280×1024, ${chosen}, frame cap off`);
    console.log(
      `deal animation        ${mean(dealFps).toFixed(1)} fps (min ${Math.min(...dealFps).toFixed(1)}, ${ROUNDS} deals)`,
    );
    console.log(
      `Poker Plus reveal     ${mean(revealFps).toFixed(1)} fps (min ${Math.min(...revealFps).toFixed(1)}, ${ROUNDS} reveals)`,
    );
    console.log(
      `deck frame → screen   median ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${Math.max(...latencies)} ms (${TAPS} HOLD presses over a socat pty)`,
    );
  } finally {
    await browser.close();
    await cabinet.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

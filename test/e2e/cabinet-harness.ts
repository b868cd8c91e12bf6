// A whole cabinet for end-to-end tests: the one assembly (src/app/cabinet-app.ts) with its
// serial simulators behind the real drivers, the host, and the decks a test stacks. Only a test
// may ask the assembly for seeded dealing; the production start deals from crypto.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Card } from '../../src/core';
import { stackedDeck } from '../../src/core/testing/decks';
import type { PrintedTicket } from '../../src/devices/printer/simulated';
import { startCabinet } from '../../src/app/cabinet-app';
import { parseConfig } from '../../src/app/config';
import { serveCabinet, type ServedCabinet } from '../../src/launcher/browser-cabinet';
import { buildRenderer, CHROMIUM_ARGS } from '../support/renderer-build';

export interface TestCabinet extends ServedCabinet {
  decks: Card[][];
  stack(top: string): void;
}

/** A fresh database file in the data folder of its own temporary folder (its key and mirror beside it). */
export const freshDbPath = (): string => join(mkdtempSync(join(tmpdir(), 'e2e-cabinet-')), 'data', 'cabinet.db');

/** `db` reopens a database a test kept (a restart); by default each cabinet gets a fresh one. */
export async function startTestCabinet(
  rendererRoot: string,
  config: unknown = {},
  transport: 'memory' | 'pty' = 'memory',
  db: string = freshDbPath(),
): Promise<TestCabinet> {
  const decks: Card[][] = [];
  const app = await startCabinet({
    config: parseConfig(config),
    dataDir: dirname(db),
    database: basename(db),
    devices: { kind: 'simulated', transport },
    dealing: { kind: 'seeded', seed: 'e2e', for: 'test', decks },
  });
  const served = await serveCabinet(rendererRoot, app);
  return { ...served, decks, stack: (top) => decks.push(stackedDeck(top)) };
}

export const SHOTS = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

export interface E2eSuite {
  readonly browser: Browser;
  readonly rendererRoot: string;
  /** Starts a cabinet for the running test; it is closed after the test (or by stop()). */
  start(config?: unknown, transport?: 'memory' | 'pty', db?: string): Promise<TestCabinet>;
  /** Closes the test's cabinet now (a restart on the same database). */
  stop(): Promise<void>;
}

/** One renderer build and one Chromium for a test file, and a cabinet per test. */
export function e2eSuite(): E2eSuite {
  let browser: Browser | null = null;
  let rendererRoot: string | null = null;
  let cabinet: TestCabinet | null = null;
  const stop = async (): Promise<void> => {
    const open = cabinet;
    cabinet = null;
    await open?.close();
  };
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    rendererRoot = await buildRenderer();
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(stop);
  return {
    get browser() {
      if (!browser) throw new Error('the browser starts before the first test');
      return browser;
    },
    get rendererRoot() {
      if (!rendererRoot) throw new Error('the renderer is built before the first test');
      return rendererRoot;
    },
    async start(config = {}, transport = 'memory', db = freshDbPath()) {
      await stop();
      cabinet = await startTestCabinet(this.rendererRoot, config, transport, db);
      return cabinet;
    },
    stop,
  };
}

export interface SceneCard {
  owner: string;
  position: number;
  code: string | null;
  held: boolean;
  winning: boolean;
  discarded: boolean;
}
export interface Scene {
  screen: string;
  overlay: string | null;
  version: number | null;
  meters: { name: string; value: string; sub: string | null }[];
  cards: SceneCard[];
  banners: { text: string; sub: string | null }[];
  buttons: { name: string; live: boolean; sub: string | null; label: string }[];
  boughtText: string | null;
  lockup: { title: string; amount: string | null; lines: string[] } | null;
  animating: boolean;
}

export const scene = (page: Page): Promise<Scene> =>
  page.evaluate(() => (window as unknown as { __scene: () => Scene }).__scene());

/** Waits until the scene, at rest, satisfies the check; fails with the last scene seen. */
export async function until(page: Page, check: (s: Scene) => boolean, what: string, ms = 45_000): Promise<Scene> {
  const end = Date.now() + ms;
  let last: Scene | null = null;
  while (Date.now() < end) {
    last = await page.evaluate(() => (window as unknown as { __scene?: () => Scene }).__scene?.() ?? null);
    if (last && !last.animating && check(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the screen never showed ${what}; last scene: ${sceneBrief(last)}`);
}

/** What a failed wait shows first (a flake's cause is in these), then as much of the rest as fits. */
function sceneBrief(last: Scene | null): string {
  if (!last) return 'none';
  const s = last as Scene & { title?: string; service?: Record<string, unknown> | null };
  const service = s.service && { mode: s.service.mode, page: s.service.page, notice: s.service.notice };
  const { screen, overlay, version, title, lockup, banners } = s;
  return `${JSON.stringify({ screen, overlay, version, title, lockup, banners, service })}; in full: ${JSON.stringify(last).slice(0, 700)}`;
}

/** Presses a button on the screen once it is live. */
export async function press(page: Page, name: string): Promise<void> {
  await until(page, (s) => s.buttons.some((b) => b.name === name && b.live), `a live "${name}" button`);
  const pressed = await page.evaluate(
    (n) => (window as unknown as { __press: (n: string) => boolean }).__press(n),
    name,
  );
  if (!pressed) throw new Error(`"${name}" did not take the press`);
}

/** Presses a button that sends a wish and waits for the cabinet's next snapshot. */
export async function pressWish(page: Page, name: string): Promise<Scene> {
  const before = (await scene(page)).version;
  await press(page, name);
  return until(page, (s) => s.version !== before, `the snapshot after "${name}"`);
}

/**
 * Inserts a note as a player can: once the acceptor is idle with its bezel lit (the cabinet
 * enables it some polls after start, later on a loaded machine). False if it takes none.
 */
export async function insertNote(cabinet: TestCabinet, value: number, ms = 20_000): Promise<boolean> {
  const acceptor = cabinet.app.devices.sim!.acceptor;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (acceptor.drawsIn) return acceptor.insertNote(value);
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Puts a ticket in as a player can: once the acceptor is idle with its bezel lit. False if it takes none. */
export async function insertTicket(cabinet: TestCabinet, barcode: string, ms = 20_000): Promise<boolean> {
  const acceptor = cabinet.app.devices.sim!.acceptor;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (acceptor.drawsIn) return acceptor.insertTicket(barcode);
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * Puts a slip the printer printed in as a player could: the acceptor reads a barcode and nothing
 * else of it, so a slip with none (a handpay's receipt) is paper it does not recognise.
 */
export async function insertPrinted(cabinet: TestCabinet, slip: PrintedTicket, ms = 20_000): Promise<boolean> {
  if (slip.validation) return insertTicket(cabinet, slip.validation, ms);
  const acceptor = cabinet.app.devices.sim!.acceptor;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (acceptor.drawsIn) return acceptor.insertCounterfeit();
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export const meter = (s: Scene, name: string): string | undefined => s.meters.find((m) => m.name === name)?.value;
export const cardsOf = (s: Scene, owner: string): (string | null)[] =>
  s.cards.filter((c) => c.owner === owner).map((c) => c.code);

export async function openScreen(
  browser: Browser,
  url: string,
  shots: string,
  name: string,
): Promise<Page & { shot: (tag: string) => Promise<void> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1024 } });
  await page.goto(`${url}?test=1`);
  await until(page, (s) => s.version !== null, 'the first snapshot', 90_000);
  return Object.assign(page, {
    shot: async (tag: string) => void (await page.screenshot({ path: join(shots, `e2e-${name}-${tag}.png`) })),
  });
}

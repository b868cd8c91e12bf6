// Every press counted (C-20, C-22): real pointer taps on the real renderer against the real
// cabinet, on every button of every game the lobby offers, at random moments of its rounds (a
// second tap often follows at once on the same spot, as a quick player's does while the row is
// laid out again under the finger). Each touch that lands on a button must be acted on (a wish
// the cabinet answered, a page of the screen's own) or refused where it stands, heard and shown:
// acted on + refused = pressed, and nothing is lost or left waiting.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, insertNote, openScreen, scene, SHOTS, until } from './cabinet-harness';

const suite = e2eSuite();

/**
 * Taps per screen: Poker Plus's, and the video-poker families' on the one screen they share, split
 * among them, at least 20 each (so the run takes what it did for two games, however many families
 * join). A longer run: PRESS_TAPS=1000 npx vitest run test/e2e/presses.e2e.test.ts.
 */
const TAPS = Number(process.env.PRESS_TAPS ?? 60);
const LEAST_TAPS = 20;

interface PressCount {
  touched: number;
  pressed: number;
  acted: number;
  refused: number;
  waiting: number;
  lost: number;
  heard: number;
  byName: Record<string, { pressed: number; acted: number; refused: number }>;
}

/** A small seeded generator, so a failing run can be repeated (the seed is in the test's name). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Buttons around the game rather than in it: pressed too, but less often, so rounds get played. */
const AROUND = new Set(['help', 'language', 'games', 'next', 'prev', 'chip']);

const pickOne = <T>(list: T[], random: () => number): T | undefined => list[Math.floor(random() * list.length)];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Spot {
  name: string;
  x: number;
  y: number;
  live: boolean;
}

/** What can be touched now, where on the page it is, and which screen shows it. */
const targets = (page: Page): Promise<{ screen: string; spots: Spot[] }> =>
  page.evaluate(() => (window as unknown as { __touchable: () => { screen: string; spots: Spot[] } }).__touchable());

const count = (page: Page): Promise<PressCount> =>
  page.evaluate(() => (window as unknown as { __presses: () => PressCount }).__presses());

/** What a player could not read on the screen, if it is at rest now (none while anything moves). */
const restingFaults = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const w = window as unknown as {
      __scene: () => { animating: boolean; screen: string; language: string };
      __layoutFaults: () => { covered: string[]; squeezed: string[] };
    };
    const s = w.__scene();
    if (s.animating) return [];
    const f = w.__layoutFaults();
    return [...f.covered, ...f.squeezed].map((x) => `${s.screen} (${s.language}): ${x}`);
  });

async function tap(page: Page, x: number, y: number, holdMs: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await sleep(holdMs);
  await page.mouse.up();
}

describe('presses counted', () => {
  it('acts on or refuses every tap on every button of every game, at random moments of its rounds (seed 39)', async () => {
    const cabinet = await suite.start({});
    const page = await openScreen(suite.browser, cabinet.url, SHOTS, 'presses');
    expect(await insertNote(cabinet, 10_000)).toBe(true);
    const lobby = await until(page, (s) => s.screen === 'lobby', 'the lobby');
    const games = lobby.buttons.filter((b) => b.name.startsWith('game:')).map((b) => b.name);
    expect(games.length).toBeGreaterThanOrEqual(2);
    const families = games.filter((g) => g !== 'game:poker-plus');
    const tapsFor = (game: string) =>
      game === 'game:poker-plus' ? TAPS : Math.max(LEAST_TAPS, Math.round(TAPS / Math.max(1, families.length)));
    const random = mulberry32(39);
    let taps = 0;
    const faults: string[] = [];
    const screens = new Set<string>();
    for (const game of games) {
      // Into the game from the lobby; a tap on GAMES or CASH OUT later brings the lobby back.
      for (let i = 0; i < tapsFor(game); i++) {
        const { screen, spots } = await targets(page);
        screens.add(screen);
        // The lobby sends the player back into this game; CASH OUT would end the credits for the rest.
        const usable = spots.filter((s) => s.name !== 'cashOut');
        const pick =
          screen === 'lobby'
            ? (usable.find((s) => s.name === game) ?? usable.find((s) => s.name === 'play'))
            : pickOne(random() < 0.75 ? usable.filter((s) => s.live && !AROUND.has(s.name)) : usable, random);
        if (!pick) {
          await sleep(50);
          continue;
        }
        await tap(page, pick.x, pick.y, 20 + random() * 140);
        taps++;
        // A quick second tap on the same spot, as the row changes under it (BET, then BUY GAME).
        // Down at once, held while the cabinet's answer arrives and the screen changes under it.
        if (random() < 0.35) {
          await sleep(random() * 40);
          await tap(page, pick.x, pick.y, 40 + random() * 200);
          taps++;
        }
        await sleep(random() * 300);
        // Now and then, the screen at rest as the player reads it: every card's index in sight,
        // every text at its size (test/renderer/readable.test.ts checks the named states).
        if (random() < 0.25) faults.push(...(await restingFaults(page)));
      }
      // Back to the lobby for the next game: out of the help pages, then GAMES once no game is on.
      const end = Date.now() + 60_000;
      for (;;) {
        const out = await targets(page);
        if (out.screen === 'lobby') break;
        if (Date.now() > end) throw new Error(`no way back to the lobby from ${out.screen}`);
        // A round still on: play on with its live buttons until GAMES is live.
        const exit = out.spots.find((s) => s.name === (out.screen === 'help' ? 'close' : 'games') && s.live);
        const play = out.spots.filter((s) => s.live && s.name !== 'cashOut' && s.name !== 'help');
        const way = exit ?? play[Math.floor(random() * play.length)];
        if (way) {
          await tap(page, way.x, way.y, 60);
          taps++;
        }
        await sleep(300);
      }
    }
    // Every wish answered before counting.
    const end = Date.now() + 30_000;
    let c = await count(page);
    while (c.waiting > 0 && Date.now() < end) {
      await sleep(100);
      c = await count(page);
    }
    const brief = JSON.stringify({ taps, ...c, byName: undefined });
    console.log(`presses: ${brief}`);
    console.log(`by button: ${JSON.stringify(c.byName)}`);
    // Every tap made landed on something: a button, or the felt when the row had just changed.
    expect(c.touched, brief).toBeLessThanOrEqual(taps);
    expect(c.touched, brief).toBeGreaterThan(taps * 0.8);
    // Every touch on a button was a press, and each was acted on or refused: none lost.
    expect(c.pressed, brief).toBe(c.touched);
    expect(c.waiting, brief).toBe(0);
    expect(c.lost, brief).toBe(0);
    expect(c.acted + c.refused, brief).toBe(c.pressed);
    // Each refusal was heard (and the strip shows it, from the same notice).
    expect(c.heard, brief).toBe(c.refused);
    // Both kinds happened, and the money decisions of both games were among the presses.
    expect(c.acted).toBeGreaterThan(0);
    expect(c.refused).toBeGreaterThan(0);
    for (const name of ['deal', 'bet']) expect(c.byName[name]?.pressed ?? 0, `${name}: ${brief}`).toBeGreaterThan(0);
    expect([...screens]).toEqual(expect.arrayContaining(['jacks', 'pokerPlus']));
    expect((await scene(page)).screen).toBe('lobby');
    expect([...new Set(faults)]).toEqual([]);
  });

  it('acts on every press of a live button while the cabinet commits its own work beside play (seed 40)', async () => {
    // A DRAW or MAX BET pressed on what the screen showed was refused as stale when a commit no
    // player sees (the pay tables' returns measured after a start, as here every 40 ms) overtook it
    // on its way: the journeys pressed again. Only a change a person acts on makes a press stale.
    const cabinet = await suite.start({});
    const page = await openScreen(suite.browser, cabinet.url, SHOTS, 'presses-beside');
    expect(await insertNote(cabinet, 10_000)).toBe(true);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    const play = (await targets(page)).spots.find((s) => s.name === 'play');
    await tap(page, play!.x, play!.y, 60);
    await until(page, (s) => s.screen === 'jacks', 'Jacks or Better');
    const runner = cabinet.app.runner;
    const tables = runner.state.installedPayTables;
    const versionAtStart = runner.state.version;
    let turn = 0;
    const beside = setInterval(() => {
      turn++;
      runner.rateInstalled(tables.map((t, i) => (i === 0 && turn % 2 ? { ...t, name: `${t.name} ` } : t)));
    }, 40);
    const random = mulberry32(40);
    const PRESSES = 40;
    const before = await count(page);
    const GAME = new Set(['deal', 'maxBet', 'betOne', 'hold1', 'hold2', 'hold3', 'hold4', 'hold5']);
    try {
      for (let i = 0; i < PRESSES; i++) {
        await until(page, (s) => s.screen === 'jacks', 'the game at rest');
        const live = (await targets(page)).spots.filter((s) => s.live && GAME.has(s.name));
        const pick = pickOne(live, random);
        if (!pick) throw new Error('no live button on the game screen');
        await tap(page, pick.x, pick.y, 30 + random() * 60);
        const end = Date.now() + 10_000;
        while ((await count(page)).waiting > 0 && Date.now() < end) await sleep(20);
      }
    } finally {
      clearInterval(beside);
    }
    const after = await count(page);
    const brief = JSON.stringify({ before: { ...before, byName: undefined }, after: { ...after, byName: undefined } });
    console.log(`presses beside the cabinet's own commits: ${brief}`);
    // The cabinet's own commits did land among the presses, many to a press.
    expect(runner.state.version - versionAtStart).toBeGreaterThan(PRESSES * 2);
    expect(after.pressed - before.pressed, brief).toBe(PRESSES);
    expect(after.acted - before.acted, brief).toBe(PRESSES);
    expect(after.refused - before.refused, brief).toBe(0);
    expect(after.lost, brief).toBe(0);
  });
});

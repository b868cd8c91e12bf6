// Every card readable and every text at its size: in each state of each game, in both languages
// and at both cabinet monitors, no banner or card mark lies over any card's rank-and-suit index,
// and no text had to be shrunk below LEAST_FIT to fit its box (renderer/screens/navigator.ts,
// layoutFaults). Screenshots of each state land in test-results/screens/readable-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/contract';
import * as fx from './fixtures';
import { rendererSuite, SHOTS } from './renderer-suite';

const suite = rendererSuite();

type Game = Snapshot['selectedGame'];

/** A state to show, and the presses to make on it (a Poker Plus card picked for an exchange). */
interface State {
  name: string;
  snapshot: () => Snapshot;
  presses?: string[];
  /** How many cards the presses pick. */
  picked?: number;
}

/**
 * The states of each game where a hand is on show. A game added to the cabinet's list must name
 * its own here (the compiler asks), so its screens are checked too.
 */
const STATES: Record<Game, State[]> = {
  'jacks-or-better': [
    { name: 'dealt-held', snapshot: fx.jacksDealt },
    { name: 'won', snapshot: fx.jacksWin },
    {
      name: 'lost',
      snapshot: () => {
        const s = fx.jacksWin();
        s.jacks = { ...s.jacks, hand: null, winning: [], win: 0, cards: ['Kh', '4d', 'Qs', '9c', '2d'] };
        return s;
      },
    },
  ],
  // The families' own screens: their rows (Double Double Bonus's kickers), WILD on the deuces.
  'bonus-poker': [{ name: 'dealt-held', snapshot: fx.bonusPokerDealt }],
  'double-double-bonus': [{ name: 'kicker-won', snapshot: fx.doubleDoubleBonusWin }],
  'deuces-wild': [
    { name: 'dealt-held-wild', snapshot: fx.deucesWildDealt },
    { name: 'five-of-a-kind', snapshot: fx.deucesWildWin },
  ],
  'poker-plus': [
    { name: 'deciding-picked', snapshot: fx.pokerPlusDeciding, presses: ['card1', 'card4', 'card5'], picked: 3 },
    { name: 'second-action', snapshot: fx.pokerPlusSecond, presses: ['card6'], picked: 1 },
    { name: 'bought-settled', snapshot: fx.pokerPlusBought },
    {
      name: 'one-box-settled',
      snapshot: () => {
        const s = fx.pokerPlusBought();
        s.pokerPlus.boxes = s.pokerPlus.boxes.slice(0, 1);
        s.pokerPlus.nextBoxes = [{ ante: 10 }];
        return s;
      },
    },
  ],
};

const SIZES = [
  { width: 1280, height: 1024 },
  { width: 1920, height: 1080 },
];

interface Faults {
  covered: string[];
  squeezed: string[];
}

describe.each(SIZES)('readable at $width×$height', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let version = 1000;

  beforeAll(async () => {
    context = await suite.browser.newContext({ viewport });
    page = await context.newPage();
    const hellos = suite.cabinet.received.filter((m) => m.kind === 'hello').length;
    await page.goto(suite.cabinet.url);
    await suite.cabinet.nextMessage(() => suite.cabinet.received.filter((m) => m.kind === 'hello').length > hellos);
  });
  afterAll(async () => {
    await context?.close();
  });

  async function showAtRest(s: Snapshot): Promise<void> {
    const v = ++version;
    suite.cabinet.show({ ...s, version: v, activity: { seq: v, kind: 'wish' } });
    await page.waitForFunction(
      (want) => {
        const sc = (window as unknown as { __scene?: () => { version: number; animating: boolean } }).__scene?.();
        return sc !== undefined && sc.version === want && !sc.animating;
      },
      v,
      { polling: 50, timeout: 15_000 },
    );
  }

  const faults = (): Promise<Faults> =>
    page.evaluate(() => (window as unknown as { __layoutFaults: () => Faults }).__layoutFaults());

  for (const game of Object.keys(STATES) as Game[])
    for (const state of STATES[game])
      it(`${game}, ${state.name}: every index in sight, every text at its size, in English and Russian`, async () => {
        const found: string[] = [];
        for (const language of ['en', 'ru'] as const) {
          // A game of its own for each language, so picks made in the one before are not carried over.
          const s = { ...state.snapshot(), language };
          s.pokerPlus = { ...s.pokerPlus, gameId: (s.pokerPlus.gameId ?? 0) + (language === 'ru' ? 1 : 0) };
          await showAtRest(s);
          // Into the game's screen from wherever the last state left it (attract, lobby).
          for (const way of ['start', 'play', `game:${game}`])
            await page.evaluate((n) => (window as unknown as { __press: (n: string) => boolean }).__press(n), way);
          for (const p of state.presses ?? [])
            await page.evaluate((n) => (window as unknown as { __press: (n: string) => boolean }).__press(n), p);
          await showAtRest(s);
          const screen = await page.evaluate(
            () => (window as unknown as { __scene: () => { screen: string } }).__scene().screen,
          );
          expect(screen).not.toMatch(/^(attract|lobby|connecting)$/);
          const f = await faults();
          found.push(...f.covered.map((x) => `${language}: ${x}`), ...f.squeezed.map((x) => `${language}: ${x}`));
          await page.screenshot({
            path: `${SHOTS}/readable-${viewport.width}x${viewport.height}-${game}-${state.name}-${language}.png`,
          });
        }
        expect(found).toEqual([]);
      });
});

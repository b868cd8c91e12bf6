// The cabinet's sound and roll-up end to end: the real renderer in Debian's Chromium, the real
// host, cabinet, store and simulators. A note is credited, a Jacks or Better win is counted up
// to the end, a second win's count is finished by DEAL, and the sounds are heard in order. All
// the while the credits on screen are never above the cabinet's balance for the snapshot on
// show, and equal to it whenever no count is under way.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, insertNote, openScreen, press, SHOTS, until } from './cabinet-harness';

const suite = e2eSuite();

interface Played {
  name: string;
  at: number;
  audible: boolean;
}
interface Shown {
  version: number | null;
  credits: number;
  rollUp: { heldBack: number; started: boolean; finished: boolean } | null;
}

const sounds = (page: Page): Promise<Played[]> =>
  page.evaluate(() => (window as unknown as { __sounds: () => Played[] }).__sounds());

type ShownWindow = { __shown: () => Shown; __sounds: () => Played[]; __press: (n: string) => boolean };

/** Gives the page a reader of the credits meter and the count under way, as one scene shows them. */
async function readShown(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __scene: () => { version: number | null; meters: { name: string; value: string }[]; rollUp: Shown['rollUp'] };
      __shown: () => Shown;
    };
    w.__shown = () => {
      const s = w.__scene();
      const meter = s.meters.find((m) => m.name === 'credits');
      return { version: s.version, credits: meter ? Number(meter.value.replace(/\D/g, '')) : -1, rollUp: s.rollUp };
    };
  });
}

const shown = (page: Page): Promise<Shown> => page.evaluate(() => (window as unknown as ShownWindow).__shown());

/**
 * Presses DEAL in the page as soon as a count is under way and has ticked, and reads the scene
 * just before and just after: all in one turn of the page, so no count can end in between.
 */
function dealMidCount(page: Page): Promise<{ before: Shown; pressed: boolean; after: Shown }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const w = window as unknown as ShownWindow;
        const end = Date.now() + 45_000;
        const look = (): void => {
          const before = w.__shown();
          const r = before.rollUp;
          if (r?.started && !r.finished && r.heldBack > 0 && w.__sounds().at(-1)?.name === 'tick') {
            const pressed = w.__press('deal');
            resolve({ before, pressed, after: w.__shown() });
          } else if (Date.now() > end) reject(new Error(`no count under way; last: ${JSON.stringify(before)}`));
          else setTimeout(look, 10);
        };
        look();
      }),
  );
}

describe('sound and the credit roll-up against the real cabinet', () => {
  it('credits a note, counts a win up, finishes a second count with DEAL, and never shows more credits than the cabinet holds', async () => {
    const cabinet = await suite.start();
    const runner = cabinet.app.runner;
    // The cabinet's credits at each committed version, to hold the screen to.
    const creditsAt = new Map<number, number>([
      [runner.state.version, Math.floor(runner.state.balance / runner.state.chipValue)],
    ]);
    runner.onState((state) => creditsAt.set(state.version, Math.floor(state.balance / state.chipValue)));
    const page = await openScreen(suite.browser, cabinet.url, SHOTS, 'sound');
    await readShown(page);
    const samples: Shown[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const s = await shown(page);
        if (s.credits >= 0 && s.version !== null) samples.push(s);
        await new Promise((r) => setTimeout(r, 15));
      }
    })();
    try {
      const start = (await sounds(page)).length;
      expect(await insertNote(cabinet, 2000)).toBe(true);
      // The note put in takes the screen from the attract loop at once; its credit follows.
      await until(
        page,
        (s) => s.screen === 'lobby' && s.meters.some((m) => m.name === 'credits' && m.value === '2,000'),
        'the note credited in the lobby',
      );
      expect(runner.state.balance).toBe(2000);

      // A full house at MAX BET: 5 × 9 = 45 chips of one cent, counted in to the end.
      cabinet.stack('Jc 3d Jh 5s 9c Jd 5h');
      await press(page, 'play');
      await press(page, 'maxBet');
      await until(page, (s) => s.cards.filter((c) => c.held).length === 2, 'the dealt hand');
      await press(page, 'hold4');
      await until(page, (s) => s.cards.filter((c) => c.held).length === 3, 'the fourth card held');
      await press(page, 'deal');
      await until(page, (s) => s.banners.length > 0, 'the win');
      expect(runner.state.balance).toBe(2000 - 5 + 45);
      // Counted to the end. How long a count takes (about 2.7 s for 9 bets) is the renderer's own
      // test's (rollup.test.ts), not a loaded machine's wall clock; the ticks below show it counted.
      await page.waitForFunction(
        () => {
          const r = (window as unknown as { __scene: () => { rollUp: Shown['rollUp'] } }).__scene().rollUp;
          return r !== null && r.started && r.heldBack === 0;
        },
        undefined,
        { polling: 20, timeout: 45_000 },
      );
      await page.shot('counted');

      // Four aces: 5 × 25 = 125 chips; DEAL in the middle of the count shows the rest at once.
      cabinet.stack('Ac Ad 2h As Ah 9s');
      cabinet.stack('3c 8d Th 4s 6h');
      await press(page, 'deal');
      await until(page, (s) => s.cards.filter((c) => c.held).length === 4, 'four aces dealt and held');
      await press(page, 'deal');
      await until(page, (s) => s.banners.length > 0 && s.cards.filter((c) => c.winning).length > 0, 'four aces');
      expect(runner.state.balance).toBe(2040 - 5 + 125);
      const { before, pressed, after } = await dealMidCount(page);
      expect(before.credits).toBeLessThan(2160);
      expect(pressed).toBe(true);
      // Finished by the press itself, before the next game's snapshot: the whole balance.
      expect(after.rollUp?.finished ?? true).toBe(true);
      expect(after.credits).toBe(creditsAt.get(after.version!));
      await until(page, (s) => s.cards[0]?.code === '3c', 'the next game dealt');
      expect(runner.state.balance).toBe(2160 - 5);
      await page.shot('next-game');

      sampling = false;
      await sampler;
      // Never above the cabinet's balance for the snapshot on show; equal when no count is under way
      // (samples at rest and under way are both asserted to exist below).
      for (const s of samples) {
        const cabinetCredits = creditsAt.get(s.version!);
        expect(cabinetCredits, `version ${s.version}`).toBeDefined();
        expect(s.credits, JSON.stringify(s)).toBeLessThanOrEqual(cabinetCredits!);
      }
      const atRest = samples.filter((s) => s.rollUp === null || s.rollUp.heldBack === 0);
      expect(atRest.length).toBeGreaterThan(0);
      expect(atRest.filter((s) => s.credits !== creditsAt.get(s.version!)).map((s) => JSON.stringify(s))).toEqual([]);
      // The counts were seen under way: credits below the balance, then equal to it.
      expect(
        samples.some((s) => s.rollUp !== null && s.rollUp.heldBack > 0 && s.credits < creditsAt.get(s.version!)!),
      ).toBe(true);

      // The sounds, in order: the note, MAX BET and the deal, HOLD, the draw, the fanfare, the ticks; then again.
      const played = (await sounds(page)).slice(start);
      expect(played.every((p) => p.audible)).toBe(true);
      const names = played.map((p) => p.name);
      const first = names.indexOf('winMedium');
      expect(names.slice(0, first + 1)).toEqual([
        'noteIn',
        'maxBet',
        'deal',
        'deal',
        'deal',
        'deal',
        'deal',
        'holdOn',
        'flip',
        'flip',
        'winMedium',
      ]);
      // One tick a frame at most and one a step at most (45 chips in 45 steps): how many a count
      // gets depends on the frame rate; more than one shows it counted.
      const ticks = names.slice(first + 1).findIndex((n) => n !== 'tick');
      expect(ticks).toBeGreaterThanOrEqual(2);
      expect(ticks).toBeLessThanOrEqual(45);
      const second = names.slice(first + 1 + ticks);
      const win2 = second.indexOf('winMedium');
      expect(second.slice(0, win2 + 1)).toEqual(['deal', 'deal', 'deal', 'deal', 'deal', 'flip', 'winMedium']);
      // Some ticks, cut short by DEAL, then the next deal.
      const rest = second.slice(win2 + 1);
      expect(rest.indexOf('deal')).toBeGreaterThan(0);
      expect(rest.slice(0, rest.indexOf('deal')).every((n) => n === 'tick')).toBe(true);
      expect(rest.slice(rest.indexOf('deal'), rest.indexOf('deal') + 5)).toEqual([
        'deal',
        'deal',
        'deal',
        'deal',
        'deal',
      ]);
    } finally {
      sampling = false;
      await sampler;
    }
  });
});

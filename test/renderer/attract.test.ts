// The attract loop in the built renderer in Chromium against the fake cabinet: it cycles the
// title, each game's pay table, a demonstration hand of each game from the fixed script (never
// the cabinet's cards, never a wish, never a sound) and the call to insert a note in the
// player's language; a touch, a note or a deck press returns to play at once; and the idle time
// counts from the last thing the cabinet reported, not only from touches of this page.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ATTRACT_PAGES,
  JACKS_DEMO,
  PP_DEMO,
  type AttractModel,
  type AttractPage,
} from '../../renderer/model/play/attract-loop';
import type { Snapshot } from '../../src/contract';
import * as fx from './fixtures';
import { rendererSuite, SHOTS } from './renderer-suite';

interface Scene {
  screen: string;
  version: number | null;
  title: string;
  attract: AttractModel | null;
  animating: boolean;
}

const suite = rendererSuite();
let version = 900;

/** A machine with nothing on it: the last game over, no credits. */
function empty(patch: Partial<Snapshot> = {}): Snapshot {
  const s = fx.baseSnapshot();
  // The cabinet's last game is still on show in the snapshot: the loop must not use its cards.
  s.jacks = { ...s.jacks, phase: 'over', cards: ['2c', '3d', '4h', '5s', '7c'], hand: 'nothing', gameId: 88 };
  return { ...s, balance: 0, credits: 0, ...patch };
}

async function open(width = 1280, height = 1024): Promise<Page> {
  const { browser, cabinet } = suite;
  const page = await browser.newPage({ viewport: { width, height } });
  const hellos = cabinet.received.filter((m) => m.kind === 'hello').length;
  await page.goto(cabinet.url);
  await cabinet.nextMessage(() => cabinet.received.filter((m) => m.kind === 'hello').length > hellos);
  return page;
}

const scene = (page: Page): Promise<Scene> =>
  page.evaluate(() => (window as unknown as { __scene: () => Scene }).__scene());

async function until(page: Page, check: (s: Scene) => boolean, what: string, ms = 15_000): Promise<Scene> {
  const end = Date.now() + ms;
  let last: Scene | null = null;
  while (Date.now() < end) {
    last = await scene(page);
    if (check(last)) return last;
    await page.waitForTimeout(40);
  }
  throw new Error(
    `never saw ${what}: ${JSON.stringify({ ...last, buttons: undefined, attract: last?.attract && { ...last.attract, payTable: null } })?.slice(0, 1500)}`,
  );
}

async function show(page: Page, s: Snapshot): Promise<Scene> {
  const v = ++version;
  suite.cabinet.show({ ...s, version: v });
  return until(page, (x) => x.version === v, `version ${v}`);
}

/** ms into the loop at which `page` has been on for `into` ms. */
function pageAt(page: AttractPage, into: number): number {
  let start = 0;
  for (const p of ATTRACT_PAGES) {
    if (p.page === page) return start + into;
    start += p.ms;
  }
  throw new Error(page);
}

const seek = (page: Page, ms: number): Promise<boolean> =>
  page.evaluate((x) => (window as unknown as { __seekAttract: (ms: number) => boolean }).__seekAttract(x), ms);
const codes = (a: AttractModel, owner: string): (string | null)[] =>
  a.cards.filter((c) => c.owner === owner).map((c) => c.code);

describe('the attract loop', () => {
  it('cycles the title, the pay tables, a demonstration of each game from its script, and the call to insert a note', async () => {
    const page = await open();
    try {
      const since = suite.cabinet.received.length;
      const mark = await page.evaluate(() => performance.now());
      expect((await show(page, empty())).screen).toBe('attract');
      const frames: [AttractPage, number, (a: AttractModel, s: Scene) => void][] = [
        [
          'title',
          1000,
          (a, s) =>
            expect([s.title, a.games]).toEqual([
              'VIDEO POKER',
              ['JACKS OR BETTER', 'BONUS POKER', 'DOUBLE DOUBLE BONUS', 'DEUCES WILD', 'POKER PLUS'],
            ]),
        ],
        [
          'jacksTable',
          1000,
          (a, s) => {
            expect(s.title).toBe('JACKS OR BETTER');
            expect(a.payTable?.rows[0]).toMatchObject({
              category: 'royal-flush',
              values: ['250', '500', '750', '1,000', '4,000'],
            });
            expect(a.payTable?.litColumn).toBe(4);
          },
        ],
        [
          'jacksDemo',
          2600,
          (a) => {
            expect(a.step).toBe('hold');
            expect(codes(a, 'demo')).toEqual(JACKS_DEMO.dealt);
            expect(a.cards.filter((c) => c.held).map((c) => c.position)).toEqual(JACKS_DEMO.held);
          },
        ],
        [
          'jacksDemo',
          6500,
          (a) => {
            expect(a.step).toBe('win');
            expect(codes(a, 'demo')).toEqual(JACKS_DEMO.final);
            // Paid by the table in play: a full house at the maximum bet of 5 pays 9 × 5.
            expect(a.banner).toMatchObject({ text: 'WINNER!  FULL HOUSE', sub: 'WIN 45' });
            expect(a.demo).toBe('DEMONSTRATION');
          },
        ],
        [
          'ppTable',
          1000,
          (a, s) => {
            expect(s.title).toBe('POKER PLUS');
            expect(a.payTable?.rows.find((r) => r.category === 'full-house')?.values).toEqual(['7 : 1']);
          },
        ],
        [
          'ppDemo',
          2800,
          (a) => {
            expect(a.step).toBe('pick');
            expect(codes(a, 'box')).toEqual(PP_DEMO.dealt);
            expect(codes(a, 'dealer')).toEqual([null, null, null, null, 'Kd']);
            expect(a.cards.filter((c) => c.selected).map((c) => c.position)).toEqual(PP_DEMO.exchange);
          },
        ],
        [
          'ppDemo',
          8700,
          (a) => {
            expect(a.step).toBe('win');
            expect(codes(a, 'box')).toEqual(PP_DEMO.drawn);
            expect(codes(a, 'dealer')).toEqual(PP_DEMO.dealer);
            expect(a.caption).toBe('FULL HOUSE BEATS IT: THE BET PAYS 7 TO 1');
          },
        ],
        ['insert', 1500, (a) => expect(a.insert).toBe('INSERT A NOTE TO PLAY')],
      ];
      for (const [name, into, check] of frames) {
        expect(await seek(page, pageAt(name, into))).toBe(true);
        const s = await until(page, (x) => x.attract?.page === name && !x.animating, `the ${name} page`);
        check(s.attract!, s);
        // Every page calls for a note.
        expect(s.attract!.insert).toBe('INSERT A NOTE TO PLAY');
        await page.screenshot({
          path: `${SHOTS}/attract-${name}${name.endsWith('Demo') ? `-${s.attract!.step}` : ''}.png`,
        });
      }
      // A film, not a game: nothing was wished, and the demonstration made no sound.
      expect(suite.cabinet.received.slice(since).filter((m) => m.kind === 'wish')).toEqual([]);
      const sounds = await page.evaluate(() =>
        (window as unknown as { __sounds: () => { name: string; at: number }[] }).__sounds(),
      );
      expect(sounds.filter((p) => p.at >= mark)).toEqual([]);
      // In the player's language.
      const ru = await show(page, { ...empty(), language: 'ru' });
      expect(ru.attract?.insert).toBe('ВСТАВЬТЕ КУПЮРУ, ЧТОБЫ ИГРАТЬ');
      await page.screenshot({ path: `${SHOTS}/attract-insert-ru.png` });
    } finally {
      await page.close();
    }
  });

  it('returns to play at once on a touch, a note, or a deck press', async () => {
    const page = await open(1920, 1080);
    try {
      expect((await show(page, empty())).screen).toBe('attract');
      await seek(page, pageAt('jacksDemo', 3000));
      await page.evaluate(() => (window as unknown as { __press: (n: string) => boolean }).__press('start'));
      expect((await scene(page)).screen).toBe('lobby');
      await page.close();

      const again = await open(1920, 1080);
      expect((await show(again, empty())).screen).toBe('attract');
      // A note: the cabinet reports it, and the credits it brings end the loop.
      const noted = await show(
        again,
        empty({ balance: 2000, credits: 80, activity: { seq: 3, kind: 'noteCredited' } }),
      );
      expect(noted.screen).not.toBe('attract');
      await again.close();

      const third = await open(1920, 1080);
      expect((await show(third, empty({ activity: { seq: 10, kind: 'none' } }))).screen).toBe('attract');
      // Someone pressed a deck button (refused: no credits): play shows at once.
      expect((await show(third, empty({ activity: { seq: 11, kind: 'buttonRefused' } }))).screen).toBe('lobby');
      await third.close();
    } finally {
      if (!page.isClosed()) await page.close();
    }
  });

  it("shows a ticket's line, steady, in place of the call to insert while it lasts", async () => {
    const page = await open();
    try {
      const at = Date.now();
      const back = await show(
        page,
        empty({
          ticket: {
            validating: false,
            last: { outcome: 'returned', amount: null, reason: 'expired', at, until: at + 10_000 },
          },
        }),
      );
      expect(back.screen).toBe('attract');
      expect(back.attract).toMatchObject({ ticket: 'TICKET RETURNED: EXPIRED', insert: 'INSERT A NOTE TO PLAY' });
      await seek(page, pageAt('insert', 1000));
      await until(page, (x) => x.attract?.page === 'insert', 'the last page');
      await page.screenshot({ path: `${SHOTS}/attract-ticket.png` });
      const checking = await show(page, empty({ ticket: { validating: true, last: null } }));
      expect(checking.attract?.ticket).toBe('VALIDATING TICKET…');
    } finally {
      await page.close();
    }
  });

  it("counts the idle time from the last thing the cabinet reported, at the operator's setting", async () => {
    const page = await open();
    try {
      const quick = (seq: number): Snapshot => {
        const s = empty({ activity: { seq, kind: 'wish' } });
        s.service.settings.presentation = { ...s.service.settings.presentation, attractSeconds: 10 };
        return s;
      };
      await show(page, quick(1));
      await page.evaluate(() => (window as unknown as { __press: (n: string) => boolean }).__press('start'));
      const touched = Date.now();
      expect((await scene(page)).screen).toBe('lobby');
      // A wish from another screen, 5 s after the touch here.
      await page.waitForTimeout(5000);
      // Taken before the snapshot is sent: the page counts from its arrival, which is later.
      const reported = Date.now();
      await show(page, quick(2));
      // 10 s after the touch, but only 5 after the report: still play.
      await page.waitForTimeout(Math.max(0, touched + 10_800 - Date.now()));
      expect((await scene(page)).screen).toBe('lobby');
      const s = await until(page, (x) => x.screen === 'attract', 'the loop', 8000);
      const idle = Date.now() - reported;
      expect(idle).toBeGreaterThanOrEqual(10_000);
      expect(idle).toBeLessThan(12_500);
      expect(s.attract?.page).toBe('title');
    } finally {
      await page.close();
    }
  });
});

// The cabinet's sound and its presentation of wins, in the built renderer in Chromium against
// the fake cabinet: the sounds a Jacks or Better win plays in order, the credit roll-up (its
// pace, DEAL or a touch on the meter finishing it, the credits never above the snapshot's), the
// big-win celebration, the handpay alarm until the attendant comes, the note and refusal sounds,
// the operator's volume and the attendant's mute, and every sound rendered offline.

import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOUND_NAMES } from '../../renderer/audio/sounds';
import type { Snapshot } from '../../src/contract';
import type { FakeCabinet } from './fake-cabinet';
import * as fx from './fixtures';
import { rendererSuite, SHOTS } from './renderer-suite';

interface Played {
  name: string;
  at: number;
  audible: boolean;
}
interface RollUpView {
  credited: number;
  heldBack: number;
  steps: number;
  durationMs: number;
  size: string | null;
  started: boolean;
  finished: boolean;
}
interface Scene {
  screen: string;
  overlay: string | null;
  version: number | null;
  meters: { name: string; value: string; sub: string | null }[];
  buttons: { name: string; live: boolean }[];
  celebration: { title: string; amount: string } | null;
  lockup: { title: string; amount: string | null } | null;
  rollUp: RollUpView | null;
  animating: boolean;
}

const suite = rendererSuite();
let cabinet: FakeCabinet;
let page: Page;
let version = 500;
let gameId = 700;

beforeAll(async () => {
  cabinet = suite.cabinet;
  page = await suite.browser.newPage({ viewport: { width: 1280, height: 1024 } });
  await page.goto(cabinet.url);
  await cabinet.nextMessage((m) => m.kind === 'hello');
});

const scene = (): Promise<Scene> => page.evaluate(() => (window as unknown as { __scene: () => Scene }).__scene());
const press = (name: string): Promise<boolean> =>
  page.evaluate((n) => (window as unknown as { __press: (n: string) => boolean }).__press(n), name);
const pageNow = (): Promise<number> => page.evaluate(() => performance.now());
const soundsSince = async (mark: number): Promise<Played[]> =>
  (await page.evaluate(() => (window as unknown as { __sounds: () => Played[] }).__sounds())).filter(
    (p) => p.at >= mark,
  );
const names = (played: Played[]): string[] => played.map((p) => p.name);
const credits = (s: Scene): number => Number(s.meters.find((m) => m.name === 'credits')!.value.replace(/\D/g, ''));

async function until(check: (s: Scene) => boolean, what: string, ms = 15_000): Promise<Scene> {
  const end = Date.now() + ms;
  let last: Scene | null = null;
  while (Date.now() < end) {
    last = await scene();
    if (check(last)) return last;
    await page.waitForTimeout(25);
  }
  throw new Error(`never saw ${what}: ${JSON.stringify(last)?.slice(0, 600)}`);
}

/** Shows a snapshot under the next version; waits until the screen has it. */
async function show(s: Snapshot): Promise<Scene> {
  const v = ++version;
  cabinet.show({ ...s, version: v });
  return until((x) => x.version === v, `version ${v}`);
}

/** A Jacks or Better game as the cabinet shows it step by step: credits in chips of 25 cents. */
function jacks(
  phase: 'idle' | 'holding' | 'over',
  over: { cards?: string[]; held?: number[]; win?: number; hand?: string; credits: number; bet?: number },
): Snapshot {
  const s = fx.baseSnapshot();
  const bet = over.bet ?? 5;
  s.credits = over.credits;
  s.balance = over.credits * s.chipValue;
  s.inGame = phase === 'holding';
  s.jacks = {
    ...s.jacks,
    bet,
    phase,
    cards: over.cards ?? null,
    held: over.held ?? [],
    autoHold: [],
    hand: over.hand ?? null,
    winning: phase === 'over' && (over.win ?? 0) > 0 ? [0, 1, 2, 3, 4] : [],
    win: over.win ?? 0,
    gameId: phase === 'idle' ? null : gameId,
  };
  s.live =
    phase === 'holding'
      ? ['hold', 'toggleHold', 'draw', 'language']
      : ['selectGame', 'chipValue', 'language', 'setBet', 'deal', 'cashOut'];
  return s;
}

/** Deals a fresh game, then settles it with a win of `win` chips at `bet`: returns the scene settled. */
async function playWin(win: number, bet = 5, start = 200): Promise<Scene> {
  gameId++;
  await show(jacks('holding', { cards: ['Js', 'Jd', '7c', '4h', '2s'], held: [0, 1], credits: start - bet, bet }));
  await until((x) => !x.animating, 'the deal landed');
  return show(
    jacks('over', {
      cards: ['Js', 'Jd', '7c', '7h', '7d'],
      held: [0, 1, 2],
      win,
      hand: 'full-house',
      credits: start - bet + win,
      bet,
    }),
  );
}

beforeEach(async () => {
  // Each test starts at rest on the Jacks or Better screen with credits.
  const s = await show(jacks('idle', { credits: 200 }));
  if (s.screen === 'lobby') {
    await press('play');
    await until((x) => x.screen === 'jacks', 'the game');
  }
  await until((x) => !x.animating && x.rollUp === null, 'rest');
});

describe('sound and the roll-up', () => {
  it('plays a Jacks or Better win in order: deal ×5, hold, draw, the win, the roll-up ticks', async () => {
    const mark = await pageNow();
    gameId++;
    await show(jacks('holding', { cards: ['Js', 'Jd', '7c', '4h', '2s'], held: [0, 1], credits: 195 }));
    await until((x) => !x.animating, 'the deal landed');
    await show(jacks('holding', { cards: ['Js', 'Jd', '7c', '4h', '2s'], held: [0, 1, 2], credits: 195 }));
    const settled = await show(
      jacks('over', {
        cards: ['Js', 'Jd', '7c', '7h', '7d'],
        held: [0, 1, 2],
        win: 45,
        hand: 'full-house',
        credits: 240,
      }),
    );
    // Before the cards land and the count starts, the credits hold the win back.
    expect(credits(settled)).toBeLessThanOrEqual(240);
    const seen: number[] = [];
    const held: number[] = [];
    let credited: number | undefined;
    for (;;) {
      const s = await scene();
      credited = s.rollUp?.credited ?? credited;
      seen.push(credits(s));
      held.push(s.rollUp?.heldBack ?? 0);
      if (s.rollUp?.started && s.rollUp.heldBack === 0) break;
      await page.waitForTimeout(30);
    }
    // Counted up from 195 to 240, never down, never above the snapshot's 240: what is shown is
    // always the balance less what the count holds back, and the count holds back the 45 won.
    // (On a loaded machine the first look may come after the first ticks, so it is not 195 itself.)
    expect(seen.every((c, i) => c <= 240 && (i === 0 || c >= seen[i - 1]!))).toBe(true);
    expect(seen.every((c, i) => c + held[i]! === 240)).toBe(true);
    expect(credited).toBe(45);
    expect(seen.at(-1)).toBe(240);
    expect(new Set(seen).size).toBeGreaterThan(5);
    const played = names(await soundsSince(mark));
    const ticks = played.filter((n) => n === 'tick').length;
    // A full house at 5 is 9 bets: a medium win, counted in 45 steps over about 2.7 s. A tick
    // sounds on each frame the count moves (one a frame at most), so how many there are follows
    // the frame rate, which a loaded machine cuts: every count seen above came with its tick, and
    // no step ticked twice.
    expect(played.slice(0, 9)).toEqual(['deal', 'deal', 'deal', 'deal', 'deal', 'holdOn', 'flip', 'flip', 'winMedium']);
    expect(played.slice(9).every((n) => n === 'tick')).toBe(true);
    expect(ticks).toBeGreaterThanOrEqual(new Set(seen).size - 1);
    expect(ticks).toBeLessThanOrEqual(45);
    expect((await soundsSince(mark)).every((p) => p.audible)).toBe(true);
  });

  it('counts faster the bigger the win: about 1 s for one bet, about 4 s at the big-win threshold', async () => {
    const small = await playWin(5);
    expect(small.rollUp).toMatchObject({ credited: 5, steps: 5, durationMs: 1000 });
    const s = await playWin(250);
    expect(s.rollUp).toMatchObject({ credited: 250, durationMs: 4000, size: 'big' });
    expect(s.rollUp!.steps).toBeLessThan(250);
    const medium = await playWin(45);
    expect(medium.rollUp!.durationMs).toBeGreaterThan(1000);
    expect(medium.rollUp!.durationMs).toBeLessThan(4000);
  });

  it('DEAL finishes the count at once: the credits shown are the balance before the next game is wished', async () => {
    await playWin(250);
    await until((x) => x.rollUp?.started === true && x.rollUp.heldBack > 100, 'the count under way');
    const since = cabinet.received.length;
    expect(await press('deal')).toBe(true);
    const s = await scene();
    expect(s.rollUp).toMatchObject({ finished: true, heldBack: 0 });
    expect(credits(s)).toBe(445);
    const sent = await cabinet.nextMessage((m) => cabinet.received.indexOf(m) >= since && m.kind === 'wish');
    expect(sent).toMatchObject({ wish: { type: 'deal' } });
  });

  it('a touch on the credits meter finishes the count; a deck press does too', async () => {
    await playWin(250);
    await until((x) => x.rollUp?.started === true && x.rollUp.heldBack > 100, 'the count under way');
    expect(await press('rollUp')).toBe(true);
    let s = await scene();
    expect(credits(s)).toBe(445);
    expect(s.buttons.some((b) => b.name === 'rollUp')).toBe(false);
    // The same from the deck: the cabinet reports a button taken (BET ONE).
    const settled = await playWin(250);
    await until((x) => x.rollUp?.started === true && x.rollUp.heldBack > 100, 'the count under way');
    const last = jacks('over', {
      cards: ['Js', 'Jd', '7c', '7h', '7d'],
      held: [0, 1, 2],
      win: 250,
      hand: 'full-house',
      credits: 445,
    });
    s = await show({ ...last, activity: { seq: 9, kind: 'button' } });
    expect(credits(s)).toBe(445);
    expect(settled.rollUp!.credited).toBe(250);
  });

  it('celebrates a big win over the hand with a banner, sparkles and its sound', async () => {
    const mark = await pageNow();
    await playWin(300);
    const s = await until((x) => x.celebration !== null, 'the celebration');
    expect(s.celebration).toEqual({ title: 'BIG WIN!', amount: 'WIN 300' });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/big-win.png` });
    expect(names(await soundsSince(mark))).toContain('winBig');
    // It lasts a few seconds, then the hand shows again.
    await until((x) => x.celebration === null, 'the end of the celebration', 8000);
  });

  it('rings the handpay alarm again and again until the attendant turns the key', async () => {
    const mark = await pageNow();
    const hp = fx.handpay();
    const s = await show(hp);
    expect(s.lockup).toMatchObject({ title: 'CALL ATTENDANT', amount: '$1,000.00' });
    await page.waitForTimeout(2800);
    const rung = names(await soundsSince(mark)).filter((n) => n === 'alarm').length;
    expect(rung).toBeGreaterThanOrEqual(2);
    const keyed = { ...hp, keys: { ...hp.keys, attendant: true }, service: { ...hp.service, attendantKey: true } };
    await show(keyed);
    const after = await pageNow();
    await page.waitForTimeout(2800);
    expect(names(await soundsSince(after))).not.toContain('alarm');
    await show(fx.baseSnapshot());
  });

  it('sounds a note credited, a note handed back, a refused deck press, a bet, and a dimmed button touched', async () => {
    const base = jacks('idle', { credits: 200 });
    const mark = await pageNow();
    await show({ ...base, credits: 280, balance: 7000, activity: { seq: 21, kind: 'noteCredited' } });
    await show({ ...base, credits: 280, balance: 7000, activity: { seq: 22, kind: 'noteReturned' } });
    await show({ ...base, credits: 280, balance: 7000, activity: { seq: 23, kind: 'buttonRefused' } });
    await show({
      ...base,
      credits: 280,
      balance: 7000,
      activity: { seq: 23, kind: 'buttonRefused' },
      jacks: { ...base.jacks, bet: 1 },
    });
    await show({
      ...base,
      credits: 280,
      balance: 7000,
      activity: { seq: 23, kind: 'buttonRefused' },
      jacks: { ...base.jacks, bet: 5 },
    });
    const dim = await show({
      ...base,
      credits: 280,
      balance: 7000,
      activity: { seq: 23, kind: 'buttonRefused' },
      live: ['language'],
    });
    expect(dim.buttons.find((b) => b.name === 'betOne')?.live).toBe(false);
    expect(await press('betOne')).toBe(false);
    await show({ ...base, cashout: { amount: 7000, state: 'printing' }, live: [] });
    expect(names(await soundsSince(mark))).toEqual([
      'noteIn',
      'noteOut',
      'refused',
      'betOne',
      'maxBet',
      'refused',
      'cashout',
    ]);
    await show(jacks('idle', { credits: 200 }));
  });

  it('sounds a Poker Plus card picked for an exchange and put back, as HOLD does', async () => {
    await show(fx.pokerPlusDeciding());
    await until((x) => !x.animating, 'the deal landed');
    const mark = await pageNow();
    expect(await press('card3')).toBe(true);
    expect(await press('card3')).toBe(true);
    expect(names(await soundsSince(mark))).toEqual(['holdOn', 'holdOff']);
    await show(jacks('idle', { credits: 200 }));
  });

  it("plays at the operator's volume, and silently while the attendant's mute lasts", async () => {
    const base = jacks('idle', { credits: 200 });
    const level = (volume: number, mutedUntil = 0): Snapshot => ({
      ...base,
      mutedUntil,
      service: {
        ...base.service,
        settings: { ...base.service.settings, presentation: { ...base.service.settings.presentation, volume } },
      },
    });
    await show(level(0));
    let mark = await pageNow();
    await press('betOne');
    await show({ ...level(0), jacks: { ...base.jacks, bet: 1 } });
    expect(await soundsSince(mark)).toEqual([expect.objectContaining({ name: 'betOne', audible: false })]);
    await show(level(60, Date.now() + 600_000));
    mark = await pageNow();
    await show({ ...level(60, Date.now() + 600_000), jacks: { ...base.jacks, bet: 2 } });
    expect(await soundsSince(mark)).toEqual([expect.objectContaining({ name: 'betOne', audible: false })]);
    await show(level(60));
    mark = await pageNow();
    await show({ ...level(60), jacks: { ...base.jacks, bet: 3 } });
    expect(await soundsSince(mark)).toEqual([expect.objectContaining({ name: 'betOne', audible: true })]);
  });

  it('renders every sound offline: each is heard and none clips', async () => {
    const rendered = await page.evaluate(() =>
      (
        window as unknown as {
          __soundCheck: () => Promise<{ name: string; seconds: number; peak: number; rms: number }[]>;
        }
      ).__soundCheck(),
    );
    expect(rendered.map((r) => r.name)).toEqual(SOUND_NAMES);
    for (const r of rendered) {
      expect(r.peak, `${r.name} is heard`).toBeGreaterThan(0.1);
      expect(r.rms, `${r.name} has body`).toBeGreaterThan(0.01);
      expect(r.peak, `${r.name} does not clip`).toBeLessThan(0.98);
      expect(r.seconds, r.name).toBeGreaterThan(0.03);
    }
  });
});

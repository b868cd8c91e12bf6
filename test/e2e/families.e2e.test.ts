// Every video-poker family end to end, in one journey (issue 38 §4): the real renderer in
// Debian's Chromium, the real host, cabinet and store. A player chooses each family from the game
// menu and plays a hand of it (a hand stacked to show what the family is about: Bonus Poker's
// four aces, Double Double Bonus's aces with a kicker, Deuces Wild's deuces marked WILD), seen in
// English and Russian; then the technician recalls each game step by step and the command line
// replays its record to the same cards.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAMES, runReplay } from '../../src/core';
import {
  cardsOf,
  e2eSuite,
  freshDbPath,
  insertNote,
  openScreen,
  press,
  pressWish,
  SHOTS,
  until,
  type Scene,
} from './cabinet-harness';
import { svc, technicianLogin, untilSvc } from './service-steps';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const suite = e2eSuite();

/** Runs `npm run -s cabinet -- ARGS` as a technician would, on the cabinet's own database. */
function cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('npm', ['run', '-s', 'cabinet', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The deck each family is dealt from: five cards dealt, then the draw's. */
const HANDS: Record<string, string> = {
  'jacks-or-better': 'Jc 3d Jh 5s 9c Jd 5h',
  'bonus-poker': 'Ac Ad Ah As 7c 9d',
  'double-double-bonus': 'Ac Ad Ah As 3c 9d',
  'deuces-wild': '2s 7h 2d Kc 9s Ks 2c',
};

const FAMILIES = GAMES.filter((g) => g.shape === 'video-poker').map((g) => g.id as string);

type WildCard = Scene['cards'][number] & { wild?: boolean };
const title = (s: Scene): string => (s as Scene & { title: string }).title;

describe('every video-poker family from the game menu', () => {
  it('is chosen, played, seen in both languages, recalled and replayed to the same cards', async () => {
    const db = freshDbPath();
    const cabinet = await suite.start({}, 'memory', db);
    const page = await openScreen(suite.browser, cabinet.url, SHOTS, 'families');
    expect(await insertNote(cabinet, 10_000)).toBe(true);
    let s = await until(page, (x) => x.screen === 'lobby', 'the game menu');
    // The menu offers every family the registry holds, each tile naming its table.
    for (const game of FAMILIES) expect(s.buttons.some((b) => b.name === `game:${game}`)).toBe(true);
    await page.shot('menu');

    const played: { game: string; id: number }[] = [];
    for (const game of FAMILIES) {
      if (s.screen !== 'lobby') {
        await press(page, 'games');
        await until(page, (x) => x.screen === 'lobby', 'the game menu');
      }
      // A tile wishes the game only when it is not the one selected already.
      await press(page, `game:${game}`);
      await until(
        page,
        (x) => x.screen === 'jacks' && cabinet.app.runner.state.selectedGame === game,
        `${game} chosen`,
      );
      const deck = HANDS[game];
      if (deck === undefined) throw new Error(`no hand written for ${game}: add one to HANDS`);
      cabinet.stack(deck);
      await press(page, 'deal');
      const dealt = deck.split(' ').slice(0, 5);
      s = await until(page, (x) => cardsOf(x, 'jacks').join(' ') === dealt.join(' '), `${game} dealt`);
      // The title is the family's, and the deuces, and only they, are marked WILD in Deuces Wild.
      expect(title(s)).not.toBe('');
      const wild = s.cards.filter((c: WildCard) => c.wild).map((c) => c.position);
      expect(wild).toEqual(game === 'deuces-wild' ? [0, 2] : []);
      await page.shot(`${game}-dealt-en`);
      await pressWish(page, 'language');
      s = await until(page, (x) => title(x) !== '' && /[А-Я]/.test(title(x)), `${game} in Russian`);
      await page.shot(`${game}-dealt-ru`);
      await pressWish(page, 'language');
      await press(page, 'deal');
      await until(page, () => cabinet.app.runner.state.game?.outcome != null, `${game} settled`);
      s = await until(page, (x) => x.banners.length > 0, `${game}'s result`);
      await page.shot(`${game}-over-en`);
      played.push({ game, id: cabinet.app.runner.state.game!.id });
    }

    await technicianLogin(cabinet, page);
    await press(page, 'svc.recall');
    for (const { game, id } of played) {
      await untilSvc(page, (m) => m.list.some((b) => b.name === `recall.game.${id}`), 'the recalled games');
      await press(page, `recall.game.${id}`);
      let r = await untilSvc(page, (m) => m.page === 'recallGame' && m.cards.length > 0, `${game} recalled`);
      const hand = (x: Scene) => svc(x).cards[0]!.cards.map((c) => c.code);
      const steps = [hand(r)];
      while (r.buttons.find((b) => b.name === 'recall.stepNext')?.live) {
        const before = svc(r).headline?.text;
        await press(page, 'recall.stepNext');
        r = await untilSvc(page, (m) => m.headline?.text !== before, 'the next step');
        steps.push(hand(r));
      }
      await page.shot(`${game}-recall`);
      // The record replayed: by the command line for Deuces Wild (as a technician does; each run
      // starts a process, so one family), by the same code in this process for the others.
      const record = cabinet.app.journal.reader.recallGame(id);
      expect(record?.replay).toMatchObject({ game });
      let result: { dealt: string[]; final: string[] };
      if (game === 'deuces-wild') {
        const file = cli(['recall', '--db', db, '--replay', String(id)]);
        expect(file.status, file.stderr).toBe(0);
        expect(JSON.parse(file.stdout)).toEqual(record!.replay);
        const replayed = cli(['replay', '-'], file.stdout);
        expect(replayed.status, replayed.stderr).toBe(0);
        result = JSON.parse(replayed.stdout) as typeof result;
      } else result = runReplay(record!.replay) as typeof result & ReturnType<typeof runReplay>;
      expect(steps[0]).toEqual(result.dealt);
      expect(steps.at(-1)).toEqual(result.final);
      await press(page, 'recall.list');
    }
  });
});

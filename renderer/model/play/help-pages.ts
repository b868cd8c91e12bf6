// The help pages, made from the games on the menu: for each game in the menu's order, the house's
// page on how video poker is played (a video-poker family's, J-1 to J-6) and then the game's own
// pages (its declaration's words, quoting its rules; one with its pay table and return); last the
// cabinet's page on credits and cash-out. A new family brings its pages with its declaration.

import type { MenuEntry, Snapshot } from '../../../src/contract';
import { gameFace, gameTitle } from '../../i18n/game-words';
import { fill } from '../../i18n/template';
import { t, type TextKey } from '../../i18n/texts';

export interface HelpPageSpec {
  /** The game the page explains; null for the cabinet's page. */
  game: string | null;
  title: string;
  lines: string[];
  /** The game whose table (and return) the page shows under its lines. */
  table: MenuEntry | null;
}

const PLAY_LINES: readonly TextKey[] = ['help.vp.1', 'help.vp.2', 'help.vp.3', 'help.vp.4'];
const CABINET_LINES: readonly TextKey[] = ['help.cab.1', 'help.cab.2', 'help.cab.3', 'help.cab.4'];

export function helpPages(s: Snapshot): HelpPageSpec[] {
  const L = s.language;
  const max = { max: s.jacks.maxBet };
  const pages: HelpPageSpec[] = [];
  for (const entry of s.menu) {
    const game = entry.game;
    if (entry.shape === 'video-poker')
      pages.push({
        game,
        title: t(L, 'help.vp.title', { game: gameTitle(L, game) }),
        lines: PLAY_LINES.map((k) => t(L, k, max)),
        table: null,
      });
    for (const page of gameFace(game)?.texts[L].help ?? [])
      pages.push({
        game,
        title: fill(L, page.title, { game: gameTitle(L, game) }),
        lines: page.lines.map((line) => fill(L, line, max)),
        table: page.payTable ? entry : null,
      });
  }
  pages.push({ game: null, title: t(L, 'help.cab.title'), lines: CABINET_LINES.map((k) => t(L, k)), table: null });
  return pages;
}

/** The selected game's first help page (the help button's), or the first page. */
export function firstHelpPage(s: Snapshot): number {
  return Math.max(
    0,
    helpPages(s).findIndex((p) => p.game === s.selectedGame),
  );
}

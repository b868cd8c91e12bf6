import { describe, expect, it } from 'vitest';
import { GAME_FACES, GAME_IDS, type GameWords } from '../../src/contract';
import { VIDEO_POKER_FAMILIES } from '../../src/core/video-poker';
import { LANGUAGES } from './language';
import { gameBlurb, gameTitle, menuTableName } from './game-words';
import { countedWords, placeholders } from './template';
import { FORMS } from './plural';
import { handName, isTextKey } from './texts';

/** Every game the screens may show, with its categories and words: the registry's. */
const GAMES = GAME_IDS.map((id) => ({
  game: id as string,
  categories: GAME_FACES[id].categories,
  texts: GAME_FACES[id].texts,
}));

const everyText = (w: GameWords): string[] => [
  w.blurb,
  ...Object.values(w.hands).filter((x): x is string => x !== undefined),
  ...w.help.flatMap((p) => [p.title, ...p.lines]),
];

describe("each game's words (C-23)", () => {
  it('covers every video-poker family and every registered game', () => {
    expect(GAMES.map((g) => g.game).sort()).toEqual(
      [...new Set([...GAME_IDS, ...VIDEO_POKER_FAMILIES.map((f) => f.game)])].sort(),
    );
    for (const g of GAMES) expect(g.texts, g.game).toBeDefined();
  });

  it.each(GAMES)('names every category of $game in both languages, in its own words or the house poker names', (g) => {
    for (const language of LANGUAGES)
      for (const category of g.categories) {
        const own = (g.texts[language].hands as Record<string, string | undefined>)[category];
        const house = `hand.${category}`;
        expect(own !== undefined || isTextKey(house), `${g.game} ${language} ${category}`).toBe(true);
        expect(own ?? '', `${g.game} ${language} ${category}`).not.toMatch(/^\s+$/);
      }
    // Its own words name only its categories.
    for (const language of LANGUAGES)
      expect(g.categories).toEqual(expect.arrayContaining(Object.keys(g.texts[language].hands)));
  });

  it.each(GAMES)('gives $game a blurb and help pages in both languages, one with its pay table', (g) => {
    for (const language of LANGUAGES) {
      const w = g.texts[language];
      expect(w.blurb.trim(), `${g.game} ${language}`).not.toBe('');
      expect(w.help.length).toBeGreaterThan(0);
      expect(w.help.filter((p) => p.payTable).length, `${g.game} ${language}`).toBe(1);
      for (const text of everyText(w)) {
        expect(text.trim(), `${g.game} ${language}`).not.toBe('');
        for (const word of countedWords(text)) expect(word.forms).toHaveLength(FORMS[language]);
      }
    }
    // The same pages in both languages, each saying the same placeholders, and translated.
    const [en, ru] = [g.texts.en, g.texts.ru];
    expect(ru.help.map((p) => [p.lines.length, p.payTable ?? false])).toEqual(
      en.help.map((p) => [p.lines.length, p.payTable ?? false]),
    );
    expect(Object.keys(ru.hands).sort()).toEqual(Object.keys(en.hands).sort());
    const pairs: [string, string][] = [
      [en.blurb, ru.blurb],
      ...en.help.flatMap((p, i) => [
        [p.title, ru.help[i]!.title] as [string, string],
        ...p.lines.map((line, k) => [line, ru.help[i]!.lines[k]!] as [string, string]),
      ]),
    ];
    for (const [a, b] of pairs) {
      expect(placeholders(b), b).toEqual(placeholders(a));
      expect(b, a).not.toBe(a);
    }
  });

  it('says a hand in the game on show its own way, and falls back to the house names elsewhere', () => {
    const [dw, jb] = [GAMES.find((g) => g.game === 'deuces-wild')!, GAMES.find((g) => g.game === 'jacks-or-better')!];
    expect(dw.texts.en.hands['royal-flush' as never]).toBe('NATURAL ROYAL FLUSH');
    expect(handName('en', 'royal-flush', 'jacks-or-better')).toBe('ROYAL FLUSH');
    expect(handName('ru', 'full-house', jb.game)).toBe('ФУЛЛ-ХАУС');
    expect(handName('en', 'full-house')).toBe('FULL HOUSE');
  });

  it('titles a game by its declared name, in capitals, and gives its blurb', () => {
    expect(gameTitle('en', 'jacks-or-better')).toBe('JACKS OR BETTER');
    expect(gameTitle('ru', 'poker-plus')).toBe('ПОКЕР ПЛЮС');
    expect(gameBlurb('en', 'poker-plus')).toBe('Stud poker against the dealer with exchanges');
    // An id the registry does not hold (an old record) is shown as it is, never thrown on.
    expect(gameTitle('en', 'no-such-game')).toBe('NO-SUCH-GAME');
  });

  it("names a table on its game's tile without the game's name or its remarks", () => {
    expect(menuTableName('Jacks or Better 9/6, royal 250 at every bet (the default)', 'jacks-or-better')).toBe('9/6');
    expect(menuTableName('Deuces Wild Not So Ugly Ducks (25/16/10/4/4/3/2/1)', 'deuces-wild')).toBe(
      'Not So Ugly Ducks',
    );
    expect(menuTableName('Poker Plus, the five-card stud table (full house 7, flush 4)', 'poker-plus')).toBe(
      'Poker Plus',
    );
    expect(menuTableName('Standard', 'poker-plus')).toBe('Standard');
  });
});

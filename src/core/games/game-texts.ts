// What a game says to the player, in each language the screens speak (C-23): its blurb on the game
// menu, the names of its hands the house's poker names do not cover, and its help pages quoting
// its rules in docs/rules.md. Each game declares these beside its rules (its folder's texts.ts),
// so a new family brings its words with it; the screens read them through the contract.
// Placeholders are the renderer's (renderer/i18n/template.ts): `{max}` is the operator's max bet,
// `{game}` the game's name (its module's `names`, written once).

export const TEXT_LANGUAGES = ['en', 'ru'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

export interface GameWords<Category extends string = string> {
  /** One line under its name on the game menu and the attract loop. */
  readonly blurb: string;
  /**
   * Its hands' names where the house's poker names (H-3: `hand.<category>` in the renderer's text
   * table) do not say them: a category of its own, or one it names otherwise (Deuces Wild's
   * natural royal flush).
   */
  readonly hands: Readonly<Partial<Record<Category, string>>>;
  /**
   * Its help pages, first to last: a title and a few lines each, quoting its rules; one of them
   * shows its pay table (and the table's return) under its lines. A video-poker family's pages
   * follow the house's page on how video poker is played (J-1 to J-6), which every family shares.
   */
  readonly help: readonly { readonly title: string; readonly lines: readonly string[]; readonly payTable?: true }[];
}

export type GameTexts<Category extends string = string> = Readonly<Record<TextLanguage, GameWords<Category>>>;

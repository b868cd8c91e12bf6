// The rule that keeps a game's id literal in its own module and the registry
// (lint/game-id-literals.js), run with the project's own configuration on planted files.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { gameIds } from '../../lint/game-id-literals.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

async function problems(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'games/game-id-literals').map((m) => m.message);
}

const LITERAL = /The game id '([a-z-]+)' is written only in its module \(src\/core\/games\/\1\/\)/;

describe("a game's id literal only in its module and the registry", () => {
  it('reads the ids from the modules, one per game folder', () => {
    expect(gameIds(ROOT)).toEqual(
      new Map([
        ['bonus-poker', 'src/core/games/bonus-poker/'],
        ['deuces-wild', 'src/core/games/deuces-wild/'],
        ['double-double-bonus', 'src/core/games/double-double-bonus/'],
        ['jacks-or-better', 'src/core/games/jacks-or-better/'],
        ['poker-plus', 'src/core/games/poker-plus/'],
      ]),
    );
  });

  it('fires on an id in the cabinet, the app, the renderer and another game’s module, as a string, a type or a template', async () => {
    const found = await Promise.all([
      problems('src/cabinet/planted.ts', "export const isPp = (g: string) => g === 'poker-plus';\n"),
      problems('src/app/planted.ts', "export type Jacks = 'jacks-or-better';\n"),
      problems('renderer/model/planted.ts', 'export const key = `jacks-or-better`;\n'),
      problems('src/core/games/poker-plus/planted.ts', "export const other = 'jacks-or-better';\n"),
    ]);
    for (const messages of found) expect(messages).toEqual([expect.stringMatching(LITERAL)]);
  });

  it('lets a game name itself in its module, the registry hold the list, and tests name any game', async () => {
    const found = await Promise.all([
      problems('src/core/games/poker-plus/planted.ts', "export const ID = 'poker-plus';\n"),
      problems('src/core/games/registry.ts', "export const FIRST = 'jacks-or-better';\n"),
      problems('src/cabinet/planted.test.ts', "export const g = 'poker-plus';\n"),
      problems('src/cabinet/planted.ts', "export const game = 'blackjack';\n"),
    ]);
    expect(found).toEqual([[], [], [], []]);
  });

  it('takes a file on the legacy list as it is, and asks for it to leave the list once put right', async () => {
    // The project's list is empty now; a list of one planted file shows what the option does.
    const legacy = 'renderer/model/play/planted-legacy.ts';
    const withList = new ESLint({
      cwd: ROOT,
      overrideConfig: { files: [legacy], rules: { 'games/game-id-literals': ['error', { legacy: [legacy] }] } },
    });
    const lint = async (text: string) => {
      const [result] = await withList.lintText(text, { filePath: join(ROOT, legacy) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'games/game-id-literals').map((m) => m.message);
    };
    expect(await lint("export const g = 'poker-plus';\n")).toEqual([]);
    expect(await lint('export const g = 1;\n')).toEqual([
      expect.stringMatching(/no game id literal any more: take it off the legacy list/),
    ]);
    // Off the list, the same file is told.
    expect(await problems(legacy, "export const g = 'poker-plus';\n")).toEqual([expect.stringMatching(LITERAL)]);
  });
});

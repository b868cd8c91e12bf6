// The import rule (no-restricted-imports) of the project's own lint configuration, run on a text
// as if it were a file of the tree: what the lint tests plant where a layer's files live.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint | null = null;

/** The import rule's messages on `text` as if it were the file at `path` (from the root). */
export async function importProblems(path: string, text: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

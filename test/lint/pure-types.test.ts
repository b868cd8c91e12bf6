// The type-level guard of the pure layers and the renderer (tsconfig.pure.json,
// tsconfig.renderer.json, both run by `npm run typecheck`), proved on the projects copied with bad
// files planted where the pure layers and the screens live: each fails, named with what it touched.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const copy = mkdtempSync(join(tmpdir(), 'pure-types-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

// The projects as they are, with only the planted files under them: each run compiles what the
// project's own include and options make of them (the real tree passes the same typecheck in npm test).
for (const project of ['tsconfig.json', 'tsconfig.pure.json', 'tsconfig.renderer.json'])
  cpSync(join(ROOT, project), join(copy, project));

const PLANTED: Record<string, string> = {
  'src/core/planted-dom.ts': 'export const title = (): string => document.title;\n',
  'src/cabinet/planted-process.ts': 'export const argv = (): unknown => process.argv;\n',
  'src/contract/planted-node.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'renderer/model/planted-buffer.ts': "export const bytes = (): unknown => Buffer.from('x');\n",
};
for (const [file, text] of Object.entries(PLANTED)) {
  mkdirSync(dirname(join(copy, file)), { recursive: true });
  writeFileSync(join(copy, file), text);
}

/** The error lines of one typecheck of the copy. */
function typecheck(project: string): { status: number | null; errors: string[] } {
  const run = spawnSync(process.execPath, [TSC, '--noEmit', '-p', project], { cwd: copy, encoding: 'utf8' });
  return { status: run.status, errors: run.stdout.split('\n').filter((l) => l.includes('error TS')) };
}

describe('the pure layers and the renderer are guarded by their types', () => {
  it('fails a pure file that touches document, process or a Node module, naming it', () => {
    const { status, errors } = typecheck('tsconfig.pure.json');
    expect(status).not.toBe(0);
    expect(errors).toEqual([
      expect.stringMatching(/^src\/cabinet\/planted-process\.ts\(1,\d+\): error TS\d+: Cannot find name 'process'/),
      expect.stringMatching(
        /^src\/contract\/planted-node\.ts\(1,\d+\): error TS\d+: Cannot find (name|module) 'node:fs'/,
      ),
      expect.stringMatching(/^src\/core\/planted-dom\.ts\(1,\d+\): error TS\d+: Cannot find name 'document'/),
    ]);
  });

  it('compiles the real pure layers and the real screens with no Node types, the pure layers with no DOM', () => {
    // A package that pulled Node's or the DOM's types in would make every planted file above pass.
    const files = (project: string) =>
      spawnSync(process.execPath, [TSC, '--listFilesOnly', '-p', project], { cwd: ROOT, encoding: 'utf8' })
        .stdout.split('\n')
        .filter((f) => f !== '');
    const pure = files('tsconfig.pure.json');
    const screens = files('tsconfig.renderer.json');
    expect(pure.some((f) => f.includes('/src/cabinet/'))).toBe(true);
    expect(screens.some((f) => f.includes('/renderer/'))).toBe(true);
    expect(pure.filter((f) => /@types\/node|lib\.dom/.test(f))).toEqual([]);
    expect(screens.filter((f) => f.includes('@types/node'))).toEqual([]);
  });

  it('fails a screen file that touches a Node global, naming it', () => {
    const { status, errors } = typecheck('tsconfig.renderer.json');
    expect(status).not.toBe(0);
    expect(errors).toEqual([
      expect.stringMatching(/^renderer\/model\/planted-buffer\.ts\(1,\d+\): error TS\d+: Cannot find name 'Buffer'/),
    ]);
  });
});

// The lint rule against loops of imports (lint/no-import-cycle.js), on a tree of its own.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import noImportCycle from '../../lint/no-import-cycle.js';

const TREE: Record<string, string> = {
  // A loop made only of type imports.
  'types/a.ts': "import type { B } from './b';\nexport type A = { b: B | null };\n",
  'types/b.ts': "import { type A } from './a';\nexport interface B { a: A }\n",
  // Three files, one of them through a re-export and an index.
  'three/one.ts': "import { two } from './two';\nexport const one = () => two();\n",
  'three/two.ts': "export { three as two } from './deeper';\n",
  'three/deeper/index.ts': "import type { one } from '../one';\nexport const three = (): typeof one | null => null;\n",
  // A dynamic import back.
  'dynamic/x.ts': "import { y } from './y';\nexport const x = y;\n",
  'dynamic/y.ts': "export const y = 1;\nexport const later = () => import('./x');\n",
  // Downward only: a leaf imported by both sides of nothing.
  'down/top.ts': "import { mid } from './mid';\nimport { leaf } from './leaf';\nexport const top = mid + leaf;\n",
  'down/mid.ts': "import { leaf } from './leaf';\nexport const mid = leaf;\n",
  'down/leaf.ts': "import { readFileSync } from 'node:fs';\nexport const leaf = typeof readFileSync;\n",
  // Imports a loop without being in it.
  'outside.ts': "import type { A } from './types/a';\nexport type O = A;\n",
};

let root: string;
let results: Map<string, string[]>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lint-cycles-'));
  for (const [file, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
  });
  const linted = await eslint.lintFiles(['**/*.ts']);
  results = new Map(linted.map((r) => [r.filePath.slice(root.length + 1), r.messages.map((m) => m.message)]));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('no-import-cycle', () => {
  it('finds a loop made of type-only imports, naming it from each side', () => {
    expect(results.get('types/a.ts')).toEqual([expect.stringContaining('types/a.ts → types/b.ts → types/a.ts')]);
    expect(results.get('types/b.ts')).toEqual([expect.stringContaining('types/b.ts → types/a.ts → types/b.ts')]);
  });

  it('follows re-exports and folder indexes around a longer loop', () => {
    expect(results.get('three/one.ts')).toEqual([
      expect.stringContaining('three/one.ts → three/two.ts → three/deeper/index.ts → three/one.ts'),
    ]);
    expect(results.get('three/two.ts')).toHaveLength(1);
    expect(results.get('three/deeper/index.ts')).toHaveLength(1);
  });

  it('counts a dynamic import as an edge', () => {
    expect(results.get('dynamic/x.ts')).toEqual([
      expect.stringContaining('dynamic/x.ts → dynamic/y.ts → dynamic/x.ts'),
    ]);
    expect(results.get('dynamic/y.ts')).toHaveLength(1);
  });

  it('passes imports that only go downward, and a file that merely imports a loop', () => {
    for (const file of ['down/top.ts', 'down/mid.ts', 'down/leaf.ts', 'outside.ts'])
      expect(results.get(file), file).toEqual([]);
  });
});

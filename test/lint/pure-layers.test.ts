// The pure layers kept pure by the lint data (eslint.config.js, LAYERS): the configuration refuses
// layer data in which a pure layer may import an impure one, and with the project's own data the
// pure cabinet reaching math (worker threads) or a Node module is an error naming the rule.

import { describe, expect, it } from 'vitest';
import { importProblems } from './import-rule';
import { pureLayerProblems } from '../../lint/pure-layers.js';

describe('the pure layers in the lint data', () => {
  it('finds a pure layer allowed an impure one, and nothing in data that keeps them apart', () => {
    const layers = {
      core: { may: [], runtime: 'pure' },
      math: { may: ['core'], runtime: 'node' },
      cabinet: { may: ['core', 'math'], runtime: 'pure' },
      app: { may: ['core', 'math', 'cabinet'], runtime: 'node' },
    };
    expect(pureLayerProblems(layers)).toEqual(['pure cabinet may not import math']);
    expect(pureLayerProblems({ ...layers, cabinet: { may: ['core'], runtime: 'pure' } })).toEqual([]);
  });

  it('refuses the pure cabinet importing math or a Node module, and lets it import the core', async () => {
    const math = await importProblems(
      'src/cabinet/planted.ts',
      "import { parSheet } from '../math/parsheet';\nexport const p = parSheet;\n",
    );
    const node = await importProblems(
      'src/cabinet/vocabulary/planted.ts',
      "import { Worker } from 'node:worker_threads';\nexport const w = Worker;\n",
    );
    const core = await importProblems(
      'src/cabinet/planted.ts',
      "import { evaluate } from '../core/evaluator';\nexport const e = evaluate;\n",
    );
    expect(math).toEqual([expect.stringMatching(/cabinet may import only core/)]);
    expect(node).toEqual([expect.stringMatching(/cabinet is pure: no Node/)]);
    expect(core).toEqual([]);
  });
});

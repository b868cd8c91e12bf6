// The renderer runs no rule of the core (docs/architecture.md): the lint configuration refuses a
// renderer file importing src/core, whether a value or a type, and lets it import the contract.

import { describe, expect, it } from 'vitest';
import { importProblems } from './import-rule';

const CONTRACT_ONLY = /The renderer knows only the IPC contract/;

describe('the renderer imports the contract, never the core', () => {
  it('fires on a model, a view and the root importing the core', async () => {
    const model = await importProblems(
      'renderer/model/play/planted.ts',
      "import { jacksWin } from '../../../src/core';\nexport const w = jacksWin;\n",
    );
    const view = await importProblems(
      'renderer/ui/planted.ts',
      "import type { Card } from '../../src/core/cards';\nexport type C = Card;\n",
    );
    const root = await importProblems(
      'renderer/planted.ts',
      "import { runReplay } from '../src/core/replay';\nexport const r = runReplay;\n",
    );
    for (const problems of [model, view, root]) expect(problems).toEqual([expect.stringMatching(CONTRACT_ONLY)]);
  });

  it("lets the renderer import the contract, and the renderer's tests the core", async () => {
    const contract = await importProblems(
      'renderer/ui/planted.ts',
      "import { RANK_CHARS } from '../../src/contract/cards';\nexport const r = RANK_CHARS;\n",
    );
    const test = await importProblems(
      'renderer/model/play/planted.test.ts',
      "import { jacksWin } from '../../../src/core';\nexport const w = jacksWin;\n",
    );
    expect([contract, test]).toEqual([[], []]);
  });
});

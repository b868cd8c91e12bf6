// The lint rule that keeps test code in its rooms (eslint.config.js, TEST_CODE), run with the
// project's own configuration on files planted where production code lives: importing a testing/
// folder or test/ is an error there, and allowed in a test, a testing folder or test/ itself.

import { describe, expect, it } from 'vitest';
import { importProblems } from './import-rule';

const TEST_CODE = /Production code never imports test code/;

describe('test code in its own rooms', () => {
  it("fires on production code importing its layer's testing folder, another layer's, or test/", async () => {
    const own = await importProblems(
      'src/cabinet/planted.ts',
      "import { Rig } from './testing/rig';\nexport const r = Rig;\n",
    );
    const other = await importProblems(
      'src/app/planted.ts',
      "import { Bench } from '../store/testing/store-rig';\nexport const b = Bench;\n",
    );
    const root = await importProblems(
      'src/app/sas/planted.ts',
      "import { DeviceRig } from '../../../test/support/device-rig';\nexport const d = DeviceRig;\n",
    );
    const screen = await importProblems(
      'renderer/model/planted.ts',
      "import { fixtures } from '../../test/renderer/fixtures';\nexport const f = fixtures;\n",
    );
    for (const problems of [own, other, root, screen]) expect(problems).toEqual([expect.stringMatching(TEST_CODE)]);
  });

  it('lets tests and the testing folders import test code, and production code its own modules', async () => {
    const test = await importProblems(
      'src/cabinet/planted.test.ts',
      "import { Rig } from './testing/rig';\nexport const r = Rig;\n",
    );
    const testing = await importProblems(
      'src/app/testing/planted.ts',
      "import { Bench } from '../../store/testing/store-rig';\nexport const b = Bench;\n",
    );
    const production = await importProblems(
      'src/cabinet/planted.ts',
      "import { stepCabinet } from './cabinet';\nexport const s = stepCabinet;\n",
    );
    expect([test, testing, production]).toEqual([[], [], []]);
  });

  it("keeps a testing folder to its layer's imports all the same", async () => {
    const problems = await importProblems(
      'src/cabinet/testing/planted.ts',
      "import { Journal } from '../../store';\nexport const j = Journal;\n",
    );
    expect(problems).toEqual([expect.stringMatching(/cabinet may import only core/)]);
  });
});

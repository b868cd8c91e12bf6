// The development page's cashless account (issue 42): with the simulated casino system on the SAS
// link, its buttons move credits in from an account with AFT and back out again.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { parseConfig } from './config';
import { simControl } from './sim-control';
import { simulatedCabinet } from './testing/simulated-cabinet';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-sim-control-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('moves credits in from the casino system and returns them, through AFT', async () => {
  const { app, sim } = await simulatedCabinet({
    config: parseConfig({
      devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: 'simulated' },
    }),
    dataDir: join(dir, 'data'),
  });
  try {
    const control = simControl(sim, { host: app.sas!.host!, address: app.runner.state.sas!.settings.address });
    expect(await control({ device: 'casino', action: 'aftIn', cents: 2000 })).toMatchObject({
      transfer: { status: 0, amounts: { cashable: 2000 } },
    });
    expect(app.runner.state.balance).toBe(2000);
    expect(await control({ device: 'casino', action: 'aftOut' })).toMatchObject({ transfer: { status: 0 } });
    expect(app.runner.state.balance).toBe(0);
    expect(app.runner.state.meters.lifetime).toMatchObject({ aftCashableIn: 2000, aftCashableOut: 2000 });
    await expect(control({ device: 'casino', action: 'aftIn', cents: -5 })).rejects.toThrow(/cents/);
    await expect(simControl(sim)({ device: 'casino', action: 'aftOut' })).rejects.toThrow(/simulated/);
  } finally {
    await app.close();
  }
}, 30_000);

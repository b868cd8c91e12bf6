// A technician at work on a started cabinet, for tests only: the devices online, the key
// turned, logged in with the initial PIN and a new one set (C-21).

import { basename, dirname, join } from 'node:path';
import { expect } from 'vitest';
import { dataPath } from '../../store/testing/store-rig';
import { DEVICE_NAMES } from '../../cabinet';
import { startCabinet, type AssembledCabinet } from '../cabinet-app';
import type { AppConfig } from '../config';
import type { CabinetRunner } from '../runner';

/** The devices report in, the technician turns the key, logs in and leaves the initial PIN. */
function technicianIn(runner: CabinetRunner): void {
  for (const device of DEVICE_NAMES) runner.submit({ kind: 'device', event: { device, type: 'online' } });
  runner.submit({
    kind: 'device',
    event: {
      device: 'deck',
      type: 'switches',
      keys: { attendant: false, technician: true },
      doors: { main: false, logic: false, cashbox: false },
    },
  });
  expect(runner.wish({ type: 'technicianPin', pin: '0000' }).ok).toBe(true);
  expect(runner.wish({ type: 'setPin', pin: '246810' }).ok).toBe(true);
  expect(runner.state.access.technicianSession).toBe(true);
}

/**
 * A production cabinet started on a fresh database under `dir` (the ledger's devices, nothing
 * written beside it; the pay tables' returns worked out only when asked for), with a technician
 * in at it; `work` runs there, and the cabinet is closed after it, whatever happens. `log`
 * takes what the cabinet says (its standard error otherwise).
 */
export async function atTechnicianCabinet(
  config: AppConfig,
  dir: string,
  work: (app: AssembledCabinet) => Promise<void>,
  log?: (line: string) => void,
): Promise<void> {
  const db = dataPath(join(dir, 'tech'));
  const app = await startCabinet({
    config,
    dataDir: dirname(db),
    database: basename(db),
    devices: { kind: 'ledger', ledgerPath: null },
    dealing: { kind: 'crypto' },
    ratePayTables: 'when asked',
    ...(log ? { log } : {}),
  });
  try {
    technicianIn(app.runner);
    await work(app);
  } finally {
    await app.close();
  }
}

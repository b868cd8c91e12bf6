// A technician at work on a started cabinet, for tests only: the devices online, the key
// turned, logged in with the initial PIN and a new one set (C-21).

import { expect } from 'vitest';
import type { CabinetRunner } from '../runner';

/** The devices report in, the technician turns the key, logs in and leaves the initial PIN. */
export function technicianIn(runner: CabinetRunner): void {
  for (const device of ['acceptor', 'printer', 'deck'] as const)
    runner.submit({ kind: 'device', event: { device, type: 'online' } });
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

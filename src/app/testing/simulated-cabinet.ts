// A test's cabinet from the one assembly with every device simulated behind its real driver on
// in-memory lines: notes and tickets go in through the acceptor's simulator. For tests only.

import { until } from '../../devices/testing/event-log';
import { startCabinet, type AssembledCabinet, type CabinetPlan } from '../cabinet-app';

export interface SimulatedCabinet {
  app: AssembledCabinet;
  sim: NonNullable<AssembledCabinet['devices']['sim']>;
}

/** Started and up: every device heard, no tilt, the acceptor taking money. */
export async function simulatedCabinet(plan: Omit<CabinetPlan, 'devices' | 'dealing'>): Promise<SimulatedCabinet> {
  const app = await startCabinet({
    ...plan,
    devices: { kind: 'simulated', transport: 'memory' },
    dealing: { kind: 'crypto' },
  });
  await until(
    'the devices up',
    () => app.runner.state.tilts.length === 0 && app.runner.state.acceptorEnabled === true,
    10_000,
  );
  return { app, sim: app.devices.sim! };
}

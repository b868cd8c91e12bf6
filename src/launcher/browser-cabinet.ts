// The cabinet served to a browser: the running app behind the screen port, the host on
// 127.0.0.1, and the simulators behind the development page (all devices simulated only).

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openStore, startCabinet, type CabinetApp } from '../app/cabinet-app';
import { devicesFor } from '../app/cabinet-devices';
import { runningCabinet } from '../app/running-cabinet';
import { screenPort } from '../app/screen/screen-port';
import { simControl } from '../app/sim-control';
import type { SimulatedDevices } from '../devices';
import { startHost, type RunningHost } from '../host/host-server';

const DEV_PAGE = fileURLToPath(new URL('../host/dev-page', import.meta.url));

export interface ServedCabinet {
  url: string;
  /** The simulators' development page with its token; null with any real device. */
  devUrl: string | null;
  host: RunningHost;
  app: CabinetApp;
  /** The simulators, when every device is simulated; null when any is on a real port. */
  devices: { sim: SimulatedDevices } | null;
  close(): Promise<void>;
}

/** Joins a running app and its simulated devices to a host. Tests use it with their own app. */
export async function serveCabinet(rendererRoot: string, app: CabinetApp, devices: { sim: SimulatedDevices } | null, port = 0): Promise<ServedCabinet> {
  const host = await startHost({
    cabinet: screenPort(runningCabinet(app)),
    rendererRoot,
    port,
    dev: devices ? { root: DEV_PAGE, handle: simControl(devices.sim) } : undefined,
  });
  return {
    url: host.url,
    devUrl: host.devUrl,
    host,
    app,
    devices,
    async close() {
      await host.close();
      await app.close();
    },
  };
}

export async function startBrowserCabinet(options: { root: string; config?: string; db: string; port: number }): Promise<ServedCabinet> {
  const config = loadConfig(options.config);
  const store = openStore(options.db, config);
  const { bus, sim } = devicesFor(config, false);
  // The development page works the simulators: only when there is no real device to reach.
  const { acceptor, printer, deck } = sim;
  const devices = acceptor && printer && deck ? { sim: { acceptor, printer, deck } } : null;
  try {
    const app = await startCabinet(config, store, bus);
    return await serveCabinet(join(options.root, 'dist', 'renderer'), app, devices, options.port);
  } catch (e) {
    await bus.close();
    store.close();
    throw e;
  }
}

// The cabinet served to a browser: the running app behind the screen port, the host on
// 127.0.0.1, and the simulators behind the development page.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openStore, startCabinet, type CabinetApp } from '../app/cabinet-app';
import { runningCabinet } from '../app/running-cabinet';
import { screenPort } from '../app/screen/screen-port';
import { simControl } from '../app/sim-control';
import { createSerialDevices, createSimulatedDevices, type PortPaths, type SimulatedSet } from '../devices';
import { startHost, type RunningHost } from '../host/host-server';

const DEV_PAGE = fileURLToPath(new URL('../host/dev-page', import.meta.url));

export interface ServedCabinet {
  url: string;
  host: RunningHost;
  app: CabinetApp;
  /** Null when the configuration names real serial ports. */
  devices: SimulatedSet | null;
  close(): Promise<void>;
}

/** Joins a running app and its simulated devices to a host. Tests use it with their own app. */
export async function serveCabinet(rendererRoot: string, app: CabinetApp, devices: SimulatedSet | null, port = 0): Promise<ServedCabinet> {
  const host = await startHost({
    cabinet: screenPort(runningCabinet(app)),
    rendererRoot,
    port,
    dev: devices ? { root: DEV_PAGE, handle: simControl(devices.sim) } : undefined,
  });
  return {
    url: host.url,
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
  const store = openStore(options.db);
  const devices = config.devices === 'simulated' ? await createSimulatedDevices({ transport: 'memory' }) : null;
  const bus = devices ? devices.bus : createSerialDevices(config.devices as PortPaths);
  try {
    const app = await startCabinet(config, store, bus);
    return await serveCabinet(join(options.root, 'dist', 'renderer'), app, devices, options.port);
  } catch (e) {
    await bus.close();
    store.close();
    throw e;
  }
}

// The running cabinet for a screen carrier (the Electron main process): configuration, database
// in the data folder, devices on the configured serial ports or simulated, production dealing.

import { join } from 'node:path';
import type { CabinetPort } from '../contract';
import type { Journal } from '../store';
import { loadConfig, openStore, startCabinet } from './cabinet-app';
import { describeDevices, devicesFor } from './cabinet-devices';
import type { AppConfig } from './config';
import { runningCabinet } from './running-cabinet';
import { screenPort } from './screen/screen-port';

export interface CabinetLinkOptions {
  dataDir: string;
  configFile: string | null;
  argv: readonly string[];
  /** The installed app (Electron's isPackaged): a real cabinet, where no device may be simulated. */
  packaged: boolean;
  log(line: string): void;
}

export interface CabinetLink {
  port: CabinetPort;
  close(): Promise<void>;
  display: AppConfig['display'];
}

export async function createCabinetPort(options: CabinetLinkOptions): Promise<CabinetLink> {
  const config = loadConfig(options.configFile ?? undefined);
  // The configuration's refusals first: nothing is opened, made or written for a cabinet that cannot run.
  const bus = devicesFor(config, options.packaged).bus;
  let store: Journal | null = null;
  try {
    store = openStore(join(options.dataDir, 'cabinet.db'), config);
    options.log(`devices: ${describeDevices(config)}`);
    const app = await startCabinet(config, store, bus);
    return { port: screenPort(runningCabinet(app)), close: () => app.close(), display: config.display };
  } catch (e) {
    await bus.close();
    store?.close();
    throw e;
  }
}

// The running cabinet for a screen carrier (the Electron main process): configuration, database
// in the data folder, devices on the configured serial ports or simulated, production dealing.

import { join } from 'node:path';
import type { CabinetPort } from '../contract';
import { createSerialDevices, createSimulatedDevices } from '../devices';
import type { DeviceBus } from '../cabinet';
import { loadConfig, openStore, startCabinet } from './cabinet-app';
import type { AppConfig } from './config';
import { runningCabinet } from './running-cabinet';
import { screenPort } from './screen/screen-port';

export interface CabinetLinkOptions {
  dataDir: string;
  configFile: string | null;
  argv: readonly string[];
  log(line: string): void;
}

export interface CabinetLink {
  port: CabinetPort;
  close(): Promise<void>;
  display: AppConfig['display'];
}

async function devicesFor(config: AppConfig, log: (line: string) => void): Promise<DeviceBus> {
  if (config.devices === 'simulated') {
    log('devices: simulated (the configuration names no serial ports)');
    return (await createSimulatedDevices({ transport: 'memory' })).bus;
  }
  log(`devices: acceptor ${config.devices.acceptor}, printer ${config.devices.printer}, deck ${config.devices.deck}`);
  return createSerialDevices(config.devices);
}

export async function createCabinetPort(options: CabinetLinkOptions): Promise<CabinetLink> {
  const config = loadConfig(options.configFile ?? undefined);
  const store = openStore(join(options.dataDir, 'cabinet.db'));
  let bus: DeviceBus | null = null;
  try {
    bus = await devicesFor(config, options.log);
    const app = await startCabinet(config, store, bus);
    return { port: screenPort(runningCabinet(app)), close: () => app.close(), display: config.display };
  } catch (e) {
    await bus?.close();
    store.close();
    throw e;
  }
}

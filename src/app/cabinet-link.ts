// The running cabinet for a screen carrier (the Electron main process): the configuration file,
// the database in the data folder, devices on the configured serial ports or simulated, and
// production dealing; the assembly (cabinet-app.ts) does the rest.

import type { CabinetPort } from '../contract';
import { loadConfig, startCabinet } from './cabinet-app';
import type { AppConfig } from './config';

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
  const cabinet = await startCabinet({
    config,
    dataDir: options.dataDir,
    devices: { kind: 'configured', packaged: options.packaged },
    dealing: { kind: 'crypto' },
    log: options.log,
  });
  return { port: cabinet.port, close: () => cabinet.close(), display: config.display };
}

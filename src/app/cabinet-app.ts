// Building a running cabinet: configuration, database, devices and the dealing source. The
// production start always deals from node:crypto; seeded dealing exists only for the headless
// bot, and only with simulated devices, so real money never meets a predictable deck.

import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SeededRandom, type RandomSource } from '../core';
import type { DeviceBus } from '../cabinet';
import { CabinetStore } from '../store';
import { parseConfig, parseConfigText, type AppConfig } from './config';
import { CryptoRandom } from './crypto-random';
import { nodeEnv } from './node-env';
import { CabinetRunner } from './runner';
import { installedPayTables, type PayTableCatalog } from './service/installed-pay-tables';
import { SimulatedDevices } from './sim/simulated-devices';

export const DEFAULT_DB = './data/cabinet.db';

export function loadConfig(file: string | undefined): AppConfig {
  if (file === undefined) return parseConfig({});
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`config: cannot read ${file}: ${(e as Error).message}`);
  }
  return parseConfigText(text, file);
}

export function openStore(dbPath: string): CabinetStore {
  mkdirSync(dirname(dbPath), { recursive: true });
  return CabinetStore.open(dbPath);
}

export interface CabinetApp {
  runner: CabinetRunner;
  store: CabinetStore;
  /** The installed pay tables with their returns; the package's own when absent. */
  payTables?: PayTableCatalog;
  close(): Promise<void>;
}

async function build(config: AppConfig, store: CabinetStore, bus: DeviceBus, dealing: RandomSource): Promise<CabinetApp> {
  const payTables = installedPayTables();
  const runner = await CabinetRunner.start({
    store,
    bus,
    env: nodeEnv(dealing),
    settings: config.settings,
    installed: payTables.installed,
    initialPin: config.initialPin,
  });
  return {
    runner,
    store,
    payTables,
    async close() {
      await runner.close();
      store.close();
    },
  };
}

/** The production cabinet: deals from node:crypto, whatever the devices are. */
export function startCabinet(config: AppConfig, store: CabinetStore, bus: DeviceBus): Promise<CabinetApp> {
  return build(config, store, bus, new CryptoRandom());
}

/** `run --headless --bot` and tests only: seeded dealing, refused with anything but simulated devices. */
export async function startBotCabinet(config: AppConfig, store: CabinetStore, sim: SimulatedDevices, seed: string): Promise<CabinetApp> {
  if (!(sim instanceof SimulatedDevices)) throw new Error('seeded dealing runs only with simulated devices');
  return build(config, store, sim, new SeededRandom(`deal:${seed}`));
}

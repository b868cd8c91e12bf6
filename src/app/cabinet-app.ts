// Building a running cabinet: configuration, database, devices and the dealing source. The
// production start always deals from node:crypto; seeded dealing exists only for the headless
// bot, and only with simulated devices and a database made for it, so real money never meets a
// predictable deck and simulated credits never reach a production database.

import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SeededRandom, type RandomSource } from '../core';
import type { DeviceBus } from '../cabinet';
import { Journal, type Purpose } from '../store';
import { parseConfig, parseConfigText, type AppConfig } from './config';
import { CryptoRandom } from './crypto-random';
import { nodeEnv } from './node-env';
import { CabinetRunner } from './runner';
import { fullyRated, installedPayTables, type PayTableCatalog } from './service/installed-pay-tables';
import { checkConfigReturns } from './service/table-returns';
import { SimulatedDevices } from './sim/simulated-devices';

export const DEFAULT_DB = './data/cabinet.db';

/**
 * The config file, checked whole before anything opens the database: its form, and (C-24) the
 * return of every pay table it puts in play against the operator's range.
 */
export function loadConfig(file: string | undefined): AppConfig {
  const config = file === undefined ? parseConfig({}) : parseConfigText(readConfigFile(file), file);
  checkConfigReturns(config.settings, config.recordedReturns, installedPayTables().installed);
  return config;
}

function readConfigFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`config: cannot read ${file}: ${(e as Error).message}`);
  }
}

/**
 * Where the machine key and the mirror are, unless the config file says: the key beside the
 * config file (machine.key), or, with no config file, in the folder that holds the data folder;
 * the mirror in a folder beside the data folder, named after it with "-mirror". Both outside the
 * data folder, so that a copy of it carries neither (docs/deploy.md).
 */
export function storePlaces(config: AppConfig, dbPath: string): { keyFile: string; mirror: string } {
  const data = dirname(resolve(dbPath));
  const keyFolder = config.file !== null ? dirname(resolve(config.file)) : dirname(data);
  return { keyFile: config.store.keyFile ?? join(keyFolder, 'machine.key'), mirror: config.store.mirror ?? `${data}-mirror` };
}

/** Opens (or makes) the cabinet's database for this machine: production, or simulated for the bot. */
export function openStore(dbPath: string, config: AppConfig, purpose: Purpose = 'production'): Journal {
  mkdirSync(dirname(dbPath), { recursive: true });
  return Journal.open(dbPath, { ...storePlaces(config, dbPath), machine: config.settings.voucher.machine, purpose });
}

export interface CabinetApp {
  runner: CabinetRunner;
  store: Journal;
  /**
   * The installed pay tables with every return worked out (the first call works out the
   * Jacks or Better ones not in play and hands them to the cabinet); the package's own when absent.
   */
  ratedPayTables?: () => PayTableCatalog;
  close(): Promise<void>;
}

async function build(config: AppConfig, store: Journal, bus: DeviceBus, dealing: RandomSource): Promise<CabinetApp> {
  const payTables = installedPayTables();
  const runner = await CabinetRunner.start({
    store,
    bus,
    env: nodeEnv(dealing),
    settings: config.settings,
    installed: payTables.installed,
    configReturns: checkConfigReturns(config.settings, config.recordedReturns, payTables.installed),
    initialPin: config.initialPin,
  });
  let rated: PayTableCatalog | null = null;
  return {
    runner,
    store,
    ratedPayTables() {
      if (!rated) {
        rated = fullyRated(payTables);
        runner.rateInstalled(rated.installed);
      }
      return rated;
    },
    async close() {
      await runner.close();
      store.close();
    },
  };
}

/** The production cabinet: deals from node:crypto, whatever the devices are, on a production database. */
export async function startCabinet(config: AppConfig, store: Journal, bus: DeviceBus): Promise<CabinetApp> {
  if (store.purpose !== 'production') throw new Error('the production cabinet runs only on a production database');
  return build(config, store, bus, new CryptoRandom());
}

/**
 * `run --headless --bot` on real drivers (the crash test's serial simulators over ptys): dealt as
 * the production cabinet deals, on a simulated database, since the bot's credits are not money.
 */
export async function startBotOnDrivers(config: AppConfig, store: Journal, bus: DeviceBus): Promise<CabinetApp> {
  if (store.purpose !== 'simulated') throw new Error('the bot plays only on a simulated database');
  return build(config, store, bus, new CryptoRandom());
}

/** `run --headless --bot` and tests only: seeded dealing, refused with anything but simulated devices and database. */
export async function startBotCabinet(config: AppConfig, store: Journal, sim: SimulatedDevices, seed: string): Promise<CabinetApp> {
  if (!(sim instanceof SimulatedDevices)) throw new Error('seeded dealing runs only with simulated devices');
  if (store.purpose !== 'simulated') throw new Error('seeded dealing runs only on a simulated database');
  return build(config, store, sim, new SeededRandom(`deal:${seed}`));
}

// The one assembly of a running cabinet: configuration, database, devices and dealing in, its
// screen port, its simulators and one close() out. Electron's main process, the browser host,
// `run --headless`, the soak, the crash test and the tests all start a cabinet here.
//
// The production start always deals from node:crypto. Seeded dealing exists only for tests and
// the headless bot, only with simulated devices and on a database made for it, so real money
// never meets a predictable deck and simulated credits never reach a production database.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SeededRandom, shuffledDeck, type Card, type RandomSource } from '../core';
import type { DeviceBus } from '../cabinet';
import type { AnchorView, CabinetPort } from '../contract';
import { SerialDeviceBus } from '../devices';
import { Journal, type AnchorChoice, type MachineOptions, type Purpose } from '../store';
import { describeDevices, openDevices, refuseDevices, type DevicePlan, type OpenedDevices } from './cabinet-devices';
import { parseConfig, parseConfigText, type AppConfig } from './config';
import { CryptoRandom } from './crypto-random';
import { nodeEnv } from './node-env';
import { CabinetRunner } from './runner';
import { screenPort } from './screen/screen-port';
import {
  fullyRatedInTurns,
  installedPayTables,
  withKnownReturns,
  type PayTableCatalog,
} from './service/installed-pay-tables';
import type { AcceptorInfo, PrinterInfo } from './service/answer-query';
import { checkConfigReturns, keepParSheetsIn } from './service/table-returns';
import { PAR_SHEET_FILE, parSheetFileIn } from './service/par-sheet-file';
import { sasJournal } from './sas/sas-journal';
import { startSas, type SasService, type SasServiceOptions } from './sas/sas-service';
import { HostTicketValidator } from './sas/ticket-in';
import { CabinetWork, measured } from './cabinet-work';

export type { DevicePlan } from './cabinet-devices';

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
  return {
    keyFile: config.store.keyFile ?? join(keyFolder, 'machine.key'),
    mirror: config.store.mirror ?? `${data}-mirror`,
  };
}

/** The TPM device a cabinet's PC has (the kernel's resource manager in front of its TPM 2.0). */
export const TPM_DEVICE = '/dev/tpmrm0';

/**
 * The records' TPM counter (docs/deploy.md, "The records"): as the config file names it, or by
 * default the PC's TPM where it has one. A simulated database (tests, the bot, the soak) is
 * anchored only where the file says so, so that no test run writes a developer's TPM.
 */
export function anchorOf(config: AppConfig, purpose: Purpose, tpmDevice = TPM_DEVICE): AnchorChoice {
  const a = config.store.anchor;
  if (a === 'none') return { kind: 'none', why: 'store.anchor is "none" in the config file' };
  if (a !== null) return { kind: 'tpm', tcti: a.tcti, ...(a.index !== null ? { index: a.index } : {}) };
  if (purpose === 'simulated') return { kind: 'none', why: 'a simulated database, and store.anchor names no counter' };
  if (existsSync(tpmDevice)) return { kind: 'tpm', tcti: { kind: 'device', path: tpmDevice } };
  return { kind: 'none', why: `this PC has no TPM (${tpmDevice}), and store.anchor names no counter` };
}

/** The machine a database at `dbPath` belongs to, as the configuration names it. */
export function machineOf(config: AppConfig, dbPath: string, purpose: Purpose = 'production'): MachineOptions {
  return {
    ...storePlaces(config, dbPath),
    machine: config.settings.voucher.machine,
    purpose,
    anchor: anchorOf(config, purpose),
  };
}

/** Opens (or makes) the cabinet's journal for this machine: production, or simulated for the bot. */
export function openJournal(dbPath: string, config: AppConfig, purpose: Purpose = 'production'): Journal {
  mkdirSync(dirname(dbPath), { recursive: true });
  return Journal.open(dbPath, machineOf(config, dbPath, purpose));
}

/** The records' anchor as the technician's Devices page shows it. */
function anchorView(journal: Journal, purpose: Purpose): AnchorView {
  const a = journal.anchorStatus;
  return {
    anchored: a.anchored,
    bench: purpose === 'simulated',
    description: a.description.slice(0, 300),
    records: a.records,
    counter: a.counter,
    problem: journal.anchorProblem?.slice(0, 300) ?? null,
  };
}

/** Where the deal comes from: node:crypto, or (tests and the headless bot only) a seed. */
export type Dealing =
  | { kind: 'crypto' }
  | {
      kind: 'seeded';
      /** The deal follows `deal:SEED:VERSION`, VERSION the committed one a start resumes from. */
      seed: string;
      /** Who asks: a test, or the headless bot (run --headless, and the soak that runs it in process). */
      for: 'test' | 'bot';
      /** Decks dealt first, in order, as a test stacks them (it may push more while it runs). */
      decks?: Card[][];
    };

export interface CabinetPlan {
  config: AppConfig;
  /** The data folder; the key and the mirror are outside it (storePlaces). */
  dataDir: string;
  /** The database's file name in the data folder. */
  database?: string;
  devices: DevicePlan;
  dealing: Dealing;
  /** What the database is for: production (crypto dealing's default) or simulated (seeded dealing's, and the bot's). */
  purpose?: Purpose;
  log?: (line: string) => void;
  /** How long start waits for the acceptor's restart answer (tests). */
  recoveryWaitMs?: number;
  /**
   * When the returns of the installed tables not in play are worked out (C-24): from the start,
   * in turns of the event loop (default), or only once the catalog is first asked for (a
   * cabinet without a screen, such as the headless bot, may never need them).
   */
  ratePayTables?: 'at start' | 'when asked';
  /** The SAS link's seams (tests: how its port is set up). */
  sasOptions?: SasServiceOptions;
}

export interface AssembledCabinet {
  /** What a screen carrier (the host's WebSocket, Electron's IPC bridge) talks to. */
  port: CabinetPort;
  /** The simulators and their cables, and the bot's bench devices, as far as there are any. */
  devices: Omit<OpenedDevices, 'bus'>;
  runner: CabinetRunner;
  journal: Journal;
  /**
   * The installed pay tables with the returns known so far: those in play from the start, every
   * other one once the pass in turns is done (the first call begins it if it has not begun).
   */
  ratedPayTables(): PayTableCatalog;
  /** Settles with every return worked out and handed to the cabinet (null if it closed first). */
  payTablesRated(): Promise<PayTableCatalog | null>;
  /** The committed version this start resumed from (0 for a new database). */
  resumedVersion: number;
  /** The SAS link to a casino system, when the configuration names one (`devices.sas`). */
  sas: SasService | null;
  /** Stops the runner and closes the devices, then the database, its key's mirror with it. */
  close(): Promise<void>;
}

/** The acceptor's driver's knowledge of its unit, when the devices are serial drivers. */
function acceptorInfo(bus: DeviceBus): AcceptorInfo | null {
  if (!(bus instanceof SerialDeviceBus)) return null;
  const driver = bus.drivers.acceptor;
  const { frames, badFrames } = driver.lineStats();
  return { ...driver.identity, frames, badFrames };
}

/** The printer's driver's knowledge of its printer, when the devices are serial drivers. */
function printerInfo(bus: DeviceBus): PrinterInfo | null {
  if (!(bus instanceof SerialDeviceBus)) return null;
  const driver = bus.drivers.printer;
  const { frames, badFrames } = driver.lineStats();
  return { ...driver.identity, frames, badFrames };
}

function refuseSeeded(plan: CabinetPlan, purpose: Purpose): void {
  const { dealing, devices, config } = plan;
  if (dealing.kind !== 'seeded') return;
  if (dealing.for !== 'test' && dealing.for !== 'bot')
    throw new Error('seeded dealing is only for tests and the headless bot');
  const simulated =
    devices.kind === 'simulated' ||
    devices.kind === 'ledger' ||
    (devices.kind === 'configured' &&
      !devices.packaged &&
      Object.values(config.devices).every((d) => d === 'simulated'));
  if (!simulated) throw new Error('seeded dealing runs only with simulated devices');
  if (purpose !== 'simulated') throw new Error('seeded dealing runs only on a simulated database');
}

/**
 * Builds a running cabinet. In this order: the plan's refusals (the configuration's devices,
 * seeded dealing where it may not be) before anything is opened; the journal (key, database,
 * mirror); the devices; the runner, which reads the committed state and recovers. Whatever was
 * opened is closed again, last first, when a later step fails.
 */
export async function startCabinet(plan: CabinetPlan): Promise<AssembledCabinet> {
  const { config } = plan;
  const purpose = plan.purpose ?? (plan.dealing.kind === 'seeded' ? 'simulated' : 'production');
  refuseDevices(plan.devices, config);
  refuseSeeded(plan, purpose);
  // The pay-table files (a broken one refuses the start, naming it) and C-24's check of every
  // table the configuration puts in play, before the database is opened.
  const payTables = installedPayTables();
  const dbPath = join(plan.dataDir, plan.database ?? 'cabinet.db');
  // The par sheets met at earlier starts, kept beside the records: only a changed table is worked out.
  const sheets = parSheetFileIn(plan.dataDir, storePlaces(config, dbPath).keyFile);
  if (sheets?.refused) plan.log?.(`par sheets: ${PAR_SHEET_FILE} not believed (${sheets.refused}); worked out again`);
  keepParSheetsIn(sheets);
  const configReturns = checkConfigReturns(config.settings, config.recordedReturns, payTables.installed);
  const journal = openJournal(dbPath, config, purpose);
  // A first start has its machine key now: what was worked out above is kept from here on.
  if (!sheets) keepParSheetsIn(parSheetFileIn(plan.dataDir, storePlaces(config, dbPath).keyFile));
  plan.log?.(`records: ${journal.anchorStatus.description}`);
  for (const w of config.warnings) plan.log?.(`warning: ${w}`);
  let devices: OpenedDevices | null = null;
  try {
    const resumedVersion = journal.load()?.version ?? 0;
    const seeded = plan.dealing.kind === 'seeded' ? plan.dealing : null;
    const dealing: RandomSource = seeded
      ? new SeededRandom(`deal:${seeded.seed}:${resumedVersion}`)
      : new CryptoRandom();
    // The bench devices' paper jams: seeded with the deal, or as unpredictable as it.
    const jams = seeded ? new SeededRandom(`devices:${seeded.seed}:${resumedVersion}`) : new CryptoRandom();
    devices = await openDevices(plan.devices, config, jams, dirname(dbPath));
    const bus = devices.bus;
    if (plan.devices.kind === 'configured') plan.log?.(`devices: ${describeDevices(config)}`);
    const env = nodeEnv(dealing, journal);
    // Secure enhanced validation prints only while the 4D buffer has room for the voucher's record.
    if (config.sas) env.sasUnreadVouchers = () => journal.sasValidations().filter((r) => !r.read).length;
    const decks = seeded?.decks;
    if (decks) env.newDeck = () => decks.shift() ?? shuffledDeck(dealing);
    // With a SAS link the casino system validates tickets (its 71); standalone only without one.
    const hostValidator = config.sas ? new HostTicketValidator() : null;
    // Long work under way (the records' walk, the tables' returns), for the screens.
    const work = new CabinetWork();
    const runner = await CabinetRunner.start({
      work,
      store: journal,
      bus,
      env,
      settings: config.settings,
      installed: payTables.installed,
      configReturns,
      initialPin: config.initialPin,
      recoveryWaitMs: plan.recoveryWaitMs,
      // The SAS link (issue 14): its settings told to the cabinet at every start, and each
      // commit's exceptions and vouchers written in it.
      sas: config.sas?.settings ?? null,
      journal: sasJournal(journal),
      ...(hostValidator ? { validator: hostValidator.validate } : {}),
    });
    // Then the link itself, answering from the committed state the runner keeps.
    let sas: SasService | null = null;
    try {
      sas =
        config.sas && hostValidator
          ? await startSas(config.sas, runner, journal, hostValidator, plan.sasOptions)
          : null;
    } catch (e) {
      await runner.close();
      throw e;
    }
    // The retention rule, beside play: what is due moves to an archive file (store/archive.ts),
    // shown on the screens as the cabinet's work; a failure is logged, and the next start tries again.
    const retention = config.store.retention;
    if (retention !== null)
      void measured(work.begin('archive', retention.archive), (progress) =>
        journal.archiveInBackground(retention.archive, retention, progress),
      ).then(
        (file) =>
          plan.log?.(`records: ${file === null ? 'nothing due for the archive' : `older records archived to ${file}`}`),
        (e: unknown) =>
          plan.log?.(`records: the archive was not written: ${e instanceof Error ? e.message : String(e)}`),
      );
    // The exact returns of the Jacks or Better tables not in play, for the technician's choice
    // (C-24): a pass in turns of the event loop, since in one piece it would hold the thread for
    // a second or more (a missed deck heartbeat ends the technician's session; a SAS poll waits).
    let closed = false;
    let rated: PayTableCatalog | null = null;
    let rating: Promise<PayTableCatalog | null> | null = null;
    const payTablesRated = (): Promise<PayTableCatalog | null> =>
      (rating ??= measured(work.begin('table-measure'), (progress) =>
        fullyRatedInTurns(payTables, { cancelled: () => closed || !journal.open, progress }),
      ).then((catalog) => {
        if (!catalog || closed || !journal.open) return null;
        rated = catalog;
        runner.rateInstalled(catalog.installed);
        return catalog;
      }));
    const ratedPayTables = (): PayTableCatalog => {
      void payTablesRated();
      if (rated) return rated;
      // Returns worked out earlier in this process (another cabinet's pass, a config check): the
      // cabinet is handed them too, so that it judges a wish by what the list shows.
      const known = withKnownReturns(payTables);
      const count = (installed: readonly { rtp: unknown }[]): number => installed.filter((t) => t.rtp !== null).length;
      if (count(known.installed) > count(runner.state.installedPayTables)) runner.rateInstalled(known.installed);
      return known;
    };
    if ((plan.ratePayTables ?? 'at start') === 'at start') void payTablesRated();
    const port = screenPort({
      get state() {
        return runner.state;
      },
      onState: (listener) => runner.onState(listener),
      wishAgainst: (counter, wish) => runner.wishAgainst(counter, wish),
      log: (effects) => journal.appendLog(effects),
      records: journal.reader,
      get payTables() {
        return ratedPayTables();
      },
      sasStatus: () => sas?.status() ?? null,
      anchorStatus: () => anchorView(journal, purpose),
      acceptorInfo: () => acceptorInfo(bus),
      printerInfo: () => printerInfo(bus),
      work,
    });
    const { bus: _bus, ...simulators } = devices;
    let closing: Promise<void> | null = null;
    return {
      port,
      devices: simulators,
      runner,
      journal,
      ratedPayTables,
      payTablesRated,
      resumedVersion,
      sas,
      close() {
        closed = true;
        closing ??= (sas?.close() ?? Promise.resolve()).finally(() => runner.close()).finally(() => journal.close());
        return closing;
      },
    };
  } catch (e) {
    await devices?.bus.close();
    journal.close();
    throw e;
  }
}

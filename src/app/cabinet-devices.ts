// The cabinet's devices, as the assembly (cabinet-app.ts) is asked for them: as its configuration
// names them, each on its serial line or simulated (the simulator behind the same driver, over an
// in-memory line); all three simulated behind their drivers over memory or socat ptys (tests);
// the driverless bench devices with their ledger (the bot's); or a bus a test holds itself. A
// packaged app is a real cabinet: it refuses to start with any simulated device.

import type { RandomSource } from '../core';
import { DEVICE_NAMES, type DeviceBus } from '../cabinet';
import {
  countryFor,
  createDevices,
  createSimulatedDevices,
  type AcceptorSimOptions,
  type EbdsSimOptions,
  type Cable,
  type DeviceSet,
  type SimulatedAcceptor,
  type SimulatedDevices,
} from '../devices';
import { ConfigError, simulatedDevices, type AppConfig } from './config';
import { LedgerDevices } from './sim/ledger-devices';

export type DevicePlan =
  /** As the configuration names them; `packaged` (Electron's installed app) refuses any simulated one. */
  | { kind: 'configured'; packaged?: boolean }
  /** Every device's simulator behind its real driver, over in-memory lines or socat pseudo-terminals. */
  | { kind: 'simulated'; transport: 'memory' | 'pty'; dir?: string }
  /** The driverless bench devices, whose memory is the ledger (null: this process only). */
  | { kind: 'ledger'; ledgerPath: string | null; printFailRate?: number; ledgerSynced?: boolean }
  /** A bus a test made and holds (its simulators, if any, beside it). */
  | { kind: 'given'; bus: DeviceBus; sim?: Partial<SimulatedDevices<SimulatedAcceptor>> };

export interface OpenedDevices {
  bus: DeviceBus;
  /** The simulators behind the drivers when every device is simulated (the development page, tests); null otherwise. */
  sim: SimulatedDevices<SimulatedAcceptor> | null;
  /** Their cables, when the plan made them (kind 'simulated'). */
  cables: Record<keyof SimulatedDevices, Cable> | null;
  /** The bench devices (kind 'ledger'): the bot's hands and their ledger. */
  ledger: LedgerDevices | null;
}

export function describeDevices(config: AppConfig): string {
  return DEVICE_NAMES.map((name) => {
    const d = config.devices[name];
    const what =
      name === 'acceptor'
        ? `acceptor (${config.devices.acceptorProtocol ?? 'id003'})`
        : name === 'printer'
          ? `printer (${config.devices.printerProtocol ?? 'escpos'})`
          : name;
    return d === 'simulated' ? `${what} simulated` : `${what} ${d.path}${d.baudRate ? ` at ${d.baudRate} baud` : ''}`;
  }).join(', ');
}

/** The configuration's refusal of its devices, before anything is opened for a cabinet that cannot run. */
export function refuseDevices(plan: DevicePlan, config: AppConfig): void {
  if (plan.kind !== 'configured' || !plan.packaged) return;
  const simulated = simulatedDevices(config.devices);
  if (simulated.length > 0) {
    throw new ConfigError(
      `devices.${simulated[0]}: the installed cabinet runs real devices only; name its serial port (docs/deploy.md)`,
    );
  }
}

const whole = (
  sim: Partial<SimulatedDevices<SimulatedAcceptor>> | undefined,
): SimulatedDevices<SimulatedAcceptor> | null => {
  const { acceptor, printer, deck } = sim ?? {};
  return acceptor && printer && deck ? { acceptor, printer, deck } : null;
};

/**
 * A simulated acceptor's options: an ID-003 one assigned for the configured currency where JCM has
 * a code for it (otherwise it stays a US one, and the cabinet shows the mismatch as the fault it
 * is); an EBDS one with notes of the configured currency, which it names itself.
 */
function acceptorSimFor(config: AppConfig): { acceptorSim: AcceptorSimOptions; ebdsSim: EbdsSimOptions } {
  const { currency, minorDigits } = config.settings;
  return {
    acceptorSim: countryFor(currency) ? { currency, minorDigits } : { minorDigits },
    ebdsSim: { currency, minorDigits },
  };
}

/**
 * The devices as the configuration names them: each on its serial line, or simulated over an
 * in-memory line. `dataDir`: where an EBDS driver keeps its toggle between starts.
 */
export function configuredDevices(config: AppConfig, dataDir?: string): DeviceSet {
  return createDevices(config.devices, { ...acceptorSimFor(config), stateDir: dataDir });
}

/** Opens the devices of a plan; `jams` draws the bench printer's paper jams. */
export async function openDevices(
  plan: DevicePlan,
  config: AppConfig,
  jams: RandomSource,
  dataDir?: string,
): Promise<OpenedDevices> {
  refuseDevices(plan, config);
  switch (plan.kind) {
    case 'configured': {
      const { bus, sim } = configuredDevices(config, dataDir);
      return { bus, sim: whole(sim), cables: null, ledger: null };
    }
    case 'simulated': {
      const { bus, sim, cables } = await createSimulatedDevices({
        transport: plan.transport,
        dir: plan.dir,
        acceptorProtocol: config.devices.acceptorProtocol ?? 'id003',
        printerProtocol: config.devices.printerProtocol ?? 'escpos',
        ...acceptorSimFor(config),
        stateDir: dataDir,
      });
      return { bus, sim, cables, ledger: null };
    }
    case 'ledger': {
      const ledger = new LedgerDevices({
        ledgerPath: plan.ledgerPath,
        printFailRate: plan.printFailRate ?? 0,
        ledgerSynced: plan.ledgerSynced ?? true,
        random: jams,
      });
      return { bus: ledger, sim: null, cables: null, ledger };
    }
    case 'given':
      return { bus: plan.bus, sim: whole(plan.sim), cables: null, ledger: null };
  }
}

// Builds the whole set of devices: drivers on real port paths, or drivers talking to the three
// simulators over the full byte-level path, either in memory (binding-mock) or through socat
// pseudo-terminals. "Simulated devices" in the app means the second.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AcceptorDriver, type AcceptorDriverOptions } from '../id003/driver';
import { AcceptorSimulator, type AcceptorSimOptions } from '../id003/simulator';
import { DeckDriver, type DeckDriverOptions } from '../deck/driver';
import { DeckSimulator, type DeckSimOptions } from '../deck/simulator';
import { PrinterDriver, type PrinterDriverOptions } from '../printer/driver';
import { PrinterSimulator } from '../printer/simulator';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { MemoryLink } from '../shared/memory-link';
import type { Binding } from '../shared/port-connection';
import { SerialEndpoint } from '../shared/serial-endpoint';
import { SocatPair } from '../shared/socat-pair';
import { SerialDeviceBus } from './serial-device-bus';

type Tuning<T> = Partial<Omit<T, 'path' | 'binding'>>;

export interface DriverTuning {
  acceptor?: Tuning<AcceptorDriverOptions>;
  printer?: Tuning<PrinterDriverOptions>;
  deck?: Tuning<DeckDriverOptions>;
}

export interface PortPaths {
  acceptor: string;
  printer: string;
  deck: string;
}

export interface SimulatedDevices {
  acceptor: AcceptorSimulator;
  printer: PrinterSimulator;
  deck: DeckSimulator;
}

/** How a test pulls and puts back each simulated cable. */
export interface Cable {
  unplug(): Promise<void>;
  plug(): Promise<void>;
}

export interface SimulatedSet {
  bus: SerialDeviceBus;
  sim: SimulatedDevices;
  cables: Record<keyof SimulatedDevices, Cable>;
}

export interface SimulationOptions extends DriverTuning {
  transport: 'memory' | 'pty';
  /** Folder for the pseudo-terminal links (default: a fresh temporary one). */
  dir?: string;
  acceptorSim?: AcceptorSimOptions;
  deckSim?: DeckSimOptions;
}

function buildDrivers(paths: PortPaths, bindings: Partial<Record<keyof PortPaths, Binding>>, t: DriverTuning) {
  return {
    acceptor: new AcceptorDriver({ ...t.acceptor, path: paths.acceptor, binding: bindings.acceptor }),
    printer: new PrinterDriver({ ...t.printer, path: paths.printer, binding: bindings.printer }),
    deck: new DeckDriver({ ...t.deck, path: paths.deck, binding: bindings.deck }),
  };
}

/** The real cabinet: drivers on the given serial ports. */
export function createSerialDevices(paths: PortPaths, tuning: DriverTuning = {}): SerialDeviceBus {
  return new SerialDeviceBus(buildDrivers(paths, {}, tuning)).start();
}

/** Drivers and simulators joined by in-memory lines or by socat pseudo-terminals. */
export async function createSimulatedDevices(options: SimulationOptions): Promise<SimulatedSet> {
  const sim: SimulatedDevices = {
    acceptor: new AcceptorSimulator(options.acceptorSim),
    printer: new PrinterSimulator(),
    deck: new DeckSimulator(options.deckSim),
  };
  const names = ['acceptor', 'printer', 'deck'] as const;
  if (options.transport === 'memory') {
    const links = { acceptor: new MemoryLink('acceptor'), printer: new MemoryLink('printer'), deck: new MemoryLink('deck') };
    for (const n of names) sim[n].attach(links[n].device);
    const drivers = buildDrivers({ acceptor: links.acceptor.path, printer: links.printer.path, deck: links.deck.path }, {
      acceptor: links.acceptor.binding, printer: links.printer.binding, deck: links.deck.binding,
    }, options);
    const bus = new SerialDeviceBus(drivers, async () => {
      for (const n of names) sim[n].detach();
    }).start();
    const cable = (l: MemoryLink): Cable => ({ unplug: async () => l.unplug(), plug: async () => l.plug() });
    return { bus, sim, cables: { acceptor: cable(links.acceptor), printer: cable(links.printer), deck: cable(links.deck) } };
  }

  const ownDir = !options.dir;
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'cabinet-pty-')));
  const pairs = Object.fromEntries(names.map((n) => [n, new SocatPair(join(dir, `${n}-host`), join(dir, `${n}-device`))])) as Record<(typeof names)[number], SocatPair>;
  const endpoints: DeviceEndpoint[] = [];
  try {
    for (const n of names) await pairs[n].start();
  } catch (e) {
    for (const n of names) await pairs[n].stop();
    if (ownDir) await rm(dir, { recursive: true, force: true });
    throw e;
  }
  const deviceSide = { acceptor: { baudRate: 9600, parity: 'even' as const }, printer: { baudRate: 38400 }, deck: { baudRate: 38400 } };
  for (const n of names) {
    const ep = new SerialEndpoint({ path: pairs[n].device, ...deviceSide[n] });
    endpoints.push(ep);
    sim[n].attach(ep);
  }
  const drivers = buildDrivers({ acceptor: pairs.acceptor.host, printer: pairs.printer.host, deck: pairs.deck.host }, {}, options);
  const bus = new SerialDeviceBus(drivers, async () => {
    for (const n of names) sim[n].detach();
    await Promise.all(endpoints.map((e) => e.close()));
    for (const n of names) await pairs[n].stop();
    if (ownDir) await rm(dir, { recursive: true, force: true });
  }).start();
  const cable = (p: SocatPair): Cable => ({ unplug: () => p.stop(), plug: () => p.start() });
  return { bus, sim, cables: { acceptor: cable(pairs.acceptor), printer: cable(pairs.printer), deck: cable(pairs.deck) } };
}

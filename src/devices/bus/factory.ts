// Builds the whole set of devices: drivers on real port paths, or drivers talking to the three
// simulators over the full byte-level path, either in memory (binding-mock) or through socat
// pseudo-terminals, or a mix (a bench with a real acceptor and a simulated deck). A simulated
// device is always its simulator behind its real driver: the cabinet cannot tell the difference.
// The acceptor is of one of two families, JCM's ID-003 (the default) or MEI/CPI's EBDS; the
// printer of two, ESC/POS (the default) or TCL.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_NAMES } from '../../cabinet/vocabulary/devices';
import type { AcceptorProtocol } from '../acceptor/identity';
import type { SimulatedAcceptor } from '../acceptor/simulated';
import { EbdsDriver, type EbdsDriverOptions } from '../ebds/driver';
import { EbdsSimulator, type EbdsSimOptions } from '../ebds/simulator';
import { AcceptorDriver, type AcceptorDriverOptions } from '../id003/driver';
import { AcceptorSimulator, type AcceptorSimOptions } from '../id003/simulator';
import { DeckDriver, type DeckDriverOptions } from '../deck/driver';
import { DeckSimulator, type DeckSimOptions } from '../deck/simulator';
import { PrinterDriver, type PrinterDriverOptions } from '../printer/driver';
import type { PrinterProtocol } from '../printer/printer-driver-base';
import type { SimulatedPrinter } from '../printer/simulated';
import { PrinterSimulator } from '../printer/simulator';
import { TclPrinterDriver, type TclDriverOptions } from '../tcl/driver';
import { TclPrinterSimulator, type TclSimOptions } from '../tcl/simulator';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { MemoryLink } from '../shared/memory-link';
import type { Binding } from '../shared/port-connection';
import { SerialEndpoint } from '../shared/serial-endpoint';
import { SocatPair } from '../shared/socat-pair';
import { SerialDeviceBus } from './serial-device-bus';

type Tuning<T> = Partial<Omit<T, 'path' | 'binding'>>;

export interface DriverTuning {
  /** Either family's; the fields one does not know are the other's. */
  acceptor?: Tuning<AcceptorDriverOptions> & Tuning<EbdsDriverOptions>;
  /** Either family's; TCL's own (the CRC's time) is ignored by ESC/POS. */
  printer?: Tuning<PrinterDriverOptions> & Tuning<TclDriverOptions>;
  deck?: Tuning<DeckDriverOptions>;
}

export interface PortPaths {
  acceptor: string;
  printer: string;
  deck: string;
}

/** A device's serial line: its port, and the line settings where its protocol lets them vary. */
export interface SerialLine {
  path: string;
  baudRate?: number;
  dataBits?: 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
}

/** Each device on its serial line, or its simulator; the acceptor of either family (default ID-003). */
export type DeviceChoices = Record<keyof PortPaths, SerialLine | 'simulated'> & {
  acceptorProtocol?: AcceptorProtocol;
  /** The printer's family (default ESC/POS). */
  printerProtocol?: PrinterProtocol;
};

/** The line settings a simulator opens its end of a pseudo-terminal with: those the drivers use by default. */
export const SIMULATOR_LINES = {
  acceptor: { baudRate: 9600, parity: 'even' as const },
  printer: { baudRate: 38400 },
  deck: { baudRate: 38400 },
};

/** An EBDS unit's line: 7 data bits, even parity (ID-003 is 8 bits, even parity). */
export const EBDS_LINE = { baudRate: 9600, dataBits: 7 as const, parity: 'even' as const };

const acceptorLine = (protocol: AcceptorProtocol) => (protocol === 'ebds' ? EBDS_LINE : SIMULATOR_LINES.acceptor);

/** The simulator a protocol's acceptor is simulated by. */
export type SimulatorOf<P extends AcceptorProtocol> = P extends 'ebds' ? EbdsSimulator : AcceptorSimulator;

export interface SimulatedDevices<A extends SimulatedAcceptor = AcceptorSimulator> {
  acceptor: A;
  /** ESC/POS's or TCL's, as the printer's family is. */
  printer: SimulatedPrinter;
  deck: DeckSimulator;
}

/** How a test pulls and puts back each simulated cable. */
export interface Cable {
  unplug(): Promise<void>;
  plug(): Promise<void>;
}

export interface SimulatedSet<A extends SimulatedAcceptor = AcceptorSimulator> {
  bus: SerialDeviceBus;
  sim: SimulatedDevices<A>;
  cables: Record<keyof SimulatedDevices, Cable>;
}

export interface SimulationOptions<P extends AcceptorProtocol = AcceptorProtocol> extends DriverTuning {
  transport: 'memory' | 'pty';
  /** Folder for the pseudo-terminal links (default: a fresh temporary one). */
  dir?: string;
  /** The acceptor's family (default ID-003). */
  acceptorProtocol?: P;
  /** The printer's family (default ESC/POS). */
  printerProtocol?: PrinterProtocol;
  tclSim?: TclSimOptions;
  acceptorSim?: AcceptorSimOptions;
  ebdsSim?: EbdsSimOptions;
  deckSim?: DeckSimOptions;
  /** Where an EBDS driver keeps its toggle between starts (the cabinet's data folder); none: not kept. */
  stateDir?: string;
}

type Lines = Record<keyof PortPaths, SerialLine & { binding?: Binding }>;

interface AcceptorBuild {
  protocol: AcceptorProtocol;
  printerProtocol: PrinterProtocol;
  stateDir?: string;
}

/** The file an EBDS driver keeps its toggle in, in the cabinet's data folder. */
export const toggleFileIn = (dir: string): string => join(dir, 'acceptor-toggle');

function buildDrivers(lines: Lines, t: DriverTuning, a: AcceptorBuild) {
  const { acceptor, printer, deck } = lines;
  // Each family fixes its data bits, parity and stop bit: only the rate may differ.
  const line = {
    path: acceptor.path,
    binding: acceptor.binding,
    ...(acceptor.baudRate ? { baudRate: acceptor.baudRate } : {}),
  };
  return {
    acceptor:
      a.protocol === 'ebds'
        ? new EbdsDriver({ ...t.acceptor, ...line, ...(a.stateDir ? { toggle: toggleFileIn(a.stateDir) } : {}) })
        : new AcceptorDriver({ ...t.acceptor, ...line }),
    printer:
      a.printerProtocol === 'tcl'
        ? new TclPrinterDriver({ ...t.printer, ...printer })
        : new PrinterDriver({ ...t.printer, ...printer }),
    deck: new DeckDriver({
      ...t.deck,
      path: deck.path,
      binding: deck.binding,
      ...(deck.baudRate ? { baudRate: deck.baudRate } : {}),
    }),
  };
}

export interface DeviceSet {
  bus: SerialDeviceBus;
  /** The simulators of the devices that are simulated, to be worked like the real thing. */
  sim: Partial<SimulatedDevices<SimulatedAcceptor>>;
}

/**
 * The cabinet's devices as configured: each driver on its serial line, or on an in-memory line
 * to its simulator. With every device on a line this is the real cabinet.
 */
export function createDevices(
  choices: DeviceChoices,
  options: Omit<SimulationOptions, 'transport' | 'dir' | 'acceptorProtocol' | 'printerProtocol'> = {},
): DeviceSet {
  const protocol = choices.acceptorProtocol ?? 'id003';
  const printerProtocol = choices.printerProtocol ?? 'escpos';
  const sim: Partial<SimulatedDevices<SimulatedAcceptor>> = {};
  const links: MemoryLink[] = [];
  const lines = {} as Lines;
  for (const name of DEVICE_NAMES) {
    const choice = choices[name];
    if (choice !== 'simulated') {
      lines[name] = choice;
      continue;
    }
    const link = new MemoryLink(name);
    links.push(link);
    const device =
      name === 'acceptor'
        ? acceptorSimulator(protocol, options)
        : name === 'printer'
          ? printerSimulator(printerProtocol, options)
          : new DeckSimulator(options.deckSim);
    device.attach(link.device);
    (sim as Record<string, { detach(): void }>)[name] = device;
    lines[name] = { path: link.path, binding: link.binding };
  }
  const build = { protocol, printerProtocol, stateDir: options.stateDir };
  const bus = new SerialDeviceBus(buildDrivers(lines, options, build), async () => {
    for (const device of Object.values(sim)) device.detach();
  }).start();
  return { bus, sim };
}

function printerSimulator(protocol: PrinterProtocol, o: Pick<SimulationOptions, 'tclSim'>): SimulatedPrinter {
  return protocol === 'tcl' ? new TclPrinterSimulator(o.tclSim) : new PrinterSimulator();
}

function acceptorSimulator(protocol: AcceptorProtocol, o: Pick<SimulationOptions, 'acceptorSim' | 'ebdsSim'>) {
  return protocol === 'ebds' ? new EbdsSimulator(o.ebdsSim) : new AcceptorSimulator(o.acceptorSim);
}

/** Drivers and simulators joined by in-memory lines or by socat pseudo-terminals. */
export async function createSimulatedDevices<P extends AcceptorProtocol = 'id003'>(
  options: SimulationOptions<P>,
): Promise<SimulatedSet<SimulatorOf<P>>> {
  const protocol: AcceptorProtocol = options.acceptorProtocol ?? 'id003';
  const build = { protocol, printerProtocol: options.printerProtocol ?? 'escpos', stateDir: options.stateDir };
  const sim = {
    acceptor: acceptorSimulator(protocol, options) as SimulatorOf<P>,
    printer: printerSimulator(build.printerProtocol, options),
    deck: new DeckSimulator(options.deckSim),
  };
  const names = DEVICE_NAMES;
  if (options.transport === 'memory') {
    const links = {
      acceptor: new MemoryLink('acceptor'),
      printer: new MemoryLink('printer'),
      deck: new MemoryLink('deck'),
    };
    for (const n of names) sim[n].attach(links[n].device);
    const drivers = buildDrivers(
      {
        acceptor: { path: links.acceptor.path, binding: links.acceptor.binding },
        printer: { path: links.printer.path, binding: links.printer.binding },
        deck: { path: links.deck.path, binding: links.deck.binding },
      },
      options,
      build,
    );
    const bus = new SerialDeviceBus(drivers, async () => {
      for (const n of names) sim[n].detach();
    }).start();
    const cable = (l: MemoryLink): Cable => ({ unplug: async () => l.unplug(), plug: async () => l.plug() });
    return {
      bus,
      sim,
      cables: { acceptor: cable(links.acceptor), printer: cable(links.printer), deck: cable(links.deck) },
    };
  }

  const ownDir = !options.dir;
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'cabinet-pty-')));
  const pairs = Object.fromEntries(
    names.map((n) => [n, new SocatPair(join(dir, `${n}-host`), join(dir, `${n}-device`))]),
  ) as Record<(typeof names)[number], SocatPair>;
  const endpoints: DeviceEndpoint[] = [];
  try {
    for (const n of names) await pairs[n].start();
  } catch (e) {
    for (const n of names) await pairs[n].stop();
    if (ownDir) await rm(dir, { recursive: true, force: true });
    throw e;
  }
  for (const n of names) {
    const line = n === 'acceptor' ? acceptorLine(protocol) : SIMULATOR_LINES[n];
    const ep = new SerialEndpoint({ path: pairs[n].device, ...line });
    endpoints.push(ep);
    sim[n].attach(ep);
  }
  const drivers = buildDrivers(
    { acceptor: { path: pairs.acceptor.host }, printer: { path: pairs.printer.host }, deck: { path: pairs.deck.host } },
    options,
    build,
  );
  const bus = new SerialDeviceBus(drivers, async () => {
    for (const n of names) sim[n].detach();
    await Promise.all(endpoints.map((e) => e.close()));
    for (const n of names) await pairs[n].stop();
    if (ownDir) await rm(dir, { recursive: true, force: true });
  }).start();
  const cable = (p: SocatPair): Cable => ({ unplug: () => p.stop(), plug: () => p.start() });
  return {
    bus,
    sim,
    cables: { acceptor: cable(pairs.acceptor), printer: cable(pairs.printer), deck: cable(pairs.deck) },
  };
}

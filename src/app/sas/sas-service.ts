// The SAS link of a running cabinet: the link over its port (or, "simulated", over an in-memory
// line with the host simulator polling it as a casino system would), answering from the cabinet
// (cabinet-machine.ts) and the exception queue in its database. The line's faults and the
// link's are written to the event log.

import { logEntry, SAS_LINE_TILT, type CabinetEffect, type LogData } from '../../cabinet';
import { SasHost } from '../../devices/sas/host';
import { SasLink, type SasLinkStatus } from '../../devices/sas/link';
import { SasPortEndpoint, type SasPortOptions } from '../../devices/sas/port';
import { createSimulatedSas } from '../../devices/sas/simulated';
import type { Journal } from '../../store';
import { CabinetMachine, storeExceptions, type CabinetSide } from './cabinet-machine';
import { cabinetTicketIn, type HostTicketValidator } from './ticket-in';
import { programFiles, romSignature } from './rom-signature';
import type { SasConfig } from './sas-config';

export interface SasService {
  link: SasLink;
  /** The host simulator on the far end ("simulated" only). */
  host: SasHost | null;
  /** The machine's end of the line the link is attached to (bench:sas times replies on it). */
  endpoint: SasPortEndpoint;
  status(): SasLinkStatus & { line: 'ready' | 'fault' | 'closed'; lineProblem: string | null };
  close(): Promise<void>;
}

export interface SasServiceOptions {
  /** The files the ROM signature covers (default: the installed program). */
  romFiles?: () => string[];
  /** How the port is set up after each open (tests: a UART whose stty fails). */
  setUpLine?: SasPortOptions['setUp'];
}

/**
 * The link on the config's port. `validator` is the one the cabinet's runner asks of every
 * ticket: the host's 71 settles it.
 */
export async function startSas(
  config: SasConfig,
  cabinet: CabinetSide,
  store: Journal,
  validator: HostTicketValidator,
  options: SasServiceOptions = {},
): Promise<SasService> {
  const files = options.romFiles ?? (() => programFiles());
  const machine = new CabinetMachine({
    cabinet,
    store,
    romSignature: (seed) => romSignature(files(), seed),
    ticketIn: cabinetTicketIn(cabinet, validator),
  });
  // The committed address: a technician's change at the cabinet counts from the next start.
  const address = cabinet.state.sas?.settings.address ?? config.settings.address;
  const linkOptions = {
    address,
    machine,
    exceptions: storeExceptions(store),
    money: {
      accountingDenomination: config.settings.accountingDenomination,
      minorDigits: cabinet.state.settings.minorDigits,
    },
  };
  const log = (data: LogData<'sas'>) => {
    const e: CabinetEffect = { type: 'log', entry: logEntry(Date.now(), 'sas', data) };
    try {
      store.appendLog([e]);
    } catch {
      // A store that cannot write says so on the next commit; the link keeps answering.
    }
  };
  let line: 'ready' | 'fault' | 'closed' = 'closed';
  let lineProblem: string | null = null;
  let closing = false;
  // C-15: a port that cannot carry the link is a device fault the cabinet tilts on, not only a
  // row in the log; it lifts when the line is ready again. Each is a committed input.
  const lineFault = (message: string) => {
    if (!closing) cabinet.input({ kind: 'sas', command: { type: 'lineFault', message } });
  };
  const lineReady = () => {
    if (!closing && cabinet.state.tilts.some((t) => t.code === SAS_LINE_TILT))
      cabinet.input({ kind: 'sas', command: { type: 'lineFaultCleared' } });
  };
  const watch = (port: SasPortEndpoint) => {
    port.on('ready', () => {
      line = 'ready';
      lineProblem = null;
      lineReady();
    });
    port.on('closed', (reason) => {
      line = 'closed';
      lineProblem = reason;
      // Lost under the link (a USB adapter pulled, the port gone): reopened when it comes back.
      if (!closing) lineFault(`port lost: ${reason}`);
    });
    port.on('fault', (message) => {
      line = 'fault';
      lineProblem = message;
      log({ event: 'lineFault', message });
      lineFault(message);
    });
    port.on('faultCleared', () => {
      lineProblem = null;
      log({ event: 'lineFaultCleared' });
    });
  };
  let link: SasLink;
  let host: SasHost | null = null;
  let endpoint: SasPortEndpoint;
  let closeLine: () => Promise<void>;
  if (config.path === 'simulated') {
    const sim = await createSimulatedSas({ transport: 'memory', link: linkOptions });
    watch(sim.port);
    endpoint = sim.port;
    line = 'ready';
    link = sim.link;
    host = sim.host;
    host.runCasino({ addresses: [address], validation: { validationId: 0x123456, sequence: 0 } });
    closeLine = async () => {
      closing = true;
      await sim.host.stop();
      await sim.close();
    };
  } else {
    link = new SasLink(linkOptions);
    const port = new SasPortEndpoint({ path: config.path, setUp: options.setUpLine });
    watch(port);
    endpoint = port;
    link.attach(port);
    closeLine = async () => {
      closing = true;
      link.detach();
      await port.close();
    };
  }
  link.on('fault', (message) => log({ event: 'linkFault', message }));
  return {
    link,
    host,
    endpoint,
    status: () => ({ ...link.status(), line, lineProblem }),
    close: closeLine,
  };
}

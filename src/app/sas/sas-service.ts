// The SAS link of a running cabinet: the link over its port (or, "simulated", over an in-memory
// line with the host simulator polling it as a casino system would), answering from the cabinet
// (cabinet-machine.ts) and the exception queue in its database. The line's faults and the
// link's are written to the event log.

import {
  hostLossStopsAt,
  logEntry,
  SAS_LINE_TILT,
  SYSTEM_VALIDATION_TIMEOUT_MS,
  HOST_CASHOUT_TIMEOUT_MS,
  validationMode,
  type CabinetEffect,
  type LogData,
  type SasCommand,
  type ValidationMode,
} from '../../cabinet';
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
  status(): SasLinkStatus & {
    line: 'ready' | 'fault' | 'closed';
    lineProblem: string | null;
    hostLossStop: boolean;
    validation: ValidationMode;
    disableAfterSeconds: number | null;
  };
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
  // A port that cannot carry the link is the host lost (docs/protocols/sas.md, "Host loss"):
  // logged, shown, and play goes on unless the operator said otherwise. Each is a committed input.
  const input = (command: SasCommand) => {
    if (!closing) cabinet.input({ kind: 'sas', command });
  };
  const lineFault = (message: string) => input({ type: 'lineFault', message });
  const lineReady = () => {
    const s = cabinet.state;
    if (s.sas?.lineFault || s.tilts.some((t) => t.code === SAS_LINE_TILT)) input({ type: 'lineFaultCleared' });
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
    host.runCasino({
      addresses: [address],
      validation: { validationId: 0x123456, sequence: 0 },
      validationMode: config.settings.validation ?? 'secure-enhanced',
    });
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
  link.on('hostLost', (reason) => input({ type: 'hostLost', reason }));
  link.on('hostBack', () => input({ type: 'hostBack' }));
  // What waits on the clock, checked every second from the committed state (so also after a
  // restart): play stopping for the host's absence, a cash-out the host did not validate in time.
  const clock = setInterval(() => {
    const sas = cabinet.state.sas;
    if (!sas) return;
    const now = Date.now();
    const stopsAt = hostLossStopsAt(sas);
    if (stopsAt !== null && now >= stopsAt && !sas.hostLossStop) input({ type: 'hostLossTimeout' });
    if (sas.pendingCashout && now - sas.pendingCashout.since >= SYSTEM_VALIDATION_TIMEOUT_MS)
      input({ type: 'systemValidationTimeout' });
    const offered = sas.aft?.hostCashoutRequest;
    if (offered && now - offered.since >= HOST_CASHOUT_TIMEOUT_MS) input({ type: 'hostCashoutTimeout' });
    const lock = sas.aft?.lock;
    if (lock && now >= lock.until) input({ type: 'aftUnlock', why: 'timeout' });
  }, 1000);
  clock.unref();
  return {
    link,
    host,
    endpoint,
    status: () => {
      const sas = cabinet.state.sas;
      return {
        ...link.status(),
        line,
        lineProblem,
        // The cabinet's word, kept over restarts and counting the line's faults too.
        hostLost: sas?.hostLost ?? null,
        hostLossStop: sas?.hostLossStop === true,
        validation: sas ? validationMode(sas) : (config.settings.validation ?? 'secure-enhanced'),
        disableAfterSeconds: sas?.settings.disableAfterSeconds ?? null,
      };
    },
    close: async () => {
      clearInterval(clock);
      await closeLine();
    },
  };
}

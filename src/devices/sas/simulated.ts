// A SAS link with the host simulator on its far end, over an in-memory line or a socat pseudo-
// terminal pair, built as the other simulated devices are (bus/factory.ts): the machine's side
// opens its end through serialport exactly as on a real port; the host simulator holds the other.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { MemoryLink } from '../shared/memory-link';
import { SerialEndpoint } from '../shared/serial-endpoint';
import { SocatPair } from '../shared/socat-pair';
import { SasHost } from './host';
import type { SasHostOptions } from './host-line';
import { SasLink, type SasLinkOptions } from './link';
import { SAS_BAUD_RATE, SasPortEndpoint } from './port';

export interface SasSimulationOptions {
  transport: 'memory' | 'pty';
  link: SasLinkOptions;
  host?: SasHostOptions;
  /** Folder for the pseudo-terminal links (default: a fresh temporary one). */
  dir?: string;
}

export interface SasSimulation {
  link: SasLink;
  port: SasPortEndpoint;
  host: SasHost;
  /** The host's end of the line (raw bytes, for tests that write their own). */
  hostEndpoint: DeviceEndpoint;
  /** The machine's port path (the pseudo-terminal a cabinet would open). */
  machinePath: string;
  /** The host's port path (what `sas-poll --port` opens), pty only. */
  hostPath: string | null;
  unplug(): Promise<void>;
  plug(): Promise<void>;
  close(): Promise<void>;
}

function whenReady(port: SasPortEndpoint, timeoutMs: number): Promise<void> {
  if (port.isReady) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`SAS port did not become ready within ${timeoutMs} ms`)), timeoutMs);
    port.once('ready', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

async function whenOpen(ep: SerialEndpoint, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ep.isOpen) {
    if (Date.now() > deadline) throw new Error(`host end did not open within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function createSimulatedSas(options: SasSimulationOptions): Promise<SasSimulation> {
  const link = new SasLink(options.link);
  if (options.transport === 'memory') {
    const line = new MemoryLink('sas');
    const port = new SasPortEndpoint({ path: line.path, binding: line.binding, reconnectMs: 20 });
    link.attach(port);
    await whenReady(port, 5000);
    const host = new SasHost(line.device, options.host);
    return {
      link,
      port,
      host,
      hostEndpoint: line.device,
      machinePath: line.path,
      hostPath: null,
      unplug: async () => line.unplug(),
      plug: async () => line.plug(),
      close: async () => {
        host.detach();
        link.detach();
        await port.close();
      },
    };
  }
  const ownDir = !options.dir;
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'cabinet-sas-')));
  const pair = new SocatPair(join(dir, 'sas-machine'), join(dir, 'sas-host'));
  try {
    await pair.start();
  } catch (e) {
    if (ownDir) await rm(dir, { recursive: true, force: true });
    throw e;
  }
  const port = new SasPortEndpoint({ path: pair.host, reconnectMs: 50 });
  link.attach(port);
  const hostEnd = new SerialEndpoint({ path: pair.device, baudRate: SAS_BAUD_RATE });
  const host = new SasHost(hostEnd, options.host);
  try {
    await whenReady(port, 5000);
    await whenOpen(hostEnd, 5000);
  } catch (e) {
    host.detach();
    link.detach();
    await Promise.all([port.close(), hostEnd.close()]);
    await pair.stop();
    if (ownDir) await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    link,
    port,
    host,
    hostEndpoint: hostEnd,
    machinePath: pair.host,
    hostPath: pair.device,
    unplug: () => pair.stop(),
    plug: () => pair.start(),
    close: async () => {
      host.detach();
      link.detach();
      await Promise.all([port.close(), hostEnd.close()]);
      await pair.stop();
      if (ownDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

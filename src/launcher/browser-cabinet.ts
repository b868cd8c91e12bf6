// The cabinet served to a browser: the assembled cabinet's screen port behind the host on
// 127.0.0.1, and its simulators behind the development page (all devices simulated only).

import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, startCabinet, type AssembledCabinet } from '../app/cabinet-app';
import { simControl, type SimCasino } from '../app/sim-control';
import { startHost, type RunningHost } from '../host/host-server';

const DEV_PAGE = fileURLToPath(new URL('../host/dev-page', import.meta.url));

export interface ServedCabinet {
  url: string;
  /** The simulators' development page with its token; null with any real device. */
  devUrl: string | null;
  host: RunningHost;
  app: AssembledCabinet;
  close(): Promise<void>;
}

/** Joins an assembled cabinet to a host; the development page works its simulators when every device is one. */
export async function serveCabinet(rendererRoot: string, app: AssembledCabinet, port = 0): Promise<ServedCabinet> {
  const sim = app.devices.sim;
  let host: RunningHost;
  try {
    host = await startHost({
      cabinet: app.port,
      rendererRoot,
      port,
      dev: sim ? { root: DEV_PAGE, handle: simControl(sim, simCasino(app)) } : undefined,
    });
  } catch (e) {
    await app.close();
    throw e;
  }
  return {
    url: host.url,
    devUrl: host.devUrl,
    host,
    app,
    async close() {
      await host.close();
      await app.close();
    },
  };
}

/** The simulated casino system, when the link has one ("simulated"): the page moves credits through it. */
function simCasino(app: AssembledCabinet): SimCasino | null {
  const sas = app.sas;
  const address = app.runner.state.sas?.settings.address;
  return sas?.host && address !== undefined ? { host: sas.host, address } : null;
}

export async function startBrowserCabinet(options: {
  root: string;
  config?: string;
  db: string;
  port: number;
}): Promise<ServedCabinet> {
  const config = loadConfig(options.config);
  const cabinet = await startCabinet({
    config,
    dataDir: dirname(options.db),
    database: basename(options.db),
    devices: { kind: 'configured' },
    dealing: { kind: 'crypto' },
  });
  return serveCabinet(join(options.root, 'dist', 'renderer'), cabinet, options.port);
}

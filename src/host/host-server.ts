// The browser host: serves the built renderer on 127.0.0.1 and carries the contract over a
// WebSocket at /ws. An optional development endpoint (/dev, /dev/ws) drives the simulators;
// it exists only when the app was started with simulated devices.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { CabinetPort } from './cabinet-port';
import { carryContract } from './screen-socket';
import { serveStatic } from './static-files';

export interface DevEndpoint {
  /** The development page's own files. */
  root: string;
  /** Handles one JSON command from the development page; returns what to send back. */
  handle(command: unknown): Promise<unknown>;
}

export interface HostOptions {
  cabinet: CabinetPort;
  /** Folder with the built renderer (index.html and its assets). */
  rendererRoot: string;
  port?: number;
  dev?: DevEndpoint;
}

export interface RunningHost {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Browsers send an Origin; only pages this host served may open its sockets. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const screens = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const devSockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const stopCarrying = carryContract(screens, options.cabinet);

  if (options.dev) {
    const dev = options.dev;
    devSockets.on('connection', (ws) => {
      ws.on('message', (data) => {
        let command: unknown;
        try {
          command = JSON.parse(data.toString());
        } catch {
          ws.send(JSON.stringify({ ok: false, error: 'not JSON' }));
          return;
        }
        dev.handle(command).then(
          (result) => ws.send(JSON.stringify({ ok: true, result })),
          (error: unknown) => ws.send(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })),
        );
      });
    });
  }

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const devPath = url === '/dev' || url.startsWith('/dev/');
    const root = devPath && options.dev ? options.dev.root : options.rendererRoot;
    const path = devPath ? url.slice(4) || '/' : url;
    if (devPath && !options.dev) {
      res.writeHead(404).end('no development page: the cabinet runs with real devices');
      return;
    }
    serveStatic(root, path, res).then((served) => {
      if (!served) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (!sameOrigin(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    if (path === '/ws') screens.handleUpgrade(req, socket, head, (ws) => screens.emit('connection', ws, req));
    else if (path === '/dev/ws' && options.dev) devSockets.handleUpgrade(req, socket, head, (ws) => devSockets.emit('connection', ws, req));
    else socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      stopCarrying();
      for (const ws of devSockets.clients) ws.close(1001);
      screens.close();
      devSockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

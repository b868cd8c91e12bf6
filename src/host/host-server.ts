// The browser host: serves the built renderer on 127.0.0.1 and carries the contract over a
// WebSocket at /ws. An optional development endpoint (/dev, /dev/ws) drives the simulators; it
// exists only when the app was started with simulated devices, and only for whoever has the
// token printed at start.
//
// Everything arriving is hostile until checked: a request must name this host (127.0.0.1:PORT or
// localhost:PORT, so a rebinding DNS name gets nothing), a socket must come from a page this
// host served (its Origin), and a bad frame ends only its own connection. Refusals at the door
// are counted and logged, at most one row a second.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { clip, REFUSAL_BOUNDS, TO_CABINET_MAX_BYTES, type CabinetPort } from '../contract';
import { carryContract, frameRefusal } from './screen-socket';
import { serveStatic } from './static-files';

/** The development page's commands are a few fields each. */
const DEV_MAX_BYTES = 4096;
const DEV_COOKIE = 'cabinet-dev';

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

export interface RefusalCounts {
  /** Requests naming another host (DNS rebinding) or malformed at the HTTP level. */
  requests: number;
  /** Socket upgrades without the cabinet's own Origin, or to the development socket without its token. */
  upgrades: number;
  /** Requests for the development page without its token. */
  dev: number;
}

export interface RunningHost {
  server: Server;
  url: string;
  /** The development page with its token, when there is one. */
  devUrl: string | null;
  refused(): RefusalCounts;
  close(): Promise<void>;
}

const sameSecret = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function cookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const screens = new WebSocketServer({ noServer: true, maxPayload: TO_CABINET_MAX_BYTES });
  const devSockets = new WebSocketServer({ noServer: true, maxPayload: DEV_MAX_BYTES });
  const stopCarrying = carryContract(screens, options.cabinet);
  const counts: RefusalCounts = { requests: 0, upgrades: 0, dev: 0 };
  // Refusals at the door share one log: a flood of them is one row a second with its count.
  const door = options.cabinet.connect('host');
  const devToken = options.dev ? randomBytes(16).toString('hex') : null;
  let port = 0;

  const refuse = (kind: keyof RefusalCounts, reason: string): void => {
    counts[kind]++;
    door.refuseMalformed(clip(reason, REFUSAL_BOUNDS.reason));
  };
  const hostProblem = (req: IncomingMessage): string | null => {
    const host = req.headers.host;
    return host === `127.0.0.1:${port}` || host === `localhost:${port}`
      ? null
      : `request for another host (${String(host).slice(0, 80)})`;
  };
  const originProblem = (req: IncomingMessage): string | null => {
    const origin = req.headers.origin;
    if (origin === undefined) return 'socket without an Origin';
    return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`
      ? null
      : `socket from another origin (${origin.slice(0, 80)})`;
  };
  const devAllowed = (req: IncomingMessage): boolean => {
    if (!devToken) return false;
    const given = new URL(req.url ?? '/', 'http://host').searchParams.get('t') ?? cookie(req, DEV_COOKIE);
    return given !== null && sameSecret(given, devToken);
  };

  for (const wss of [screens, devSockets]) {
    wss.on('error', (error) => refuse('upgrades', `websocket server: ${error.message}`));
    // A handshake ws cannot complete (a bad Sec-WebSocket-Key, say): refused like any other.
    wss.on('wsClientError', (error, socket) => {
      refuse('upgrades', `websocket handshake: ${error.message}`);
      socket.destroy();
    });
  }

  if (options.dev) {
    const dev = options.dev;
    devSockets.on('connection', (ws: WebSocket) => {
      const conn = options.cabinet.connect('dev websocket');
      ws.on('error', (error) => conn.refuseMalformed(frameRefusal('dev websocket', error)));
      ws.on('close', () => conn.close());
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
          (error: unknown) =>
            ws.send(JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })),
        );
      });
    });
  }

  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const wrongHost = hostProblem(req);
    if (wrongHost) {
      refuse('requests', wrongHost);
      res.writeHead(421, { 'content-type': 'text/plain' }).end('this host serves 127.0.0.1 and localhost only');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const devPath = url === '/dev' || url.startsWith('/dev/') || url.startsWith('/dev?');
    if (devPath) {
      if (!options.dev) {
        res.writeHead(404).end('no development page: the cabinet runs with real devices');
        return;
      }
      if (!devAllowed(req)) {
        refuse('dev', 'development page without its token');
        res
          .writeHead(403, { 'content-type': 'text/plain' })
          .end('the development page needs the token printed at start (/dev/?t=...)');
        return;
      }
      // The page's own files and socket carry the token as a cookie for this path only.
      res.setHeader('set-cookie', `${DEV_COOKIE}=${devToken}; Path=/dev; HttpOnly; SameSite=Strict`);
    }
    const root = devPath ? options.dev!.root : options.rendererRoot;
    const path = devPath ? url.slice(4) || '/' : url;
    serveStatic(root, path, res).then((served) => {
      if (!served) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
  };
  const server = createServer(serve);
  server.on('clientError', (error, socket) => {
    refuse('requests', `malformed HTTP request: ${error.message}`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const deny = (socket: Duplex, status: string): void => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  };
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?')[0];
    const problem = hostProblem(req) ?? originProblem(req);
    if (problem) {
      refuse('upgrades', problem);
      deny(socket, '403 Forbidden');
      return;
    }
    if (path === '/ws') screens.handleUpgrade(req, socket, head, (ws) => screens.emit('connection', ws, req));
    else if (path === '/dev/ws' && options.dev) {
      if (!devAllowed(req)) {
        refuse('upgrades', 'development socket without its token');
        deny(socket, '403 Forbidden');
        return;
      }
      devSockets.handleUpgrade(req, socket, head, (ws) => devSockets.emit('connection', ws, req));
    } else deny(socket, '404 Not Found');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, a server error (a socket limit, say) is a refusal like the others, never a crash.
  server.on('error', (error) => refuse('requests', `host server: ${error.message}`));
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  return {
    server,
    url,
    devUrl: devToken ? `${url}dev/?t=${devToken}` : null,
    refused: () => ({ ...counts }),
    close: async () => {
      stopCarrying();
      for (const ws of devSockets.clients) ws.close(1001);
      screens.close();
      devSockets.close();
      door.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

// A stand-in for the host in the renderer's browser tests: serves dist/renderer under the
// screen's CSP and speaks the contract on /ws, sending scripted snapshots and recording what
// the screen sends back. It checks every snapshot with checkToScreen before sending it. Wishes
// are accepted unless a test says to refuse them; queries are answered from what the test set,
// behind the same keys the cabinet asks for (C-21), and refused like the cabinet without them.

import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  checkToCabinet,
  checkToScreen,
  QUERY_ACCESS,
  type Answer,
  type Query,
  type QueryType,
  type Snapshot,
  type ToCabinet,
  type ToScreen,
  type WishType,
} from '../../src/contract';

// The policy the host serves the screen with: own scripts only, no eval, sockets to localhost.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; object-src 'none'; base-uri 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.woff2': 'font/woff2',
  '.css': 'text/css',
};

export class FakeCabinet {
  readonly received: ToCabinet[] = [];
  readonly refusedFromScreen: string[] = [];
  private server: Server | null = null;
  private sockets = new Set<WebSocket>();
  private waiters: (() => void)[] = [];
  port = 0;
  /** The last snapshot shown: the keys in it decide which queries are answered. */
  shown: Snapshot | null = null;
  readonly answers = new Map<QueryType, (q: Query) => Answer>();
  readonly refuseWishes = new Map<WishType, { rule: string; reason: string }>();

  constructor(private readonly root: string) {}

  async start(): Promise<void> {
    const wss = new WebSocketServer({ noServer: true });
    wss.on('connection', (ws) => {
      this.sockets.add(ws);
      ws.on('close', () => this.sockets.delete(ws));
      ws.on('message', (data) => {
        let value: unknown;
        try {
          value = JSON.parse(String(data));
        } catch {
          this.refusedFromScreen.push('not JSON');
          return;
        }
        const checked = checkToCabinet(value);
        if (!checked.ok) this.refusedFromScreen.push(checked.error);
        else {
          this.received.push(checked.message);
          const reply = this.reply(checked.message);
          if (reply) ws.send(JSON.stringify(reply));
        }
        this.waiters.splice(0).forEach((w) => w());
      });
    });
    this.server = createServer((req, res) => {
      const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^(\.\.[/\\])+/, '');
      const file = join(this.root, path.endsWith('/') ? `${path}index.html` : path);
      readFile(file).then(
        (body) => {
          res.writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'content-security-policy': CSP,
          });
          res.end(body);
        },
        () => {
          res.writeHead(404);
          res.end();
        },
      );
    });
    this.server.on('upgrade', (req, socket, head) => {
      if ((req.url ?? '').split('?')[0] !== '/ws') {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/?test=1`;
  }

  private reply(m: ToCabinet): ToScreen | null {
    if (m.kind === 'wish') {
      const refusal = this.refuseWishes.get(m.wish.type);
      return refusal ? { kind: 'refused', id: m.id, ...refusal } : { kind: 'accepted', id: m.id };
    }
    if (m.kind !== 'query') return null;
    const v = this.shown?.service;
    const technician = v !== undefined && v.technicianKey && v.technician;
    const allowed = QUERY_ACCESS[m.query.type] === 'attendant' ? (v?.attendantKey ?? false) || technician : technician;
    if (!allowed)
      return {
        kind: 'refused',
        id: m.id,
        rule: 'C-21',
        reason: `${m.query.type} needs the ${QUERY_ACCESS[m.query.type]}'s key`,
      };
    const answer = this.answers.get(m.query.type);
    if (!answer) return { kind: 'refused', id: m.id, rule: 'C-12', reason: `no ${m.query.type} records in this test` };
    const message: ToScreen = { kind: 'answer', id: m.id, answer: answer(m.query) };
    const checked = checkToScreen(message);
    if (!checked.ok) throw new Error(`answer does not fit the contract: ${checked.error}`);
    return message;
  }

  /** Sends a snapshot to every screen, after making sure it fits the contract. */
  show(snapshot: Snapshot): void {
    const message = { kind: 'snapshot', snapshot };
    const checked = checkToScreen(message);
    if (!checked.ok) throw new Error(`fixture does not fit the contract: ${checked.error}`);
    this.shown = snapshot;
    for (const ws of this.sockets) ws.send(JSON.stringify(message));
  }

  sendRaw(text: string): void {
    for (const ws of this.sockets) ws.send(text);
  }

  async nextMessage(predicate: (m: ToCabinet) => boolean, timeoutMs = 5000): Promise<ToCabinet> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no such message from the screen; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async stop(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

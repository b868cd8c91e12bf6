// The contract's WebSocket carrier, server side: every frame checked against the contract on
// arrival; anything else refused and logged (C-22); snapshots pushed to every screen.

import type { WebSocket, WebSocketServer } from 'ws';
import { checkToCabinet, parseFrame, type ToScreen } from '../contract';
import type { CabinetPort } from './cabinet-port';

export function carryContract(wss: WebSocketServer, port: CabinetPort): () => void {
  const clients = new Set<WebSocket>();
  const send = (ws: WebSocket, message: ToScreen): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = port.onSnapshot((snapshot) => {
    for (const ws of clients) send(ws, { kind: 'snapshot', snapshot });
  });

  wss.on('connection', (ws) => {
    clients.add(ws);
    send(ws, { kind: 'snapshot', snapshot: port.snapshot() });
    ws.on('close', () => clients.delete(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        port.refuseMalformed('binary frame', 'websocket');
        send(ws, { kind: 'refused', id: -1, rule: 'C-22', reason: 'binary frames are not part of the contract' });
        return;
      }
      const parsed = parseFrame(data.toString(), checkToCabinet);
      if (!parsed.ok) {
        port.refuseMalformed(parsed.error, 'websocket');
        send(ws, { kind: 'refused', id: -1, rule: 'C-22', reason: parsed.error });
        return;
      }
      const message = parsed.message;
      if (message.kind === 'hello') {
        send(ws, { kind: 'snapshot', snapshot: port.snapshot() });
        return;
      }
      port.wish(message.version, message.wish).then(
        (answer) => send(ws, answer.ok ? { kind: 'accepted', id: message.id } : { kind: 'refused', id: message.id, rule: answer.rule, reason: answer.reason }),
        (error: unknown) => send(ws, { kind: 'refused', id: message.id, rule: 'C-13', reason: `the cabinet could not take the wish: ${String(error)}` }),
      );
    });
  });

  return () => {
    unsubscribe();
    for (const ws of clients) ws.close(1001, 'host stopping');
  };
}

// The contract's WebSocket carrier, server side: every frame checked against the contract on
// arrival; anything else refused and logged (C-22); snapshots pushed to every screen.

import type { WebSocket, WebSocketServer } from 'ws';
import { answerMessage, checkToCabinet, parseFrame, type ToScreen } from '../contract';
import type { CabinetPort } from './cabinet-port';

// The contract caps a refusal's reason at 300 characters (a check's message can be longer as the
// contract grows); a longer one would be refused on arrival by the screen.
const clip = (text: string): string => (text.length <= 300 ? text : `${text.slice(0, 297)}...`);

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
        send(ws, { kind: 'refused', id: -1, rule: 'C-22', reason: clip(parsed.error) });
        return;
      }
      void answerMessage(port, parsed.message).then((reply) => send(ws, reply));
    });
  });

  return () => {
    unsubscribe();
    for (const ws of clients) ws.close(1001, 'host stopping');
  };
}

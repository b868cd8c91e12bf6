// The contract's WebSocket carrier, server side: every frame checked against the contract on
// arrival; anything else refused and logged (C-22); snapshots pushed to every screen. A frame
// the WebSocket layer itself cannot take (too big, not masked, an unknown opcode, text that is
// not UTF-8) closes that one connection with the code that says why, logged as one refusal.

import type { WebSocket, WebSocketServer } from 'ws';
import {
  answerMessage,
  checkToCabinet,
  clip,
  parseFrame,
  REFUSAL_BOUNDS,
  refusedMessage,
  type CabinetPort,
  type ScreenConnection,
  type ToScreen,
} from '../contract';

/** ws closes a connection on a frame it cannot take with one of these codes (RFC 6455, 7.4.1). */
const CLOSE_REASONS: Record<number, string> = {
  1002: 'protocol error',
  1007: 'invalid frame data',
  1009: 'frame too big',
};

/** The error a ws connection reports on a bad frame, as one refusal row's reason. */
export function frameRefusal(carrier: string, error: Error): string {
  // ws keeps the close code on the error under a symbol of its own.
  const fields = error as unknown as Record<symbol | 'code', unknown>;
  const status = Object.getOwnPropertySymbols(error)
    .map((k) => fields[k])
    .find((v): v is number => typeof v === 'number' && v in CLOSE_REASONS);
  const what = status === undefined ? 'failed' : `closed with ${status} (${CLOSE_REASONS[status]})`;
  return clip(`${carrier} ${what}: ${String(fields.code ?? error.name)}: ${error.message}`, REFUSAL_BOUNDS.reason);
}

export function carryContract(wss: WebSocketServer, port: CabinetPort): () => void {
  const clients = new Map<WebSocket, ScreenConnection>();
  const send = (ws: WebSocket, message: ToScreen): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = port.onSnapshot((snapshot) => {
    for (const ws of clients.keys()) send(ws, { kind: 'snapshot', snapshot });
  });

  wss.on('connection', (ws) => {
    const conn = port.connect('websocket');
    clients.set(ws, conn);
    send(ws, { kind: 'snapshot', snapshot: conn.snapshot() });
    // ws has already closed the connection with the right code; what is left is to say so once.
    ws.on('error', (error) => conn.refuseMalformed(frameRefusal('websocket', error)));
    ws.on('close', () => {
      clients.delete(ws);
      conn.close();
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        conn.refuseMalformed('binary frame');
        send(ws, { kind: 'refused', id: -1, rule: 'C-22', reason: 'binary frames are not part of the contract' });
        return;
      }
      const parsed = parseFrame(data.toString(), checkToCabinet);
      if (!parsed.ok) {
        conn.refuseMalformed(parsed.error);
        // A check's message can be longer than a refusal may be as the contract grows: clipped.
        send(ws, refusedMessage(-1, 'C-22', parsed.error));
        return;
      }
      void answerMessage(conn, parsed.message).then((reply) => send(ws, reply));
    });
  });

  return () => {
    unsubscribe();
    for (const ws of clients.keys()) ws.close(1001, 'host stopping');
  };
}

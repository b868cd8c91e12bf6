// The page's side of the IPC carrier, built in the preload: `send` and `onMessage`, nothing
// else. Outgoing messages are checked against the contract before they leave, incoming ones
// on arrival; the page never sees ipcRenderer or its events.

import { checkToCabinet, checkToScreen, type ToScreen } from '../contract';
import { CONTRACT_CHANNEL } from './channel';

/** What the bridge needs of ipcRenderer. */
export interface RendererIpc {
  send(channel: string, message: unknown): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export type SendResult = { ok: true } | { ok: false; error: string };

export interface CabinetBridge {
  /** Sends one contract message to the cabinet; a message outside the contract is not sent. */
  send(message: unknown): SendResult;
  /** Calls `listener` with every checked message from the cabinet; returns the unsubscribe. */
  onMessage(listener: (message: ToScreen) => void): () => void;
}

export function makeCabinetBridge(ipc: RendererIpc, warn: (line: string) => void): CabinetBridge {
  const listeners = new Set<(message: ToScreen) => void>();
  // The main process pushes a snapshot as soon as the page has loaded, possibly before the
  // page subscribed; the latest one is handed to each new listener so none starts blank.
  let lastSnapshot: ToScreen | null = null;

  ipc.on(CONTRACT_CHANNEL, (_event, ...args) => {
    const checked =
      args.length === 1
        ? checkToScreen(args[0])
        : { ok: false as const, error: `expected one message, got ${args.length}` };
    if (!checked.ok) {
      warn(`cabinet bridge: dropped a message from the cabinet: ${checked.error}`);
      return;
    }
    if (checked.message.kind === 'snapshot') lastSnapshot = checked.message;
    for (const listener of [...listeners]) deliver(listener, checked.message);
  });

  function deliver(listener: (message: ToScreen) => void, message: ToScreen): void {
    try {
      listener(message);
    } catch (error) {
      warn(`cabinet bridge: a listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    send(message: unknown): SendResult {
      const checked = checkToCabinet(message);
      if (!checked.ok) {
        warn(`cabinet bridge: refused to send: ${checked.error}`);
        return { ok: false, error: checked.error };
      }
      ipc.send(CONTRACT_CHANNEL, checked.message);
      return { ok: true };
    },
    onMessage(listener: (message: ToScreen) => void): () => void {
      if (typeof listener !== 'function') throw new TypeError('onMessage needs a function');
      listeners.add(listener);
      const replay = lastSnapshot;
      // After onMessage has returned, so that the caller has finished setting itself up.
      if (replay) queueMicrotask(() => listeners.has(listener) && deliver(listener, replay));
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

// The contract's IPC carrier, main side, mirroring the host's WebSocket carrier: one channel,
// accepted only from the window's own top frame showing the app's origin; every message checked
// against the contract; anything else refused and logged (C-22); snapshots pushed to the screen.

import { answerMessage, checkToCabinet, refusedMessage, type CabinetPort, type ToScreen } from '../contract';
import { isAppUrl } from './app-origin';
import { CARRIER, CONTRACT_CHANNEL } from './channel';

export interface SenderFrame {
  readonly url: string;
  /** Electron's WebFrameMain carries these; with them a frame is recognised even if the wrapper object differs. */
  readonly processId?: number;
  readonly routingId?: number;
}

/** The same frame: the same object, or (Electron's frames) the same process and routing id. */
function sameFrame(a: SenderFrame, b: SenderFrame): boolean {
  if (a === b) return true;
  return (
    a.processId !== undefined && a.routingId !== undefined && a.processId === b.processId && a.routingId === b.routingId
  );
}

export interface IpcEvent {
  readonly sender: unknown;
  readonly senderFrame: SenderFrame | null;
}

type IpcListener = (event: IpcEvent, ...args: unknown[]) => void;

/** What the bridge needs of ipcMain. */
export interface MainIpc {
  on(channel: string, listener: IpcListener): unknown;
  removeListener(channel: string, listener: IpcListener): unknown;
}

/** What the bridge needs of the window's web contents. */
export interface ScreenContents {
  /** Electron's web contents id, by which the sender is recognised if the wrapper object differs. */
  readonly id?: number;
  readonly mainFrame: SenderFrame;
  send(channel: string, message: unknown): void;
  isDestroyed(): boolean;
}

/** Null when the message comes from the screen itself; otherwise why it does not. */
export function senderProblem(event: IpcEvent, screen: ScreenContents): string | null {
  const sender = event.sender as { id?: unknown } | null;
  const sameSender =
    sender === screen ||
    (screen.id !== undefined && typeof sender === 'object' && sender !== null && sender.id === screen.id);
  if (!sameSender) return 'message from a web contents that is not the screen';
  const frame = event.senderFrame;
  if (frame === null) return 'message from a frame that is gone';
  if (!sameFrame(frame, screen.mainFrame)) return 'message from a frame that is not the top frame';
  if (!isAppUrl(frame.url)) return `message from a page outside the app (${frame.url.slice(0, 100)})`;
  return null;
}

export interface IpcBridge {
  /** Sends the current snapshot (after each load of the page). */
  pushSnapshot(): void;
  stop(): void;
}

export function bridgeIpc(
  ipc: MainIpc,
  screen: ScreenContents,
  port: CabinetPort,
  log: (line: string) => void,
): IpcBridge {
  const send = (message: ToScreen): void => {
    if (!screen.isDestroyed()) screen.send(CONTRACT_CHANNEL, message);
  };
  // The screen is one connection; whatever else knocks on the channel is another, logged apart.
  const conn = port.connect(CARRIER);
  const strangers = port.connect(`${CARRIER} (not the screen)`);
  const refuse = (reason: string): void => {
    conn.refuseMalformed(reason);
    send(refusedMessage(-1, 'C-22', reason));
  };

  const listener: IpcListener = (event, ...args) => {
    const problem = senderProblem(event, screen);
    if (problem) {
      // Not the screen: logged with the cabinet, and no answer goes back to whoever it was.
      log(`IPC refused: ${problem}`);
      strangers.refuseMalformed(problem);
      return;
    }
    if (args.length !== 1) {
      refuse(`expected one message, got ${args.length}`);
      return;
    }
    const checked = checkToCabinet(args[0]);
    if (!checked.ok) {
      refuse(checked.error);
      return;
    }
    void answerMessage(conn, checked.message).then(send);
  };

  ipc.on(CONTRACT_CHANNEL, listener);
  const unsubscribe = port.onSnapshot((snapshot) => send({ kind: 'snapshot', snapshot }));

  return {
    pushSnapshot: () => send({ kind: 'snapshot', snapshot: port.snapshot() }),
    stop: () => {
      unsubscribe();
      ipc.removeListener(CONTRACT_CHANNEL, listener);
      conn.close();
      strangers.close();
    },
  };
}

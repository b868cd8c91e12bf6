// The screen's one line to the cabinet (docs/architecture.md, "One contract, two carriers"): the same contract over
// the Electron preload bridge or a WebSocket from the host. Everything that arrives is checked
// against the contract; a bad message is logged and dropped, never drawn.

import { checkToScreen, parseFrame, type ToCabinet, type ToScreen } from '../../src/contract';

/** The line's state as the carrier reports it; the scene shows it (connecting, or lost and reconnecting). */
export type ConnectionStatus = 'connecting' | 'open' | 'closed';

export interface Carrier {
  send(message: ToCabinet): void;
  onMessage(listener: (message: ToScreen) => void): void;
  onStatus?(listener: (status: ConnectionStatus) => void): void;
}

/** What the Electron preload exposes as `window.cabinetBridge`: the same shape, unchecked values. */
export interface CabinetBridge {
  send(message: ToCabinet): void;
  onMessage(listener: (message: unknown) => void): void;
  onStatus?(listener: (status: ConnectionStatus) => void): void;
}

export type Log = (line: string) => void;

export const HELLO: ToCabinet = { kind: 'hello', client: 'renderer' };

/** Wraps the preload bridge so its messages pass the same check as the socket's. */
export function bridgeCarrier(bridge: CabinetBridge, log: Log): Carrier {
  return {
    send: (message) => bridge.send(message),
    onMessage(listener) {
      bridge.onMessage((value) => {
        const checked = checkToScreen(value);
        if (checked.ok) listener(checked.message);
        else log(`dropped a message from the cabinet: ${checked.error}`);
      });
    },
    onStatus: bridge.onStatus ? (listener) => bridge.onStatus!(listener) : undefined,
  };
}

/** The part of the DOM WebSocket this carrier uses, so tests can hand it a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface SocketCarrierOptions {
  url: string;
  open: (url: string) => SocketLike;
  log: Log;
  setTimer?: (fn: () => void, ms: number) => unknown;
  /** First retry delay; doubles up to maxDelayMs, back to the first after a good connection. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

const OPEN = 1;

export class SocketCarrier implements Carrier {
  private socket: SocketLike | null = null;
  private readonly listeners: ((m: ToScreen) => void)[] = [];
  private readonly statusListeners: ((s: ConnectionStatus) => void)[] = [];
  private delay: number;
  private stopped = false;

  constructor(private readonly options: SocketCarrierOptions) {
    this.delay = options.minDelayMs ?? 250;
  }

  start(): void {
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }

  send(message: ToCabinet): void {
    if (!this.socket || this.socket.readyState !== OPEN) {
      // A wish made while the line is down would be stale by the time it returns: drop it.
      this.options.log(`not connected: dropped ${message.kind === 'wish' ? message.wish.type : message.kind}`);
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  onMessage(listener: (message: ToScreen) => void): void {
    this.listeners.push(listener);
  }

  onStatus(listener: (status: ConnectionStatus) => void): void {
    this.statusListeners.push(listener);
  }

  private status(s: ConnectionStatus): void {
    for (const l of this.statusListeners) l(s);
  }

  private connect(): void {
    if (this.stopped) return;
    this.status('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.open(this.options.url);
    } catch (error) {
      this.options.log(`cannot open ${this.options.url}: ${String(error)}`);
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.delay = this.options.minDelayMs ?? 250;
      socket.send(JSON.stringify(HELLO));
      this.status('open');
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') {
        this.options.log('dropped a binary frame from the cabinet');
        return;
      }
      const checked = parseFrame(event.data, checkToScreen);
      if (!checked.ok) {
        this.options.log(`dropped a message from the cabinet: ${checked.error}`);
        return;
      }
      for (const l of this.listeners) l(checked.message);
    };
    socket.onerror = () => {
      // The close event follows; the retry is scheduled there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.status('closed');
      this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, this.options.maxDelayMs ?? 5000);
    (this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)))(() => this.connect(), wait);
  }
}

interface CarrierHost {
  cabinetBridge?: CabinetBridge;
  location: { host: string; protocol: string };
  WebSocket?: new (url: string) => SocketLike;
}

/** The preload bridge inside Electron, else the host's WebSocket at /ws. */
export function pickCarrier(host: CarrierHost, log: Log): Carrier {
  if (host.cabinetBridge) return bridgeCarrier(host.cabinetBridge, log);
  const scheme = host.location.protocol === 'https:' ? 'wss' : 'ws';
  const Socket = host.WebSocket;
  if (!Socket) throw new Error('no WebSocket in this page and no cabinet bridge');
  const carrier = new SocketCarrier({
    url: `${scheme}://${host.location.host}/ws`,
    open: (url) => new Socket(url),
    log,
  });
  carrier.start();
  return carrier;
}

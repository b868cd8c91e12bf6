// The deck's side of our protocol: buttons, key switches and door switches a test (or a
// developer's keyboard) can work, lamps the cabinet sets, a full state report on power-up and on
// request, heartbeats, and acknowledged, retransmitted input reports.

import { EventEmitter } from 'node:events';
import type { Button, Door, KeySwitch, LampState } from '../../cabinet/device-events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { restingState, type DeckInput, type DeckState } from './codec';
import { DeckLinkLayer } from './link-layer';
import { DeckParser } from './parser';

export interface DeckSimOptions {
  heartbeatMs?: number;
  ackTimeoutMs?: number;
  maxTries?: number;
}

export interface DeckSimEvents {
  lamps: [lamps: Record<Button, LampState>];
}

export class DeckSimulator extends EventEmitter<DeckSimEvents> {
  private st: DeckState = restingState();
  private powered = true;
  private endpoint: DeviceEndpoint | null = null;
  private unsubscribe: (() => void) | null = null;
  private parser = new DeckParser();
  private readonly link: DeckLinkLayer;
  private timer: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;
  private readonly ackTimeoutMs: number;
  /** Last time the host was heard from. */
  hostSeenAt = 0;

  constructor(options: DeckSimOptions = {}) {
    super();
    this.heartbeatMs = options.heartbeatMs ?? 500;
    this.ackTimeoutMs = options.ackTimeoutMs ?? 100;
    this.link = new DeckLinkLayer((b) => this.powered && this.endpoint?.write(b), {
      ackTimeoutMs: this.ackTimeoutMs,
      maxTries: options.maxTries ?? 5,
    });
  }

  attach(endpoint: DeviceEndpoint): this {
    this.detach();
    this.endpoint = endpoint;
    this.unsubscribe = endpoint.onData((bytes) => this.receive(bytes));
    this.start();
    return this;
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.endpoint = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get state(): DeckState {
    return structuredClone(this.st);
  }

  get lamps(): Record<Button, LampState> {
    return { ...this.st.lamps };
  }

  get badFrames(): number {
    return this.parser.stats.badFrames;
  }

  // --- scripting -------------------------------------------------------------------------

  press(button: Button): void {
    this.set({ kind: 'button', button }, true);
  }

  release(button: Button): void {
    this.set({ kind: 'button', button }, false);
  }

  /** Press and release. */
  tap(button: Button): void {
    this.press(button);
    this.release(button);
  }

  turnKey(key: KeySwitch, on: boolean): void {
    this.set({ kind: 'key', key }, on);
  }

  setDoor(door: Door, open: boolean): void {
    this.set({ kind: 'door', door }, open);
  }

  /** Works one input by its description (the keyboard map's output). */
  set(input: DeckInput, on: boolean): void {
    const cur = this.current(input);
    if (cur === on) return;
    if (input.kind === 'button') this.st.buttons[input.button] = on;
    else if (input.kind === 'key') this.st.keys[input.key] = on;
    else this.st.doors[input.door] = on;
    if (this.powered) this.link.send({ type: 'input', input, on });
  }

  current(input: DeckInput): boolean {
    return input.kind === 'button'
      ? this.st.buttons[input.button]
      : input.kind === 'key'
        ? this.st.keys[input.key]
        : this.st.doors[input.door];
  }

  powerOff(): void {
    this.powered = false;
    this.link.clear();
    this.parser = new DeckParser();
    // Lamps are driven by the deck's outputs: they go dark. Switches keep their positions.
    this.st.lamps = restingState().lamps;
    for (const b of Object.keys(this.st.buttons) as Button[]) this.st.buttons[b] = false;
  }

  powerOn(): void {
    if (this.powered) return;
    this.powered = true;
    this.start();
  }

  powerCycle(offMs = 200): Promise<void> {
    this.powerOff();
    return new Promise((r) => setTimeout(() => (this.powerOn(), r()), offMs));
  }

  // --- protocol ---------------------------------------------------------------------------

  private start(): void {
    this.link.resetPeer();
    this.reportState();
    if (!this.timer) {
      this.timer = setInterval(
        () => {
          if (!this.powered) return;
          const now = Date.now();
          if (now - this.lastBeat >= this.heartbeatMs) {
            this.lastBeat = now;
            this.link.sendBare({ type: 'heartbeat' });
          }
          this.link.tick(now);
        },
        Math.max(5, Math.min(this.heartbeatMs, this.ackTimeoutMs) / 2),
      );
      this.timer.unref();
    }
  }

  private lastBeat = 0;

  private reportState(): void {
    this.link.clear();
    this.link.send({ type: 'state', state: structuredClone(this.st) });
  }

  private lastDataAt = 0;

  private receive(bytes: Buffer): void {
    if (!this.powered) return;
    const now = Date.now();
    const late = now - this.lastDataAt > 50 ? this.parser.reset() : [];
    this.lastDataAt = now;
    for (const frame of [...late, ...this.parser.feed(bytes)]) {
      this.hostSeenAt = Date.now();
      const m = this.link.receive(frame);
      if (!m) continue;
      if (m.type === 'lamps') {
        this.st.lamps = m.lamps;
        this.emit('lamps', { ...m.lamps });
      } else if (m.type === 'stateRequest') this.reportState();
    }
  }
}

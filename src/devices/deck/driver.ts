// The button deck driver (C-18, C-20): turns the deck's frames into button, key and door events,
// sets lamps, and watches the deck's heartbeat so a dead deck is noticed and reported (C-19).
// Each time the deck (re)appears it is asked for its whole state, which goes to the cabinet whole
// (a 'switches' event): the deck's word on every key and door, whatever anyone believed before.
// Changes after it are events of their own; a press made while the deck was unreachable is not
// replayed as an action.

import type { Button, DeviceCommand, LampState } from '../../cabinet/device-events';
import { BUTTONS, LAMP_STATES } from '../../cabinet/device-events';
import { DriverBase } from '../shared/driver-base';
import type { Binding } from '../shared/port-connection';
import { Silence } from '../shared/own-pauses';
import { NoAnswerError } from '../shared/requester';
import { restingState, type DeckFrame, type DeckInput, type DeckState } from './codec';
import { DeckLinkLayer } from './link-layer';
import { DeckParser } from './parser';

export interface DeckDriverOptions {
  path: string;
  binding?: Binding;
  baudRate?: number;
  heartbeatMs?: number;
  /** Silence after which the deck counts as gone, in time spent listening (../shared/own-pauses.ts). */
  deadAfterMs?: number;
  ackTimeoutMs?: number;
  maxTries?: number;
  reconnectMs?: number;
}

export class DeckDriver extends DriverBase<DeckFrame> {
  private readonly opts: Required<Omit<DeckDriverOptions, 'binding'>>;
  private readonly link: DeckLinkLayer;
  private known: DeckState = restingState();
  private lamps: Record<Button, LampState> = restingState().lamps;
  /** Every step counts at most one heartbeat: the frame it waits for is at most one behind. */
  private readonly silence: Silence;
  private lastBeat = 0;
  private awaitingState = true;
  private stateAskedAt = 0;

  constructor(options: DeckDriverOptions) {
    const opts = {
      baudRate: 38400,
      heartbeatMs: 500,
      deadAfterMs: 1500,
      ackTimeoutMs: 100,
      maxTries: 5,
      reconnectMs: 500,
      ...options,
    };
    const pollMs = Math.max(5, Math.min(opts.heartbeatMs, opts.ackTimeoutMs) / 2);
    super(
      'deck',
      { path: opts.path, binding: options.binding, baudRate: opts.baudRate, reconnectMs: opts.reconnectMs },
      () => new DeckParser(50),
      {
        pollMs,
        recycleAfter: Math.ceil(opts.deadAfterMs / pollMs),
      },
    );
    this.opts = opts;
    this.silence = new Silence(opts.heartbeatMs, Date.now());
    this.link = new DeckLinkLayer((b) => void this.conn.write(b).catch(() => undefined), {
      ackTimeoutMs: opts.ackTimeoutMs,
      maxTries: opts.maxTries,
    });
    this.conn.on('frame', (f) => this.onFrame(f));
  }

  /** Inputs as last reported by the deck. */
  get inputs(): DeckState {
    return structuredClone(this.known);
  }

  send(command: DeviceCommand): void {
    if (command.device !== 'deck' || command.type !== 'lamps') return;
    for (const [b, s] of Object.entries(command.lamps) as [Button, LampState][]) {
      if (!BUTTONS.includes(b) || !(LAMP_STATES as readonly string[]).includes(s)) continue;
      this.lamps[b] = s;
    }
    // Lamp frames carry every lamp, so only the newest one matters.
    this.link.send({ type: 'lamps', lamps: { ...this.lamps } }, true);
  }

  protected override onConnected(): void {
    this.link.clear();
    this.link.resetPeer();
    this.silence.heard(Date.now());
    this.askState();
  }

  protected override onOffline(): void {
    this.awaitingState = true;
  }

  protected async step(): Promise<void> {
    const now = Date.now();
    this.link.tick(now);
    if (now - this.lastBeat >= this.opts.heartbeatMs) {
      this.lastBeat = now;
      this.link.sendBare({ type: 'heartbeat' });
    }
    if (this.awaitingState && now - this.stateAskedAt > this.opts.ackTimeoutMs * 2) this.askState();
    if (this.silence.step(now) > this.opts.deadAfterMs) throw new NoAnswerError('deck heartbeat', 1);
  }

  private askState(): void {
    this.awaitingState = true;
    this.stateAskedAt = Date.now();
    this.link.sendBare({ type: 'stateRequest' });
  }

  private onFrame(frame: DeckFrame): void {
    this.silence.heard(Date.now());
    const m = this.link.receive(frame);
    if (!m) return;
    if (m.type === 'state') {
      this.awaitingState = false;
      this.known = { ...structuredClone(m.state), lamps: this.known.lamps };
      this.markOnline();
      this.emitEvent({ device: 'deck', type: 'switches', keys: { ...m.state.keys }, doors: { ...m.state.doors } });
      if (BUTTONS.some((b) => m.state.lamps[b] !== this.lamps[b]))
        this.link.send({ type: 'lamps', lamps: { ...this.lamps } }, true);
      return;
    }
    if (m.type === 'input' && !this.awaitingState) this.applyInput(m.input, m.on);
  }

  private applyInput(i: DeckInput, on: boolean): void {
    const k = this.known;
    if (i.kind === 'button') {
      if (k.buttons[i.button] === on) return;
      k.buttons[i.button] = on;
      this.emitEvent({ device: 'deck', type: 'button', button: i.button, pressed: on });
    } else if (i.kind === 'key') {
      if (k.keys[i.key] === on) return;
      k.keys[i.key] = on;
      this.emitEvent({ device: 'deck', type: 'key', key: i.key, on });
    } else {
      if (k.doors[i.door] === on) return;
      k.doors[i.door] = on;
      this.emitEvent({ device: 'deck', type: 'door', door: i.door, open: on });
    }
  }
}

// The latest snapshot and the way back: screens read from here and own no game state; every
// wish carries the version of the snapshot it was made against, so a stale press is refused
// by the cabinet rather than applied to a game the player no longer sees.

import type { Snapshot, ToScreen, Wish } from '../src/contract';
import type { Carrier } from './carrier';
import type { ConnectionStatus } from './scene';

export interface Notice {
  text: string;
  rule: string | null;
  at: number;
}

export class ScreenStore {
  snapshot: Snapshot | null = null;
  status: ConnectionStatus = 'connecting';
  notice: Notice | null = null;
  /** Wishes sent, newest last (kept short): for the test hook and for logs. */
  readonly sent: { id: number; version: number; wish: Wish }[] = [];
  private nextId = 1;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly carrier: Carrier,
    private readonly clock: () => number = () => Date.now(),
  ) {
    carrier.onMessage((m) => this.receive(m));
    carrier.onStatus?.((s) => {
      this.status = s;
      this.changed();
    });
  }

  subscribe(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Sends a wish against the snapshot on show; without one there is nothing to wish against. */
  wish(wish: Wish): number | null {
    if (!this.snapshot) return null;
    const id = this.nextId++;
    const version = this.snapshot.version;
    this.carrier.send({ kind: 'wish', id, version, wish });
    this.sent.push({ id, version, wish });
    if (this.sent.length > 50) this.sent.shift();
    return id;
  }

  private receive(message: ToScreen): void {
    switch (message.kind) {
      case 'snapshot':
        this.snapshot = message.snapshot;
        if (this.status !== 'open') this.status = 'open';
        break;
      case 'refused':
        this.notice = { text: message.reason, rule: message.rule, at: this.clock() };
        break;
      case 'notice':
        this.notice = { text: message.text, rule: null, at: this.clock() };
        break;
      case 'accepted':
        return;
    }
    this.changed();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

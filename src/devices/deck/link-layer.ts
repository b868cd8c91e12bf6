// The deck protocol's reliability, shared by both ends: every frame but ACK and HEARTBEAT carries
// a sequence number and is sent until the other end acknowledges it (stop and wait, so order is
// kept); a repeated sequence number is acknowledged again but not delivered twice.

import type { DeckFrame, DeckMessage } from './codec';
import { encodeDeckFrame } from './codec';

export interface LinkTiming {
  /** Wait for an ACK before sending the same frame again. */
  ackTimeoutMs: number;
  /** Send attempts before the frame is kept back until the other end shows life. */
  maxTries: number;
}

export class DeckLinkLayer {
  private seq = 0;
  private readonly queue: DeckMessage[] = [];
  private inFlight: { seq: number; bytes: Buffer; sentAt: number; tries: number } | null = null;
  private lastDelivered: number | null = null;
  /** Frames given up on after maxTries (the other end seems gone); they wait in the queue. */
  stalled = false;

  constructor(
    private readonly write: (bytes: Buffer) => void,
    private readonly timing: LinkTiming,
  ) {}

  /** Queues a message for reliable delivery; `replace` drops queued messages of the same type first. */
  send(message: DeckMessage, replace = false): void {
    if (replace)
      for (let i = this.queue.length - 1; i >= 0; i--)
        if (this.queue[i]?.type === message.type) this.queue.splice(i, 1);
    this.queue.push(message);
    this.pump();
  }

  /** Sends a frame that needs no ACK (heartbeat, ack). */
  sendBare(message: DeckMessage): void {
    this.write(encodeDeckFrame({ seq: 0, message }));
  }

  /** Forgets queued and in-flight messages (superseded by a full state report). */
  clear(): void {
    this.queue.length = 0;
    this.inFlight = null;
    this.stalled = false;
  }

  /** Starts the duplicate filter afresh (the other end restarted its numbering). */
  resetPeer(): void {
    this.lastDelivered = null;
  }

  /** Handles an incoming frame; returns the message if it should be delivered. */
  receive(frame: DeckFrame): DeckMessage | null {
    const m = frame.message;
    if (m.type === 'ack') {
      if (this.inFlight && this.inFlight.seq === m.seq) {
        this.inFlight = null;
        this.stalled = false;
        this.pump();
      }
      return null;
    }
    if (m.type === 'heartbeat') {
      if (this.stalled) {
        // The other end is back: try again what we had given up on.
        this.stalled = false;
        if (this.inFlight) this.inFlight.tries = 0;
        this.tick(Infinity);
      }
      return m;
    }
    // Sequence 0 marks a frame sent once, unacknowledged (a state request is simply asked again).
    if (frame.seq === 0) return m;
    this.sendBare({ type: 'ack', seq: frame.seq });
    if (this.lastDelivered === frame.seq && m.type !== 'state') return null;
    this.lastDelivered = frame.seq;
    return m;
  }

  /** Retransmits when an ACK is overdue; call it now and then. */
  tick(now = Date.now()): void {
    const f = this.inFlight;
    if (!f || this.stalled) return;
    if (now === Infinity || now - f.sentAt >= this.timing.ackTimeoutMs) {
      if (f.tries >= this.timing.maxTries) {
        this.stalled = true;
        return;
      }
      f.tries++;
      f.sentAt = Date.now();
      this.write(f.bytes);
    }
  }

  get idle(): boolean {
    return !this.inFlight && !this.queue.length;
  }

  private pump(): void {
    if (this.inFlight) return;
    const m = this.queue.shift();
    if (!m) return;
    // Sequence 0 is left to unsequenced frames so a first frame is never mistaken for a repeat.
    this.seq = (this.seq % 255) + 1;
    const bytes = encodeDeckFrame({ seq: this.seq, message: m });
    this.inFlight = { seq: this.seq, bytes, sentAt: Date.now(), tries: 1 };
    this.write(bytes);
  }
}

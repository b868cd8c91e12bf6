// The host's side of the ACK/NAK toggle (docs/protocols/ebds.md, "The toggle"). A command goes
// out with the toggle bit; the reply that answers it carries the same bit. The next new command
// flips it: that is how the unit learns its reply was heard. A command not answered (or answered
// with the other bit) is sent again with the same bit, and the unit answers a repeat with its
// same reply, acting on nothing twice. The host may also hold the bit on purpose, so the unit
// keeps reporting an event until the cabinet has committed it. The bit of every command is kept
// in a small file before it goes out, so a host that restarts after a crash speaks to the unit
// with the bit it last heard and hears again what it may have missed.

import type { PortConnection } from '../shared/port-connection';
import { NoAnswerError, Requester } from '../shared/requester';
import { encodeCommand, type EbdsCommand, type EbdsReply } from './codec';
import type { Toggle } from './frame';

/** Where the toggle of the last command sent is kept between starts of the cabinet. */
export interface ToggleStore {
  load(): Toggle | null;
  save(toggle: Toggle): void;
}

export interface Exchange {
  /** The command as it went out last. */
  command: EbdsCommand;
  reply: EbdsReply;
  /** The same toggle as the exchange before, whose reply was heard: the unit repeated that reply. */
  repeat: boolean;
}

/** What a command is answered with; anything else carrying its toggle is an older reply repeated. */
export function fits(command: EbdsCommand, reply: EbdsReply): boolean {
  switch (command.type) {
    case 'omnibus':
      return reply.type === 'status' || reply.type === 'note' || reply.type === 'barcode';
    case 'queryNote':
      return reply.type === 'note';
    case 'setNoteInhibits':
      return reply.type === 'status' || reply.type === 'noteInhibits';
    case 'auxiliary':
      return reply.type === 'auxiliary';
  }
}

export class EbdsLink {
  private readonly req: Requester<EbdsReply>;
  private toggle: Toggle;
  /** The toggle of the last reply heard and not yet acknowledged by a flip. */
  private heard: Toggle | null = null;
  private lastReply: string | null = null;

  constructor(
    conn: PortConnection<EbdsReply>,
    private readonly store: ToggleStore | null,
    private readonly timing: { responseTimeoutMs: number; retries: number },
  ) {
    this.req = new Requester(conn);
    this.toggle = store?.load() ?? 0;
  }

  /**
   * Sends the command `make` builds for the current toggle until a reply with that toggle comes.
   * A reply that does not answer this kind of command is an older one the unit repeated: the
   * toggle flips (it has been heard) and the command goes again as new.
   */
  async exchange(make: (toggle: Toggle) => EbdsCommand, what: string): Promise<Exchange> {
    for (let stale = 0; ; stale++) {
      const toggle = this.toggle;
      const command = make(toggle);
      this.store?.save(toggle);
      const reply = await this.req.request(
        what,
        encodeCommand(command),
        (r) => r.toggle === toggle,
        this.timing.responseTimeoutMs,
        this.timing.retries,
      );
      const key = JSON.stringify(reply);
      const repeat = this.heard === toggle && key === this.lastReply;
      this.heard = toggle;
      this.lastReply = key;
      if (fits(command, reply)) return { command, reply, repeat };
      if (stale >= 2) throw new NoAnswerError(`${what} (answered with ${reply.type} replies)`, stale + 1);
      this.advance();
    }
  }

  /** The last reply has been acted on: the next command is new. */
  advance(): void {
    if (this.heard === null) return;
    this.toggle = this.heard === 0 ? 1 : 0;
    this.heard = null;
  }

  /** A fresh connection: nothing heard yet on it (the toggle itself is the unit's memory, kept). */
  reset(): void {
    this.heard = null;
    this.lastReply = null;
  }
}

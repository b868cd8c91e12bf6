// The machine's reading of the host: line bytes → wakeup-marked bytes (wire.ts) → polls. A byte
// with the wakeup bit always starts a new message (so a broken poll never swallows the next
// one); the command byte says, from the poll table, how long the poll is; a poll that carries
// data is delivered only with a good CRC. Polls to other addresses are framed the same way, since
// any poll the machine sees that is not a repeat of its own acknowledges its last reply.

import { crc16Kermit } from '../shared/crc16-kermit';
import { LONG_POLLS, hasCrc, lengthOf, type PollDef } from './polls';
import { WakeupDecoder } from './wire';

export type PollFrame =
  /** `address | 80` with the wakeup bit; address 0 is the hosts' "sync" poll. */
  | { kind: 'general'; address: number }
  /** A whole long poll whose CRC (where it has one) is right. */
  | { kind: 'long'; address: number; command: number; def: PollDef; bytes: Buffer }
  /** A whole long poll whose CRC is wrong: nothing in it can be trusted but its length. */
  | { kind: 'badCrc'; address: number; command: number; bytes: Buffer }
  /** A command this machine does not frame: the bytes up to the next wakeup byte are skipped. */
  | { kind: 'unknown'; address: number; command: number };

export interface PollParserStats {
  /** Polls delivered (general, long, unknown). */
  frames: number;
  badCrc: number;
  /** Polls cut short by the next wakeup byte. */
  broken: number;
  /** Data bytes outside any poll (not counting those skipped after an unknown command). */
  strayBytes: number;
  badEscapes: number;
  /** Wakeup bytes seen: any of them means the host is alive. */
  wakeups: number;
}

export class SasPollParser {
  private readonly decoder = new WakeupDecoder();
  private readonly counts = { frames: 0, badCrc: 0, broken: 0, strayBytes: 0, wakeups: 0 };
  private msg: [address: number, ...rest: number[]] | null = null;
  private def: PollDef | null = null;
  private skipping = false;
  private out: PollFrame[] = [];

  get stats(): PollParserStats {
    return { ...this.counts, badEscapes: this.decoder.stats.badEscapes };
  }

  feed(chunk: Uint8Array): PollFrame[] {
    this.out = [];
    this.decoder.feed(chunk, (b, wakeup) => this.byte(b, wakeup));
    return this.out;
  }

  private byte(b: number, wakeup: boolean): void {
    if (wakeup) {
      this.counts.wakeups++;
      if (this.msg) this.counts.broken++;
      this.msg = null;
      this.def = null;
      this.skipping = false;
      if (b & 0x80) this.emit({ kind: 'general', address: b & 0x7f });
      else this.msg = [b];
      return;
    }
    const msg = this.msg;
    if (!msg) {
      if (!this.skipping) this.counts.strayBytes++;
      return;
    }
    msg.push(b);
    if (msg.length === 2) {
      const def = LONG_POLLS[b];
      // Address 0 carries only broadcasts; anything else there is a poll for nobody.
      if (!def || (msg[0] === 0 && !def.broadcast)) {
        this.msg = null;
        this.skipping = true;
        this.emit({ kind: 'unknown', address: msg[0], command: b });
        return;
      }
      this.def = def;
    }
    const def = this.def!;
    const total = lengthOf(def.request, msg);
    if (total === null || msg.length < total) return;
    this.msg = null;
    this.def = null;
    const bytes = Buffer.from(msg);
    // The message holds its whole length (at least address, command and, with a CRC, two more).
    const address = msg[0];
    const command = bytes.readUInt8(1);
    if (hasCrc(def) && crc16Kermit(bytes, 0, total - 2) !== bytes.readUInt16LE(total - 2)) {
      this.counts.badCrc++;
      this.out.push({ kind: 'badCrc', address, command, bytes });
      return;
    }
    this.emit({ kind: 'long', address, command, def, bytes });
  }

  private emit(frame: PollFrame): void {
    this.counts.frames++;
    this.out.push(frame);
  }
}

// The two directions of a TCL line. The driver reads the printer's replies with the shared framed
// parser (a reply's kind byte fixes its length; its separators and closing `*` must be in place).
// The simulator reads the host's commands: `^…^` runs, the lone ENQ and the template-mode escape,
// dropping and counting what it cannot read. TCL carries no checksum either way (docs/protocols/tcl.md).

import { FramedParser, type DropRecord, type ParserStats } from '../shared/framed-parser';
import {
  CARET,
  CRC_REPLY_LENGTH,
  decodeReply,
  decodeTclFrame,
  ENQ,
  ESC,
  MAX_COMMAND,
  replyLength,
  replyShapeOk,
  STAR,
  STATUS_REPLY_LENGTH,
  TEMPLATE_MODE,
  type TclCommand,
  type TclReply,
} from './codec';

export class TclReplyParser extends FramedParser<TclReply> {
  constructor(interByteTimeoutMs?: number) {
    super({
      sync: STAR,
      lengthOf: replyLength,
      minLength: CRC_REPLY_LENGTH,
      maxLength: STATUS_REPLY_LENGTH,
      check: { reason: 'delimiters', ok: replyShapeOk },
      decode: decodeReply,
      interByteTimeoutMs,
    });
  }
}

/** Reads the host's command stream a chunk at a time, as a printer does. */
export class TclCommandDecoder {
  readonly stats: ParserStats = { frames: 0, badFrames: 0, garbageBytes: 0 };
  readonly drops: DropRecord[] = [];
  private buf: Buffer = Buffer.alloc(0);
  private inGarbage = false;

  feed(chunk: Uint8Array): TclCommand[] {
    const out: TclCommand[] = [];
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : Buffer.from(chunk);
    this.scan(false, out);
    return out;
  }

  /** Gives up a command left open (the line went quiet), counting it, and returns what it held back. */
  reset(): TclCommand[] {
    const out: TclCommand[] = [];
    this.scan(true, out);
    return out;
  }

  private scan(final: boolean, out: TclCommand[]): void {
    const b = this.buf;
    let i = 0;
    while (i < b.length) {
      const c = b[i]!;
      if (c === ENQ) {
        this.take(out, { type: 'statusRequest' });
        i++;
      } else if (c === ESC) {
        const have = b.subarray(i, i + TEMPLATE_MODE.length);
        if (have.equals(TEMPLATE_MODE)) {
          this.take(out, { type: 'templateMode' });
          i += TEMPLATE_MODE.length;
        } else if (!final && TEMPLATE_MODE.subarray(0, have.length).equals(have)) break;
        else {
          this.skip(1);
          i++;
        }
      } else if (c === CARET) {
        const end = b.indexOf(CARET, i + 1);
        if (end < 0) {
          if (!final && b.length - i <= MAX_COMMAND) break;
          this.drop('length', `no closing ^ within ${Math.min(b.length - i, MAX_COMMAND)} bytes`);
          i++;
          continue;
        }
        let cmd: TclCommand | null = null;
        try {
          cmd = decodeTclFrame(b.subarray(i + 1, end));
        } catch (e) {
          this.drop('decode', e instanceof Error ? e.message : String(e));
        }
        if (cmd) {
          this.take(out, cmd);
          i = end + 1;
        } else i = end; // the closing ^ may open the next command, if this one was out of step
      } else {
        this.skip(1);
        i++;
      }
    }
    this.buf = Buffer.from(b.subarray(i));
  }

  private take(out: TclCommand[], cmd: TclCommand): void {
    this.inGarbage = false;
    this.stats.frames++;
    out.push(cmd);
  }

  private skip(n: number): void {
    this.stats.garbageBytes += n;
    if (!this.inGarbage) {
      this.inGarbage = true;
      this.drop('garbage', 'bytes outside any command');
    }
  }

  private drop(reason: DropRecord['reason'], detail: string): void {
    this.stats.badFrames++;
    this.drops.push({ reason, detail });
    if (this.drops.length > 32) this.drops.shift();
  }
}

// ESC/POS real-time status (DLE EOT n) and the process-id reply (GS ( H), as the printer sends
// them and as the driver reads them. A status byte always has bits 1 and 4 set and 0 and 7 clear,
// which is how the reader tells it from noise.

import { Transform, type TransformCallback } from 'node:stream';
import type { ParserStats } from '../shared/framed-parser';

export interface PrinterCondition {
  offline: boolean;
  coverOpen: boolean;
  paperOut: boolean;
  paperLow: boolean;
  /** Paper jammed in the mechanism (TCL; ESC/POS reports it as an error). */
  paperJam: boolean;
  /** The print head (platen) lifted (TCL; ESC/POS reports it as the cover). */
  headUp: boolean;
  /** Auto-cutter error (bit 3 of n = 3). */
  cutterError: boolean;
  unrecoverableError: boolean;
  autoRecoverableError: boolean;
}

export const READY: PrinterCondition = {
  offline: false,
  coverOpen: false,
  paperOut: false,
  paperLow: false,
  paperJam: false,
  headUp: false,
  cutterError: false,
  unrecoverableError: false,
  autoRecoverableError: false,
};

const BASE = 0x12;
const bit = (on: boolean, n: number) => (on ? 1 << n : 0);

/** The byte a printer in `c` answers to DLE EOT n. */
export function statusByte(n: 1 | 2 | 3 | 4, c: PrinterCondition): number {
  const error = c.cutterError || c.unrecoverableError || c.autoRecoverableError;
  switch (n) {
    case 1:
      return BASE | bit(c.offline || c.coverOpen || c.paperOut || error, 3);
    case 2:
      return BASE | bit(c.coverOpen, 2) | bit(c.paperOut, 5) | bit(error, 6);
    case 3:
      return BASE | bit(c.cutterError, 3) | bit(c.unrecoverableError, 5) | bit(c.autoRecoverableError, 6);
    case 4:
      return BASE | (c.paperLow ? 0x0c : 0) | (c.paperOut ? 0x60 : 0);
  }
}

/** What one status byte says, for the request it answers. */
export function readStatusByte(n: 1 | 2 | 3 | 4, b: number): Partial<PrinterCondition> {
  if (!isStatusByte(b)) throw new Error(`0x${b.toString(16)} is not an ESC/POS status byte`);
  switch (n) {
    case 1:
      return { offline: !!(b & 0x08) };
    case 2:
      return { coverOpen: !!(b & 0x04), paperOut: !!(b & 0x20) };
    case 3:
      return { cutterError: !!(b & 0x08), unrecoverableError: !!(b & 0x20), autoRecoverableError: !!(b & 0x40) };
    case 4:
      return { paperLow: !!(b & 0x0c), paperOut: !!(b & 0x60) };
  }
}

export function isStatusByte(b: number): boolean {
  return (b & 0x93) === 0x12;
}

export type PrinterReply = { type: 'status'; byte: number } | { type: 'processId'; id: string };

export function encodeProcessIdReply(id: string): Buffer {
  return Buffer.concat([Buffer.from([0x37, 0x22]), Buffer.from(id, 'latin1'), Buffer.from([0])]);
}

/** Reads what a printer sends back: status bytes and process-id replies; anything else is dropped and counted. */
export class PrinterReplyParser extends Transform {
  readonly stats: ParserStats = { frames: 0, badFrames: 0, garbageBytes: 0 };
  private buf: Buffer = Buffer.alloc(0);

  constructor() {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _e: BufferEncoding, cb: TransformCallback): void {
    for (const r of this.feed(chunk)) this.push(r);
    cb();
  }

  feed(chunk: Uint8Array): PrinterReply[] {
    const out: PrinterReply[] = [];
    let b = this.buf.length ? Buffer.concat([this.buf, chunk]) : Buffer.from(chunk);
    let i = 0;
    let c: number | undefined;
    while ((c = b[i]) !== undefined) {
      if (isStatusByte(c)) {
        out.push({ type: 'status', byte: c });
        this.stats.frames++;
        i++;
      } else if (c === 0x37) {
        if (b.length - i < 7 && this.couldBeReply(b, i)) break;
        const id = b.toString('latin1', i + 2, i + 6);
        if (b[i + 1] === 0x22 && /^\d{4}$/.test(id) && b[i + 6] === 0) {
          out.push({ type: 'processId', id });
          this.stats.frames++;
          i += 7;
        } else {
          this.stats.badFrames++;
          i++;
        }
      } else {
        this.stats.garbageBytes++;
        i++;
      }
    }
    b = b.subarray(i);
    this.buf = Buffer.from(b);
    return out;
  }

  /** Whether the bytes so far can still grow into `37 22 d d d d 00`. */
  private couldBeReply(b: Buffer, i: number): boolean {
    for (const [k, byte] of b.subarray(i + 1).entries()) {
      const want = k + 1;
      if (want === 1 && byte !== 0x22) return false;
      if (want >= 2 && want <= 5 && (byte < 0x30 || byte > 0x39)) return false;
    }
    return true;
  }
}

// One streaming parser for the protocols framed as `SYNC LEN ... CHECK` with LEN counting the whole
// frame: ID-003 and the button deck (a CRC-16/KERMIT, low byte first) and EBDS (ETX and an XOR
// checksum), and for those whose frame's kind fixes its length (TCL's `*S|…|*` replies); a small
// object-mode Transform in the manner of serialport's own parsers.
// It survives frames split at any byte, garbage between frames and corrupt frames; every frame it
// throws away is counted, so a driver can report a noisy line instead of hiding it.

import { Transform, type TransformCallback } from 'node:stream';
import { crc16Kermit } from './crc16-kermit';

/** How a frame of the claimed length proves itself whole; `reason` names a frame that fails. */
export interface FrameCheck {
  reason: 'crc' | 'checksum' | 'delimiters';
  ok: (frame: Buffer) => boolean;
}

/** CRC-16/KERMIT over every byte before it, low byte first (ID-003, the button deck). */
export const CRC16_KERMIT_CHECK: FrameCheck = {
  reason: 'crc',
  ok: (f) => crc16Kermit(f, 0, f.length - 2) === f.readUInt16LE(f.length - 2),
};

export interface FramingOptions<T> {
  sync: number;
  /** Default: CRC-16/KERMIT in the last two bytes. */
  check?: FrameCheck;
  /**
   * The whole frame's length read from its first bytes; undefined while too few have arrived.
   * Default: the byte after the sync byte.
   */
  lengthOf?: (buf: Buffer) => number | undefined;
  /** Whole frame, sync and CRC included. */
  minLength: number;
  maxLength: number;
  /** Turns a frame whose CRC is right into a typed value; throws for a malformed one. */
  decode: (frame: Buffer) => T;
  /** Silence after which a partial frame is given up (stream use only). */
  interByteTimeoutMs?: number;
}

export interface ParserStats {
  /** Frames delivered. */
  frames: number;
  /** Frames dropped: impossible length, a failed check (CRC or checksum), a payload the decoder refused, or a run of
   *  bytes with no sync byte (a frame whose sync byte itself was corrupt looks like that). */
  badFrames: number;
  /** Bytes skipped while hunting for a sync byte. */
  garbageBytes: number;
}

/** Why the last frames were dropped, newest last; bounded so a noisy line cannot grow it. */
export interface DropRecord {
  reason: 'length' | FrameCheck['reason'] | 'decode' | 'garbage';
  detail: string;
}

export class FramedParser<T> extends Transform {
  readonly stats: ParserStats = { frames: 0, badFrames: 0, garbageBytes: 0 };
  readonly drops: DropRecord[] = [];
  private buf: Buffer = Buffer.alloc(0);
  private lastByteAt = 0;

  constructor(private readonly opts: FramingOptions<T>) {
    super({ readableObjectMode: true });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    const gap = this.opts.interByteTimeoutMs;
    if (gap !== undefined) {
      // As serialport's own parsers do: a line quiet for longer than a frame takes to arrive
      // means the bytes waiting are a broken frame, not the start of a slow one.
      const now = Date.now();
      if (this.buf.length && now - this.lastByteAt > gap) this.scan(true);
      this.lastByteAt = now;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    this.scan(false);
    cb();
  }

  override _flush(cb: TransformCallback): void {
    this.scan(true);
    cb();
  }

  /** Feeds bytes and returns what they completed: the same logic without stream plumbing. */
  feed(chunk: Uint8Array): T[] {
    const out: T[] = [];
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : Buffer.from(chunk);
    this.scan(false, out);
    return out;
  }

  /**
   * Gives up on a frame left incomplete (the line went quiet): it counts as dropped, and any good
   * frame that was waiting behind its claimed length is returned.
   */
  reset(): T[] {
    const out: T[] = [];
    this.scan(true, out);
    return out;
  }

  private scan(final: boolean, out?: T[]): void {
    const { sync, minLength, maxLength } = this.opts;
    let buf = this.buf;
    for (;;) {
      const at = buf.indexOf(sync);
      if (at < 0) {
        this.skip(buf.length);
        buf = buf.subarray(buf.length);
        break;
      }
      if (at > 0) {
        this.skip(at);
        buf = buf.subarray(at);
      }
      this.inGarbage = false;
      const len = this.opts.lengthOf ? this.opts.lengthOf(buf) : buf[1];
      if (len === undefined) {
        if (final) {
          this.discard('length', 'frame cut short');
          buf = buf.subarray(1);
          continue;
        }
        break;
      }
      if (len < minLength || len > maxLength) {
        this.discard('length', `length ${len} outside ${minLength}..${maxLength}`);
        buf = buf.subarray(1);
        continue;
      }
      if (buf.length < len) {
        if (final) {
          this.discard('length', `frame cut short at ${buf.length} of ${len} bytes`);
          buf = buf.subarray(1);
          continue;
        }
        break;
      }
      const check = this.opts.check ?? CRC16_KERMIT_CHECK;
      if (!check.ok(buf.subarray(0, len))) {
        // Resync one byte on, not one frame on: the length byte itself may be the corrupt one,
        // and a good frame may start inside what it claimed.
        this.discard(check.reason, `bad ${check.reason} on ${buf.subarray(0, len).toString('hex')}`);
        buf = buf.subarray(1);
        continue;
      }
      const frame = Buffer.from(buf.subarray(0, len));
      buf = buf.subarray(len);
      let value: T;
      try {
        value = this.opts.decode(frame);
      } catch (e) {
        this.discard('decode', e instanceof Error ? e.message : String(e));
        continue;
      }
      this.stats.frames++;
      if (out) out.push(value);
      else this.push(value);
    }
    this.buf = buf.length ? Buffer.from(buf) : Buffer.alloc(0);
  }

  private inGarbage = false;

  /** Skipped bytes: one run of them, however long and however it arrives, is one dropped unit. */
  private skip(n: number): void {
    if (!n) return;
    this.stats.garbageBytes += n;
    if (!this.inGarbage) {
      this.inGarbage = true;
      this.discard('garbage', 'bytes outside any frame');
    }
  }

  private discard(reason: DropRecord['reason'], detail: string): void {
    this.stats.badFrames++;
    this.drops.push({ reason, detail });
    if (this.drops.length > 32) this.drops.shift();
  }
}

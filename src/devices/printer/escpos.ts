// The ESC/POS subset a casino voucher printer (TransAct Epic 950 class) needs (C-17): encoders
// for the driver, and an incremental decoder for the simulator, which must read any split of the
// stream and survive garbage, counting what it could not read.

import type { Align } from './paper';

export type { Align };

export const ESC = 0x1b;
export const GS = 0x1d;
export const DLE = 0x10;
export const LF = 0x0a;

export type EscPos =
  | { type: 'text'; text: string }
  | { type: 'lf' }
  | { type: 'init' }
  | { type: 'emphasis'; on: boolean }
  | { type: 'align'; align: Align }
  /** Magnification 1..8 each way (GS !). */
  | { type: 'size'; width: number; height: number }
  | { type: 'feed'; lines: number }
  | { type: 'barcodeHeight'; dots: number }
  | { type: 'barcodeWidth'; module: number }
  /** Human-readable text under the bars: 0 none, 1 above, 2 below, 3 both. */
  | { type: 'hriPosition'; position: number }
  | { type: 'barcodeItf'; data: string }
  | { type: 'cut'; partial: boolean; feed: number }
  /** GS ( H fn 48: the printer answers with this id once everything before it is done. */
  | { type: 'processId'; id: string }
  /** DLE EOT n: real-time status, answered at once even while printing is stopped. */
  | { type: 'statusRequest'; n: 1 | 2 | 3 | 4 }
  /** DLE ENQ n: real-time request; 2 = recover and clear the buffers. */
  | { type: 'realtimeRequest'; n: number };

const ALIGN: Align[] = ['left', 'center', 'right'];

export function encodeEscPos(c: EscPos): Buffer {
  switch (c.type) {
    case 'text': {
      const bytes = Buffer.from(c.text, 'latin1');
      for (const b of bytes)
        if (b < 0x20 || b === 0x7f) throw new Error(`text for the printer holds control byte 0x${b.toString(16)}`);
      return bytes;
    }
    case 'lf':
      return Buffer.from([LF]);
    case 'init':
      return Buffer.from([ESC, 0x40]);
    case 'emphasis':
      return Buffer.from([ESC, 0x45, c.on ? 1 : 0]);
    case 'align':
      return Buffer.from([ESC, 0x61, ALIGN.indexOf(c.align)]);
    case 'size':
      if (![c.width, c.height].every((v) => Number.isInteger(v) && v >= 1 && v <= 8))
        throw new Error('character size is 1..8 each way');
      return Buffer.from([GS, 0x21, ((c.width - 1) << 4) | (c.height - 1)]);
    case 'feed':
      return Buffer.from([ESC, 0x64, byte(c.lines)]);
    case 'barcodeHeight':
      return Buffer.from([GS, 0x68, byte(c.dots)]);
    case 'barcodeWidth':
      return Buffer.from([GS, 0x77, byte(c.module)]);
    case 'hriPosition':
      return Buffer.from([GS, 0x48, c.position & 3]);
    case 'barcodeItf':
      if (!/^(\d\d)+$/.test(c.data) || c.data.length > 254)
        throw new Error('Interleaved 2 of 5 takes an even number of digits');
      return Buffer.concat([Buffer.from([GS, 0x6b, 70, c.data.length]), Buffer.from(c.data, 'latin1')]);
    case 'cut':
      return Buffer.from([GS, 0x56, c.partial ? 66 : 65, byte(c.feed)]);
    case 'processId':
      if (!/^\d{4}$/.test(c.id)) throw new Error('a process id is 4 digits');
      return Buffer.concat([Buffer.from([GS, 0x28, 0x48, 6, 0, 48, 48]), Buffer.from(c.id, 'latin1')]);
    case 'statusRequest':
      return Buffer.from([DLE, 0x04, c.n]);
    case 'realtimeRequest':
      return Buffer.from([DLE, 0x05, byte(c.n)]);
  }
}

function byte(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 255) throw new Error(`ESC/POS parameter ${n} is not a byte`);
  return n;
}

export interface DecoderStats {
  commands: number;
  /** Sequences or bytes that are not ESC/POS we know: skipped. */
  badCommands: number;
}

/**
 * Reads an ESC/POS byte stream a chunk at a time. Printable runs come out as text; an unknown or
 * malformed sequence is counted and skipped one byte at a time, so the next good command is found.
 */
export class EscPosDecoder {
  readonly stats: DecoderStats = { commands: 0, badCommands: 0 };
  private buf: Buffer = Buffer.alloc(0);

  feed(chunk: Uint8Array): EscPos[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : Buffer.from(chunk);
    const out: EscPos[] = [];
    let i = 0;
    const b = this.buf;
    for (;;) {
      if (i >= b.length) break;
      const r = decodeAt(b, i);
      if (r === 'more') break;
      if (r === 'bad') {
        this.stats.badCommands++;
        i++;
        continue;
      }
      if (r.cmd) {
        out.push(r.cmd);
        this.stats.commands++;
      }
      i = r.next;
    }
    this.buf = Buffer.from(b.subarray(i));
    return out;
  }

  /** Drops a sequence left incomplete (the line went quiet or was cleared). */
  reset(): void {
    if (this.buf.length) this.stats.badCommands++;
    this.buf = Buffer.alloc(0);
  }
}

type Step = 'more' | 'bad' | { cmd: EscPos | null; next: number };

const printable = (x: number | undefined): boolean => x !== undefined && x >= 0x20 && x !== 0x7f;

// A byte read past the end of what has arrived is `undefined`: the sequence waits for more.
function decodeAt(b: Buffer, i: number): Step {
  const c = b[i];
  if (c === undefined) return 'more';
  if (printable(c)) {
    let j = i;
    while (printable(b[j])) j++;
    return { cmd: { type: 'text', text: b.toString('latin1', i, j) }, next: j };
  }
  if (c === LF) return { cmd: { type: 'lf' }, next: i + 1 };
  if (c === 0x0d) return { cmd: null, next: i + 1 }; // CR: no-op on this printer family
  const need = (n: number) => i + n <= b.length;
  if (c === ESC) {
    const f = b[i + 1];
    if (f === undefined) return 'more';
    if (f === 0x40) return { cmd: { type: 'init' }, next: i + 2 };
    const n = b[i + 2];
    if (n === undefined) return [0x45, 0x61, 0x64].includes(f) ? 'more' : 'bad';
    if (f === 0x45) return n <= 1 ? { cmd: { type: 'emphasis', on: n === 1 }, next: i + 3 } : 'bad';
    if (f === 0x61) {
      const align = ALIGN[n];
      return align ? { cmd: { type: 'align', align }, next: i + 3 } : 'bad';
    }
    if (f === 0x64) return { cmd: { type: 'feed', lines: n }, next: i + 3 };
    return 'bad';
  }
  if (c === GS) {
    const f = b[i + 1];
    if (f === undefined) return 'more';
    const known = [0x21, 0x68, 0x77, 0x48, 0x6b, 0x56, 0x28];
    if (!known.includes(f)) return 'bad';
    const n = b[i + 2];
    if (n === undefined) return 'more';
    switch (f) {
      case 0x21:
        return (n & 0x88) === 0
          ? { cmd: { type: 'size', width: (n >> 4) + 1, height: (n & 7) + 1 }, next: i + 3 }
          : 'bad';
      case 0x68:
        return n >= 1 ? { cmd: { type: 'barcodeHeight', dots: n }, next: i + 3 } : 'bad';
      case 0x77:
        return n >= 1 && n <= 6 ? { cmd: { type: 'barcodeWidth', module: n }, next: i + 3 } : 'bad';
      case 0x48:
        return n <= 3 ? { cmd: { type: 'hriPosition', position: n }, next: i + 3 } : 'bad';
      case 0x56:
        if (n === 65 || n === 66) {
          const feed = b[i + 3];
          if (feed === undefined) return 'more';
          return { cmd: { type: 'cut', partial: n === 66, feed }, next: i + 4 };
        }
        return n <= 1 ? { cmd: { type: 'cut', partial: n === 1, feed: 0 }, next: i + 3 } : 'bad';
      case 0x6b: {
        if (n !== 70) return 'bad';
        const len = b[i + 3];
        if (len === undefined || !need(4 + len)) return 'more';
        const data = b.toString('latin1', i + 4, i + 4 + len);
        return /^(\d\d)+$/.test(data) ? { cmd: { type: 'barcodeItf', data }, next: i + 4 + len } : 'bad';
      }
      case 0x28: {
        if (n !== 0x48) return 'bad';
        if (!need(11)) return 'more';
        const id = b.toString('latin1', i + 7, i + 11);
        const ok = b[i + 3] === 6 && b[i + 4] === 0 && b[i + 5] === 48 && b[i + 6] === 48 && /^\d{4}$/.test(id);
        return ok ? { cmd: { type: 'processId', id }, next: i + 11 } : 'bad';
      }
    }
    return 'bad';
  }
  if (c === DLE) {
    const f = b[i + 1];
    const n = b[i + 2];
    if (f === undefined || n === undefined) return 'more';
    if (f === 0x04 && n >= 1 && n <= 4) return { cmd: { type: 'statusRequest', n: n as 1 | 2 | 3 | 4 }, next: i + 3 };
    if (f === 0x05 && n >= 1 && n <= 2) return { cmd: { type: 'realtimeRequest', n }, next: i + 3 };
    return 'bad';
  }
  return 'bad';
}

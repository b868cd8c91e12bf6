// The ninth ("wakeup") bit as bytes. On a UART set up by `port.ts` (space parity, marked parity
// errors), the kernel turns a byte that arrives with the wakeup bit into `FF 00 x` and a plain
// data byte FF into `FF FF`; on a pseudo-terminal or an in-memory line, which carry no parity,
// the host writes that same encoding itself. So this one decoder reads the host on every line.
// The machine's own bytes never carry the wakeup bit and go out as they are.

export interface WireStats {
  /** `FF` followed by anything but `00` or `FF`: a corrupt escape, dropped. */
  badEscapes: number;
}

type State = 'plain' | 'afterFF' | 'afterFF00';

export class WakeupDecoder {
  readonly stats: WireStats = { badEscapes: 0 };
  private state: State = 'plain';

  /** Calls `out` for each byte with its wakeup bit; a chunk may end anywhere in an escape. */
  feed(chunk: Uint8Array, out: (value: number, wakeup: boolean) => void): void {
    for (const b of chunk) {
      if (this.state === 'afterFF00') {
        this.state = 'plain';
        out(b, true);
      } else if (this.state === 'afterFF') {
        if (b === 0xff) {
          this.state = 'plain';
          out(0xff, false);
        } else if (b === 0x00) this.state = 'afterFF00';
        else {
          // Not an encoding the kernel makes: the FF was noise. The byte after it is read as data,
          // so a wakeup byte cannot be invented out of it.
          this.stats.badEscapes++;
          this.state = 'plain';
          out(b, false);
        }
      } else if (b === 0xff) this.state = 'afterFF';
      else out(b, false);
    }
  }

  reset(): void {
    this.state = 'plain';
  }
}

/** A host message as it goes on a line without parity: the first byte with the wakeup bit. */
export function encodeHostMessage(message: Uint8Array): Buffer {
  const out: number[] = [];
  message.forEach((b, i) => {
    if (i === 0) out.push(0xff, 0x00, b);
    else if (b === 0xff) out.push(0xff, 0xff);
    else out.push(b);
  });
  return Buffer.from(out);
}

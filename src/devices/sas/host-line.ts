// A SAS host's end of the line, the casino system's side: it sends polls with the wakeup encoding
// (wire.ts) over any DeviceEndpoint (an in-memory line or a socat pseudo-terminal), frames the
// machine's replies by the poll table, checks their CRC, and keeps the host's half of implied
// acknowledgement: a lost or corrupt reply is asked for with the same poll again (at most three
// polls in all, as the standard says), and a reply received is acknowledged by the next poll
// being a different one, with a "sync" general poll to address 0 put in between when the next
// poll would be the same. What a casino system does with the answers is ./host.ts.

import { EventEmitter } from 'node:events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { SasFormatError, crcOk, sasByte } from './frame';
import { EVENT_DATA_BYTES, NO_ACTIVITY } from './exception-codes';
import { METER_CODES } from './meter-codes';
import { EVENT_RESPONSE, LONG_POLLS, ROM_SIGNATURE_REPLY_LENGTH, lengthOf } from './polls';
import * as R from './replies';
import { encodeLongPoll, generalPoll, type LongPollRequest } from './requests';
import { encodeHostMessage } from './wire';

export interface SasHostOptions {
  /** Wait for the first byte of a reply (the standard gives the machine 20 ms). */
  replyTimeoutMs?: number;
  /** Polls in all for one request: the first and its repeats (the standard: three). */
  attempts?: number;
}

export type GeneralPollResult =
  | { kind: 'exception'; code: number }
  /** Real-time event reporting (0E): the exception with its data (no activity comes as exception 00). */
  | { kind: 'event'; code: number; data: number[] }
  | { kind: 'romSignature'; signature: number }
  | { kind: 'none' };

/** A reply as framed off the line: an ACK, a NACK, the machine busy, or data with a good CRC. */
export type RawReply = { kind: 'ack' } | { kind: 'nack' } | { kind: 'busy' } | { kind: 'data'; bytes: Buffer };

/** Events taken in place of one long poll's reply before the poll counts as unanswered. */
const MAX_EVENTS_PER_POLL = 32;

/** The polls one at a time and their replies; `Events` are what the host built on it tells. */
export class SasHostLine<Events extends Record<keyof Events, unknown[]>> extends EventEmitter<Events> {
  /** Machines with real-time event reporting on (0E acknowledged). */
  readonly realTime = new Set<number>();
  /** Polls sent (first tries and repeats) and replies that never came or came corrupt. */
  readonly stats = { polls: 0, repeats: 0, timeouts: 0, badReplies: 0 };
  private rx: Buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private last: { address: number; key: string } | null = null;
  private romPending = new Set<number>();
  private readonly unsubscribe: () => void;
  private readonly opts: Required<SasHostOptions>;

  constructor(
    private readonly endpoint: DeviceEndpoint,
    options: SasHostOptions = {},
  ) {
    super();
    this.opts = { replyTimeoutMs: 100, attempts: 3, ...options };
    this.unsubscribe = endpoint.onData((b) => {
      this.rx = this.rx.length ? Buffer.concat([this.rx, b]) : Buffer.from(b);
      this.wake?.();
    });
  }

  /** Stops listening (the endpoint itself belongs to the caller). */
  detach(): void {
    this.unsubscribe();
  }

  // --- single polls -----------------------------------------------------------------------

  /** A general poll; a ROM signature that was asked for may come back instead of an exception. */
  generalPoll(address: number): Promise<GeneralPollResult> {
    return this.serial(async () => {
      for (let attempt = 0; attempt < this.opts.attempts; attempt++) {
        const got = await this.exchange(address, generalPoll(address), (rx) => this.generalShape(address, rx));
        if (!got) continue;
        const event = this.event(address, got);
        // In real-time event reporting an idle machine says so as an event of its own (00).
        if (event?.code === NO_ACTIVITY) return { kind: 'exception' as const, code: NO_ACTIVITY };
        if (event) return { kind: 'event' as const, ...event };
        if (got.length === ROM_SIGNATURE_REPLY_LENGTH) {
          this.romPending.delete(address);
          return { kind: 'romSignature' as const, signature: R.decodeRomSignature(got) };
        }
        return { kind: 'exception' as const, code: sasByte(got, 0) };
      }
      return { kind: 'none' as const };
    });
  }

  /** Events a machine sent instead of a long poll's reply, not yet handed to the casino loop. */
  readonly pendingEvents: { address: number; code: number; data: number[] }[] = [];

  /** A real-time event message (`a FF code data crc`) with a good CRC, or null. */
  private event(address: number, got: Buffer): { code: number; data: number[] } | null {
    if (!this.realTime.has(address) || got.length < 5 || got[0] !== address || got[1] !== EVENT_RESPONSE) return null;
    if (!crcOk(got)) {
      this.stats.badReplies++;
      return null;
    }
    return R.decodeEvent(got);
  }

  /** A long poll and its reply, repeated when the reply is lost; null when it never came. */
  longPoll(address: number, req: LongPollRequest): Promise<RawReply | null> {
    return this.serial(async () => {
      const message = encodeLongPoll(address, req);
      // An event sent instead of the reply is kept and the poll asked again (the standard's 12.4);
      // the exchange puts a sync poll in between, which acknowledges the event.
      let events = 0;
      for (let attempt = 0; attempt < this.opts.attempts; attempt++) {
        const got = await this.exchange(address, message, (rx) => this.replyShape(address, req.command, rx));
        if (!got) continue;
        const event = this.event(address, got);
        if (event) {
          this.pendingEvents.push({ address, ...event });
          if (++events <= MAX_EVENTS_PER_POLL) attempt--;
          continue;
        }
        if (got.length === 1) return got[0] === address ? { kind: 'ack' as const } : { kind: 'nack' as const };
        if (got.length === 2 && got[1] === 0x00) return { kind: 'busy' as const };
        if (!crcOk(got) || got[0] !== address || got[1] !== req.command) {
          this.stats.badReplies++;
          continue;
        }
        if (req.command === 0x21) this.romPending.add(address);
        return { kind: 'data' as const, bytes: got };
      }
      return null;
    });
  }

  /** The data of a long poll's reply, or null (no reply, NACK, busy). */
  async request(address: number, req: LongPollRequest): Promise<Buffer | null> {
    const r = await this.longPoll(address, req);
    return r?.kind === 'data' ? r.bytes : null;
  }

  /** A long poll answered by an ACK (01, 02, 0E, 21, 7F). */
  async command(address: number, req: LongPollRequest): Promise<boolean> {
    const acked = (await this.longPoll(address, req))?.kind === 'ack';
    if (acked && req.command === 0x0e) {
      if (req.enable) this.realTime.add(address);
      else this.realTime.delete(address);
    }
    return acked;
  }

  /** A general poll to address 0, which no machine answers: acknowledges the last reply taken. */
  sync(): Promise<void> {
    return this.serial(async () => {
      this.endpoint.write(encodeHostMessage(generalPoll(0)));
      this.last = null;
    });
  }

  /** 7F to every machine at once (address 0): nobody answers. */
  broadcast(req: LongPollRequest): Promise<void> {
    return this.serial(async () => {
      this.endpoint.write(encodeHostMessage(encodeLongPoll(0, req)));
      this.last = null;
    });
  }

  async selectedMeters(address: number, game: number, codes: readonly number[]): Promise<Map<number, number> | null> {
    const values = new Map<number, number>();
    for (let i = 0; i < codes.length; i += 10) {
      const b = await this.request(address, { command: 0x2f, game, meters: codes.slice(i, i + 10) });
      if (!b) return null;
      for (const m of R.decodeSelectedMeters(b, (c) => METER_CODES[c]?.bytes ?? null).meters)
        values.set(m.code, m.value);
    }
    return values;
  }

  // --- the line ---------------------------------------------------------------------------

  /** One request at a time, in the order asked. */
  private serial<T>(f: () => Promise<T>): Promise<T> {
    const next = this.queue.then(f, f);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Sends one poll and collects the reply `shape` says is complete: the bytes, or null when
   * nothing (or not enough) came in time.
   */
  private async exchange(
    address: number,
    message: Buffer,
    shape: (rx: Buffer) => number | null,
  ): Promise<Buffer | null> {
    const key = message.toString('hex');
    // The same poll as the last one to this machine would read as "send it again": after a reply
    // that arrived, a sync poll (general poll to address 0) acknowledges it first.
    if (this.last && this.last.address === address && this.last.key === key)
      this.endpoint.write(encodeHostMessage(generalPoll(0)));
    this.rx = Buffer.alloc(0);
    this.stats.polls++;
    if (this.last?.key === `pending:${key}`) this.stats.repeats++;
    this.endpoint.write(encodeHostMessage(message));
    const deadline = Date.now() + this.opts.replyTimeoutMs;
    // A timer that fires late (a loaded machine) can run before the reply already read off the
    // line is handed over: the deadline is checked only after one more turn for the line's data.
    let lastLook = false;
    for (;;) {
      const need = this.rx.length ? shape(this.rx) : null;
      if (need !== null && this.rx.length >= need) {
        const reply = this.rx.subarray(0, need);
        this.rx = this.rx.subarray(need);
        this.last = { address, key };
        return Buffer.from(reply);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        if (lastLook) break;
        lastLook = true;
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
    this.stats.timeouts++;
    // Not received: the next poll, the same one, asks for it again.
    this.last = { address, key: `pending:${key}` };
    return null;
  }

  /** An event message's whole length once its code is in, or null while it is not. */
  private eventShape(address: number, rx: Buffer): number | null | undefined {
    if (!this.realTime.has(address) || rx[0] !== address || rx[1] !== EVENT_RESPONSE) return undefined;
    const code = rx[2];
    return code === undefined ? null : 5 + (EVENT_DATA_BYTES[code] ?? 0);
  }

  private generalShape(address: number, rx: Buffer): number | null {
    const event = this.eventShape(address, rx);
    if (event !== undefined) return event;
    if (this.realTime.has(address) && rx.length === 1 && rx[0] === address) return null;
    // A ROM signature asked for earlier comes back as `addr 21 sig sig crc crc` instead of an
    // exception code; an exception equal to the address is told apart by what follows.
    if (this.romPending.has(address) && rx[0] === address) {
      if (rx.length >= 2 && rx[1] !== 0x21) return 1;
      if (rx.length >= ROM_SIGNATURE_REPLY_LENGTH)
        return crcOk(rx.subarray(0, ROM_SIGNATURE_REPLY_LENGTH)) ? ROM_SIGNATURE_REPLY_LENGTH : 1;
      return null;
    }
    return 1;
  }

  private replyShape(address: number, command: number, rx: Buffer): number | null {
    const def = LONG_POLLS[command];
    if (!def) throw new SasFormatError(`no reply layout for ${command.toString(16)}`);
    const event = this.eventShape(address, rx);
    if (event !== undefined) return event;
    if (this.realTime.has(address) && rx.length === 1 && rx[0] === address && def.reply.kind !== 'ack') return null;
    if (rx[0] === (address | 0x80) || def.reply.kind === 'ack') return 1;
    if (rx.length >= 2 && rx[0] === address && rx[1] === 0x00) return 2;
    return lengthOf(def.reply, rx);
  }
}

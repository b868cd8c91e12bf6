// A SAS host, the casino system's side, for tests, development and a technician's link check:
// it sends polls with the wakeup encoding (wire.ts) over any DeviceEndpoint (an in-memory line
// or a socat pseudo-terminal), frames the machine's replies by the poll table, checks their CRC,
// and keeps the host's half of implied acknowledgement: a lost or corrupt reply is asked for
// with the same poll again (at most three polls in all, as the standard says), and a reply
// received is acknowledged by the next poll being a different one, with a "sync" general poll
// to address 0 put in between when the next poll would be the same.
//
// On top of the single polls, `runCasino` polls like a casino system: general polls round the
// addresses, meters every few seconds, 4D after each 3D, 1B after 51, and ticket-in validation
// (70, 71, 71 status after 68) answered from a small table of valid tickets.

import { EventEmitter } from 'node:events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { SasFormatError, crcOk, sasByte } from './frame';
import { METER_CODES } from './meter-codes';
import { LONG_POLLS, ROM_SIGNATURE_REPLY_LENGTH, lengthOf } from './polls';
import * as R from './replies';
import { encodeLongPoll, generalPoll, type LongPollRequest } from './requests';
import { noFinalStatus, REDEEM_STATUS, TRANSFER_CODE } from './ticket-codes';
import { encodeHostMessage } from './wire';

export interface SasHostOptions {
  /** Wait for the first byte of a reply (the standard gives the machine 20 ms). */
  replyTimeoutMs?: number;
  /** Polls in all for one request: the first and its repeats (the standard: three). */
  attempts?: number;
}

export type GeneralPollResult =
  { kind: 'exception'; code: number } | { kind: 'romSignature'; signature: number } | { kind: 'none' };

/** A reply as framed off the line: an ACK, a NACK, the machine busy, or data with a good CRC. */
export type RawReply = { kind: 'ack' } | { kind: 'nack' } | { kind: 'busy' } | { kind: 'data'; bytes: Buffer };

export interface HostTicket {
  amountCents: number;
  state: 'valid' | 'pending' | 'redeemed' | 'expired';
  /** This ticket only: refused whatever its state, or never answered (`ticketMode` for all). */
  answer?: 'reject' | 'silent';
}

export interface RedemptionRecord {
  address: number;
  barcode: string;
  transferCode: number;
  amountCents: number;
  /** The machine's answer to the 71 redeem. */
  replyStatus: number | null;
  /** The final status read with 71 FF after 68. */
  finalStatus?: number;
}

export interface SasHostEvents {
  exception: [address: number, code: number];
  voucher: [address: number, record: R.ValidationInfoReply];
  meters: [address: number, values: Map<number, number>];
  redemption: [record: RedemptionRecord];
}

export interface CasinoOptions {
  /** Addresses polled in turn, present or not. */
  addresses: number[];
  /** Pause between one poll cycle and the next. */
  cycleMs?: number;
  metersEveryMs?: number;
  /** Meters read with 2F for game 0 (at most ten a poll; more are read in several polls). */
  meterCodes?: number[];
  /** Set with 4C at the start and whenever a machine raises 3F (ID, first sequence). */
  validation?: { validationId: number; sequence: number };
  /** 71 with the restricted-expiration and pool-ID fields, without them, or both in turn. */
  redeemForm?: 'short' | 'long' | 'alternate';
}

const STANDARD_METERS = [0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x0b, 0x0c, 0x0d, 0x0e, 0x11, 0x12, 0x24];
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SasHost extends EventEmitter<SasHostEvents> {
  readonly tickets = new Map<string, HostTicket>();
  /** How the host answers tickets: look them up, refuse them all, or never answer. */
  ticketMode: 'accept' | 'reject' | 'silent' = 'accept';
  readonly exceptions: { address: number; code: number }[] = [];
  readonly vouchers: { address: number; record: R.ValidationInfoReply }[] = [];
  readonly redemptions: RedemptionRecord[] = [];
  readonly meterReads = new Map<number, Map<number, number>>();
  /** Polls sent (first tries and repeats) and replies that never came or came corrupt. */
  readonly stats = { polls: 0, repeats: 0, timeouts: 0, badReplies: 0 };
  private rx: Buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private last: { address: number; key: string } | null = null;
  private romPending = new Set<number>();
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private redeemLong = false;
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
        if (got.length === ROM_SIGNATURE_REPLY_LENGTH) {
          this.romPending.delete(address);
          return { kind: 'romSignature' as const, signature: R.decodeRomSignature(got) };
        }
        return { kind: 'exception' as const, code: sasByte(got, 0) };
      }
      return { kind: 'none' as const };
    });
  }

  /** A long poll and its reply, repeated when the reply is lost; null when it never came. */
  longPoll(address: number, req: LongPollRequest): Promise<RawReply | null> {
    return this.serial(async () => {
      const message = encodeLongPoll(address, req);
      for (let attempt = 0; attempt < this.opts.attempts; attempt++) {
        const got = await this.exchange(address, message, (rx) => this.replyShape(address, req.command, rx));
        if (!got) continue;
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

  /** A long poll answered by an ACK (01, 02, 21, 7F). */
  async command(address: number, req: LongPollRequest): Promise<boolean> {
    return (await this.longPoll(address, req))?.kind === 'ack';
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

  // --- the casino system ------------------------------------------------------------------

  /** Polls until `stop()`; resolves once started. */
  runCasino(options: CasinoOptions): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.casinoLoop(options);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loopDone;
  }

  private async casinoLoop(o: CasinoOptions): Promise<void> {
    const cycleMs = o.cycleMs ?? 200;
    const metersEveryMs = o.metersEveryMs ?? 3000;
    let metersAt = 0;
    if (o.validation) for (const a of o.addresses) await this.request(a, { command: 0x4c, ...o.validation });
    while (this.running) {
      for (const address of o.addresses) {
        if (!this.running) break;
        const r = await this.generalPoll(address);
        if (r.kind === 'exception' && r.code !== 0) await this.guard(() => this.onException(address, r.code, o));
      }
      if (Date.now() - metersAt >= metersEveryMs) {
        metersAt = Date.now();
        for (const address of o.addresses) {
          const values = await this.guard(() => this.selectedMeters(address, 0, o.meterCodes ?? STANDARD_METERS));
          if (values) {
            this.meterReads.set(address, values);
            this.emit('meters', address, values);
          }
        }
      }
      await delay(cycleMs);
    }
  }

  private async onException(address: number, code: number, o: CasinoOptions): Promise<void> {
    this.exceptions.push({ address, code });
    this.emit('exception', address, code);
    if (code === 0x3d) {
      const b = await this.request(address, { command: 0x4d, function: 0 });
      const record = b && R.decodeValidationInfo(b);
      if (record) {
        this.vouchers.push({ address, record });
        // As a casino system does: a voucher a machine reports is one it redeems on any machine.
        const barcode = record.systemId.toString().padStart(2, '0') + record.validationNumber;
        if (!this.tickets.has(barcode)) this.tickets.set(barcode, { amountCents: record.amountCents, state: 'valid' });
        this.emit('voucher', address, record);
      }
    } else if (code === 0x3f && o.validation) {
      await this.request(address, { command: 0x4c, ...o.validation });
    } else if (code === 0x51) {
      await this.request(address, { command: 0x1b });
    } else if (code === 0x67) {
      await this.validateTicket(address, o);
    } else if (code === 0x68) {
      await this.readRedemptionStatus(address);
    }
  }

  private async validateTicket(address: number, o: CasinoOptions): Promise<void> {
    const b = await this.request(address, { command: 0x70 });
    const t = b && R.decodeTicketValidation(b);
    if (!t?.inEscrow) return;
    const known = this.tickets.get(t.barcode);
    const mode = known?.answer ?? this.ticketMode;
    if (mode === 'silent') return;
    let transferCode: number;
    if (mode === 'reject') transferCode = TRANSFER_CODE.unableToValidate;
    else if (!known) transferCode = TRANSFER_CODE.notInSystem;
    else if (known.state === 'redeemed') transferCode = TRANSFER_CODE.alreadyRedeemed;
    else if (known.state === 'expired') transferCode = TRANSFER_CODE.expired;
    else if (known.state === 'pending') transferCode = TRANSFER_CODE.markedPending;
    else transferCode = TRANSFER_CODE.cashable;
    const amountCents = transferCode === TRANSFER_CODE.cashable ? known!.amountCents : 0;
    const form = o.redeemForm ?? 'alternate';
    const long = form === 'long' || (form === 'alternate' && (this.redeemLong = !this.redeemLong));
    const req: LongPollRequest = {
      command: 0x71,
      kind: 'redeem',
      transferCode,
      amountCents,
      barcode: t.barcode,
      ...(long ? { restricted: { expiration: '00000000', poolId: 0 } } : {}),
    };
    const reply = await this.request(address, req);
    const replyStatus = reply ? R.decodeRedeem(reply).machineStatus : null;
    if (transferCode === TRANSFER_CODE.cashable && replyStatus === REDEEM_STATUS.pending) known!.state = 'pending';
    const record: RedemptionRecord = { address, barcode: t.barcode, transferCode, amountCents, replyStatus };
    this.redemptions.push(record);
  }

  private async readRedemptionStatus(address: number): Promise<void> {
    const b = await this.request(address, { command: 0x71, kind: 'status' });
    if (!b) return;
    const r = R.decodeRedeem(b);
    if (noFinalStatus(r.machineStatus)) return;
    const record = this.redemptions.findLast(
      (x) => x.address === address && x.barcode === r.barcode && x.finalStatus === undefined,
    );
    const ticket = r.barcode ? this.tickets.get(r.barcode) : undefined;
    // Redeemed is final whatever the host thought (a 71 reply lost on the line); otherwise a
    // pending ticket may be redeemed again.
    if (ticket && r.machineStatus === REDEEM_STATUS.cashableRedeemed) ticket.state = 'redeemed';
    else if (ticket?.state === 'pending') ticket.state = 'valid';
    if (record) {
      record.finalStatus = r.machineStatus;
      this.emit('redemption', record);
    }
  }

  /** A reply with a good CRC but impossible contents is counted, and the casino loop goes on. */
  private async guard<T>(f: () => Promise<T>): Promise<T | null> {
    try {
      return await f();
    } catch (e) {
      if (!(e instanceof SasFormatError)) throw e;
      this.stats.badReplies++;
      return null;
    }
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
    for (;;) {
      const need = this.rx.length ? shape(this.rx) : null;
      if (need !== null && this.rx.length >= need) {
        const reply = this.rx.subarray(0, need);
        this.rx = this.rx.subarray(need);
        this.last = { address, key };
        return Buffer.from(reply);
      }
      const left = deadline - Date.now();
      if (left <= 0) break;
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

  private generalShape(address: number, rx: Buffer): number | null {
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
    if (rx[0] === (address | 0x80) || def.reply.kind === 'ack') return 1;
    if (rx.length >= 2 && rx[0] === address && rx[1] === 0x00) return 2;
    return lengthOf(def.reply, rx);
  }
}

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
import { EVENT_DATA_BYTES } from './exception-codes';
import { METER_CODES } from './meter-codes';
import { EVENT_RESPONSE, LONG_POLLS, ROM_SIGNATURE_REPLY_LENGTH, lengthOf } from './polls';
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
  | { kind: 'exception'; code: number }
  /** Real-time event reporting (0E): the exception with its data; none at all means no activity. */
  | { kind: 'event'; code: number; data: number[] }
  | { kind: 'romSignature'; signature: number }
  | { kind: 'none' };

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
  /** An exception taken, with its data when it came as a real-time event. */
  exception: [address: number, code: number, data?: number[]];
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
  /**
   * How the machine's vouchers are validated, as the machine is set up for (docs/protocols/sas.md):
   * secure enhanced (4C, then 4D after each 3D), system (57 then 58 with the host's own number
   * after each 57, 4D after 3D) or standard (3D's long poll after each 3D).
   */
  validationMode?: 'secure-enhanced' | 'system' | 'standard';
  /** Turn real-time event reporting on (0E) at the start. */
  realTimeEvents?: boolean;
}

/** A voucher as the host learnt it, whatever the validation mode. */
export interface HostVoucher {
  address: number;
  /** The 18 digits the ticket carries (standard validation's 8 with ten zeros before them). */
  barcode: string;
  amountCents: number;
  /** 4D's record (secure enhanced, system), or null when the number came with 3D's long poll. */
  record: R.ValidationInfoReply | null;
}

const STANDARD_METERS = [0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x0b, 0x0c, 0x0d, 0x0e, 0x11, 0x12, 0x24];
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Events taken in place of one long poll's reply before the poll counts as unanswered. */
const MAX_EVENTS_PER_POLL = 32;

export class SasHost extends EventEmitter<SasHostEvents> {
  readonly tickets = new Map<string, HostTicket>();
  /** How the host answers tickets: look them up, refuse them all, or never answer. */
  ticketMode: 'accept' | 'reject' | 'silent' = 'accept';
  /** System validation: give a number to each 57, refuse with system ID 00, or never answer. */
  systemValidation: 'approve' | 'deny' | 'silent' = 'approve';
  /** The host's system ID and the last of its own validation numbers given out (system validation). */
  readonly validationSystem = { systemId: 1, last: 0 };
  /** Every number the host gave with 58, as the voucher's 18 digits (its system ID first). */
  readonly systemNumbers = new Set<string>();
  readonly exceptions: { address: number; code: number; data?: number[] }[] = [];
  readonly vouchers: HostVoucher[] = [];
  /** Machines with real-time event reporting on (0E acknowledged). */
  readonly realTime = new Set<number>();
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
      // In real-time event reporting an idle machine does not answer a general poll at all.
      const attempts = this.realTime.has(address) ? 1 : this.opts.attempts;
      for (let attempt = 0; attempt < attempts; attempt++) {
        const got = await this.exchange(address, generalPoll(address), (rx) => this.generalShape(address, rx));
        if (!got) continue;
        const event = this.event(address, got);
        if (event) return { kind: 'event' as const, ...event };
        if (got.length === ROM_SIGNATURE_REPLY_LENGTH) {
          this.romPending.delete(address);
          return { kind: 'romSignature' as const, signature: R.decodeRomSignature(got) };
        }
        return { kind: 'exception' as const, code: sasByte(got, 0) };
      }
      return this.realTime.has(address) ? { kind: 'exception' as const, code: 0 } : { kind: 'none' as const };
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
    const secureEnhanced = (o.validationMode ?? 'secure-enhanced') === 'secure-enhanced';
    if (o.validation && secureEnhanced)
      for (const a of o.addresses) await this.request(a, { command: 0x4c, ...o.validation });
    if (o.realTimeEvents) for (const a of o.addresses) await this.command(a, { command: 0x0e, enable: true });
    while (this.running) {
      for (const address of o.addresses) {
        if (!this.running) break;
        const r = await this.generalPoll(address);
        if (r.kind === 'exception' && r.code !== 0) await this.guard(() => this.onException(address, r.code, o));
        if (r.kind === 'event') await this.guard(() => this.onException(address, r.code, o, r.data));
        for (let e = this.pendingEvents.shift(); e; e = this.pendingEvents.shift())
          await this.guard(() => this.onException(e.address, e.code, o, e.data));
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

  private async onException(address: number, code: number, o: CasinoOptions, data?: number[]): Promise<void> {
    this.exceptions.push(data ? { address, code, data } : { address, code });
    this.emit('exception', address, code, data);
    if (code === 0x3d) {
      await this.readVoucher(address, o.validationMode ?? 'secure-enhanced');
    } else if (code === 0x57) {
      await this.validateCashout(address);
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

  /** After 3D: the voucher's record (4D), or under standard validation its number (3D's long poll). */
  private async readVoucher(address: number, mode: NonNullable<CasinoOptions['validationMode']>): Promise<void> {
    if (mode === 'standard') {
      const b = await this.request(address, { command: 0x3d });
      if (!b) return;
      // The 8 digits as the ticket's barcode carries them: ten zeros before.
      const t = R.decodeCashOutTicket(b);
      this.addVoucher({
        address,
        barcode: t.validationNumber.padStart(18, '0'),
        amountCents: t.amountCents,
        record: null,
      });
      return;
    }
    const b = await this.request(address, { command: 0x4d, function: 0 });
    const record = b && R.decodeValidationInfo(b);
    if (!record) return;
    const barcode = record.systemId.toString().padStart(2, '0') + record.validationNumber;
    this.addVoucher({ address, barcode, amountCents: record.amountCents, record });
    this.emit('voucher', address, record);
  }

  private addVoucher(v: HostVoucher): void {
    this.vouchers.push(v);
    // As a casino system does: a voucher a machine reports is one it redeems on any machine.
    if (!this.tickets.has(v.barcode)) this.tickets.set(v.barcode, { amountCents: v.amountCents, state: 'valid' });
  }

  /** System validation: 57 asks what is to be paid, 58 gives the host's number (or 00, refused). */
  private async validateCashout(address: number): Promise<void> {
    const b = await this.request(address, { command: 0x57 });
    const pending = b && R.decodePendingCashout(b);
    if (!pending || pending.cashoutType === R.NOT_WAITING_FOR_VALIDATION || this.systemValidation === 'silent') return;
    const approve = this.systemValidation === 'approve';
    const number = approve ? String(++this.validationSystem.last).padStart(16, '0') : '0'.repeat(16);
    if (approve) this.systemNumbers.add(String(this.validationSystem.systemId).padStart(2, '0') + number);
    await this.request(address, {
      command: 0x58,
      systemId: approve ? this.validationSystem.systemId : 0,
      validationNumber: number,
    });
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

// The machine's side of the SAS link: reads polls off a line, answers those addressed to it at
// once (the standard allows 20 ms from the poll's last byte), and keeps the standard's implied
// acknowledgement: a reply counts as taken when the next poll the machine sees is anything but
// the same poll to its own address again; that same poll again means the host lost the reply,
// which is sent again unchanged, without doing anything twice. Whatever must be delivered
// exactly once (an exception, a voucher record, a ticket's final status) is given up only when
// its reply has been taken. Everything answered is read from a SasMachine; exceptions come
// from an ExceptionStore, so they survive a restart until the host has them.
//
// A poll with a bad CRC is ignored (no NACK): the host times out and polls again, which is what
// it does for a lost reply anyway, and nothing in a corrupt poll, its address included, can be
// trusted enough to answer. A long poll this machine does not support gets no reply, as the
// standard says, and is counted.
//
// Real-time event reporting (0E) changes only how an exception goes out: as an event message with
// its data, to a general poll or ahead of a long poll's reply; the queue and its acknowledgement
// are the same either way, so switching it never loses an exception nor sends one twice.

import { EventEmitter } from 'node:events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import type { Answer, Answering, ExceptionReport } from './answer';
import { eventData } from './event-data';
import { eventCode, NO_ACTIVITY } from './exception-codes';
import {
  DEFAULT_QUEUE_CAPACITY,
  nextToReport,
  planRaise,
  type ExceptionStore,
  type RaisePlan,
} from './exception-queue';
import { SasFormatError } from './frame';
import { LongPollAnswers } from './long-polls';
import type { SasMachine } from './machine';
import { accountingDenominationCode, type MoneyUnits } from './meter-codes';
import { SasPollParser, type PollFrame } from './poll-parser';
import { encodeEvent, encodeRomSignature, exceptionReply } from './replies';
import { decodeLongPoll, type LongPollRequest } from './requests';
import { TicketReplies } from './ticket-replies';
import { ticketData } from './validation-answers';

export interface SasLinkOptions {
  /** 1–127. */
  address: number;
  machine: SasMachine;
  exceptions: ExceptionStore;
  money: MoneyUnits;
  /** Queued (non-priority) exceptions kept before the oldest is dropped; at least 20. */
  queueCapacity?: number;
  /** Silence after which the machine starts to chirp (standard: 5 s). */
  chirpAfterMs?: number;
  /** Chirp period (standard: 200 ms). */
  chirpEveryMs?: number;
  /** How long after a taken 68 it is raised again while the host has not read the final status. */
  reissue68Ms?: number;
  /** A host that polled this address within this window counts as present. */
  hostSeenWindowMs?: number;
  /**
   * The host is lost when nothing with the wakeup bit has come for `chirpAfterMs` (the standard's
   * loop break), or no poll to this address for this long (its 30 s without an acknowledgement).
   */
  hostLostAfterMs?: number;
  now?: () => number;
}

export interface SasLinkStatus {
  address: number;
  hostSeen: boolean;
  lastPollAt: number | null;
  pollsPerSecond: number;
  crcErrors: number;
  /** Long polls to this address that got no reply because this machine does not support them. */
  unsupportedPolls: number;
  /** Polls with a good CRC but data the standard does not allow. */
  malformedPolls: number;
  /** Polls refused by the operator's settings (7F when the clock may not be set). */
  refusedPolls: number;
  /** Replies sent again because the host repeated its poll. */
  retransmissions: number;
  exceptionQueueDepth: number;
  disabledByHost: boolean;
  chirping: boolean;
  /** Real-time event reporting (0E) is on: exceptions go out as event messages. */
  realTimeEvents: boolean;
  /** Why the host counts as lost, since when; null while it polls. */
  hostLost: { since: number; reason: string } | null;
}

export interface SasLinkEvents {
  /** The machine threw, or gave a value that cannot be sent: the poll went unanswered. */
  fault: [message: string];
  /** A full queue dropped an exception (the cabinet writes it to its event log). */
  overflow: [plan: RaisePlan];
  /** The host stopped polling (docs/protocols/sas.md, "Host loss"). */
  hostLost: [reason: string];
  /** The host polls this machine again. */
  hostBack: [];
}

export class SasLink extends EventEmitter<SasLinkEvents> {
  readonly address: number;
  private readonly machine: SasMachine;
  private readonly store: ExceptionStore;
  private readonly tickets: TicketReplies;
  private readonly longPolls: LongPollAnswers;
  private readonly opts: Required<
    Pick<
      SasLinkOptions,
      'queueCapacity' | 'chirpAfterMs' | 'chirpEveryMs' | 'reissue68Ms' | 'hostSeenWindowMs' | 'hostLostAfterMs' | 'now'
    >
  >;
  private realTimeEvents = false;
  private hostLost: { since: number; reason: string } | null = null;
  private attachedAt = 0;
  private parser = new SasPollParser();
  private endpoint: DeviceEndpoint | null = null;
  private unsubscribe: (() => void) | null = null;
  private chirpTimer: NodeJS.Timeout | null = null;
  private last: (Answer & { key: string }) | null = null;
  private readonly counts = { unsupported: 0, malformed: 0, refused: 0, retransmissions: 0, crcErrors: 0 };
  private lastWakeupAt = 0;
  private lastPollAt: number | null = null;
  private recentPolls: number[] = [];
  private chirping = false;
  private rom: { seed: number; job: Promise<void> } | null = null;
  private romReady: number | null = null;
  /** An answer the machine is still giving: polls that arrive meanwhile wait their turn behind it. */
  private answering: Promise<void> | null = null;
  private readonly waitingPolls: PollFrame[] = [];

  constructor(options: SasLinkOptions) {
    super();
    if (!Number.isInteger(options.address) || options.address < 1 || options.address > 127)
      throw new RangeError(`SAS address ${options.address} must be 1..127`);
    this.address = options.address;
    this.machine = options.machine;
    this.store = options.exceptions;
    this.opts = {
      queueCapacity: Math.max(DEFAULT_QUEUE_CAPACITY, options.queueCapacity ?? DEFAULT_QUEUE_CAPACITY),
      chirpAfterMs: options.chirpAfterMs ?? 5000,
      chirpEveryMs: options.chirpEveryMs ?? 200,
      reissue68Ms: options.reissue68Ms ?? 5000,
      hostSeenWindowMs: options.hostSeenWindowMs ?? 5000,
      hostLostAfterMs: options.hostLostAfterMs ?? 30_000,
      now: options.now ?? Date.now,
    };
    const { address, money } = options;
    this.tickets = new TicketReplies({ address, money, reissue68Ms: this.opts.reissue68Ms, now: this.opts.now });
    this.longPolls = new LongPollAnswers({
      address,
      machine: this.machine,
      money,
      denominationCode: accountingDenominationCode(money),
      tickets: this.tickets,
      startRomSignature: (seed) => this.startRomSignature(seed),
      // Exceptions already queued are reported in the new form: none is lost by the switch.
      setRealTimeEvents: (on) => (this.realTimeEvents = on),
      unsupported: () => {
        this.counts.unsupported++;
        return null;
      },
      refused: () => {
        this.counts.refused++;
        return null;
      },
    });
  }

  attach(endpoint: DeviceEndpoint): this {
    this.detach();
    this.endpoint = endpoint;
    this.parser = new SasPollParser();
    this.last = null;
    this.lastWakeupAt = this.opts.now();
    this.attachedAt = this.lastWakeupAt;
    this.unsubscribe = endpoint.onData((bytes) => this.receive(bytes));
    this.chirpTimer = setInterval(() => this.tick(), this.opts.chirpEveryMs);
    this.chirpTimer.unref();
    return this;
  }

  detach(): void {
    this.waitingPolls.length = 0;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.endpoint = null;
    if (this.chirpTimer) clearInterval(this.chirpTimer);
    this.chirpTimer = null;
    this.chirping = false;
  }

  /** Queues an exception through the store with the overflow rule. */
  raise(code: number): RaisePlan {
    const plan = planRaise(this.store.pending(), code, this.opts.queueCapacity);
    this.store.commit(plan);
    if (plan.dropped) this.emit('overflow', plan);
    return plan;
  }

  status(): SasLinkStatus {
    const now = this.opts.now();
    const window = this.opts.hostSeenWindowMs;
    this.recentPolls = this.recentPolls.filter((t) => now - t < window);
    return {
      address: this.address,
      hostSeen: this.lastPollAt !== null && now - this.lastPollAt < window,
      lastPollAt: this.lastPollAt,
      pollsPerSecond: this.recentPolls.length / (window / 1000),
      crcErrors: this.counts.crcErrors,
      unsupportedPolls: this.counts.unsupported,
      malformedPolls: this.counts.malformed,
      refusedPolls: this.counts.refused,
      retransmissions: this.counts.retransmissions,
      exceptionQueueDepth: this.store.pending().length,
      disabledByHost: this.machine.disabledByHost(),
      chirping: this.chirping,
      realTimeEvents: this.realTimeEvents,
      hostLost: this.hostLost,
    };
  }

  /** Line statistics of the poll parser (for the technician and the tests). */
  lineStats() {
    return this.parser.stats;
  }

  private receive(bytes: Uint8Array): void {
    const before = this.parser.stats.wakeups;
    const frames = this.parser.feed(bytes);
    if (this.parser.stats.wakeups !== before) {
      this.lastWakeupAt = this.opts.now();
      this.chirping = false;
    }
    for (const f of frames) this.take(f);
  }

  /** A poll in its turn: at once, or once the answer being given is written. */
  private take(frame: PollFrame): void {
    if (this.answering) this.waitingPolls.push(frame);
    else this.handle(frame);
  }

  private handle(frame: PollFrame): void {
    if (frame.kind === 'badCrc') {
      // Neither an acknowledgement nor a repeat: nothing in it can be trusted.
      if (frame.address === this.address) this.counts.crcErrors++;
      return;
    }
    const mine = frame.address === this.address;
    const key =
      frame.kind === 'general'
        ? 'general'
        : frame.kind === 'long'
          ? frame.bytes.toString('hex')
          : `unknown:${frame.command}`;
    const last = this.last;
    if (last) {
      if (mine && key === last.key) {
        this.counts.retransmissions++;
        this.notePoll();
        this.write(last.reply);
        return;
      }
      this.last = null;
      this.safely(() => last.taken?.());
    }
    if (!mine) {
      if (frame.kind === 'long' && frame.address === 0 && frame.def.broadcast) this.broadcast(frame.bytes);
      return;
    }
    this.notePoll();
    // In real-time event reporting an event waiting goes out before any long poll's reply (12.3);
    // the host takes the poll as not answered and asks it again.
    const event = this.realTimeEvents && frame.kind !== 'general' ? this.safely(() => this.nextReport()) : null;
    const answer = event ? this.eventAnswer(event) : this.safely(() => this.answer(frame));
    if (answer instanceof Promise) this.answerLater(key, answer);
    else if (answer) this.reply(key, answer);
  }

  private reply(key: string, answer: Answer): void {
    this.write(answer.reply);
    this.last = { key, ...answer };
  }

  /** The reply written once the machine has it; the polls that came meanwhile are then taken in order. */
  private answerLater(key: string, answer: Promise<Answer | null>): void {
    const endpoint = this.endpoint;
    this.answering = answer
      .then(
        (a) => {
          if (a && this.endpoint === endpoint) this.reply(key, a);
        },
        (e: unknown) => {
          this.emit('fault', e instanceof Error ? e.message : String(e));
        },
      )
      .finally(() => {
        this.answering = null;
        for (const f of this.waitingPolls.splice(0)) this.take(f);
      });
  }

  private answer(frame: PollFrame): Answering {
    if (frame.kind === 'general') return this.answerGeneral();
    if (frame.kind !== 'long') {
      this.counts.unsupported++;
      return null;
    }
    let req: LongPollRequest;
    try {
      req = decodeLongPoll(frame.bytes);
    } catch (e) {
      if (!(e instanceof SasFormatError)) throw e;
      this.counts.malformed++;
      return null;
    }
    return this.longPolls.answer(req);
  }

  /**
   * The general poll: a ROM signature worked out (its own reply in either mode), else the next
   * exception, as its code or, in real-time event reporting, as an event message; with nothing
   * to report, no activity (00), in real-time event reporting as an event message of its own
   * (`a FF 00 crc`), so the host can tell an idle machine from a lost one.
   */
  private answerGeneral(): Answer | null {
    if (this.romReady !== null)
      return { reply: encodeRomSignature(this.address, this.romReady), taken: () => (this.romReady = null) };
    const next = this.nextReport();
    if (this.realTimeEvents)
      return next ? this.eventAnswer(next) : { reply: encodeEvent(this.address, NO_ACTIVITY, []) };
    return next ? { reply: exceptionReply(next.code), taken: next.taken } : { reply: exceptionReply(NO_ACTIVITY) };
  }

  /** The exception to report next: the tickets' 68 or 67, else the oldest priority one, else the oldest queued. */
  private nextReport(): ExceptionReport | null {
    const ticket = this.tickets.exception(this.machine.ticketIn);
    if (ticket) return ticket;
    const e = nextToReport(this.store.pending());
    return e && { code: e.code, data: e.data, taken: () => this.store.commit({ drop: [e.id], add: [] }) };
  }

  /** An exception as real-time event reporting sends it: `a FF code data crc`, a note stacked as 4F. */
  private eventAnswer(r: ExceptionReport): Answer {
    const code = eventCode(r.code);
    return { reply: encodeEvent(this.address, code, eventData(r.code, r.data)), taken: r.taken };
  }

  private broadcast(bytes: Buffer): void {
    let req: LongPollRequest;
    try {
      req = decodeLongPoll(bytes);
    } catch (e) {
      if (!(e instanceof SasFormatError)) throw e;
      this.counts.malformed++;
      return;
    }
    // A broadcast is never answered; the operator's refusal is only counted.
    if (req.command === 0x7f && !this.safely(() => this.machine.setClock(req.at))) this.counts.refused++;
    if (req.command === 0x7c || req.command === 0x7d) this.safely(() => this.machine.setTicketData(ticketData(req)));
  }

  private startRomSignature(seed: number): void {
    if (this.rom?.seed === seed) return;
    this.romReady = null;
    const job = this.machine.romSignature(seed).then(
      (signature) => {
        if (this.rom?.job !== job) return;
        this.rom = null;
        this.romReady = signature & 0xffff;
      },
      (e: unknown) => {
        if (this.rom?.job === job) this.rom = null;
        this.emit('fault', `ROM signature failed: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
    this.rom = { seed, job };
  }

  private notePoll(): void {
    const now = this.opts.now();
    this.lastPollAt = now;
    if (this.hostLost) {
      this.hostLost = null;
      this.emit('hostBack');
    }
    this.recentPolls.push(now);
    if (this.recentPolls.length > 4096)
      this.recentPolls = this.recentPolls.filter((t) => now - t < this.opts.hostSeenWindowMs);
  }

  /** Every chirp period: the host counted lost once it has been silent long enough, and the chirp. */
  private tick(): void {
    const now = this.opts.now();
    if (!this.hostLost) {
      const silentFor = now - this.lastWakeupAt;
      const unpolledFor = now - (this.lastPollAt ?? this.attachedAt);
      const reason =
        silentFor >= this.opts.chirpAfterMs
          ? `nothing on the line for ${Math.round(silentFor / 1000)} s (loop break)`
          : unpolledFor >= this.opts.hostLostAfterMs
            ? `no poll to address ${this.address} for ${Math.round(unpolledFor / 1000)} s`
            : null;
      if (reason) {
        this.hostLost = { since: now, reason };
        this.emit('hostLost', reason);
      }
    }
    if (now - this.lastWakeupAt < this.opts.chirpAfterMs) return;
    // The machine's own address, alone: the loop-break indication. This line cannot set the
    // wakeup bit on what the machine sends (docs/protocols/sas.md), so it goes as a plain byte.
    this.chirping = true;
    this.write(Buffer.of(this.address));
  }

  private write(bytes: Buffer): void {
    this.endpoint?.write(bytes);
  }

  /** Runs `f`; a throw (a machine fault or a value that cannot be encoded) is reported, not fatal. */
  private safely<T>(f: () => T): T | null {
    try {
      return f();
    } catch (e) {
      this.emit('fault', e instanceof Error ? e.message : String(e));
      return null;
    }
  }
}

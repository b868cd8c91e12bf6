// The latest snapshot and the way back: screens read from here and own no game state; every
// wish carries the version of the snapshot it was made against, so a stale press is refused
// by the cabinet rather than applied to a game the player no longer sees. Wishes go one at a
// time: the next waits for the previous one's answer and, when it was accepted, for the
// snapshot that shows its effect, so quick presses are not refused as stale. Queries (the
// service screens' reads) are matched to their answers by id.

import type { Answer, Query, QueryType, Snapshot, ToScreen, Wish } from '../../src/contract';
import type { Carrier, ConnectionStatus } from './carrier';

export interface Notice {
  text: string;
  rule: string | null;
  at: number;
  /** Counts notices: two in the same millisecond are still two (each refusal is heard). */
  seq: number;
}

/** What became of a wish the screen made: the cabinet's answer, or why none came. */
export type WishOutcome = 'accepted' | 'refused' | 'unanswered' | 'dropped';

/** A query the cabinet would not answer (C-21: no key, no PIN), or one that could not be asked. */
export class QueryRefused extends Error {
  constructor(
    readonly rule: string,
    readonly reason: string,
  ) {
    super(`${rule}: ${reason}`);
    this.name = 'QueryRefused';
  }
}

export type AnswerOf<T extends QueryType> = Extract<Answer, { type: T }>;
export type QueryOf<T extends QueryType> = Extract<Query, { type: T }>;

interface PendingQuery {
  type: QueryType;
  resolve: (answer: Answer) => void;
  reject: (error: QueryRefused) => void;
}

interface QueuedWish {
  id: number;
  wish: Wish;
}

export interface StoreOptions {
  clock?: () => number;
  /** How long a sent wish may go unanswered (or an accepted one without its snapshot) before the next goes anyway. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  waitMs?: number;
}

export class ScreenStore {
  snapshot: Snapshot | null = null;
  status: ConnectionStatus = 'connecting';
  notice: Notice | null = null;
  /** Wishes sent, newest last (kept short): for the test hook and for logs. */
  readonly sent: { id: number; version: number; wish: Wish }[] = [];
  /** What became of each wish, by its id (kept short): the test hook's count of presses acted on. */
  readonly outcomes = new Map<number, WishOutcome>();
  private noticeSeq = 0;
  private nextId = 1;
  private readonly listeners: (() => void)[] = [];
  private readonly queries = new Map<number, PendingQuery>();
  private readonly queue: QueuedWish[] = [];
  /** The wish in flight: waiting for its answer, then (accepted) for a snapshot newer than `version`. */
  private inFlight: { id: number; version: number; accepted: boolean; timer: unknown } | null = null;
  private readonly clock: () => number;
  private readonly options: StoreOptions;

  constructor(
    private readonly carrier: Carrier,
    clockOrOptions: (() => number) | StoreOptions = {},
  ) {
    this.options = typeof clockOrOptions === 'function' ? { clock: clockOrOptions } : clockOrOptions;
    this.clock = this.options.clock ?? (() => Date.now());
    carrier.onMessage((m) => this.receive(m));
    carrier.onStatus?.((s) => {
      this.status = s;
      if (s !== 'open') this.dropAll();
      this.changed();
    });
  }

  subscribe(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Queues a wish against the snapshot on show; without one there is nothing to wish against. */
  wish(wish: Wish): number | null {
    if (!this.snapshot) return null;
    const id = this.nextId++;
    this.queue.push({ id, wish });
    this.pump();
    return id;
  }

  /** Wishes waiting behind the one in flight. */
  get queued(): number {
    return this.queue.length;
  }

  /** Asks the cabinet for a record; rejects with QueryRefused on a refusal or with the line down. */
  query<T extends QueryType>(query: QueryOf<T>): Promise<AnswerOf<T>> {
    if (this.status !== 'open' || !this.snapshot)
      return Promise.reject(new QueryRefused('offline', 'not connected to the cabinet'));
    const id = this.nextId++;
    return new Promise<AnswerOf<T>>((resolve, reject) => {
      this.queries.set(id, { type: query.type, resolve: resolve as (a: Answer) => void, reject });
      this.carrier.send({ kind: 'query', id, query });
    });
  }

  private pump(): void {
    if (this.inFlight || this.queue.length === 0 || !this.snapshot) return;
    const { id, wish } = this.queue.shift()!;
    const version = this.snapshot.version;
    this.carrier.send({ kind: 'wish', id, version, wish });
    this.sent.push({ id, version, wish });
    if (this.sent.length > 50) this.sent.shift();
    this.inFlight = { id, version, accepted: false, timer: this.startTimer() };
  }

  private startTimer(): unknown {
    const set = this.options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
    const waitMs = this.options.waitMs ?? 2000;
    let handle: unknown = null;
    handle = set(() => {
      // An answer lost on the way must not hold every later press back for good.
      if (this.inFlight && this.inFlight.timer === handle) {
        if (!this.inFlight.accepted) this.settle(this.inFlight.id, 'unanswered');
        this.release();
      }
    }, waitMs);
    return handle;
  }

  private settle(id: number, outcome: WishOutcome): void {
    this.outcomes.set(id, outcome);
    if (this.outcomes.size > 500) this.outcomes.delete(this.outcomes.keys().next().value!);
  }

  private setNotice(text: string, rule: string | null): void {
    this.notice = { text, rule, at: this.clock(), seq: ++this.noticeSeq };
  }

  private release(): void {
    if (this.inFlight)
      (this.options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>)))(
        this.inFlight.timer,
      );
    this.inFlight = null;
    this.pump();
  }

  private dropAll(): void {
    for (const q of this.queue.splice(0)) this.settle(q.id, 'dropped');
    if (this.inFlight) {
      if (!this.inFlight.accepted) this.settle(this.inFlight.id, 'dropped');
      this.release();
    }
    for (const [id, q] of this.queries) {
      this.queries.delete(id);
      q.reject(new QueryRefused('offline', 'the connection to the cabinet was lost'));
    }
  }

  private receive(message: ToScreen): void {
    switch (message.kind) {
      case 'snapshot':
        this.snapshot = message.snapshot;
        if (this.status !== 'open') this.status = 'open';
        if (this.inFlight?.accepted && message.snapshot.version > this.inFlight.version) this.release();
        else this.pump();
        break;
      case 'refused': {
        const q = this.queries.get(message.id);
        if (q) {
          this.queries.delete(message.id);
          q.reject(new QueryRefused(message.rule, message.reason));
          return;
        }
        this.setNotice(message.reason, message.rule);
        this.settle(message.id, 'refused');
        if (this.inFlight?.id === message.id) this.release();
        break;
      }
      case 'answer': {
        const q = this.queries.get(message.id);
        if (!q) return;
        this.queries.delete(message.id);
        if (message.answer.type === q.type) q.resolve(message.answer);
        else q.reject(new QueryRefused('C-22', `asked for ${q.type}, the answer was ${message.answer.type}`));
        return;
      }
      case 'notice':
        this.setNotice(message.text, null);
        break;
      case 'accepted':
        this.settle(message.id, 'accepted');
        if (this.inFlight?.id === message.id) {
          // The snapshot with the effect may already be here (it can overtake the answer).
          if (this.snapshot && this.snapshot.version > this.inFlight.version) this.release();
          else this.inFlight.accepted = true;
        }
        return;
    }
    this.changed();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

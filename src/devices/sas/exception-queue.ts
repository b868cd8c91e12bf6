// The exception queue the link reports from, kept by the cabinet's store so that an exception
// raised survives a restart until the host has taken it. The store holds the list; the rules
// (each raised once, capacity, overflow, reporting order) are the pure functions here, so the
// cabinet can apply `planRaise` inside the same transaction that commits the event itself.

import { EXCEPTION, EXCEPTIONS, exceptionName } from './exception-codes';

export interface PendingException {
  /** Assigned by the store, increasing in the order raised. */
  id: number;
  code: number;
  priority: boolean;
  /** What real-time event reporting sends with it (event-data.ts), made when it was raised. */
  data?: readonly number[];
}

export interface NewException {
  code: number;
  priority: boolean;
  data?: readonly number[];
}

/** One atomic change: drop these ids, append these in order. */
export interface ExceptionChange {
  drop: readonly number[];
  add: readonly NewException[];
}

/**
 * What the cabinet's store implements (one table, one transaction per `commit`). The link reads
 * `pending()` on every general poll and commits a drop when the host has taken an exception.
 */
export interface ExceptionStore {
  /** Every exception not yet taken by the host, oldest first. */
  pending(): readonly PendingException[];
  commit(change: ExceptionChange): void;
}

/** The standard asks for at least 20 queued exceptions. */
export const DEFAULT_QUEUE_CAPACITY = 20;

export interface RaisePlan extends ExceptionChange {
  /** The queued exception dropped to make room (for the event log), if any. */
  dropped: PendingException | null;
}

/**
 * Raising `code` on top of `pending`: appended; when the queued (non-priority) exceptions would
 * exceed `capacity`, the oldest queued one is dropped and 70 (exception buffer overflow, a
 * priority exception) is raised unless it is already waiting.
 */
export function planRaise(
  pending: readonly PendingException[],
  code: number,
  capacity = DEFAULT_QUEUE_CAPACITY,
  data?: readonly number[],
): RaisePlan {
  const def = EXCEPTIONS[code];
  if (!def) throw new RangeError(`${exceptionName(code)} is not an exception this machine raises`);
  if (def.derived)
    throw new RangeError(`${exceptionName(code)} is derived from the ticket in the acceptor, never raised by hand`);
  if (code === EXCEPTION.bufferOverflow) throw new RangeError('exception 70 is raised by the queue itself');
  const add: NewException[] = [
    data?.length ? { code, priority: def.priority, data } : { code, priority: def.priority },
  ];
  const queued = pending.filter((e) => !e.priority);
  let dropped: PendingException | null = null;
  if (!def.priority && queued.length >= capacity) {
    dropped = queued[0] ?? null;
    if (!pending.some((e) => e.code === EXCEPTION.bufferOverflow))
      add.unshift({ code: EXCEPTION.bufferOverflow, priority: true });
  }
  return { drop: dropped ? [dropped.id] : [], add, dropped };
}

/** The exception a general poll reports next: the oldest priority one, else the oldest queued. */
export function nextToReport(pending: readonly PendingException[]): PendingException | null {
  return pending.find((e) => e.priority) ?? pending[0] ?? null;
}

/** A store in memory, for tests and the simulators; the cabinet's lives in its database. */
export class MemoryExceptionStore implements ExceptionStore {
  private list: PendingException[] = [];
  private nextId = 1;

  pending(): readonly PendingException[] {
    return this.list.map((e) => ({ ...e }));
  }

  commit(change: ExceptionChange): void {
    const drop = new Set(change.drop);
    this.list = this.list.filter((e) => !drop.has(e.id));
    for (const e of change.add) this.list.push({ ...e, id: this.nextId++ });
  }
}

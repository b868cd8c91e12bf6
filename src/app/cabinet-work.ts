// The long work under way on a running cabinet (src/contract/cabinet-work.ts), for the screens:
// each piece reports to a Progress like any long command's, and the screens are told of it at
// most once a second (and at once when a piece begins or ends), so a walk of many slices never
// floods the socket with snapshots.

import { ProgressTracker, type Progress, type ProgressSnapshot } from '../core';
import { WORK_MAX, type WorkKind, type WorkView } from '../contract';

/** How often the screens hear of progress within a piece of work. */
export const WORK_REDRAW_MS = 1000;

export interface WorkHandle {
  /** The work's progress: stages and counts as it goes. */
  readonly progress: Progress;
  /** The work is over (done, given up or failed): the screens stop showing it. */
  end(): void;
}

interface Piece {
  kind: WorkKind;
  subject: string | null;
  tracker: ProgressTracker;
  last: ProgressSnapshot | null;
}

export class CabinetWork {
  private readonly pieces = new Set<Piece>();
  private readonly listeners = new Set<() => void>();
  private toldAt = Number.NEGATIVE_INFINITY;
  private seqValue = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** A piece of work begins; the screens list it until `end()`. */
  begin(kind: WorkKind, subject: string | null = null): WorkHandle {
    const sink = {
      update: (snapshot: ProgressSnapshot): void => {
        // A piece's first stage puts it on the screens at once; its counts at most once a second.
        const first = piece.last === null;
        piece.last = snapshot;
        this.changed(first);
      },
    };
    const piece: Piece = { kind, subject, last: null, tracker: new ProgressTracker(sink, this.now) };
    this.pieces.add(piece);
    let ended = false;
    return {
      progress: piece.tracker,
      end: () => {
        if (ended) return;
        ended = true;
        this.pieces.delete(piece);
        if (piece.last !== null) this.changed(true);
      },
    };
  }

  /** Counts each change the screens were told of: a snapshot is made again when it moves. */
  get seq(): number {
    return this.seqValue;
  }

  /**
   * What the screens show: the oldest pieces first, at most WORK_MAX. A piece shows from its first
   * stage: work that finds nothing to do (every table's return known already) never flashes up.
   */
  list(): WorkView[] {
    const shown = [...this.pieces].filter((p) => p.last !== null);
    return shown.slice(0, WORK_MAX).map((p) => {
      // Estimated now, not when the work last reported: the time left goes on falling between reports.
      const s = p.tracker.snapshot() ?? p.last;
      return {
        kind: p.kind,
        subject: p.subject === null ? null : p.subject.slice(0, 64),
        done: s?.done ?? 0,
        total: s?.total ?? 0,
        unit: (s?.unit ?? '').slice(0, 32),
        fraction: s?.fraction ?? null,
        elapsedMs: Math.max(0, s?.elapsedMs ?? 0),
        // The run's estimate where it has a plan, else the stage's own.
        leftMs: s?.leftMs ?? s?.stageLeftMs ?? null,
      };
    });
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(always: boolean): void {
    const at = this.now();
    if (!always && at - this.toldAt < WORK_REDRAW_MS) return;
    this.toldAt = at;
    this.seqValue++;
    for (const l of this.listeners) l();
  }
}

/** Runs `work` with the handle's progress, and ends the handle however the work ends. */
export async function measured<T>(handle: WorkHandle, work: (progress: Progress) => Promise<T>): Promise<T> {
  try {
    return await work(handle.progress);
  } finally {
    handle.end();
  }
}

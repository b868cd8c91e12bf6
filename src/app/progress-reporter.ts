// A long command's progress on its standard error (issue 44): the stage, the fraction done and
// the time left, redrawn in place on a terminal, and as plain lines at each stage's start and
// end and every so often between when standard error is not a terminal (a CI log, a pipe), so
// a log holds no escape codes and not thousands of lines. Nothing goes to standard output, so
// a `--json` answer stays clean; `--quiet` draws nothing (the run is still tracked, so a
// stopped run can say where it was).

import { ProgressTracker, type ProgressPlan, type ProgressSink, type ProgressSnapshot } from '../core';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ReporterOptions {
  stream: ProgressStream;
  quiet?: boolean;
  /** The stages the run expects, for the estimate of the whole run. */
  plan?: ProgressPlan;
  now?: () => number;
  /** A plain line at most this often (and at least, while the run goes on) when not a terminal. */
  everyMs?: number;
  /** A terminal's line redrawn at most this often. */
  redrawMs?: number;
}

export const PLAIN_LINE_EVERY_MS = 10_000;
const REDRAW_MS = 200;

export interface ReportedRun {
  progress: ProgressTracker;
  /** Stops the clock's redraws and clears a terminal's line; the stage under way is left as it is. */
  close(): void;
}

/** A tracker for a command's run, drawn on `stream` (standard error). */
export function reportProgress(options: ReporterOptions): ReportedRun {
  const now = options.now ?? (() => performance.now());
  const reporter = options.quiet ? null : new ProgressReporter(options, now);
  const progress = new ProgressTracker(reporter ?? { update() {} }, now, options.plan ?? []);
  // Between the work's reports the clock still moves (a long batch reports nothing).
  const timer =
    reporter === null
      ? null
      : setInterval(
          () => {
            const s = progress.snapshot();
            if (s !== null) reporter.tick(s);
          },
          reporter.tty ? (options.redrawMs ?? REDRAW_MS) * 5 : (options.everyMs ?? PLAIN_LINE_EVERY_MS),
        );
  timer?.unref();
  return {
    progress,
    close() {
      if (timer !== null) clearInterval(timer);
      reporter?.clear();
    },
  };
}

export class ProgressReporter implements ProgressSink {
  readonly tty: boolean;
  private readonly everyMs: number;
  private readonly redrawMs: number;
  /** When the last line (plain) or the last redraw (terminal) was written. */
  private lastAt = Number.NEGATIVE_INFINITY;
  /** A terminal line drawn in place, to be cleared before anything else is written. */
  private drawn = false;
  private last: ProgressSnapshot | null = null;

  constructor(
    private readonly options: ReporterOptions,
    private readonly now: () => number,
  ) {
    this.tty = options.stream.isTTY === true;
    this.everyMs = options.everyMs ?? PLAIN_LINE_EVERY_MS;
    this.redrawMs = options.redrawMs ?? REDRAW_MS;
  }

  update(s: ProgressSnapshot): void {
    const first = this.last === null || this.last.stage !== s.stage;
    this.last = s;
    const wait = this.tty ? this.redrawMs : this.everyMs;
    if (first || this.now() - this.lastAt >= wait) this.draw(s);
  }

  /** The clock's turn: the same as an update, for a run whose work is between reports. */
  tick(s: ProgressSnapshot): void {
    this.last = s;
    if (this.now() - this.lastAt >= (this.tty ? this.redrawMs : this.everyMs)) this.draw(s);
  }

  stageEnd(s: ProgressSnapshot): void {
    this.permanent(stageEndLine(s));
    this.last = null;
  }

  note(line: string): void {
    this.permanent(line);
    if (this.tty && this.last !== null) this.draw(this.last);
  }

  /** Clears a terminal's line drawn in place. */
  clear(): void {
    if (this.drawn) this.options.stream.write('\r\x1b[2K');
    this.drawn = false;
  }

  private draw(s: ProgressSnapshot): void {
    this.lastAt = this.now();
    const line = progressLine(s);
    if (!this.tty) {
      this.options.stream.write(line + '\n');
      return;
    }
    const width = Math.max(20, (this.options.stream.columns || 100) - 1);
    this.options.stream.write('\r\x1b[2K' + (line.length > width ? line.slice(0, width - 1) + '…' : line));
    this.drawn = true;
  }

  private permanent(line: string): void {
    this.clear();
    this.options.stream.write(line + '\n');
  }
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** 0:07, 12:34, 1:02:03. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const place = (s: ProgressSnapshot): string => (s.index !== null ? `[${s.index}/${s.stages}] ` : '');
const units = (s: ProgressSnapshot, n: number): string => `${count(n)}${s.unit ? ` ${s.unit}` : ''}`;

/** How far a stage is: `[3/8] second table  41.2%  8,240 of 20,000 deals  1:05  about 1:33 left (all: 5:10)`. */
export function progressLine(s: ProgressSnapshot): string {
  const parts = [`${place(s)}${s.stage}`];
  if (s.fraction !== null) parts.push(`${(s.fraction * 100).toFixed(1)}%`, `${count(s.done)} of ${units(s, s.total)}`);
  else if (s.done > 0) parts.push(units(s, s.done));
  parts.push(clock(s.stageElapsedMs));
  if (s.stageLeftMs !== null) {
    const all = s.leftMs !== null && s.stages !== null && s.index !== s.stages ? ` (all: ${clock(s.leftMs)})` : '';
    parts.push(`about ${clock(s.stageLeftMs)} left${all}`);
  } else if (s.leftMs !== null) parts.push(`about ${clock(s.leftMs)} left in all`);
  else if (s.fraction !== null && s.fraction < 1) parts.push('estimating');
  return parts.join('  ');
}

/** A finished stage: `[3/8] second table: done, 20,000 deals in 2:38`. */
export function stageEndLine(s: ProgressSnapshot): string {
  const amount = s.total > 0 ? units(s, Math.max(s.done, s.total)) : s.done > 0 ? units(s, s.done) : '';
  const complete = s.fraction === null || s.fraction >= 1;
  const what = complete
    ? 'done'
    : `stopped at ${((s.fraction ?? 0) * 100).toFixed(1)}% (${count(s.done)} of ${units(s, s.total)})`;
  return `${place(s)}${s.stage}: ${what}${complete && amount ? `, ${amount}` : ''} in ${clock(s.stageElapsedMs)}`;
}

// What a long run tells whoever waits for it: which stage it is in, how much of that stage is
// done, and how long the rest should take. Work that runs long (a par sheet, a simulation, the
// records' walk, an archive) is handed a `Progress` by whoever started it and reports to it;
// a `ProgressTracker` turns those reports into snapshots with the estimates, for a sink that
// shows them: the command line's reporter (src/app/progress-reporter.ts) or a cabinet screen.
// It lives in the core because every layer that runs long work reaches the core; it is pure
// (the clock is handed in).

/** What long work reports as it goes. */
export interface Progress {
  /** A stage begins: its name, how many units of work it holds (0 if not known), what a unit is. */
  stage(name: string, total: number, unit?: string): void;
  /** Units of the current stage done so far: a count, not an increment. */
  done(count: number): void;
  /** A line worth keeping: what a stage found. */
  note(line: string): void;
}

/** For work nobody watches. */
export const NO_PROGRESS: Progress = { stage() {}, done() {}, note() {} };

export interface ProgressSnapshot {
  stage: string;
  unit: string;
  /** The stage's place in the run's plan (1 first), and the plan's length; null outside a plan. */
  index: number | null;
  stages: number | null;
  done: number;
  total: number;
  /** done / total within 0..1; null while the total is not known. */
  fraction: number | null;
  /** Since the run began, and since this stage began. */
  elapsedMs: number;
  stageElapsedMs: number;
  /** Estimates of what is left of the stage and of the whole run; null until there is a rate to go on; never negative. */
  stageLeftMs: number | null;
  leftMs: number | null;
}

/** Whoever shows the progress: a reporter on the command line, a technician's screen. */
export interface ProgressSink {
  /** A stage began or moved on (as often as the work reports: a sink draws at its own pace). */
  update(snapshot: ProgressSnapshot): void;
  /** A stage ended: its last snapshot. */
  stageEnd?(snapshot: ProgressSnapshot): void;
  note?(line: string): void;
}

/** The stages a run expects, each with its share of the run's time (any unit, same for all). */
export type ProgressPlan = readonly { name: string; weight: number }[];

interface StageState {
  name: string;
  unit: string;
  total: number;
  done: number;
  startedAt: number;
  /** Its place in the plan, -1 outside it. */
  position: number;
}

/**
 * The estimates: a stage's time left from its own rate so far; the run's from the time the
 * planned stages took for the weight they did, over the weight still to come (the current
 * stage's rest and the planned stages after it; a planned stage passed over, as one a resumed
 * run found done, counts neither way).
 */
export class ProgressTracker implements Progress {
  private current: StageState | null = null;
  private readonly startedAt: number;
  /** Time and weight of the planned stages finished in this run. */
  private ranMs = 0;
  private ranWeight = 0;
  private readonly ended: ProgressSnapshot[] = [];

  constructor(
    private readonly sink: ProgressSink,
    private readonly now: () => number,
    private readonly plan: ProgressPlan = [],
  ) {
    const bad = plan.find((p) => !(Number.isFinite(p.weight) && p.weight >= 0));
    if (bad !== undefined) throw new RangeError(`progress plan: stage "${bad.name}" has weight ${bad.weight}`);
    this.startedAt = now();
  }

  stage(name: string, total: number, unit = ''): void {
    this.endStage();
    this.current = {
      name,
      unit,
      total: wholeOrZero(total),
      done: 0,
      startedAt: this.now(),
      position: this.plan.findIndex((p) => p.name === name),
    };
    this.sink.update(this.snapshot()!);
  }

  done(count: number): void {
    const s = this.current;
    if (s === null) return;
    s.done = wholeOrZero(count);
    this.sink.update(this.snapshot()!);
  }

  note(line: string): void {
    this.sink.note?.(line);
  }

  /** Ends the stage under way, if any (the run finished, or stopped). */
  finish(): void {
    this.endStage();
  }

  /** The stages ended so far, each as its last snapshot. */
  get finished(): readonly ProgressSnapshot[] {
    return this.ended;
  }

  /** Where the run is now; null before its first stage. */
  snapshot(): ProgressSnapshot | null {
    const s = this.current;
    if (s === null) return null;
    const now = this.now();
    const stageElapsedMs = Math.max(0, now - s.startedAt);
    const fraction = s.total > 0 ? Math.min(1, s.done / s.total) : null;
    const stageLeftMs =
      fraction === null
        ? null
        : fraction >= 1
          ? 0
          : fraction >= ENOUGH
            ? estimate((stageElapsedMs * (1 - fraction)) / fraction)
            : null;
    return {
      stage: s.name,
      unit: s.unit,
      index: s.position >= 0 ? s.position + 1 : null,
      stages: s.position >= 0 ? this.plan.length : null,
      done: s.done,
      total: s.total,
      fraction,
      elapsedMs: Math.max(0, now - this.startedAt),
      stageElapsedMs,
      stageLeftMs,
      leftMs: this.runLeft(s, fraction, stageElapsedMs),
    };
  }

  private runLeft(s: StageState, fraction: number | null, stageElapsedMs: number): number | null {
    if (s.position < 0) return null;
    const weight = this.plan[s.position]!.weight;
    const doneWeight = this.ranWeight + weight * (fraction ?? 0);
    const planned = this.plan.reduce((w, p) => w + p.weight, 0);
    if (!(doneWeight > 0) || doneWeight < ENOUGH * planned) return null;
    const msPerWeight = (this.ranMs + stageElapsedMs) / doneWeight;
    let weightLeft = weight * (1 - (fraction ?? 0));
    for (let p = s.position + 1; p < this.plan.length; p++) weightLeft += this.plan[p]!.weight;
    return estimate(msPerWeight * weightLeft);
  }

  private endStage(): void {
    const s = this.current;
    if (s === null) return;
    const last = this.snapshot()!;
    this.ended.push(last);
    if (s.position >= 0) {
      this.ranMs += last.stageElapsedMs;
      this.ranWeight += this.plan[s.position]!.weight * (last.fraction ?? 1);
    }
    this.current = null;
    this.sink.stageEnd?.(last);
  }
}

/**
 * The share of a stage, or of a planned run, done before its time left is estimated: a sliver's
 * rate (the first batch, slowed by the workers' start) would promise hours.
 */
const ENOUGH = 0.01;

/** An estimate as it is shown: 0 or more, and none where the rate so far says nothing (a sliver done). */
function estimate(ms: number): number | null {
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}

/** A count as the tracker keeps it: a finite number of 0 or more (anything else is 0). */
function wholeOrZero(x: number): number {
  return Number.isFinite(x) && x > 0 ? x : 0;
}

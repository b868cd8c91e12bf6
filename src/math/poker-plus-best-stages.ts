// The stages of `parsheet poker-plus --best` (poker-plus-best.ts) as a run goes through them:
// each reports its progress, is timed for the profile by stage, and, with a store, is saved
// when it finishes and taken from the store instead of run again when a stopped run is resumed
// (`--resume DIR`). A stage's result depends on the run's settings and the stages before it
// alone, so a resumed run ends with the figures an uninterrupted one gives.

import { NO_PROGRESS, type Progress, type ProgressPlan } from '../core';

/**
 * The stages in order, with what their progress counts and their share of a default run's time
 * (its CPU seconds, from the profile of a whole run on this machine: both cores busy, the wall
 * time goes as the CPU time).
 */
export const BEST_STAGES = [
  { key: 'exchange', name: 'derive: exchange table', unit: 'deals', weight: 23 },
  { key: 'worth', name: 'derive: worth table', unit: 'deals', weight: 23 },
  { key: 'second', name: 'derive: second table', unit: 'deals', weight: 8 },
  { key: 'final', name: 'derive: final table', unit: 'deals', weight: 26 },
  { key: 'pilot', name: 'play: pilot', unit: 'rounds', weight: 27 },
  { key: 'play', name: 'play', unit: 'rounds', weight: 99 },
  { key: 'audit-final', name: 'audit: final decision', unit: 'decisions', weight: 2 },
  { key: 'audit-second', name: 'audit: second action', unit: 'decisions', weight: 2 },
  { key: 'audit-first', name: 'audit: first action', unit: 'decisions', weight: 252 },
] as const;

export type BestStage = (typeof BEST_STAGES)[number]['key'];

/** The run's plan for a progress tracker (core/progress.ts). */
export const BEST_PLAN: ProgressPlan = BEST_STAGES.map(({ name, weight }) => ({ name, weight }));

/** Where a run keeps its finished stages (the command: a directory, checked on reading). */
export interface StageStore {
  /** What a run of the same settings saved when it finished this stage; undefined if it did not. */
  load(stage: BestStage): unknown;
  save(stage: BestStage, value: unknown): void | Promise<void>;
}

export interface StageProfile {
  stage: BestStage;
  /** Wall and CPU seconds (every thread of the process); 0 for a stage taken from the store. */
  seconds: number;
  cpuSeconds: number;
  resumed: boolean;
}

/** A saved stage that is not what this run saves: the store's reader names the file. */
export class StageResumeError extends Error {
  constructor(
    readonly stage: BestStage,
    problem: string,
  ) {
    super(`the saved "${stage}" stage does not hold what that stage saves (${problem})`);
    this.name = 'StageResumeError';
  }
}

export class BestStages {
  readonly profile: StageProfile[] = [];

  constructor(
    private readonly progress: Progress = NO_PROGRESS,
    private readonly store: StageStore | null = null,
    private readonly signal?: AbortSignal,
  ) {}

  /** Whether the store holds this stage (a resumed run passes it over). */
  saved(stage: BestStage): boolean {
    return this.store?.load(stage) !== undefined;
  }

  /**
   * The stage's result: from the store when a stopped run finished it (checked by `check`,
   * which returns the value or what is wrong with it), else from `work`, which reports the
   * units done of `total` as it goes.
   */
  async run<T>(
    stage: BestStage,
    total: number,
    work: (done: (units: number) => void) => Promise<T>,
    check: (saved: unknown) => T | string,
  ): Promise<T> {
    this.signal?.throwIfAborted();
    const saved = this.store?.load(stage);
    if (saved !== undefined) {
      const value = check(saved);
      if (typeof value === 'string') throw new StageResumeError(stage, value);
      this.profile.push({ stage, seconds: 0, cpuSeconds: 0, resumed: true });
      this.progress.note(`${nameOf(stage)}: taken from the run resumed`);
      return value;
    }
    const { name, unit } = BEST_STAGES.find((s) => s.key === stage)!;
    this.progress.stage(name, total, unit);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const value = await work((units) => this.progress.done(units));
    const used = process.cpuUsage(cpu);
    this.profile.push({
      stage,
      seconds: Math.round(performance.now() - started) / 1000,
      cpuSeconds: Math.round((used.user + used.system) / 1000) / 1000,
      resumed: false,
    });
    await this.store?.save(stage, value);
    return value;
  }
}

export const nameOf = (stage: BestStage): string => BEST_STAGES.find((s) => s.key === stage)!.name;

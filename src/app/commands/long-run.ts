// A command that runs long (issue 44): its progress on standard error (progress-reporter.ts),
// and Ctrl-C (or a SIGTERM, a CI job's timeout) stopping it cleanly: the work is asked to stop,
// its workers end, and the command says what it had done, where it was, and what it left (a
// --best run, where to resume), then exits 130 (143 for SIGTERM), the shell's status for a run
// its user stopped. Nothing goes to standard output. A second Ctrl-C stops at once. The
// handlers are there only while the work runs, so every other command keeps Node's own.

import type { Progress, ProgressPlan, ProgressSnapshot } from '../../core';
import { clock, reportProgress, type ProgressStream } from '../progress-reporter';

export const INTERRUPTED_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

export interface LongRunOptions {
  /** The command as typed, to open the stopped run's line: `simulate poker-plus`. */
  name: string;
  quiet: boolean;
  plan?: ProgressPlan;
  stream?: ProgressStream;
  /** What the stopped run leaves that its progress does not say (where to resume from). */
  stopped?: () => string[];
  /** The process whose signals stop the run (tests hand in their own). */
  signals?: Pick<NodeJS.Process, 'on' | 'off'>;
  /** How a second signal ends the process at once. */
  exit?: (code: number) => void;
}

export interface LongRunContext {
  progress: Progress;
  signal: AbortSignal;
}

/** Runs `work` with its progress reported; its exit code, or the stopped run's after what it had done is said. */
export async function longRun(
  options: LongRunOptions,
  work: (run: LongRunContext) => Promise<number>,
): Promise<number> {
  const stream = options.stream ?? process.stderr;
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const { progress, close } = reportProgress({
    stream,
    quiet: options.quiet,
    ...(options.plan ? { plan: options.plan } : {}),
  });
  const controller = new AbortController();
  let caught: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (caught !== null) {
      close();
      stream.write(`${options.name}: stopped at once (${signal} again)\n`);
      exit(INTERRUPTED_EXIT[signal as keyof typeof INTERRUPTED_EXIT] ?? 130);
      return;
    }
    caught = signal;
    controller.abort(new Error(`stopped by ${signal}`));
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  try {
    const code = await work({ progress, signal: controller.signal });
    progress.finish();
    return code;
  } catch (e) {
    if (caught === null) throw e;
    close();
    stream.write(
      stoppedReport(options.name, caught, progress.snapshot(), progress.finished, options.stopped?.() ?? []),
    );
    return INTERRUPTED_EXIT[caught as keyof typeof INTERRUPTED_EXIT] ?? 130;
  } finally {
    close();
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
  }
}

const how = (signal: NodeJS.Signals): string => (signal === 'SIGINT' ? 'Ctrl-C' : signal);

/** What a stopped run had done: where it was, the stages it finished, and what the command adds. */
export function stoppedReport(
  name: string,
  signal: NodeJS.Signals,
  at: ProgressSnapshot | null,
  finished: readonly ProgressSnapshot[],
  extra: readonly string[],
): string {
  const lines: string[] = [];
  if (at === null) lines.push(`${name}: stopped (${how(signal)}) before its first stage`);
  else {
    const where =
      at.fraction !== null
        ? ` at ${(at.fraction * 100).toFixed(1)}% (${at.done.toLocaleString('en-US')} of ${at.total.toLocaleString('en-US')}${at.unit ? ` ${at.unit}` : ''})`
        : '';
    lines.push(`${name}: stopped (${how(signal)}) after ${clock(at.elapsedMs)}, in "${at.stage}"${where}`);
  }
  if (finished.length > 0)
    lines.push(`finished before: ${finished.map((s) => `${s.stage} (${clock(s.stageElapsedMs)})`).join(', ')}`);
  lines.push(...extra, 'nothing was written to standard output');
  return lines.join('\n') + '\n';
}

/**
 * Runs work that yields between its steps (a generator) a turn of the event loop at a time, so
 * a signal is heard; stopped, the work is given up (`return()`: its `finally` blocks run).
 */
export async function inTurns<T>(steps: Generator<void, T>, signal: AbortSignal): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
    if (signal.aborted) {
      steps.return(undefined as T);
      signal.throwIfAborted();
    }
  }
}

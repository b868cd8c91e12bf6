// Keeps the screen alive: a renderer that dies is loaded again, waiting longer after each crash
// in a row so that a page that crashes at once does not spin the CPU, and a renderer that
// hangs is crashed on purpose so that the same path brings it back.

export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
  /** A crash this long after the previous one starts the series again. */
  calmMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { firstMs: 1_000, maxMs: 60_000, calmMs: 5 * 60_000 };

export class CrashBackoff {
  private streak = 0;
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly policy: BackoffPolicy = DEFAULT_BACKOFF) {}

  /** Records a crash at `now` and says how long to wait before loading the screen again. */
  next(now: number): number {
    if (now - this.last >= this.policy.calmMs) this.streak = 0;
    this.last = now;
    const delay = Math.min(this.policy.maxMs, this.policy.firstMs * 2 ** Math.min(this.streak, 30));
    this.streak += 1;
    return delay;
  }
}

export interface GoneDetails {
  reason: string;
  exitCode: number;
}

/** What the watcher needs of the window's web contents. */
export interface WatchedContents {
  on(event: 'render-process-gone', listener: (event: unknown, details: GoneDetails) => void): unknown;
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  forcefullyCrashRenderer(): void;
}

export interface WatchOptions {
  reload(): void;
  /** False once the window is closing or the app quits: nothing is reloaded then. */
  alive(): boolean;
  log(line: string): void;
  now?: () => number;
  backoff?: CrashBackoff;
  /** How long a hung renderer may stay unresponsive before it is crashed and reloaded. */
  hangMs?: number;
}

export function watchRenderer(contents: WatchedContents, options: WatchOptions): void {
  const now = options.now ?? Date.now;
  const backoff = options.backoff ?? new CrashBackoff();
  const hangMs = options.hangMs ?? 15_000;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let hang: ReturnType<typeof setTimeout> | null = null;

  contents.on('render-process-gone', (_event, details) => {
    if (hang) clearTimeout(hang);
    hang = null;
    if (!options.alive()) {
      options.log(`renderer gone (${details.reason}, exit code ${details.exitCode}) while closing; not reloaded`);
      return;
    }
    const delay = backoff.next(now());
    options.log(`renderer gone (${details.reason}, exit code ${details.exitCode}); reloading in ${delay} ms`);
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => {
      pending = null;
      if (options.alive()) options.reload();
    }, delay);
  });
  contents.on('unresponsive', () => {
    options.log(`renderer unresponsive; crashing it in ${hangMs} ms unless it recovers`);
    if (hang) clearTimeout(hang);
    hang = setTimeout(() => {
      hang = null;
      options.log('renderer still unresponsive; crashing it to reload');
      contents.forcefullyCrashRenderer();
    }, hangMs);
  });
  contents.on('responsive', () => {
    if (hang) options.log('renderer responsive again');
    if (hang) clearTimeout(hang);
    hang = null;
  });
}

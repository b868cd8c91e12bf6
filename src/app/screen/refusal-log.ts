// C-22 without a flood: every refusal on one screen connection is logged, but at most one row a
// second. The first refusal of a second is written as it is; the rest of that second are counted
// and written as one row when the second is over (or when the connection closes), so the log
// keeps the count of everything refused and a connection sending junk cannot grow the database.

export interface RefusalRow {
  rule: string;
  reason: string;
  [key: string]: unknown;
}

export interface RefusalLog {
  refuse(row: RefusalRow): void;
  /** Writes what is held back, once its second is over. */
  close(): void;
}

export interface RefusalLogOptions {
  carrier: string;
  write(row: RefusalRow): void;
  /** A monotonic clock in ms (the windows are measured on it, never on wall time). */
  clock?: () => number;
  windowMs?: number;
}

export function refusalLog({ carrier, write, clock = () => performance.now(), windowMs = 1000 }: RefusalLogOptions): RefusalLog {
  let lastRow = -Infinity;
  let held = 0;
  let sample: RefusalRow | null = null;
  let timer: NodeJS.Timeout | null = null;

  const flush = (): void => {
    timer = null;
    if (held === 0) return;
    lastRow = clock();
    write({ rule: 'C-22', reason: `${held} more refusal${held === 1 ? '' : 's'} on this connection held back (last: ${sample!.rule} ${sample!.reason})`.slice(0, 300), carrier, heldBack: held });
    held = 0;
    sample = null;
  };
  const schedule = (): void => {
    if (timer) return;
    timer = setTimeout(flush, Math.max(0, lastRow + windowMs - clock()));
    timer.unref();
  };

  return {
    refuse(row) {
      if (held === 0 && clock() - lastRow >= windowMs) {
        lastRow = clock();
        write({ ...row, carrier });
        return;
      }
      held++;
      sample = row;
      schedule();
    },
    close() {
      if (held > 0) schedule();
    },
  };
}

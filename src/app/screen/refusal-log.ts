// C-22 without a flood: every refusal on one screen connection is logged, but at most one row a
// second. The first refusal of a second is written as it is; the rest of that second are counted
// (by rule) and written as one row when the second is over, closed or not, so the log keeps the
// count of everything refused and a connection sending junk cannot grow the database.

export interface RefusalRow {
  rule: string;
  reason: string;
  [key: string]: unknown;
}

export interface RefusalLog {
  refuse(row: RefusalRow): void;
  /** The connection is gone: what is held back is written when its second is over. */
  close(): void;
}

export interface RefusalLogOptions {
  carrier: string;
  write(row: RefusalRow): void;
  /** A monotonic clock in ms (the windows are measured on it, never on wall time). */
  clock?: () => number;
  windowMs?: number;
}

export function refusalLog({
  carrier,
  write,
  clock = () => performance.now(),
  windowMs = 1000,
}: RefusalLogOptions): RefusalLog {
  let lastRow = -Infinity;
  let held = 0;
  let byRule: Record<string, number> = {};
  let last: RefusalRow | null = null;
  let timer: NodeJS.Timeout | null = null;

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (held === 0) return;
    lastRow = clock();
    const reason = `${held} more refusal${held === 1 ? '' : 's'} on this connection, held back (the last: ${last!.rule} ${last!.reason})`;
    const row = { rule: 'C-22', reason: reason.slice(0, 300), carrier, heldBack: held, byRule };
    try {
      write(row);
    } catch {
      // Written from a timer: a cabinet already closed cannot take it, and nothing else may fail for it.
    }
    held = 0;
    byRule = {};
    last = null;
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
      byRule[row.rule] = (byRule[row.rule] ?? 0) + 1;
      last = row;
      schedule();
    },
    close() {
      // The count is still written, in its turn: a connection opened and closed in a hurry gets
      // no more rows a second than one kept open.
      if (held === 0) return;
      if (clock() - lastRow >= windowMs) flush();
      else schedule();
    },
  };
}

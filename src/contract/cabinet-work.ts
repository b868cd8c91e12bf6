// Long work the cabinet does while it runs (issue 44): the records' walk after a start, the pay
// tables' returns being measured, an archive being written. The screens show each with its
// progress and what the cabinet can and cannot do meanwhile. The app keeps it for the run, not
// the cabinet's state: none of it decides anything, and a restart begins the work again.

import { z } from 'zod';
import { int, str } from './schema';

/** Each kind of work, and what the cabinet does meanwhile (the screens say it in words). */
export const WORK_KINDS = {
  /** The keyed chain since the last checkpoint, checked after a start: play goes on; a break found stops it. */
  'records-walk': { meanwhile: 'play' },
  /** Pay tables' returns worked out (C-24): play goes on at the table in play; a table not yet measured cannot be chosen. */
  'table-measure': { meanwhile: 'play-measured-tables' },
  /** Old records written to an archive: play goes on. */
  archive: { meanwhile: 'play' },
} as const;

export type WorkKind = keyof typeof WORK_KINDS;
export const WORK_KIND_NAMES = Object.keys(WORK_KINDS) as [WorkKind, ...WorkKind[]];

/** The most pieces of work a snapshot lists at once. */
export const WORK_MAX = 8;

export const WORK_VIEW = z.strictObject({
  kind: z.enum(WORK_KIND_NAMES),
  /** What it works on (a pay table's id, an archive's name); null when the kind says it all. */
  subject: str(64).nullable(),
  /** Units done of the stage under way and its total (0: not known yet), and the unit's name. */
  done: int(0),
  total: int(0),
  unit: str(32),
  /** done / total, 0..1; null while the total is not known. */
  fraction: z.number().min(0).max(1).nullable(),
  elapsedMs: z.number().min(0),
  /** The estimate of the time left; null until there is a rate to go on; never negative. */
  leftMs: z.number().min(0).nullable(),
});

export type WorkView = z.infer<typeof WORK_VIEW>;

// What the SAS link's side of the app needs of the running cabinet (its committed state and a way
// in), and SAS's wall-clock time: shared by the machine (cabinet-machine.ts) and its AFT (cabinet-aft.ts).

import type { CabinetInput, CabinetResult, CabinetState } from '../../cabinet';
import type { SasDateTime } from '../../devices/sas/machine';

/** What the machine needs of the running cabinet: its committed state, and a way in. */
export interface CabinetSide {
  readonly state: CabinetState;
  /** Steps, commits and logs one input (a refusal is logged too). */
  input(input: CabinetInput): CabinetResult;
}

/** Local wall-clock fields of `ms`. */
export function sasDateTime(ms: number): SasDateTime {
  const d = new Date(ms);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

export const sasTimeToMs = (t: SasDateTime): number =>
  new Date(t.year, t.month - 1, t.day, t.hour, t.minute, t.second).getTime();

// A production cabinet's database in a temporary folder for the records benches (bench:chain,
// bench:walk, bench:year): its data folder, key and mirror laid out as on a cabinet, and a
// commit's worth of log to fill it with.

import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CabinetEffect } from '../src/cabinet';
import type { MachineOptions } from '../src/store';

export interface BenchRecords {
  dir: string;
  /** The database's path in the data folder. */
  path: string;
  machine: MachineOptions;
}

export function benchRecords(prefix: string): BenchRecords {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'data'));
  return {
    dir,
    path: join(dir, 'data', 'cabinet.db'),
    machine: { keyFile: join(dir, 'machine.key'), mirror: join(dir, 'mirror'), machine: '0001', purpose: 'production' },
  };
}

/** A commit's log: the main door, opened and closed in turn. */
export const doorLog = (i: number): CabinetEffect[] => [
  { type: 'log', entry: { at: Date.now(), kind: 'door', data: { door: 'main', open: i % 2 === 0 } } },
];

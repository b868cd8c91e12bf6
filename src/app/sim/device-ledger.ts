// The simulated devices' own memory: what the acceptor physically did with each note and what
// the printer physically printed, appended and fsynced before the device reports it. A real
// acceptor and printer outlive a cabinet crash; with this ledger the simulator does too, so a
// crash test that kills the cabinet proves something.

import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

export type LedgerRecord =
  | { e: 'escrow'; v: number }
  | { e: 'stacked'; v: number }
  | { e: 'returned'; v: number }
  | { e: 'printed'; id: string; v: number };

export interface LedgerSummary {
  stackedCount: number;
  stackedTotal: number;
  printedCount: number;
  printedTotal: number;
  /** The acceptor's last note and what became of it. */
  lastNote: { state: 'none' | 'escrow' | 'stacked' | 'returned'; value: number };
  printed: Map<string, number>;
}

export function emptySummary(): LedgerSummary {
  return { stackedCount: 0, stackedTotal: 0, printedCount: 0, printedTotal: 0, lastNote: { state: 'none', value: 0 }, printed: new Map() };
}

export function applyRecord(s: LedgerSummary, r: LedgerRecord): void {
  switch (r.e) {
    case 'escrow':
      s.lastNote = { state: 'escrow', value: r.v };
      break;
    case 'stacked':
      s.lastNote = { state: 'stacked', value: r.v };
      s.stackedCount++;
      s.stackedTotal += r.v;
      break;
    case 'returned':
      s.lastNote = { state: 'returned', value: r.v };
      break;
    case 'printed':
      s.printed.set(r.id, r.v);
      s.printedCount++;
      s.printedTotal += r.v;
      break;
  }
}

/** Reads a ledger; a torn last line (power cut mid-write) is ignored, anything else refused. */
export function readLedger(path: string): LedgerSummary {
  const s = emptySummary();
  if (!existsSync(path)) return s;
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line === '') return;
    let record: LedgerRecord;
    try {
      record = JSON.parse(line) as LedgerRecord;
    } catch {
      if (i === lines.length - 1) return;
      throw new Error(`${path}: line ${i + 1} of the device ledger is damaged`);
    }
    applyRecord(s, record);
  });
  return s;
}

export class DeviceLedger {
  readonly summary: LedgerSummary;
  private fd: number | null;

  constructor(readonly path: string | null) {
    this.summary = path ? readLedger(path) : emptySummary();
    this.fd = path ? openSync(path, 'a') : null;
  }

  /** Durable before it returns: the device has done it, whatever happens to the cabinet next. */
  record(r: LedgerRecord): void {
    if (this.fd !== null) {
      writeSync(this.fd, JSON.stringify(r) + '\n');
      fsyncSync(this.fd);
    }
    applyRecord(this.summary, r);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

// The simulated devices' own memory: what the acceptor physically did with each note and what
// the printer physically printed, appended (and fsynced, unless told the kernel's copy will do)
// before the device reports it (a ticket, by its barcode, as a note is by its value). A real
// acceptor and printer outlive a cabinet crash; with this ledger the simulator does too, so a
// crash test that kills the cabinet proves something.

import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

export type LedgerRecord =
  | { e: 'escrow'; v: number }
  | { e: 'stacked'; v: number }
  | { e: 'returned'; v: number }
  | { e: 'printed'; id: string; v: number }
  | { e: 'ticketEscrow'; id: string }
  | { e: 'ticketStacked'; id: string }
  | { e: 'ticketReturned'; id: string };

export type AcceptorItemState = 'none' | 'escrow' | 'stacked' | 'returned';

export interface LedgerSummary {
  stackedCount: number;
  stackedTotal: number;
  printedCount: number;
  printedTotal: number;
  /** The acceptor's last note and what became of it. */
  lastNote: { state: AcceptorItemState; value: number };
  printed: Map<string, number>;
  /** Tickets in the cash box by barcode, each with how many times it got there (more than once: a fault to find). */
  ticketsStacked: Map<string, number>;
  ticketsStackedCount: number;
  /** Tickets drawn into escrow, and handed back, counted each time. */
  ticketsEscrowed: number;
  ticketsReturned: number;
  /** The acceptor's last ticket and what became of it. */
  lastTicket: { state: AcceptorItemState; barcode: string | null };
}

export function emptySummary(): LedgerSummary {
  return {
    stackedCount: 0,
    stackedTotal: 0,
    printedCount: 0,
    printedTotal: 0,
    lastNote: { state: 'none', value: 0 },
    printed: new Map(),
    ticketsStacked: new Map(),
    ticketsStackedCount: 0,
    ticketsEscrowed: 0,
    ticketsReturned: 0,
    lastTicket: { state: 'none', barcode: null },
  };
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
    case 'ticketEscrow':
      s.lastTicket = { state: 'escrow', barcode: r.id };
      s.ticketsEscrowed++;
      break;
    case 'ticketStacked':
      s.lastTicket = { state: 'stacked', barcode: r.id };
      s.ticketsStacked.set(r.id, (s.ticketsStacked.get(r.id) ?? 0) + 1);
      s.ticketsStackedCount++;
      break;
    case 'ticketReturned':
      s.lastTicket = { state: 'returned', barcode: r.id };
      s.ticketsReturned++;
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

  /**
   * `synced` false: each record is written, not synced. The kernel keeps it through a SIGKILL of
   * the cabinet (the only crash a test makes); the soak so leaves the simulator's own disk cost
   * out of the cabinet's figures, as a real acceptor keeps its memory in its own hardware.
   */
  constructor(
    readonly path: string | null,
    private readonly synced = true,
  ) {
    this.summary = path ? readLedger(path) : emptySummary();
    this.fd = path ? openSync(path, 'a') : null;
  }

  /** Written before it returns (durable, when synced): the device has done it, whatever happens to the cabinet next. */
  record(r: LedgerRecord): void {
    if (this.fd !== null) {
      writeSync(this.fd, JSON.stringify(r) + '\n');
      if (this.synced) fsyncSync(this.fd);
    }
    applyRecord(this.summary, r);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

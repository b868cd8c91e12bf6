// What a voucher printer's driver does whatever its command family (C-4, C-14, C-17): it polls
// the printer's condition so the cabinet knows of paper and doors before it prints, prints one
// document at a time (a voucher, or a handpay's receipt: document.ts), reports it printed only
// once the printer confirms it (each family has its own proof), otherwise failed with the job
// cleared from the printer so it cannot come out later by surprise; a document is never printed
// twice, and a port lost mid-job leaves a voucher's answer "unknown" for the cabinet to settle
// (C-14). ESC/POS (driver.ts) and TCL (src/devices/tcl/driver.ts) say only how to read the
// condition, send a job and judge it.

import type { DeviceCommand, DeviceFault, DeviceRecovery } from '../../cabinet/device-events';
import { DriverBase } from '../shared/driver-base';
import type { Binding } from '../shared/port-connection';
import type { StatsParser } from '../shared/port-connection';
import type { PrinterCondition } from './status';
import {
  documentKey,
  documentLabel,
  documentProblems,
  failedEvent,
  printedEvent,
  type PrintDocument,
} from './document';

export type PrinterProtocol = 'escpos' | 'tcl';

export interface PrinterDriverOptions {
  path: string;
  binding?: Binding;
  /** Line settings: 38400 baud 8N1 unless the printer is set otherwise (docs/protocols). */
  baudRate?: number;
  dataBits?: 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
  pollMs?: number;
  responseTimeoutMs?: number;
  retries?: number;
  reconnectMs?: number;
  /** How long a job may take from the last byte sent to the printer's proof that it printed. */
  printTimeoutMs?: number;
}

export type ResolvedPrinterOptions = Required<Omit<PrinterDriverOptions, 'binding'>>;

export const PRINTER_DEFAULTS = {
  baudRate: 38400,
  dataBits: 8 as const,
  parity: 'none' as const,
  stopBits: 1 as const,
  pollMs: 250,
  responseTimeoutMs: 200,
  retries: 2,
  reconnectMs: 500,
  printTimeoutMs: 20_000,
};

type Outcome = 'printed' | 'not-printed' | 'unknown';
/** The printer's conditions in the cabinet's words for its faults (src/cabinet/vocabulary/devices.ts). */
type FaultCode = DeviceFault<'printer'>;

/** How the printer's conditions show each fault, most serious first; a fault the vocabulary adds is asked for here. */
const FAULT_CONDITIONS: Record<
  FaultCode,
  { on: (c: PrinterCondition) => boolean; text: string; stopsPrinting: boolean }
> = {
  paperOut: { on: (c) => c.paperOut, text: 'printer is out of paper', stopsPrinting: true },
  coverOpen: { on: (c) => c.coverOpen, text: 'printer cover is open', stopsPrinting: true },
  paperJam: { on: (c) => c.paperJam, text: 'printer paper jam', stopsPrinting: true },
  headUp: { on: (c) => c.headUp, text: 'printer head is up', stopsPrinting: true },
  cutterError: { on: (c) => c.cutterError, text: 'printer cutter error', stopsPrinting: true },
  printerError: { on: (c) => c.unrecoverableError, text: 'printer has an unrecoverable error', stopsPrinting: true },
  autoRecoverableError: {
    on: (c) => c.autoRecoverableError,
    text: 'printer error it will recover from (e.g. head temperature)',
    stopsPrinting: false,
  },
};
const FAULTS = Object.entries(FAULT_CONDITIONS).map(([code, f]) => ({ code: code as FaultCode, ...f }));

export interface PrintJob {
  doc: PrintDocument;
  /** A 4-digit id the family may use to recognise its job. */
  id: string;
  sentAt: number;
}

/** What the printer's latest condition says of the job under way. */
export type JobVerdict = 'printing' | 'printed' | { failed: string };

/** The last voucher the printer handled, as the Devices page shows it: its number's last four digits only (C-3). */
export interface LastTicket {
  label: string;
  outcome: 'printing' | 'printed' | 'failed' | 'taken';
  reason: string | null;
  at: number;
}

/** What a technician reads of the printer on the Devices page, whichever its family. */
export interface PrinterIdentity {
  protocol: PrinterProtocol;
  /** The printer as it names itself, or its family's word for it (null: it says nothing). */
  model: string | null;
  /** Its firmware's version, and signature where it gives one (null: it says nothing). */
  firmware: string | null;
  /** What it last reported: ready, printing, or its faults. */
  state: string | null;
  lastTicket: LastTicket | null;
}

export abstract class PrinterDriverBase<R> extends DriverBase<R> {
  protected readonly opts: ResolvedPrinterOptions;
  private cond: PrinterCondition | null = null;
  private readonly queue: PrintDocument[] = [];
  private job: PrintJob | null = null;
  private readonly outcomes = new Map<string, Outcome>();
  private readonly faults = new Set<FaultCode>();
  private nextId = 0;
  private last: LastTicket | null = null;

  constructor(
    readonly protocol: PrinterProtocol,
    options: PrinterDriverOptions,
    makeParser: () => StatsParser,
  ) {
    const opts = { ...PRINTER_DEFAULTS, ...options };
    const line = { baudRate: opts.baudRate, dataBits: opts.dataBits, parity: opts.parity, stopBits: opts.stopBits };
    super(
      'printer',
      { path: opts.path, binding: options.binding, ...line, reconnectMs: opts.reconnectMs },
      makeParser,
      {
        pollMs: opts.pollMs,
        recycleAfter: 2,
      },
    );
    const { binding: _binding, ...rest } = opts;
    this.opts = rest;
  }

  /** The printer's condition as last read (paper low included, which is no fault). */
  get condition(): PrinterCondition | null {
    return this.cond ? { ...this.cond } : null;
  }

  /** The printer as the Devices page shows it. */
  get identity(): PrinterIdentity {
    const c = this.cond;
    const state = !this.isOnline
      ? 'offline'
      : !c
        ? null
        : [...this.faults].join(', ') || (this.job ? 'printing' : c.paperLow ? 'ready, paper low' : 'ready');
    return { protocol: this.protocol, ...this.describe(), state, lastTicket: this.last && { ...this.last } };
  }

  /** The family's model and firmware, as far as the printer has said. */
  protected abstract describe(): { model: string | null; firmware: string | null };
  /** Reads the printer's condition (throws NoAnswerError when it does not answer). */
  protected abstract readCondition(): Promise<PrinterCondition>;
  /** Sends one document as a job; may read the printer to see it taken. */
  protected abstract sendJob(job: PrintJob): Promise<void>;
  /** Judges the job under way from the condition just read and what the family knows of it. */
  protected abstract judgeJob(job: PrintJob, cond: PrinterCondition, blocking: string | null): Promise<JobVerdict>;
  /** Drops whatever of a job the printer still holds. */
  protected abstract clearPrinter(): Promise<void>;
  /** Whether the printer had proved the job printed before the port went (ESC/POS: its job id came back). */
  protected jobProven(_job: PrintJob): boolean {
    return false;
  }
  /** After each condition read, before the job is judged (TCL: the templates, a power-up). */
  protected async afterCondition(_cond: PrinterCondition, _job: PrintJob | null): Promise<void> {}

  send(command: DeviceCommand): void {
    if (command.device !== 'printer') return;
    const doc: PrintDocument | null =
      command.type === 'print'
        ? { kind: 'voucher', voucher: command.voucher }
        : command.type === 'printReceipt'
          ? { kind: 'receipt', receipt: command.receipt }
          : null;
    if (!doc) return;
    const problems = documentProblems(doc);
    if (problems.length) {
      this.emitEvent(failedEvent(doc, `${doc.kind} refused: ${problems.join('; ')}`));
      return;
    }
    const key = documentKey(doc);
    if (this.outcomes.get(key) === 'printed') {
      // Asked again (a cabinet replaying its effects after a restart): never print a document twice.
      this.emitEvent(printedEvent(doc));
      return;
    }
    if ((this.job && documentKey(this.job.doc) === key) || this.queue.some((q) => documentKey(q) === key)) return;
    this.queue.push(doc);
    this.poke();
  }

  readonly recovery: Pick<DeviceRecovery, 'voucherPrinted'> = {
    voucherPrinted: async (validation) => {
      const deadline = Date.now() + this.opts.printTimeoutMs + 1000;
      while (
        ((this.job && documentKey(this.job.doc) === validation) ||
          this.queue.some((q) => documentKey(q) === validation)) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, this.opts.pollMs));
      }
      return this.outcomes.get(validation) ?? 'unknown';
    },
  };

  /** A ticket the printer reports taken from its bezel. */
  protected ticketTaken(): void {
    if (this.last?.outcome === 'printed') this.last = { ...this.last, outcome: 'taken', at: Date.now() };
  }

  protected override onDisconnected(): void {
    const job = this.job;
    if (!job) return;
    this.job = null;
    if (this.jobProven(job)) return this.finish(job, 'printed');
    // The printer may or may not have finished: saying either would risk paying twice or not at all.
    this.outcomes.set(documentKey(job.doc), 'unknown');
    this.noteTicket(job.doc, 'failed', 'port lost while printing: outcome unknown');
    this.emitEvent(failedEvent(job.doc, 'port lost while printing: outcome unknown, check the printer'));
  }

  protected async step(): Promise<void> {
    const cond = await this.readCondition();
    this.markOnline();
    this.cond = cond;
    this.syncFaults(cond);
    await this.afterCondition(cond, this.job);
    const blocking = FAULTS.find((f) => f.stopsPrinting && f.on(cond))?.text ?? null;
    const job = this.job;
    if (job) {
      let verdict = await this.judgeJob(job, cond, blocking);
      if (verdict === 'printing' && Date.now() - job.sentAt > this.opts.printTimeoutMs)
        verdict = { failed: `printer did not finish within ${this.opts.printTimeoutMs} ms` };
      if (verdict === 'printing') return;
      this.job = null;
      if (verdict === 'printed') return this.finish(job, 'printed');
      await this.clearPrinter();
      return this.finish(job, 'not-printed', verdict.failed);
    }
    const next = this.queue.shift();
    if (!next) return;
    if (blocking) return this.finish({ doc: next, id: '', sentAt: 0 }, 'not-printed', blocking);
    const id = String(this.nextId++ % 10000).padStart(4, '0');
    const started: PrintJob = { doc: next, id, sentAt: Date.now() };
    this.job = started;
    this.outcomes.set(documentKey(next), 'unknown');
    this.noteTicket(next, 'printing', null);
    await this.sendJob(started);
    started.sentAt = Date.now();
    // Judge it at once: the printer may have refused it already.
    this.stepAgain();
  }

  private finish(job: PrintJob, outcome: 'printed' | 'not-printed', reason = ''): void {
    this.outcomes.set(documentKey(job.doc), outcome);
    this.noteTicket(job.doc, outcome === 'printed' ? 'printed' : 'failed', reason || null);
    this.emitEvent(outcome === 'printed' ? printedEvent(job.doc) : failedEvent(job.doc, reason));
  }

  private noteTicket(doc: PrintDocument, outcome: LastTicket['outcome'], reason: string | null): void {
    this.last = { label: documentLabel(doc), outcome, reason, at: Date.now() };
  }

  private syncFaults(c: PrinterCondition): void {
    for (const f of FAULTS) {
      const on = f.on(c);
      if (on && !this.faults.has(f.code)) {
        this.faults.add(f.code);
        this.emitEvent({ device: 'printer', type: 'fault', code: f.code, message: f.text });
      } else if (!on && this.faults.delete(f.code)) {
        this.emitEvent({ device: 'printer', type: 'faultCleared', code: f.code });
      }
    }
  }
}

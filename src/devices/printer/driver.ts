// The voucher printer driver (C-4, C-14, C-17): polls ESC/POS real-time status so the cabinet
// knows of paper and cover before it prints, sends a voucher as one job ending in a cut and a
// process-id request, and reports 'printed' only once the printer has answered that id (it
// answers after the cut) and a status read after it; otherwise 'printFailed', with the job
// cleared from the printer's buffer so it cannot come out later by surprise.

import type { DeviceCommand, DeviceFault, DeviceRecovery, Voucher } from '../../cabinet/device-events';
import { DriverBase } from '../shared/driver-base';
import type { Binding } from '../shared/port-connection';
import { Requester } from '../shared/requester';
import { encodeEscPos } from './escpos';
import { PrinterReplyParser, READY, readStatusByte, type PrinterCondition, type PrinterReply } from './status';
import { voucherBytes, voucherProblems } from './voucher-layout';

export interface PrinterDriverOptions {
  path: string;
  binding?: Binding;
  /** Line settings: 38400 baud 8N1 unless the printer is set otherwise (docs/protocols/voucher-printer.md). */
  baudRate?: number;
  dataBits?: 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
  pollMs?: number;
  responseTimeoutMs?: number;
  retries?: number;
  reconnectMs?: number;
  /** How long a job may take from the last byte sent to the printer's "done". */
  printTimeoutMs?: number;
}

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
  cutterError: { on: (c) => c.cutterError, text: 'printer cutter error', stopsPrinting: true },
  printerError: { on: (c) => c.unrecoverableError, text: 'printer has an unrecoverable error', stopsPrinting: true },
  autoRecoverableError: {
    on: (c) => c.autoRecoverableError,
    text: 'printer error it will recover from (e.g. head temperature)',
    stopsPrinting: false,
  },
};
const FAULTS = Object.entries(FAULT_CONDITIONS).map(([code, f]) => ({ code: code as FaultCode, ...f }));

interface Job {
  voucher: Voucher;
  id: string;
  sentAt: number;
  done: boolean;
}

export class PrinterDriver extends DriverBase<PrinterReply> {
  private readonly req: Requester<PrinterReply>;
  private readonly opts: Required<Omit<PrinterDriverOptions, 'binding'>>;
  private cond: PrinterCondition | null = null;
  private readonly queue: Voucher[] = [];
  private job: Job | null = null;
  private readonly outcomes = new Map<string, Outcome>();
  private readonly faults = new Set<FaultCode>();
  private nextId = 0;

  constructor(options: PrinterDriverOptions) {
    const opts = {
      baudRate: 38400,
      dataBits: 8 as const,
      parity: 'none' as const,
      stopBits: 1 as const,
      pollMs: 250,
      responseTimeoutMs: 200,
      retries: 2,
      reconnectMs: 500,
      printTimeoutMs: 20_000,
      ...options,
    };
    const line = { baudRate: opts.baudRate, dataBits: opts.dataBits, parity: opts.parity, stopBits: opts.stopBits };
    super(
      'printer',
      { path: opts.path, binding: options.binding, ...line, reconnectMs: opts.reconnectMs },
      () => new PrinterReplyParser(),
      {
        pollMs: opts.pollMs,
        recycleAfter: 2,
      },
    );
    this.opts = opts;
    this.req = new Requester(this.conn, (reply) => {
      if (reply.type === 'processId' && this.job && reply.id === this.job.id) {
        this.job.done = true;
        this.poke();
      }
    });
  }

  /** The printer's condition as last read (paper low included, which is no fault). */
  get condition(): PrinterCondition | null {
    return this.cond ? { ...this.cond } : null;
  }

  send(command: DeviceCommand): void {
    if (command.device !== 'printer' || command.type !== 'print') return;
    const v = command.voucher;
    const problems = voucherProblems(v);
    if (problems.length) {
      this.emitEvent({
        device: 'printer',
        type: 'printFailed',
        validation: String(v.validation),
        reason: `voucher refused: ${problems.join('; ')}`,
      });
      return;
    }
    if (this.outcomes.get(v.validation) === 'printed') {
      // Asked again (a cabinet replaying its effects after a restart): never print a voucher twice.
      this.emitEvent({ device: 'printer', type: 'printed', validation: v.validation });
      return;
    }
    if (this.job?.voucher.validation === v.validation || this.queue.some((q) => q.validation === v.validation)) return;
    this.queue.push(v);
    this.poke();
  }

  readonly recovery: Pick<DeviceRecovery, 'voucherPrinted'> = {
    voucherPrinted: async (validation) => {
      const deadline = Date.now() + this.opts.printTimeoutMs + 1000;
      while (
        (this.job?.voucher.validation === validation || this.queue.some((q) => q.validation === validation)) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, this.opts.pollMs));
      }
      return this.outcomes.get(validation) ?? 'unknown';
    },
  };

  protected override onDisconnected(): void {
    const job = this.job;
    if (!job) return;
    this.job = null;
    if (job.done) return this.finish(job, 'printed');
    // The printer may or may not have finished: saying either would risk paying twice or not at all.
    this.outcomes.set(job.voucher.validation, 'unknown');
    this.emitEvent({
      device: 'printer',
      type: 'printFailed',
      validation: job.voucher.validation,
      reason: 'port lost while printing: outcome unknown, check the printer',
    });
  }

  protected async step(): Promise<void> {
    const cond = await this.readCondition();
    this.markOnline();
    this.cond = cond;
    this.syncFaults(cond);
    const blocking = FAULTS.find((f) => f.stopsPrinting && f.on(cond));
    const job = this.job;
    if (job) {
      if (job.done) {
        this.job = null;
        this.finish(job, 'printed');
      } else if (blocking || Date.now() - job.sentAt > this.opts.printTimeoutMs) {
        this.job = null;
        await this.clearPrinter();
        this.finish(
          job,
          'not-printed',
          blocking ? blocking.text : `printer did not finish within ${this.opts.printTimeoutMs} ms`,
        );
      }
      return;
    }
    const next = this.queue.shift();
    if (!next) return;
    if (blocking) return this.finish({ voucher: next, id: '', sentAt: 0, done: false }, 'not-printed', blocking.text);
    const id = String(this.nextId++ % 10000).padStart(4, '0');
    this.job = { voucher: next, id, sentAt: Date.now(), done: false };
    this.outcomes.set(next.validation, 'unknown');
    await this.conn.write(Buffer.concat([voucherBytes(next), encodeEscPos({ type: 'processId', id })]));
    this.job.sentAt = Date.now();
  }

  private finish(job: Job, outcome: 'printed' | 'not-printed', reason = ''): void {
    this.outcomes.set(job.voucher.validation, outcome);
    if (outcome === 'printed')
      this.emitEvent({ device: 'printer', type: 'printed', validation: job.voucher.validation });
    else this.emitEvent({ device: 'printer', type: 'printFailed', validation: job.voucher.validation, reason });
  }

  private async clearPrinter(): Promise<void> {
    await this.req.send(encodeEscPos({ type: 'realtimeRequest', n: 2 })).catch(() => undefined);
  }

  private async readCondition(): Promise<PrinterCondition> {
    const c: PrinterCondition = { ...READY };
    for (const n of [1, 2, 3, 4] as const) {
      const r = await this.req.request(
        `status ${n}`,
        encodeEscPos({ type: 'statusRequest', n }),
        (x) => x.type === 'status',
        this.opts.responseTimeoutMs,
        this.opts.retries,
      );
      const part = readStatusByte(n, (r as { byte: number }).byte);
      // n = 2 and n = 4 both speak of paper: either saying "out" is enough.
      for (const [k, v] of Object.entries(part) as [keyof PrinterCondition, boolean][]) c[k] = c[k] || v;
    }
    return c;
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

// The ESC/POS voucher printer's driver (C-4, C-14, C-17) on the printers' shared base: it polls
// the four real-time statuses, sends a voucher as one job ending in a cut and a process-id
// request, and the job is printed once the printer has answered that id (it answers after the
// cut); a fault or silence before it fails the job, cleared from the buffer with DLE ENQ 2.

import { Requester } from '../shared/requester';
import { encodeEscPos } from './escpos';
import { PrinterDriverBase, type JobVerdict, type PrintJob, type PrinterDriverOptions } from './printer-driver-base';
import { PrinterReplyParser, READY, readStatusByte, type PrinterCondition, type PrinterReply } from './status';
import { documentBytes } from './document';

export type { PrinterDriverOptions };

export class PrinterDriver extends PrinterDriverBase<PrinterReply> {
  private readonly req: Requester<PrinterReply>;
  /** Job ids the printer has answered, of the job under way. */
  private doneId: string | null = null;

  constructor(options: PrinterDriverOptions) {
    super('escpos', options, () => new PrinterReplyParser());
    this.req = new Requester(this.conn, (reply) => {
      if (reply.type === 'processId') {
        this.doneId = reply.id;
        this.poke();
      }
    });
  }

  protected describe() {
    // The printer-ID request (GS I) is not used: ESC/POS printers say nothing of themselves here.
    return { model: null, firmware: null };
  }

  protected override jobProven(job: PrintJob): boolean {
    return this.doneId === job.id;
  }

  protected async sendJob(job: PrintJob): Promise<void> {
    this.doneId = null;
    await this.conn.write(Buffer.concat([documentBytes(job.doc), encodeEscPos({ type: 'processId', id: job.id })]));
  }

  protected async judgeJob(job: PrintJob, _cond: PrinterCondition, blocking: string | null): Promise<JobVerdict> {
    if (this.doneId === job.id) return 'printed';
    return blocking ? { failed: blocking } : 'printing';
  }

  protected async clearPrinter(): Promise<void> {
    await this.req.send(encodeEscPos({ type: 'realtimeRequest', n: 2 })).catch(() => undefined);
  }

  protected async readCondition(): Promise<PrinterCondition> {
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
}

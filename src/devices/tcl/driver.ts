// The TCL voucher printer's driver (docs/protocols/tcl.md) on the printers' shared base: it
// defines the voucher's regions and templates at each connection and again after the printer
// reports a power-up, polls the status, prints a voucher as one print command, and counts it
// printed only when two status answers in a row, after the printer took the job, say the
// validation number is done. TCL has no checksum: two agreeing reads stand in for one.

import { NoAnswerError, Requester } from '../shared/requester';
import { documentForm } from '../printer/document';
import {
  PrinterDriverBase,
  type JobVerdict,
  type PrintJob,
  type PrinterDriverOptions,
} from '../printer/printer-driver-base';
import { READY, type PrinterCondition } from '../printer/status';
import { encodeTcl, type TclCommand, type TclReply } from './codec';
import type { TclFlags } from './flags';
import { formDefinitions, printCommand } from './forms';
import { TclReplyParser } from './parser';

export interface TclDriverOptions extends PrinterDriverOptions {
  /** How long the printer may take to work out its firmware CRC (up to 40 s on the real thing). */
  crcTimeoutMs?: number;
}

type Status = Extract<TclReply, { type: 'status' }>;

/** The printer's flags in the words the shared base reads. */
export function conditionOf(f: TclFlags): PrinterCondition {
  return {
    ...READY,
    offline: f.offline,
    coverOpen: f.chassisOpen,
    paperOut: f.paperOut,
    paperLow: f.paperLow,
    paperJam: f.paperJam,
    headUp: f.headUp,
    cutterError: f.cutterError,
    unrecoverableError: f.voltageError || f.headError || f.systemError || f.flashError || f.librariesCorrupt,
    autoRecoverableError: f.temperatureError,
  };
}

/** The makers by the start of the firmware version their status reports. */
const MAKERS: [prefix: string, model: string][] = [
  ['GUR', 'FutureLogic GEN2/GEN5 (TCL)'],
  ['PAY', 'Nanoptix PayCheck (TCL)'],
];

/** A job taken by the printer: busy, or its validation number not yet done. */
const taken = (f: TclFlags) => f.busy || !f.validationDone;

interface TclJob {
  /** Why the printer did not take it, if it did not. */
  refused: string | null;
  /** Lost to the printer's power cut. */
  lost: boolean;
  /** Seen taken by the printer right after it was sent. */
  taken: boolean;
}

export class TclPrinterDriver extends PrinterDriverBase<TclReply> {
  private readonly req: Requester<TclReply>;
  private readonly crcTimeoutMs: number;
  private flags: TclFlags | null = null;
  /** The last status answer whole, to compare the next one with. */
  private lastStatus: Status | null = null;
  private version: string | null = null;
  private crc: number | null = null;
  /** Our regions and templates were sent on this connection since the printer's last power-up. */
  private defined = false;
  /** Why the printer refused our templates, while it does. */
  private defineProblem: string | null = null;
  private crcAsked = false;
  private readonly jobs = new WeakMap<PrintJob, TclJob>();
  private ticketAtBezel = false;

  constructor(options: TclDriverOptions) {
    super('tcl', options, () => new TclReplyParser(Math.max(20, (options.responseTimeoutMs ?? 200) / 2)));
    this.crcTimeoutMs = options.crcTimeoutMs ?? 40_000;
    this.req = new Requester(this.conn);
  }

  protected describe() {
    const v = this.version;
    const model = v === null ? null : (MAKERS.find(([p]) => v.startsWith(p))?.[1] ?? 'TCL printer');
    const crc = this.crc === null ? '' : ` CRC ${this.crc.toString(16).toUpperCase().padStart(4, '0')}`;
    return { model, firmware: v === null ? null : `${v}${crc}` };
  }

  protected override onConnected(): void {
    this.defined = false;
    this.crcAsked = false;
  }

  private async status(): Promise<Status> {
    const r = await this.req.request(
      'status',
      encodeTcl({ type: 'statusRequest' }),
      (x) => x.type === 'status',
      this.opts.responseTimeoutMs,
      this.opts.retries,
    );
    const s = r as Status;
    this.version = s.version.trim();
    const before = this.ticketAtBezel;
    this.ticketAtBezel = s.flags.paperInChute;
    if (before && !s.flags.paperInChute) this.ticketTaken();
    this.flags = s.flags;
    this.lastStatus = s;
    return s;
  }

  private write(...commands: TclCommand[]): Promise<void> {
    return this.conn.write(Buffer.concat(commands.map(encodeTcl)));
  }

  protected async readCondition(): Promise<PrinterCondition> {
    const { flags } = await this.status();
    const c = conditionOf(flags);
    // Templates the printer refused leave it unable to print a voucher: a fault until it takes them.
    if (this.defineProblem) c.unrecoverableError = true;
    return c;
  }

  protected override async afterCondition(_cond: PrinterCondition, job: PrintJob | null): Promise<void> {
    const f = this.flags!;
    if (this.defined && !f.powerUp) return this.askCrcOnce(job);
    // A power-up seen on a connection we had defined: the printer forgot them, and the ticket with them.
    if (this.defined && job) this.tcl(job).lost = true;
    if (f.journalMode) await this.write({ type: 'templateMode' });
    await this.write(...formDefinitions());
    const after = await this.status();
    // Refused, they are not sent again before the next connection or power-up: a fault till then.
    this.defineProblem =
      after.flags.dataError || after.flags.commandError ? 'printer refused the voucher templates' : null;
    await this.write({ type: 'clear', jam: false });
    this.defined = true;
  }

  /** The firmware CRC, once a connection, while no voucher waits (the printer may think for a while). */
  private async askCrcOnce(job: PrintJob | null): Promise<void> {
    if (this.crcAsked || job) return;
    this.crcAsked = true;
    try {
      const r = await this.req.request(
        'firmware CRC',
        encodeTcl({ type: 'crcRequest' }),
        (x) => x.type === 'crc',
        this.crcTimeoutMs,
        0,
      );
      if (r.type === 'crc') this.crc = r.crc;
    } catch (e) {
      if (!(e instanceof NoAnswerError)) throw e;
    }
  }

  private tcl(job: PrintJob): TclJob {
    let t = this.jobs.get(job);
    if (!t) this.jobs.set(job, (t = { refused: null, lost: false, taken: false }));
    return t;
  }

  protected async sendJob(job: PrintJob): Promise<void> {
    const t = this.tcl(job);
    await this.write(printCommand(documentForm(job.doc)));
    // The printer reads its line in order: the answers to requests sent after the command show it taken.
    const first = await this.status();
    const second = await this.status();
    if (taken(first.flags) && taken(second.flags)) {
      t.taken = true;
      return;
    }
    const f = second.flags;
    t.refused =
      f.dataError || f.commandError
        ? 'printer refused the ticket (data or command error)'
        : 'printer did not take the ticket';
  }

  protected async judgeJob(job: PrintJob, _cond: PrinterCondition, blocking: string | null): Promise<JobVerdict> {
    const t = this.tcl(job);
    if (t.refused) return { failed: t.refused };
    if (t.lost) return { failed: 'printer restarted during the ticket' };
    // Unheard right after it was sent, a validation done could be the last voucher's: no proof.
    if (!t.taken) return { failed: 'printer did not answer as it took the ticket: not counted' };
    // Out whole: its validation number printed and the printer done with it. A ticket stopped after
    // its number is torn off when the job is flushed: counted, it would be money never handed out.
    // Believed only from two answers in a row the same to the byte: no checksum guards one.
    const first = this.lastStatus!;
    // A handpay's receipt carries no validation number (it is never money): out once the printer is done with it.
    const out = (job.doc.kind === 'receipt' || first.flags.validationDone) && !first.flags.busy;
    if (out && JSON.stringify(await this.status()) === JSON.stringify(first)) return 'printed';
    return blocking ? { failed: blocking } : 'printing';
  }

  protected async clearPrinter(): Promise<void> {
    await this.write({ type: 'flush' }).catch(() => undefined);
  }
}

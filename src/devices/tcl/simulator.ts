// The printer's side of TCL (docs/protocols/tcl.md): it keeps the regions and templates it is
// sent (in RAM: a power cut forgets them), takes a print command at once (busy, validation not
// done) and prints its fields region by region into the same record the ESC/POS simulator
// keeps, setting "validation number done" once the barcode region is printed; it answers the
// status and CRC requests whatever it is doing, and can be scripted (paper out now or after n
// regions, a jam after n regions, paper low, chassis open, head up, the ticket taken, a power cut).

import { EventEmitter } from 'node:events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { SimulatorLine } from '../shared/simulator-line';
import type { ParserStats } from '../shared/framed-parser';
import { barcodeText, placeLine, widen, type Align } from '../printer/paper';
import type { PrintedTicket, PrinterSimEvents, SimulatedPrinter } from '../printer/simulated';
import { encodeReply, type TclCommand, type TclRegion } from './codec';
import { noFlags, type TclFlags } from './flags';
import { ITF } from './forms';
import { TclCommandDecoder } from './parser';

export interface TclSimOptions {
  /** The firmware's version as the status reports it (nine characters). */
  version?: string;
  /** Its firmware CRC. */
  crc?: number;
  /** Time to print one region. */
  regionMs?: number;
  /** Regions its memory holds: one more is a data error. */
  regionSlots?: number;
}

const ALIGN: Align[] = ['left', 'center', 'right'];

interface Job {
  template: string;
  regions: TclRegion[];
  fields: string[];
  next: number;
  lines: string[];
  barcodes: PrintedTicket['barcodes'];
}

/** What the printer is after power-up, before the host says anything. */
const poweredUp = (): TclFlags => ({ ...noFlags(), powerUp: true, validationDone: true, topOfForm: true });

export class TclPrinterSimulator extends EventEmitter<PrinterSimEvents> implements SimulatedPrinter {
  readonly printed: PrintedTicket[] = [];
  readonly abandoned: string[][] = [];
  /** Every command taken, in order (the tests read what the host defined and printed). */
  readonly received: TclCommand[] = [];
  private readonly decoder = new TclCommandDecoder();
  private readonly line = new SimulatorLine(this.decoder, (c) => this.handle(c));
  private readonly version: string;
  private readonly crc: number;
  private readonly regionMs: number;
  private readonly regionSlots: number;
  private flags: TclFlags = poweredUp();
  private powered = true;
  private readonly regions = new Map<string, TclRegion>();
  private readonly templates = new Map<string, string[]>();
  private readonly queue: Job[] = [];
  private job: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastTemplate = '  ';
  private regionsUntilPaperOut: number | null = null;
  private regionsUntilJam: number | null = null;

  constructor(options: TclSimOptions = {}) {
    super();
    this.version = options.version ?? 'GURAA1-01';
    this.crc = options.crc ?? 0x5a3c;
    this.regionMs = options.regionMs ?? 10;
    this.regionSlots = options.regionSlots ?? 64;
  }

  attach(endpoint: DeviceEndpoint): this {
    this.line.attach(endpoint);
    return this;
  }

  detach(): void {
    this.line.detach();
    this.stopTimer();
  }

  get paperOut(): boolean {
    return this.flags.paperOut;
  }

  get flagsNow(): TclFlags {
    return { ...this.flags };
  }

  get stats(): ParserStats {
    return { ...this.decoder.stats };
  }

  /** The templates the printer holds, by id, with their regions. */
  get heldTemplates(): ReadonlyMap<string, string[]> {
    return this.templates;
  }

  // --- scripting -------------------------------------------------------------------------

  setPaperOut(on: boolean): void {
    this.flags.paperOut = on;
    if (!on) this.regionsUntilPaperOut = null;
    this.run();
  }

  /** Paper runs out after `regions` more printed regions (for "paper out during printing"). */
  runOutAfter(regions: number): void {
    this.regionsUntilPaperOut = regions;
  }

  /** The paper jams after `regions` more printed regions. */
  jamAfter(regions: number): void {
    this.regionsUntilJam = regions;
  }

  setPaperJam(on: boolean): void {
    this.flags.paperJam = on;
    if (!on) this.regionsUntilJam = null;
    this.run();
  }

  setPaperLow(on: boolean): void {
    this.flags.paperLow = on;
  }

  /** The chassis (the printer's cover) opened or closed. */
  setCoverOpen(on: boolean): void {
    this.flags.chassisOpen = on;
    this.run();
  }

  setHeadUp(on: boolean): void {
    this.flags.headUp = on;
    this.run();
  }

  /** The player takes the ticket from the bezel. */
  takeTicket(): void {
    this.flags.paperInChute = false;
  }

  powerOff(): void {
    this.powered = false;
    this.stopTimer();
    if (this.job) this.abandon(this.job);
    this.job = null;
    this.queue.length = 0;
    this.decoder.reset();
    this.regions.clear();
    this.templates.clear();
  }

  powerOn(): void {
    if (this.powered) return;
    this.powered = true;
    const f = this.flags;
    // What is physical stays as it was; the rest starts afresh.
    this.flags = {
      ...poweredUp(),
      paperOut: f.paperOut,
      paperLow: f.paperLow,
      paperJam: f.paperJam,
      chassisOpen: f.chassisOpen,
      headUp: f.headUp,
    };
  }

  powerCycle(offMs = 200): Promise<void> {
    this.powerOff();
    return new Promise((r) => setTimeout(() => (this.powerOn(), r()), offMs));
  }

  // --- protocol ---------------------------------------------------------------------------

  private get stopped(): boolean {
    const f = this.flags;
    return f.paperOut || f.paperJam || f.chassisOpen || f.headUp || f.systemError;
  }

  private reply(bytes: Buffer): void {
    if (this.powered) this.line.write(bytes);
  }

  private handle(c: TclCommand): void {
    if (!this.powered) return;
    this.received.push(c);
    const f = this.flags;
    switch (c.type) {
      case 'statusRequest':
        return this.reply(
          encodeReply({ type: 'status', unit: '0', version: this.version, flags: f, template: this.lastTemplate }),
        );
      case 'crcRequest':
        return this.reply(encodeReply({ type: 'crc', crc: this.crc }));
      case 'templateMode':
        f.journalMode = false;
        return;
      case 'clear':
        f.powerUp = f.dataError = f.commandError = false;
        return;
      case 'flush':
        this.stopTimer();
        if (this.job) this.abandon(this.job);
        this.job = null;
        this.queue.length = 0;
        f.busy = false;
        return;
      case 'formFeed':
        f.topOfForm = true;
        return;
      case 'deleteAll':
        this.regions.clear();
        this.templates.clear();
        return;
      case 'region':
        if (this.regions.size >= this.regionSlots && !this.regions.has(c.id)) f.dataError = true;
        else this.regions.set(c.id, c);
        return;
      case 'template':
        if (c.regions.some((r) => !this.regions.has(r))) f.dataError = true;
        else this.templates.set(c.id, c.regions);
        return;
      case 'print':
        return this.take(c);
    }
  }

  private take(c: Extract<TclCommand, { type: 'print' }>): void {
    const ids = this.templates.get(c.template);
    const regions = ids?.map((id) => this.regions.get(id));
    if (!regions || regions.some((r) => !r) || c.fields.length > regions.length || c.copies !== 1) {
      this.flags.dataError = true;
      return;
    }
    this.queue.push({
      template: c.template,
      regions: regions as TclRegion[],
      fields: c.fields,
      next: 0,
      lines: [],
      barcodes: [],
    });
    // Taken: busy from now until the ticket is out, its validation number not yet printed.
    this.flags.busy = true;
    this.flags.validationDone = false;
    this.flags.topOfForm = false;
    this.run();
  }

  private run(): void {
    if (!this.powered || this.timer || this.stopped) return;
    if (!this.job) this.job = this.queue.shift() ?? null;
    if (!this.job) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.printRegion();
      this.run();
    }, this.regionMs);
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private printRegion(): void {
    const job = this.job;
    if (!job || this.stopped) return;
    const region = job.regions[job.next]!;
    const value = job.fields[job.next] ?? '';
    job.next++;
    const align = ALIGN[region.justify] ?? 'left';
    if (value && region.object === ITF) {
      job.barcodes.push({ symbology: 'ITF', data: value });
      job.lines.push(placeLine(barcodeText(value), align));
      this.flags.validationDone = true;
    } else if (value) job.lines.push(placeLine(widen(value, region.mul1), align));
    if (this.regionsUntilPaperOut !== null && --this.regionsUntilPaperOut <= 0) {
      this.regionsUntilPaperOut = null;
      this.flags.paperOut = true;
    }
    if (this.regionsUntilJam !== null && --this.regionsUntilJam <= 0) {
      this.regionsUntilJam = null;
      this.flags.paperJam = true;
    }
    if (job.next < job.regions.length) return;
    this.job = null;
    const ticket: PrintedTicket = {
      lines: job.lines,
      text: job.lines.join('\n'),
      barcodes: job.barcodes,
      validation: job.barcodes[0]?.data ?? null,
      cut: 'full',
    };
    this.printed.push(ticket);
    this.lastTemplate = `P${job.template}`;
    this.flags.paperInChute = true;
    if (!this.queue.length) this.flags.busy = false;
    this.emit('printed', ticket);
  }

  private abandon(job: Job): void {
    if (job.lines.length) this.abandoned.push(job.lines);
  }
}

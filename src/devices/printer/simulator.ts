// The printer's side of ESC/POS: it reads the job stream, "prints" it into a record with a
// plain-text rendering, answers real-time status and process-id requests, and can be scripted
// (paper out now or after n lines, paper low, cover open, cutter error, power-cycle). Real-time
// requests are answered even while printing is stopped, as on the real thing.

import { EventEmitter } from 'node:events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { EscPosDecoder, type Align, type EscPos } from './escpos';
import { barcodeText, placeLine, widen } from './paper';
import type { PrintedTicket, PrinterSimEvents, SimulatedPrinter } from './simulated';

export type { PrintedTicket };
import { encodeProcessIdReply, READY, statusByte, type PrinterCondition } from './status';

export class PrinterSimulator extends EventEmitter<PrinterSimEvents> implements SimulatedPrinter {
  readonly printed: PrintedTicket[] = [];
  /** Tickets torn off part-way (buffer cleared by the host after a fault). */
  readonly abandoned: string[][] = [];
  private readonly decoder = new EscPosDecoder();
  private readonly pending: EscPos[] = [];
  private cond: PrinterCondition = { ...READY };
  private powered = true;
  private linesUntilPaperOut: number | null = null;
  private endpoint: DeviceEndpoint | null = null;
  private unsubscribe: (() => void) | null = null;
  // page being printed
  private lines: string[] = [];
  private barcodes: PrintedTicket['barcodes'] = [];
  private current = '';
  private align: Align = 'left';
  private wide = 1;

  attach(endpoint: DeviceEndpoint): this {
    this.detach();
    this.endpoint = endpoint;
    this.unsubscribe = endpoint.onData((bytes) => this.receive(bytes));
    return this;
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.endpoint = null;
  }

  get paperOut(): boolean {
    return this.cond.paperOut;
  }

  get condition(): PrinterCondition {
    return { ...this.cond };
  }

  /** Sequences in the job stream the printer could not read. */
  get badCommands(): number {
    return this.decoder.stats.badCommands;
  }

  /** Commands received but not yet printed (printing stopped by a fault). */
  get backlog(): number {
    return this.pending.length;
  }

  // --- scripting -------------------------------------------------------------------------

  setPaperOut(on: boolean): void {
    this.cond.paperOut = on;
    if (!on) this.linesUntilPaperOut = null;
    this.run();
  }

  /** Paper runs out after `lines` more printed lines (for "paper out during printing"). */
  runOutAfter(lines: number): void {
    this.linesUntilPaperOut = lines;
  }

  setPaperLow(on: boolean): void {
    this.cond.paperLow = on;
  }

  setCoverOpen(on: boolean): void {
    this.cond.coverOpen = on;
    this.run();
  }

  setCutterError(on: boolean): void {
    this.cond.cutterError = on;
    this.run();
  }

  powerOff(): void {
    this.powered = false;
    this.pending.length = 0;
    this.decoder.reset();
    this.abandonPage();
  }

  powerOn(): void {
    this.powered = true;
  }

  powerCycle(offMs = 200): Promise<void> {
    this.powerOff();
    return new Promise((r) => setTimeout(() => (this.powerOn(), r()), offMs));
  }

  // --- protocol ---------------------------------------------------------------------------

  private get stopped(): boolean {
    const c = this.cond;
    return c.paperOut || c.coverOpen || c.cutterError || c.unrecoverableError;
  }

  private receive(bytes: Buffer): void {
    if (!this.powered) return;
    for (const cmd of this.decoder.feed(bytes)) {
      if (cmd.type === 'statusRequest') this.endpoint?.write(Buffer.from([statusByte(cmd.n, this.cond)]));
      else if (cmd.type === 'realtimeRequest') {
        if (cmd.n === 2) {
          this.pending.length = 0;
          this.abandonPage();
        }
      } else this.pending.push(cmd);
    }
    this.run();
  }

  private run(): void {
    while (this.powered && !this.stopped && this.pending.length) this.exec(this.pending.shift()!);
  }

  private exec(cmd: EscPos): void {
    switch (cmd.type) {
      case 'init':
        // ESC @ clears the print buffer: what came before without a cut is a stub, never a voucher.
        this.abandonPage();
        this.align = 'left';
        this.wide = 1;
        return;
      case 'align':
        this.align = cmd.align;
        return;
      case 'size':
        this.wide = cmd.width;
        return;
      case 'text':
        this.current += widen(cmd.text, this.wide);
        return;
      case 'lf':
        this.printLine();
        return;
      case 'feed':
        for (let i = 0; i < cmd.lines && !this.stopped; i++) this.printLine();
        return;
      case 'barcodeItf':
        this.barcodes.push({ symbology: 'ITF', data: cmd.data });
        this.current += barcodeText(cmd.data);
        return;
      case 'cut': {
        if (this.current) this.printLine();
        const lines = this.lines;
        const ticket: PrintedTicket = {
          lines,
          text: lines.join('\n'),
          barcodes: this.barcodes,
          validation: this.barcodes[0]?.data ?? null,
          cut: cmd.partial ? 'partial' : 'full',
        };
        this.lines = [];
        this.barcodes = [];
        this.printed.push(ticket);
        this.emit('printed', ticket);
        return;
      }
      case 'processId':
        this.endpoint?.write(encodeProcessIdReply(cmd.id));
        return;
      default:
        return; // emphasis, barcode geometry: no effect on the plain-text rendering
    }
  }

  private printLine(): void {
    this.lines.push(placeLine(this.current, this.align));
    this.current = '';
    if (this.linesUntilPaperOut !== null && --this.linesUntilPaperOut <= 0) {
      this.linesUntilPaperOut = null;
      this.cond.paperOut = true;
    }
  }

  private abandonPage(): void {
    if (this.lines.length || this.current) this.abandoned.push([...this.lines, this.current]);
    this.lines = [];
    this.barcodes = [];
    this.current = '';
  }
}

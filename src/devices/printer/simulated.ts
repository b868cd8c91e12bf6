// What every simulated voucher printer offers whatever its family (ESC/POS's simulator.ts, TCL's
// src/devices/tcl/simulator.ts): the tickets it printed as plain text laid out alike, so the two
// families' vouchers compare line for line, and the faults a test or the development page
// scripts on it.

import type { EventEmitter } from 'node:events';
import type { DeviceEndpoint } from '../shared/device-endpoint';

export interface PrintedTicket {
  /** Each printed line as laid out on paper (alignment applied; double width spaced out). */
  lines: string[];
  /** The whole ticket as plain text. */
  text: string;
  barcodes: { symbology: 'ITF'; data: string }[];
  /** Digits of the first barcode: the voucher's validation number. */
  validation: string | null;
  cut: 'full' | 'partial';
}

export interface PrinterSimEvents {
  printed: [ticket: PrintedTicket];
}

export interface SimulatedPrinter extends EventEmitter<PrinterSimEvents> {
  readonly printed: PrintedTicket[];
  /** Tickets torn off part-way (a job the host cleared after a fault, or a power cut). */
  readonly abandoned: string[][];
  attach(endpoint: DeviceEndpoint): this;
  detach(): void;
  /** Whether the paper is out now. */
  readonly paperOut: boolean;
  setPaperOut(on: boolean): void;
  /** Paper runs out after this many more printed lines (ESC/POS) or regions (TCL). */
  runOutAfter(n: number): void;
  setPaperLow(on: boolean): void;
  /** The cover (a TCL printer's chassis) opened or closed. */
  setCoverOpen(on: boolean): void;
  powerOff(): void;
  powerOn(): void;
  powerCycle(offMs?: number): Promise<void>;
}

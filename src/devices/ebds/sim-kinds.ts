// What the EBDS simulator is made of, apart from its movements: its phases and faults, the options
// and events of its scripting API (the same events as the ID-003 simulator's, so a test rig
// listens to either), and the notes it knows when not told.

import type { EbdsCommand, NoteData } from './codec';

export type Phase = 'off' | 'powerUp' | 'idle' | 'accepting' | 'escrow' | 'stacking' | 'returning' | 'rejecting';

/** Faults a test can set; each is one bit of the omnibus reply (cassette removed: the attached bit clear). */
export type EbdsSimFault =
  | 'jammed'
  | 'cassetteFull'
  | 'cassetteRemoved'
  | 'paused'
  | 'cheated'
  | 'failure'
  | 'calibration'
  | 'stalled'
  | 'transportOpen';

/** A note the simulated unit knows: its table entry and what it is worth in the tested cabinet. */
export interface SimNote {
  /** 1-based place in the unit's note table. */
  index: number;
  /** Minor units of the unit's currency at the tested cabinet's minor digits. */
  value: number;
  denomination: string;
  data: NoteData;
}

/** Notes a simulated unit knows when not told, by its currency (major units). */
export const DEFAULT_NOTES: Record<string, number[]> = {
  USD: [1, 2, 5, 10, 20, 50, 100],
  EUR: [5, 10, 20, 50, 100, 200, 500],
  GBP: [5, 10, 20, 50],
  CAD: [5, 10, 20, 50, 100],
  JPY: [1000, 2000, 5000, 10000],
  RUB: [50, 100, 200, 500, 1000, 2000, 5000],
};

export interface EbdsSimOptions {
  /** The ISO currency of its notes (default USD). */
  currency?: string;
  /** Notes it knows, in major units (default: that currency's usual notes). */
  notes?: number[];
  /** Minor digits its notes' `value` is given in (the tested cabinet's; default 2). */
  minorDigits?: number;
  /** Polls a movement lasts (accepting, stacking, returning, power-up). */
  stepPolls?: number;
  /** Model byte (default 0x54, an SC Advance 83/85) and code revision byte. */
  model?: number;
  revision?: number;
  /** What the auxiliary queries answer. */
  partNumber?: string;
  softwareCrc?: number;
  /** Enable bytes its note inhibits command takes: 8 (up to 50 notes) or 19 (up to 128, default). */
  enableBytes?: 8 | 19;
  /**
   * Put whatever barcode it is given in escrow, as a unit with a faulty reader or a device
   * impersonating one would (for the driver's own checks). Default: digits only, as interleaved
   * 2 of 5 carries.
   */
  anyBarcode?: boolean;
}

export type Item = { kind: 'note'; note: SimNote } | { kind: 'ticket'; barcode: string };

export interface EbdsSimEvents {
  /** A note is held in escrow, waiting for the host's word. */
  escrow: [note: SimNote];
  /** A note is past the point of no return: in the cash box, whatever happens to the line. */
  stacked: [note: SimNote];
  returned: [note: SimNote];
  ticketEscrow: [barcode: string];
  ticketStacked: [barcode: string];
  ticketReturned: [barcode: string];
  /** A document refused (EBDS gives no reason; this is the simulator's own). */
  rejected: [reason: string];
  command: [command: EbdsCommand];
}

/** The most barcode characters a barcode reply can carry (127 less 12 bytes of frame and status). */
export const MAX_BARCODE_CHARS = 115;

// What the ID-003 simulator is made of, apart from its movements: its phases and faults, the
// options and events of its scripting API, and the notes it knows when not told.

import type { Id003Command } from './codec';
import type { NoteValue } from './currency';

export type Phase =
  | 'off'
  | 'powerUp'
  | 'initializing'
  | 'idle'
  | 'accepting'
  | 'escrow'
  | 'holding'
  | 'stacking'
  | 'vendValid'
  | 'stacked'
  | 'rejecting'
  | 'returning';

export type AcceptorFault =
  | 'stackerFull'
  | 'stackerOpen'
  | 'jamInAcceptor'
  | 'jamInStacker'
  | 'pause'
  | 'cheated'
  | 'failure'
  | 'communicationError';
/** The fault reported when several are set: the most serious first. */
export const FAULT_ORDER: AcceptorFault[] = [
  'failure',
  'jamInAcceptor',
  'jamInStacker',
  'stackerOpen',
  'stackerFull',
  'cheated',
  'pause',
  'communicationError',
];

/** Notes a simulated acceptor knows when not told, by the currency it is assigned for. */
export const DEFAULT_NOTES: Record<string, number[]> = {
  USD: [1, 2, 5, 10, 20, 50, 100],
  JPY: [1000, 2000, 5000, 10000],
  EUR: [5, 10, 20, 50, 100, 200, 500],
};

export interface AcceptorSimOptions {
  /** The currency its assignment is for (default USD; one of the JCM country table's). */
  currency?: string;
  /** Notes the acceptor knows, in major units (default: that currency's usual notes). */
  notes?: number[];
  /** Minor digits its `values` are given in (those of the cabinet it is tested with; default 2). */
  minorDigits?: number;
  /** Status requests a movement lasts (accepting, stacking, returning, initialising). */
  stepPolls?: number;
  version?: string;
  /**
   * Put whatever barcode it is given in escrow, as a unit with a faulty reader or a device
   * impersonating one would (for the driver's own checks). Default: only digits, as many as the
   * barcode function asks, are read; a real reader rejects anything else itself.
   */
  anyBarcode?: boolean;
}

/** The most barcode bytes an escrow frame can carry (255 less sync, length, status, code and CRC). */
export const MAX_BARCODE_BYTES = 249;

export type Item = { kind: 'note'; note: NoteValue } | { kind: 'ticket'; barcode: string };

export interface AcceptorSimEvents {
  /** A note is held in escrow, waiting for the controller's word. */
  escrow: [note: NoteValue];
  /** A note is past the point of no return: in the cash box, whatever happens to the line. */
  stacked: [note: NoteValue];
  returned: [note: NoteValue];
  /** The same three for a barcode ticket, by its barcode. */
  ticketEscrow: [barcode: string];
  ticketStacked: [barcode: string];
  ticketReturned: [barcode: string];
  /** A note or a ticket refused, with its ID-003 reject reason. */
  rejected: [reason: number];
  command: [command: Id003Command];
}

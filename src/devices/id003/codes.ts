// JCM ID-003 code points (C-16). Commands and statuses share one byte space (0x11 is both
// "status request" and "idling"), so each direction has its own table.

import { ACCEPTOR_STATUS_FAULTS } from '../../cabinet/vocabulary/devices';

export const SYNC = 0xfc;

export const CMD = {
  statusRequest: 0x11,
  reset: 0x40,
  stack1: 0x41,
  stack2: 0x42,
  return: 0x43,
  hold: 0x44,
  wait: 0x45,
  ack: 0x50,
  setDenominations: 0xc0,
  setSecurity: 0xc1,
  setCommunicationMode: 0xc2,
  setInhibit: 0xc3,
  setDirection: 0xc4,
  setOptionalFunction: 0xc5,
  setBarcodeFunction: 0xc6,
  setBarInhibit: 0xc7,
  getDenominations: 0x80,
  getSecurity: 0x81,
  getCommunicationMode: 0x82,
  getInhibit: 0x83,
  getDirection: 0x84,
  getOptionalFunction: 0x85,
  getBarcodeFunction: 0x86,
  getBarInhibit: 0x87,
  getVersion: 0x88,
  getBootVersion: 0x89,
  getCurrencyAssignment: 0x8a,
} as const;

export const STATUS = {
  idling: 0x11,
  accepting: 0x12,
  escrow: 0x13,
  stacking: 0x14,
  vendValid: 0x15,
  stacked: 0x16,
  rejecting: 0x17,
  returning: 0x18,
  holding: 0x19,
  disabled: 0x1a,
  initializing: 0x1b,
  powerUp: 0x40,
  powerUpBillInAcceptor: 0x41,
  powerUpBillInStacker: 0x42,
  stackerFull: 0x43,
  stackerOpen: 0x44,
  jamInAcceptor: 0x45,
  jamInStacker: 0x46,
  pause: 0x47,
  cheated: 0x48,
  failure: 0x49,
  communicationError: 0x4a,
  invalidCommand: 0x4b,
  ack: 0x50,
} as const;

/**
 * The fault statuses: while the acceptor reports one, it takes no money (C-15). Each is reported to
 * the cabinet under the same name, one of its words for an acceptor's faults.
 */
export const FAULT_STATUSES = ACCEPTOR_STATUS_FAULTS;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

export const FAULT_TEXT: Record<FaultStatus, string> = {
  stackerFull: 'stacker full',
  stackerOpen: 'stacker open or removed',
  jamInAcceptor: 'note jammed in the acceptor',
  jamInStacker: 'note jammed in the stacker',
  pause: 'a second note was inserted while one was being taken (pause)',
  cheated: 'cheat attempt detected',
  failure: 'acceptor failure',
  communicationError: 'the acceptor reports a communication error',
};

/**
 * First data byte of the escrow status: 0x61.. are the notes of the currency assignment, 0x6F a
 * barcode coupon (a ticket), followed by its characters in ASCII.
 */
export const ESCROW_BARCODE = 0x6f;
export const FIRST_NOTE_CODE = 0x61;

/** Barcode function (C6), first byte: the symbology read. Interleaved 2 of 5 is what vouchers print. */
export const BARCODE_INTERLEAVED_2_OF_5 = 0x01;
export { TICKET_DIGITS } from '../acceptor/barcode';

/**
 * Bar inhibit (C7), one byte: bit 0 set inhibits notes, bit 1 set inhibits barcode tickets; the
 * other bits are sent set. 0xFC takes both, 0xFE notes only, 0xFD tickets only; with both bits set
 * the acceptor takes nothing and reports DISABLE.
 */
export const BAR_INHIBIT = { notes: 0x01, tickets: 0x02, reserved: 0xfc } as const;

export const REJECT_REASONS: Record<number, string> = {
  0x71: 'insertion error',
  0x72: 'magnetic pattern error',
  0x73: 'residual note at the acceptor head',
  0x74: 'calibration or magnification error',
  0x75: 'conveying error',
  0x76: 'denomination not recognised',
  0x77: 'photo pattern error',
  0x78: 'photo level error',
  0x79: 'returned by inhibit (denomination or direction disabled)',
  0x7b: 'operation error',
  0x7c: 'residual note at the stacker',
  0x7d: 'length error',
  0x7e: 'photo pattern error (2)',
  0x7f: 'true-note feature error',
  // Barcode coupons (tickets)
  0x91: 'ticket: barcode reading not set up',
  0x92: 'ticket: barcode unreadable',
  0x93: 'ticket: barcode under- or over-read',
  0x94: 'ticket: barcode start character missing',
  0x95: 'ticket: barcode stop character missing',
  0x96: 'ticket: barcode symbology not enabled',
  0x97: 'ticket: barcode bar ratio error',
  0x98: 'ticket: barcode photo level error',
  0x9b: 'ticket: inserted the wrong way round',
  0x9d: 'ticket: barcode length out of range',
};

export const FAILURE_CODES: Record<number, string> = {
  0xa2: 'stack motor failure',
  0xa5: 'transport motor speed failure',
  0xa6: 'transport motor failure',
  0xa8: 'solenoid failure',
  0xa9: 'PB unit failure',
  0xab: 'cash box not ready',
  0xaf: 'validator head removed',
  0xb0: 'boot ROM failure',
  0xb1: 'external ROM failure',
  0xb2: 'RAM failure',
  0xb3: 'external ROM writing failure',
};

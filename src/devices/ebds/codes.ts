// MEI/CPI EBDS code points: the frame's bytes, the control byte's fields, and the bits of the
// omnibus command and reply (docs/protocols/ebds.md). One declaration each; the codec, the driver
// and the simulator read them from here.

import type { DeviceFault } from '../../cabinet/vocabulary/devices';

export const STX = 0x02;
export const ETX = 0x03;

/** STX, length, control, ETX, checksum. */
export const MIN_FRAME = 5;
/** The line carries 7 data bits, so no byte, the length included, can exceed 0x7F. */
export const MAX_FRAME = 0x7f;
export const SEVEN_BITS = 0x7f;

/** Bits 4–6 of the control byte. */
export const MESSAGE_TYPE = {
  omnibusCommand: 1,
  omnibusReply: 2,
  auxiliary: 6,
  extended: 7,
} as const;
export type MessageTypeName = keyof typeof MESSAGE_TYPE;

/** Bits 1–3 of the control byte: a bill acceptor is 0 (recyclers are 1 and are not spoken to here). */
export const DEVICE_BILL_ACCEPTOR = 0;

/** The subtype byte (the first data byte) of message type 7. */
export const EXTENDED = {
  barcode: 0x01,
  noteSpecification: 0x02,
  noteInhibits: 0x03,
} as const;

/** The subtype, sent as the third data byte of message type 6. */
export const AUXILIARY = {
  softwareCrc: 0x00,
  applicationPartNumber: 0x07,
} as const;
export type AuxiliaryName = keyof typeof AUXILIARY;

/** Omnibus command, data byte 1 (operation). */
export const OPERATION = {
  /** Bits 2–3: 0 one way, 1 two ways, 2 any way. */
  orientationShift: 2,
  fourWay: 2,
  escrow: 1 << 4,
  stack: 1 << 5,
  return: 1 << 6,
} as const;

/** Omnibus command, data byte 2 (configuration). */
export const CONFIGURATION = {
  noPush: 1 << 0,
  barcode: 1 << 1,
  /** Bits 2–3: what a unit does at power-up with a document in its path (A = 0, B = 1, C = 2). */
  policyShift: 2,
  extendedNotes: 1 << 4,
  extendedCoupons: 1 << 5,
} as const;
export const POWER_UP_POLICIES = ['A', 'B', 'C'] as const;
export type PowerUpPolicy = (typeof POWER_UP_POLICIES)[number];

/** Omnibus reply, data byte 0: what the unit is doing (the -ing bits) and what it just did (events). */
export const STATE_BITS = ['idling', 'accepting', 'escrowed', 'stacking', 'stacked', 'returning', 'returned'] as const;
/** Omnibus reply, data byte 1. `cassetteAttached` is set while the cash box is in place. */
export const STATUS_BITS = [
  'cheated',
  'rejected',
  'jammed',
  'cassetteFull',
  'cassetteAttached',
  'paused',
  'calibration',
] as const;
/** Omnibus reply, data byte 2; bits 3–5 are the non-extended note value (unused here, C-16). */
export const EXCEPTION_BITS = { powerUp: 0, invalidCommand: 1, failure: 2, transportOpen: 6 } as const;
export const NOTE_VALUE_SHIFT = 3;
/** Omnibus reply, data byte 3 (bit 2, pre-stack, is deprecated and bit 6 reserved). */
export const MISC_BITS = { stalled: 0, flashDownload: 1, rawBarcode: 3, deviceCapabilities: 4, disabled: 5 } as const;

export type StateBit = (typeof STATE_BITS)[number];
export type StatusBit = (typeof STATUS_BITS)[number];

/** What the unit does; at most one at a time (bits 0, 1, 2, 3, 5). */
export const ACTIVITIES = ['idling', 'accepting', 'escrowed', 'stacking', 'returning'] as const satisfies StateBit[];
/** What it just did, one reply's worth; at most one of these three in a reply. */
export const DOCUMENT_EVENTS = ['stacked', 'returned', 'rejected'] as const;

/** Model numbers (reply data byte 4) of the units this cabinet is meant for; others show as their code. */
export const MODELS: Readonly<Record<number, string>> = {
  0x54: 'SC Advance / Cashflow SC 83 or 85',
  0x55: 'SC Advance / Cashflow SC 66',
};

/**
 * The acceptor's faults as the cabinet's tilt codes (C-15), words of the cabinet's vocabulary
 * (src/cabinet/vocabulary/devices.ts). Codes that mean what an ID-003 status means are the same
 * words, so the screens and the SAS exceptions read both families alike.
 */
export const FAULTS = {
  jam: 'the note path is jammed',
  stackerFull: 'the cash box is full',
  stackerOpen: 'the cash box is removed',
  pause: 'a second note was fed while one was in the path',
  cheated: 'the acceptor detected a cheat attempt',
  failure: 'the acceptor reports a failure and needs service',
  calibration: 'the acceptor is in calibration mode',
  stalled: 'the acceptor is stalled with a document in its path',
  transportOpen: 'the note path is open',
  outOfService: 'the acceptor reports itself out of service',
} as const satisfies Partial<Record<DeviceFault<'acceptor'>, string>>;
export type EbdsFault = keyof typeof FAULTS;

/** Extended note data (18 bytes after the six status bytes), field by field. */
export const NOTE_DATA = {
  length: 18,
  index: 0,
  iso: 1,
  base: 4,
  sign: 7,
  exponent: 8,
  orientation: 10,
  type: 11,
  series: 12,
  compatibility: 13,
  version: 14,
  classification: 15,
} as const;

/** How a unit fills the unused end of the barcode field: '(' (0x28). */
export const BARCODE_PAD = 0x28;

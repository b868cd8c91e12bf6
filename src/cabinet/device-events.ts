// The cabinet's view of its devices: typed events in, typed commands out. The serial drivers
// (src/devices) and the in-process simulators both speak this, so the cabinet never knows
// which one it has.

import type { Button, DeviceFault, DeviceName, Door, KeySwitch, LampState } from './vocabulary/devices';

// The devices' words are the vocabulary's (buttons, keys, doors, devices and their faults).
export {
  BUTTONS,
  HOLD_BUTTONS,
  holdPosition,
  DEVICE_FAULTS,
  DEVICE_NAMES,
  DOORS,
  KEY_SWITCHES,
  LAMP_STATES,
  isDeviceFault,
  isDeviceName,
  type Button,
  type DeviceFault,
  type DeviceName,
  type Door,
  type HoldButton,
  type KeySwitch,
  type LampState,
} from './vocabulary/devices';

export interface Voucher {
  /** 18 digits, unique per machine; see the printer's documentation of the scheme. */
  validation: string;
  /** Minor units of the currency (C-1). */
  amount: number;
  currency: string;
  /** Digits after the point of the currency's minor unit. */
  minorDigits: number;
  venue: string;
  machine: string;
  /** ISO 8601 time of issue. */
  issuedAt: string;
  /** ISO 8601 date after which the voucher is void. */
  expiresAt: string;
  sequence: number;
  /**
   * A device test's specimen (amount 0): the printer's layout marks it VOID, NOT NEGOTIABLE, and
   * the cabinet never debits it. Absent on every real voucher.
   */
  specimen?: true;
  /**
   * 'sas': numbered by SAS secure enhanced validation (system ID 00 and 16 digits the casino
   * system can recompute, docs/protocols/sas.md) instead of the cabinet's own scheme.
   */
  scheme?: 'sas' | 'sas-system' | 'sas-standard';
  /** The casino system's address lines for its vouchers (SAS 7C, 7D), printed under the venue. */
  address?: string[];
}

/**
 * A handpay's receipt (C-5): the venue's record of money an attendant paid by hand, printed on the
 * voucher printer as a form of its own. It is never money: no validation number, no barcode,
 * NOT NEGOTIABLE on its face. Its texts are printable ASCII, in English, as a voucher's are.
 */
export interface HandpayReceipt {
  /** The handpay's number on this machine, from 1: the slip's name for the printer and the attendant. */
  number: number;
  /** 0 for the slip printed as the handpay was paid; n for its n-th reprint (marked REPRINT). */
  reprint: number;
  kind: 'jackpot' | 'cancelledCredits';
  /** Minor units. */
  amount: number;
  currency: string;
  minorDigits: number;
  venue: string;
  machine: string;
  /** The game and its pay table by name; null for credits paid outside a game. */
  game: string | null;
  payTable: string | null;
  gameId: number | null;
  /** The hand that won it, or why the credits were paid by hand, in English. */
  reason: string;
  /** ISO 8601: when the cabinet locked for it, and when it was paid. */
  lockedAt: string;
  paidAt: string;
  /** Who confirmed it paid: the attendant's key, or the casino system's reset (C-25). */
  paidBy: 'attendant' | 'casinoSystem';
}

export type DeviceEvent =
  // bill acceptor (C-3, C-16)
  | { device: 'acceptor'; type: 'escrow'; value: number; denomination: string }
  | { device: 'acceptor'; type: 'stacked'; value: number; denomination: string }
  | { device: 'acceptor'; type: 'returned'; value: number }
  | { device: 'acceptor'; type: 'rejected'; reason: string }
  // barcode tickets (vouchers in): never a note, whatever the acceptor's escrow code space says
  /** A ticket in escrow with an 18-digit barcode, waiting for `stackTicket` or `returnTicket`. */
  | { device: 'acceptor'; type: 'ticket'; barcode: string }
  /**
   * The ticket is in the cash box (vend valid): reported once, as for a note. `barcode` is the
   * ticket's, or the shown bytes of one the driver had refused (a report to log, never to credit).
   */
  | { device: 'acceptor'; type: 'ticketStacked'; barcode: string }
  | { device: 'acceptor'; type: 'ticketReturned'; barcode: string }
  /**
   * A ticket the driver returned without asking: its barcode is not 18 digits, another ticket or
   * note was still pending, or the acceptor was being disabled. `barcode` is made safe to log
   * (printable ASCII, other bytes as \xHH, cut after 40).
   */
  | { device: 'acceptor'; type: 'ticketRejected'; barcode: string; reason: string }
  // printer (C-4, C-17)
  | { device: 'printer'; type: 'printed'; validation: string }
  | { device: 'printer'; type: 'printFailed'; validation: string; reason: string }
  /** A handpay's receipt (by its number and reprint) out of the printer, or not: it moves no money. */
  | { device: 'printer'; type: 'receiptPrinted'; number: number; reprint: number }
  | { device: 'printer'; type: 'receiptFailed'; number: number; reprint: number; reason: string }
  // button deck (C-18)
  | { device: 'deck'; type: 'button'; button: Button; pressed: boolean }
  | { device: 'deck'; type: 'key'; key: KeySwitch; on: boolean }
  | { device: 'deck'; type: 'door'; door: Door; open: boolean }
  /**
   * The deck's whole report of its switches, when it connects and after every reconnect: it is
   * the truth for every key and door, whatever the cabinet believed before (C-18).
   */
  | { device: 'deck'; type: 'switches'; keys: Record<KeySwitch, boolean>; doors: Record<Door, boolean> }
  // any device (C-15, C-19): its faults in the cabinet's words (./vocabulary/tilts.ts)
  | { [D in DeviceName]: { device: D; type: 'fault'; code: DeviceFault<D>; message: string } }[DeviceName]
  | { [D in DeviceName]: { device: D; type: 'faultCleared'; code: DeviceFault<D> } }[DeviceName]
  | { device: DeviceName; type: 'online' }
  | { device: DeviceName; type: 'offline'; reason: string };

export type DeviceCommand =
  | { device: 'acceptor'; type: 'enable'; enabled: boolean }
  /** The currency the acceptor's notes are read in (C-16): its assignment must be for this one. */
  | { device: 'acceptor'; type: 'currency'; currency: string; minorDigits: number }
  | { device: 'acceptor'; type: 'stack' }
  | { device: 'acceptor'; type: 'return' }
  /** The cabinet's word on the ticket with this barcode; a word for any other ticket changes nothing. */
  | { device: 'acceptor'; type: 'stackTicket'; barcode: string }
  | { device: 'acceptor'; type: 'returnTicket'; barcode: string }
  | { device: 'printer'; type: 'print'; voucher: Voucher }
  | { device: 'printer'; type: 'printReceipt'; receipt: HandpayReceipt }
  | { device: 'deck'; type: 'lamps'; lamps: Partial<Record<Button, LampState>> };

/**
 * After a restart (C-14) the cabinet asks the devices what became of an interrupted note or
 * voucher instead of guessing.
 */
export interface DeviceRecovery {
  /** The note the acceptor holds in escrow or has just stacked, if any. */
  acceptorNote(): Promise<{ state: 'none' | 'escrow' | 'stacked' | 'returned'; value: number }>;
  /**
   * The same for a ticket. `barcode` is null for `none`, and for `stacked` when the acceptor
   * finished stacking across the restart something it cannot name (ID-003's vend valid carries no
   * data): then both questions answer `stacked` and the cabinet's journal, which holds at most one
   * pending note or ticket, says which it was.
   */
  acceptorTicket(): Promise<{ state: 'none' | 'escrow' | 'stacked' | 'returned'; barcode: string | null }>;
  /** Whether the printer finished the voucher with this validation number. */
  voucherPrinted(validation: string): Promise<'printed' | 'not-printed' | 'unknown'>;
  /**
   * The cabinet has committed what the answers told it: a device may now finish what it held
   * back for it (the acceptor acknowledges a vend valid it could not name only after this).
   */
  committed(): void;
}

/**
 * What the app hands the cabinet's runner: one place to send commands and hear events, whether
 * the devices are serial drivers on real ports, drivers talking to simulators over pseudo-
 * terminals, or in-memory simulators.
 */
export interface DeviceBus {
  send(command: DeviceCommand): void;
  /** Returns a function that unsubscribes. */
  onEvent(listener: (event: DeviceEvent) => void): () => void;
  recovery: DeviceRecovery;
  close(): Promise<void>;
}

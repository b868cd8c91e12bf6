// What goes into the cabinet: device events, the player's (and attendant's, technician's)
// wishes from the screen, and the app's start-up inputs. Plus what it needs injected (C-21's
// hashing, time, decks, voucher numbers) so that it stays pure.

import type { Card } from '../core';
import type { DeviceEvent } from './device-events';
import type { Meters } from './meters';
import type { ConfigReturns } from './return-range';
import type { SasCommand } from './sas-state';
import type { AcceptorTicketReport, TicketVerdict } from './ticket-verdicts';
import type { TicketRecord } from './own-vouchers';
import type { CabinetSettings, InstalledPayTable } from './settings';
import type { Wish } from './vocabulary/wish-schema';

/** What the screen may wish (C-20, C-22): declared once, with its bounds, in ./vocabulary/wish-schema.ts. */
export type PlayerWish = Wish;
/** C-7: the settings a technician may change at the cabinet; only those given change. */
export type SettingsWish = Extract<Wish, { type: 'changeSettings' }>;

export type AcceptorNoteReport = { state: 'none' | 'escrow' | 'stacked' | 'returned'; value: number };

/** The critical memory the mirror outside the database holds (its last commit). */
export interface MirrorMemory {
  /** The commit it mirrors. */
  commit: number;
  balance: number;
  /** The last voucher sequence number issued (C-17). */
  voucherSequence: number;
  lifetime: Meters;
}

/**
 * The TPM counter outside the files against refused records (docs/deploy.md, "The records"):
 * the value the records are at (null: they are not anchored) and the counter's, further on
 * (null: not known, as with no counter or another TPM's). Every voucher issued since advanced
 * the counter, so no more than the difference were issued.
 */
export interface AnchorMemory {
  records: number | null;
  counter: number | null;
}

export type CabinetInput =
  /** From the screen: `counter` is the state version the wish was made against (C-22). */
  | { kind: 'wish'; counter: number; wish: unknown }
  | { kind: 'device'; event: DeviceEvent }
  /** First input after every start: meters, checks, fresh device commands. */
  | { kind: 'powerUp' }
  /**
   * C-14: what the devices say became of an interrupted note or voucher. `acceptor` null: the
   * acceptor did not answer (a pending note waits for it); `voucher` null: the printer was not asked.
   */
  | {
      kind: 'recovered';
      acceptor: AcceptorNoteReport | null;
      voucher: 'printed' | 'not-printed' | 'unknown' | null;
      /** The same question for a ticket; null: not asked or no answer (a pending ticket waits for one). */
      ticket?: AcceptorTicketReport | null;
    }
  /** The validator's answer on the ticket in escrow with this barcode (C-3's rule: credited only once stacked). */
  | { kind: 'ticketVerdict'; barcode: string; verdict: TicketVerdict }
  /** The operator's time for a validation has run out on the ticket with this barcode: it goes back. */
  | { kind: 'ticketTimeout'; barcode: string }
  /**
   * The operator's settings as the config file says now (C-7), and the pay tables installed.
   * Only what changed in the file since it was last applied overrides the technician's
   * changes made at the cabinet; every difference is logged. `configReturns`: the return of
   * each table the file names, as the app found it (C-24).
   */
  | {
      kind: 'settings';
      settings: CabinetSettings;
      source: string;
      installed: InstalledPayTable[];
      configReturns: ConfigReturns;
    }
  /**
   * What the store found of its records (C-12, C-13): null when they are this machine's, intact
   * and agree with the mirror of critical memory; otherwise why they are refused (rolled back,
   * swapped, a break in the keyed chain). `mirror` is what the mirror holds: its voucher numbers
   * are never issued again, whatever the database says. `unproven`: records accepted that the TPM
   * counter cannot prove the latest (no orderly stop before this start: store/orderly-stop.ts),
   * why; their credits leave by handpay only, and a block of validation numbers is passed over.
   */
  | {
      kind: 'records';
      refused: string | null;
      mirror: MirrorMemory | null;
      anchor?: AnchorMemory | null;
      unproven?: string | null;
    }
  /** Whether the mirror of critical memory was written after the last commit (null: it was). */
  | { kind: 'mirror'; problem: string | null }
  /** Whether the records' TPM counter can be used (null: it can); records-anchor.ts in the store. */
  | { kind: 'anchor'; problem: string | null }
  /** What the casino system asks over the SAS link (C-25), before the link answers it. */
  | { kind: 'sas'; command: SasCommand };

/** Everything impure the cabinet needs, handed in by the app. */
export interface CabinetEnv {
  /** ms since the epoch. */
  now(): number;
  /** A freshly shuffled full deck for the next deal. */
  newDeck(): Card[];
  /**
   * The 18-digit validation number of voucher `sequence` of the cabinet numbered `machine`
   * (docs/protocols/voucher-printer.md): a body only this cabinet can make, with check digits;
   * never a number it issued before.
   */
  newValidation(machine: string, sequence: number): string;
  /**
   * The 18-digit barcode of a voucher numbered by SAS secure enhanced validation: system ID 00,
   * then the 16 digits of `validationId` and `sequence`. Absent: the cabinet has no SAS link.
   */
  sasValidation?(validationId: number, sequence: number): string;
  /**
   * The 18-digit number of a voucher for a cash-out of `credits` at `at` (ms, the host's clock) by
   * SAS standard validation: ten zeros, then the standard's 8 digits for the first second from
   * `at` on, of STANDARD_VALIDATION_SECONDS, whose number no voucher has yet; null when every one
   * has. Chosen only under that mode, never without a link.
   */
  sasStandardValidation?(credits: number, at: number): string | null;
  /**
   * Whether a voucher already has the 18-digit `validation` (the vouchers table takes a number
   * once), asked of a number the cabinet did not make: SAS system validation's, from the casino
   * system (58), which may send one again (its own fault, a 58 replayed or forged, a host restored
   * from a backup). Absent: the cabinet has no SAS link.
   */
  voucherIssued?(validation: string): boolean;
  /**
   * What the cabinet's own records hold of a ticket's 18 digits: the voucher it printed with them,
   * and the credit of a ticket with them (whoever printed it). Asked of every ticket a validator
   * accepts, before it is stacked (ticket-records.ts). Absent: no records (a bench without a store).
   */
  ticketRecord?(validation: string): TicketRecord;
  /** The vouchers whose 4D record the casino system has not yet read (the buffer holds 31). */
  sasUnreadVouchers?(): number;
  hashPin(pin: string): string;
  verifyPin(pin: string, hash: string): boolean;
}

// Operator settings the cabinet obeys (C-1, C-2, C-7): money in minor units, limits, pay tables.
// The app reads them from a configuration file; the cabinet only ever sees validated values.

import {
  DEFAULT_JACKS_PAYTABLE,
  DEFAULT_POKER_PLUS_PAYTABLE,
  type GameId,
  type JacksPayTable,
  type PokerPlusPayTable,
} from '../core';
import type { TableReturn } from './table-return';

export type Language = 'en' | 'ru';
export const LANGUAGES: readonly Language[] = ['en', 'ru'];
export const GAMES: readonly GameId[] = ['jacks-or-better', 'poker-plus'];

export interface Limits {
  /** Minor units: no note is accepted that would take the balance above this (C-3). */
  creditLimit: number;
  /** Minor units: a larger cash-out is handpaid instead of printed (C-4). */
  ticketLimit: number;
  /** Minor units: a single win at or above this is handpaid (C-5). */
  handpayLimit: number;
  /** Chips: the largest Jacks or Better bet (J-1). */
  maxBet: number;
  /** Chips: Poker Plus ante limits and the BET payout cap (P-2, P-6, P-11, P-14). */
  minAnte: number;
  maxAnte: number;
  tableMax: number;
  /**
   * Percent: the operator's return range (C-24). No pay table is put in play without a known
   * return inside it. Set in the config file only: a casino keeps it out of the machine's reach.
   */
  minReturnPct: number;
  maxReturnPct: number;
}

/** How the cabinet presents itself to players (sound, wins, attract loop); none of it touches money. */
export interface Presentation {
  /** Sound volume, 0 (silent) to 100. */
  volume: number;
  /** A win of at least this many bets is a big win: celebrated over the hand. */
  bigWinBets: number;
  /** Seconds with nothing happening at the machine before the attract loop starts. */
  attractSeconds: number;
}

export interface CabinetSettings {
  currency: string;
  /** Digits after the point of the currency's minor unit (C-1). */
  minorDigits: number;
  /** Chip values (denominations) the player may pick, in minor units (C-2). */
  chipValues: number[];
  games: GameId[];
  limits: Limits;
  payTables: { jacks: JacksPayTable; pokerPlus: PokerPlusPayTable };
  /** Note values (minor units) the acceptor must return; every other note is enabled (C-3). */
  disabledNotes: number[];
  /** `validationSeconds`: how long a ticket in escrow may wait for its validation before it goes back. */
  voucher: { venue: string; machine: string; expiryDays: number; validationSeconds: number };
  access: { maxPinFailures: number; lockoutMs: number };
  defaultLanguage: Language;
  presentation: Presentation;
}

/**
 * A pay table installed on the cabinet (assets/paytables), offered to the technician by id.
 * The settings hold the table itself, so a game and its recall never depend on the files.
 */
export type InstalledPayTable = (
  | { id: string; game: 'jacks-or-better'; name: string; table: JacksPayTable }
  | { id: string; game: 'poker-plus'; name: string; table: PokerPlusPayTable }
) & {
  /** Its return as the app found it (C-24); null where none is known, and it cannot be chosen. */
  rtp: TableReturn | null;
};

export const DEFAULT_SETTINGS: CabinetSettings = {
  currency: 'USD',
  minorDigits: 2,
  chipValues: [1, 5, 25, 100],
  games: ['jacks-or-better', 'poker-plus'],
  limits: {
    creditLimit: 300_000,
    ticketLimit: 300_000,
    handpayLimit: 120_000,
    maxBet: 5,
    minAnte: 1,
    maxAnte: 100,
    tableMax: 10_000,
    minReturnPct: 85,
    maxReturnPct: 99.9,
  },
  payTables: { jacks: DEFAULT_JACKS_PAYTABLE, pokerPlus: DEFAULT_POKER_PLUS_PAYTABLE },
  disabledNotes: [],
  voucher: { venue: 'Casino', machine: '0001', expiryDays: 30, validationSeconds: 10 },
  access: { maxPinFailures: 3, lockoutMs: 5 * 60_000 },
  defaultLanguage: 'en',
  presentation: { volume: 60, bigWinBets: 50, attractSeconds: 30 },
};

// What comes out of a cabinet transition. Log entries and game records are written by the store
// in the same transaction as the state (C-13); device commands are carried out only after it.

import type { Refusal, ReplayOutput, GameId } from '../core';
import type { DeviceCommand, Voucher } from './device-events';
import type { VoucherStatus } from './own-vouchers';
import type { LogEntry } from './vocabulary/log-events';
import type { ReplayFile } from './recall';

// The log's rows are the vocabulary's: every kind with its fields (./vocabulary/log-events.ts).
export type { LogData, LogEntry, LogKind } from './vocabulary/log-events';

/** Game recall (C-11): a replay file (docs/replay.md) plus what the cabinet adds. */
export interface GameRecord {
  gameId: number;
  game: GameId;
  chipValue: number;
  startedAt: number;
  endedAt: number;
  /** Minor units. */
  staked: number;
  paid: number;
  handpaid: boolean;
  replay: ReplayFile;
  result: ReplayOutput;
}

export type CabinetEffect =
  | { type: 'command'; command: DeviceCommand }
  | { type: 'log'; entry: LogEntry }
  | { type: 'recall'; record: GameRecord }
  /**
   * A ticket in escrow to be validated: the app asks the validator and answers with a
   * `ticketVerdict` input, or with `ticketTimeout` once `withinMs` has passed.
   */
  | { type: 'validateTicket'; barcode: string; withinMs: number }
  /** A voucher sent to the printer: the store keeps it (status printing) for standalone validation. */
  | { type: 'voucherIssued'; voucher: Voucher }
  /**
   * What became of a voucher the store keeps. `redeemed` is committed with the credit and points
   * at the ticket log row written before it in the same transition; for a voucher the store does
   * not keep (another machine's, validated by a casino system) it changes nothing.
   */
  | { type: 'voucherStatus'; validation: string; status: Exclude<VoucherStatus, 'printing'> }
  /**
   * A ticket credited, whoever printed it: the store keeps its number for good, so that no ticket
   * with that number is ever credited here again (ticket-records.ts), and refuses a second one.
   */
  | { type: 'ticketCredited'; validation: string; amount: number }
  /**
   * A RAM clear has cleared refused records: the store vouches for its records again from this
   * commit on (a new era of the keyed chain) and mirrors them again.
   */
  | { type: 'recordsCleared' };

export type CabinetStep<S> =
  | { ok: true; state: S; effects: CabinetEffect[] }
  /** Nothing changed; the refusal is logged (C-22). */
  | { ok: false; refusal: Refusal; effects: CabinetEffect[] };

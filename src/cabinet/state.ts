// The cabinet's whole state: one plain JSON value, so that it can be committed as it is (C-13)
// and read back after any crash (C-14).

import type { HandpayCause } from './vocabulary/handpay-causes';
import type { ReceiptPending, ReceiptStatus } from './vocabulary/receipts';
import {
  isVideoPokerId,
  present,
  type BoxRequest,
  type GameId,
  type PokerPlusState,
  type TableGameId,
  type VideoPokerGame,
} from '../core';
import type { Button, DeviceName, Door, HandpayReceipt, KeySwitch, LampState, Voucher } from './device-events';
import { EMPTY_METERS, type MeterSet } from './meters';
import type { AftTransferRecord, PromoCredits } from './aft-state';
import type { SasCabinetState } from './sas-state';
import type { TicketReason } from './ticket-verdicts';
import { DEFAULT_SETTINGS, type CabinetSettings, type InstalledPayTable, type Language } from './settings';

/** A replay-format action (docs/replay.md), as the game recall stores it. */
export type RecallAction =
  | { type: 'hold'; positions: number[] }
  | { type: 'draw' }
  | { type: 'exchange'; box: number; positions: number[] }
  | { type: 'buySixth' | 'bet' | 'fold' | 'takeHalf' | 'buyGame'; box: number };

interface SessionBase {
  id: number;
  /** Minor units per chip, fixed for the whole game. */
  chipValue: number;
  startedAt: number;
  actions: RecallAction[];
  /** Chips staked so far: bet, antes, fees. */
  stakedChips: number;
  /** Set once the game is settled; the session stays on show until the next deal. */
  outcome: GameOutcome | null;
}

export interface GameOutcome {
  returnedChips: number;
  /** Minor units: what the game paid, to the credit meter or by handpay. */
  paid: number;
  handpaid: boolean;
}

/** A video-poker family's game (J-1 to J-6), one per family so that its id tells its core's type. */
type VideoPokerPlay<G> = G extends VideoPokerGame ? { game: G['id']; core: Parameters<G['step']>[0] } : never;
export type VideoPokerSession = SessionBase & VideoPokerPlay<VideoPokerGame>;

/** A table game against the dealer (Poker Plus): its boxes as asked for, and its core. */
export interface PokerPlusSession extends SessionBase {
  game: TableGameId;
  boxes: BoxRequest[];
  core: PokerPlusState;
}

export type GameSession = VideoPokerSession | PokerPlusSession;

export const isVideoPokerSession = (session: GameSession): session is VideoPokerSession => isVideoPokerId(session.game);

/** A note the cabinet told the acceptor to stack, not yet reported stacked (C-3). */
export interface PendingNote {
  value: number;
  denomination: string;
  since: number;
}

/** A ticket (voucher in) in the acceptor's escrow, being validated or being stacked. */
export interface PendingTicket {
  barcode: string;
  since: number;
  phase: 'validating' | 'stacking';
  /** Minor units, once the validator has said (phase stacking). */
  amount: number | null;
}

/** What became of the last ticket, for the player's screen (a short reason when it went back). */
export interface TicketOutcome {
  barcode: string;
  /** When it was inserted (validated again after a restart: then): with the barcode, the redemption's name. */
  since: number;
  /** It went to the validator (a casino system is told how it ended); false: returned before. */
  validated: boolean;
  /** The validator's code for its refusal, when it gave one. */
  code?: number;
  at: number;
  outcome: 'redeemed' | 'returned';
  amount: number | null;
  reason: TicketReason | null;
}

/** Unknown tickets in a row, and the slot's lock they earn (ticket-guesses.ts). */
export interface TicketGuesses {
  /** Tickets refused as unknown since the last one credited (or the last lock). */
  unknownInRow: number;
  /** ms since the epoch; tickets are handed back unread until then. */
  lockedUntil: number;
}

export const NO_GUESSES: TicketGuesses = { unknownInRow: 0, lockedUntil: 0 };

/** Money that left the machine, and how (C-4, C-5). */
export interface PaidOut {
  how: 'voucher' | 'handpay';
  /** A jackpot or a cash-out paid by hand. */
  kind: 'jackpot' | 'cancelledCredits' | 'voucher';
  amount: number;
  at: number;
}

/** C-5: the machine is locked until an attendant pays this by hand. */
export interface Handpay {
  kind: 'jackpot' | 'cancelledCredits';
  amount: number;
  /** In English, money in the currency, for the log and the command line. */
  reason: string;
  /** The same in the cabinet's words, for the screens to say (absent in states saved before it). */
  cause?: HandpayCause;
  gameId: number | null;
  game: GameId | null;
  since: number;
}

/** A handpay's receipt as the cabinet keeps it (handpay-receipts.ts). */
export interface ReceiptSlip {
  receipt: HandpayReceipt;
  status: ReceiptStatus;
  /** Why a pending slip waits (null unless pending); `problem` says it in English, for the log. */
  why: ReceiptPending | null;
  problem: string | null;
}

/** The handpays' receipts: the next handpay's number, and the latest slips, newest first. */
export interface HandpayReceipts {
  next: number;
  slips: ReceiptSlip[];
}

/** C-15: a reason play has stopped. */
export interface Tilt {
  code: string;
  reason: string;
  since: number;
  /** Cleared only by a technician (meter mismatch), not by the cause going away. */
  technician: boolean;
}

export interface DeviceStatus {
  online: boolean;
  faults: Record<string, string>;
}

export interface AccessState {
  /** Salted scrypt hash of the technician PIN (hashing is injected, C-21). */
  pinHash: string | null;
  technicianSession: boolean;
  pinFailures: number;
  /** ms since the epoch; PIN entry refused until then. */
  lockedUntil: number;
  /**
   * Lockouts since the last right PIN: each locks longer than the one before (pin-lockout.ts).
   * Absent in states saved before it was kept: none.
   */
  lockouts?: number;
  /**
   * The PIN is still the initial one (the config's, known to whoever read the file): a technician
   * who logs in with it may do nothing but change it (C-21).
   */
  pinChangeRequired: boolean;
}

/** A test note (C-16 test): identified by the acceptor, then handed back, never credited. */
export interface TestNote {
  value: number;
  denomination: string;
  at: number;
  result: 'returned' | 'rejected';
  reason: string | null;
}

/** A technician's device test (C-18, C-19): play stops while it runs. */
export interface DeviceTest {
  since: number;
  /** Buttons held down now, and every button seen pressed since the test began. */
  pressed: Button[];
  seen: Button[];
  lamps: Record<Button, LampState>;
  acceptor: { enabled: boolean; notes: TestNote[] };
  printer: { state: 'idle' | 'printing' | 'printed' | 'failed'; validation: string | null; reason: string | null };
}

export interface CabinetState {
  /** Counts accepted transitions; every screen wish names the one it was made against. */
  version: number;
  /**
   * The version of the last transition that changed what a wish is made on (stale-wish.ts): a wish
   * naming it or a later one is current. Absent in states saved before it was kept.
   */
  shownVersion?: number;
  settings: CabinetSettings;
  /** Minor units (C-1). */
  balance: number;
  chipValue: number;
  language: Language;
  selectedGame: GameId;
  /** Jacks or Better chips for the next deal (BET ONE, MAX BET). */
  jacksBet: number;
  /** Poker Plus antes for the next deal. */
  pokerPlusBoxes: BoxRequest[];
  game: GameSession | null;
  nextGameId: number;
  note: PendingNote | null;
  /** The last note credited, minor units (SAS 48); absent before the first, and in states saved before it was kept. */
  lastNote?: number;
  /** The ticket in escrow (undefined in states saved before tickets were redeemed: none). */
  ticket: PendingTicket | null;
  lastTicket: TicketOutcome | null;
  /** Tickets guessed at the slot (absent in states saved before it was counted: none). */
  ticketGuesses?: TicketGuesses;
  /** The voucher sent to the printer and not yet confirmed (C-4). */
  voucher: Voucher | null;
  voucherSequence: number;
  handpay: Handpay | null;
  /** The handpays' receipts (absent in states saved before they were printed: none yet). */
  receipts?: HandpayReceipts;
  /**
   * The last money that left the machine: a voucher printed, or a handpay paid (absent in states
   * saved before it). The screens tell the player once it has gone, however fast the printer was.
   */
  paidOut?: PaidOut | null;
  tilts: Tilt[];
  doors: Record<Door, boolean>;
  keys: Record<KeySwitch, boolean>;
  devices: Record<DeviceName, DeviceStatus>;
  access: AccessState;
  /** What the acceptor was last told; null forces a fresh command (after a power-up). */
  acceptorEnabled: boolean | null;
  /** The currency the acceptor was last told to read its notes in ("USD/2"); null as above. */
  acceptorCurrency: string | null;
  lamps: Partial<Record<Button, LampState>> | null;
  meters: MeterSet;
  /** Pay tables a technician may choose from, as the app found them installed. */
  installedPayTables: InstalledPayTable[];
  /**
   * The config file's settings as last applied: the baseline that tells a key the operator
   * edited in the file (applied) from one the technician changed at the cabinet (kept).
   * Null before the first application (and in states saved before it existed).
   */
  configApplied: CabinetSettings | null;
  deviceTest: DeviceTest | null;
  /** Specimen vouchers printed in device tests: their own numbering, apart from the real one. */
  specimenCount: number;
  /**
   * The attendant's mute: no sound until then (ms since the epoch); 0 when not muted (and
   * undefined in states saved before it existed).
   */
  soundMutedUntil: number;
  /** The SAS link to a casino system (C-25); null (or absent, in older states) without one. */
  sas?: SasCabinetState | null;
  /**
   * Promotional credits inside `balance` (C-26, credit-kinds.ts): restricted played first and
   * never cashed out as cash. Absent or null: the whole balance is cashable.
   */
  promo?: PromoCredits | null;
  /** AFT transfers, oldest first, at most the standard's buffer (C-26); stored apart from the state. */
  aftHistory?: AftTransferRecord[];
  /**
   * Credits found at a start the records' TPM counter cannot prove the latest (C-15): they may be
   * a copy's put back, so until the balance has been played down to nothing they leave by the
   * attendant's handpay only. Null or absent: none.
   */
  unproven?: UnprovenCredits | null;
}

/** The balance at a start the counter could not prove the latest, when it was found, and why. */
export interface UnprovenCredits {
  amount: number;
  since: number;
  reason: string;
}

export function initialState(settings: CabinetSettings = DEFAULT_SETTINGS): CabinetState {
  return {
    version: 0,
    settings,
    balance: 0,
    // Settings reach the cabinet checked: at least one chip value and one game (C-2, C-7).
    chipValue: present(settings.chipValues[0], 'the first chip value of the settings'),
    language: settings.defaultLanguage,
    selectedGame: present(settings.games[0], 'the first game of the settings'),
    jacksBet: 1,
    pokerPlusBoxes: [{ ante: settings.limits.minAnte }],
    game: null,
    nextGameId: 1,
    note: null,
    ticket: null,
    lastTicket: null,
    ticketGuesses: NO_GUESSES,
    voucher: null,
    voucherSequence: 0,
    handpay: null,
    tilts: [],
    doors: { main: false, logic: false, cashbox: false },
    keys: { attendant: false, technician: false },
    devices: {
      acceptor: { online: true, faults: {} },
      printer: { online: true, faults: {} },
      deck: { online: true, faults: {} },
    },
    access: { pinHash: null, technicianSession: false, pinFailures: 0, lockedUntil: 0, pinChangeRequired: true },
    acceptorEnabled: null,
    acceptorCurrency: null,
    lamps: null,
    meters: EMPTY_METERS,
    installedPayTables: [],
    configApplied: null,
    deviceTest: null,
    specimenCount: 0,
    soundMutedUntil: 0,
    sas: null,
    aftHistory: [],
  };
}

export const gameInProgress = (state: CabinetState): boolean => state.game !== null && state.game.outcome === null;

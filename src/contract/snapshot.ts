// What the screen is shown: a view of the cabinet's state made for drawing, never the state
// itself. Cards are codes (H-1); money is minor units (C-1); chips are whole chips (C-2).

import { array, bool, int, nullable, num, object, oneOf, record, str, union, type Infer } from './schema';
import { SERVICE_VIEW } from './service';

const card = str(2, /^[2-9TJQKA][cdhs]$/);
const minor = int(0);
const chips = int(0);
const signed = int();
const category = str(32);
const gameId = oneOf('jacks-or-better', 'poker-plus');

/** One row of a pay table: a category and what it pays per chip at each bet (1..maxBet). */
const payRow = object({ category, perBet: array(int(0), 10) });

const jacksView = object({
  bet: chips,
  maxBet: chips,
  phase: oneOf('idle', 'holding', 'over'),
  /** The five cards on show: dealt while holding, final once drawn; null before the first deal. */
  cards: nullable(array(card, 5)),
  held: array(int(0, 4), 5),
  autoHold: array(int(0, 4), 5),
  /** Category of the hand on show (dealt or final), Jacks or Better names (H-3). */
  hand: nullable(category),
  /** Positions of the cards that make a paying final hand, for the highlight. */
  winning: array(int(0, 4), 5),
  win: chips,
  payTable: array(payRow, 12),
  gameId: nullable(int(0)),
});

const boxView = object({
  ante: chips,
  blind: bool(),
  /** Null while face down (the blind box until the dealer shows). */
  cards: nullable(array(card, 6)),
  status: oneOf('deciding', 'bet', 'folded', 'half'),
  bet: chips,
  staked: chips,
  draws: int(0, 2),
  boughtGame: bool(),
  hand: nullable(category),
  outcome: nullable(str(16)),
  returned: nullable(chips),
  net: nullable(signed),
});

const pokerPlusView = object({
  phase: oneOf('idle', 'deciding', 'options', 'over'),
  /** Antes for the next deal (the screen's ANTE chips before DEAL). */
  nextBoxes: array(object({ ante: chips, blind: bool() }, ['blind']), 2),
  minAnte: chips,
  maxAnte: chips,
  tableMax: chips,
  boxes: array(boxView, 2),
  seen: int(0, 1),
  dealer: object({
    /** Five entries; null for a card still face down. */
    cards: array(nullable(card), 5),
    hand: nullable(category),
    game: nullable(bool()),
    bought: nullable(object({ discarded: card, drew: card, cards: array(card, 5), hand: category, game: bool() })),
  }),
  /**
   * What each action would cost now, in chips, and for takeHalf what the box would receive;
   * null where the action is not allowed (P-3 to P-7). exchange[k] is the fee for k cards.
   */
  fees: object({
    exchange: nullable(array(int(0), 7)),
    buySixth: nullable(chips),
    bet: nullable(chips),
    buyGame: nullable(chips),
    takeHalf: nullable(chips),
  }),
  payTable: array(payRow, 12),
  gameId: nullable(int(0)),
});

const lockup = union('kind', {
  handpay: object({ amount: minor, reason: str(200), handpayKind: oneOf('jackpot', 'cancelledCredits') }),
  tilt: object({ tilts: array(object({ code: str(64), reason: str(200), since: num(), technician: bool() }), 20) }),
});

/**
 * What a person last did at the machine, as the cabinet saw it: a note put in, credited or handed
 * back, a wish from any screen, a deck button (taken or refused), a key or a door.
 */
export const ACTIVITY_KINDS = ['none', 'noteInserted', 'noteCredited', 'noteReturned', 'ticketInserted', 'wish', 'button', 'buttonRefused', 'key', 'door'] as const;

/** The player's words for a ticket handed back: the cabinet's reasons folded to what a player can act on. */
export const TICKET_RETURN_REASONS = ['expired', 'alreadyRedeemed', 'notValidHere', 'limit', 'other'] as const;

const ticketView = object({
  /** A ticket is in escrow, being validated or stacked: VALIDATING TICKET… */
  validating: bool(),
  /** How the last ticket ended, while the player should still see it (snapshot-of.ts says how long). */
  last: nullable(
    object({
      outcome: oneOf('credited', 'returned'),
      /** Credited: the ticket's amount; null when returned. */
      amount: nullable(minor),
      /** Returned: why; null when credited. */
      reason: nullable(oneOf(...TICKET_RETURN_REASONS)),
      /** When it ended, and until when it is shown (ms since the epoch), unless the player acts first. */
      at: num(),
      until: num(),
    }),
  ),
});

export const SNAPSHOT = object({
  version: int(0),
  language: oneOf('en', 'ru'),
  currency: object({ code: str(8), minorDigits: int(0, 4) }),
  chipValues: array(minor, 20),
  chipValue: minor,
  balance: minor,
  credits: chips,
  games: array(gameId, 2),
  selectedGame: gameId,
  /** True while a game is dealt and not settled: game choice and chip value are locked. */
  inGame: bool(),
  jacks: jacksView,
  pokerPlus: pokerPlusView,
  lockup: nullable(lockup),
  /** Cash-out in progress: a voucher being printed. */
  cashout: nullable(object({ amount: minor, state: oneOf('printing') })),
  /** Ticket in (vouchers inserted in the acceptor). */
  ticket: ticketView,
  /** The wishes the cabinet would accept now: lamps and touch buttons follow it (C-18, C-20). */
  live: array(str(32), 40),
  /** Per-door open state and key positions, for the service screens and tilt texts. */
  doors: record(bool(), 8),
  keys: record(bool(), 4),
  /** Keys, access, devices, the device test and the settings, for the service screens. */
  service: SERVICE_VIEW,
  /** The attendant's mute: no sound until then (ms since the epoch); 0 when not muted. */
  mutedUntil: num(),
  /**
   * The last thing a person did at the machine and a count that changes with each (a snapshot is
   * sent for each, even one that changed no state): the attract loop's idle time counts from its
   * last change, and the screen sounds a note credited or handed back and a refused deck press.
   * Kept by the app for the run, not in the cabinet's state: the count starts again at a restart.
   */
  activity: object({ seq: int(0), kind: oneOf(...ACTIVITY_KINDS) }),
});

export type Snapshot = Infer<typeof SNAPSHOT>;
export type JacksView = Snapshot['jacks'];
export type PokerPlusView = Snapshot['pokerPlus'];
export type BoxView = PokerPlusView['boxes'][number];
export type Lockup = NonNullable<Snapshot['lockup']>;
export type Activity = Snapshot['activity'];
export type ActivityKind = Activity['kind'];
export type TicketView = Snapshot['ticket'];
export type TicketReturnReason = (typeof TICKET_RETURN_REASONS)[number];

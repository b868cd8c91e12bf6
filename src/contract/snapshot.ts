// What the screen is shown: a view of the cabinet's state made for drawing, never the state
// itself. Cards are codes (H-1); money is minor units (C-1); chips are whole chips (C-2).

import { z } from 'zod';
import { GAME_IDS, MAX_PAY_ROWS } from '../core';
import { int, record, str } from './schema';
import { CARD_CODE } from './cards';
import { SERVICE_VIEW } from './service';
import { WORK_MAX, WORK_VIEW } from './cabinet-work';
import { HANDPAY_CAUSE } from '../cabinet/vocabulary/handpay-causes';
import { RECEIPT_PENDING, RECEIPT_STATUSES, RECEIPTS_KEPT } from '../cabinet/vocabulary/receipts';

const card = CARD_CODE;
const minor = int(0);
const chips = int(0);
const signed = int();
const category = str(32);
const gameId = z.enum(GAME_IDS);

/**
 * One row of a pay table: a category and what it pays at each bet (1..maxBet), in chips; a table
 * game's one column is what its BET pays per chip (so many to one).
 */
const payRow = z.strictObject({ category, perBet: z.array(int(0)).max(10) });

/** A pay table's rows: at most the registry's longest (Double Double Bonus's kicker rows make thirteen). */
const payRows = z.array(payRow).max(MAX_PAY_ROWS);

/**
 * What the pay table on show returns to the player, in percent of all that is staked (C-24), as
 * the help pages say it: with best play (exactly, or its upper estimate) and, where measured,
 * typical play's; null for a table of the config file's own whose return is not known.
 */
const payTableReturn = z
  .strictObject({
    pct: z.number().min(0).max(1000),
    play: z.enum(['exact', 'best', 'typical']),
    typical: z.number().min(0).max(1000).nullable(),
  })
  .nullable();

const jacksView = z.strictObject({
  /** The video-poker family this view shows (its menu entry has shape 'video-poker'). */
  game: gameId,
  bet: chips,
  maxBet: chips,
  phase: z.enum(['idle', 'holding', 'over']),
  /** The five cards on show: dealt while holding, final once drawn; null before the first deal. */
  cards: z.array(card).max(5).nullable(),
  held: z.array(int(0, 4)).max(5),
  autoHold: z.array(int(0, 4)).max(5),
  /** Category of the hand on show (dealt or final), by the family's own names (its module's categories). */
  hand: category.nullable(),
  /** Positions of the cards that make a paying final hand, for the highlight. */
  winning: z.array(int(0, 4)).max(5),
  win: chips,
  /** Positions of the cards on show that are wild (W-1: the deuces in Deuces Wild), marked WILD. */
  wild: z.array(int(0, 4)).max(5),
  payTable: payRows,
  payTableReturn,
  gameId: int(0).nullable(),
});

/**
 * One game on the game menu (the player's choice, in the Game King manner): an enabled game with
 * its shape (which screen plays it), the installed table it plays (its id and name; null for a
 * table of the config file's own), that table's rows at the operator's max bet and its return.
 */
const menuEntry = z.strictObject({
  game: gameId,
  shape: z.enum(['video-poker', 'table']),
  payTable: z.strictObject({ id: str(64).nullable(), name: str(64).nullable() }),
  payTableReturn,
  payRows,
});

const boxView = z.strictObject({
  ante: chips,
  blind: z.boolean(),
  /** Null while face down (the blind box until the dealer shows). */
  cards: z.array(card).max(6).nullable(),
  status: z.enum(['deciding', 'bet', 'folded', 'half']),
  bet: chips,
  staked: chips,
  draws: int(0, 2),
  boughtGame: z.boolean(),
  hand: category.nullable(),
  outcome: str(16).nullable(),
  returned: chips.nullable(),
  net: signed.nullable(),
});

const pokerPlusView = z.strictObject({
  phase: z.enum(['idle', 'deciding', 'options', 'over']),
  /** Antes for the next deal (the screen's ANTE chips before DEAL). */
  nextBoxes: z.array(z.strictObject({ ante: chips, blind: z.boolean().optional() })).max(2),
  /** What DEAL with those boxes stakes (P-1): the antes, and a blind box's BET with its ante. */
  nextStake: chips,
  minAnte: chips,
  maxAnte: chips,
  tableMax: chips,
  boxes: z.array(boxView).max(2),
  seen: int(0, 1),
  dealer: z.strictObject({
    /** Five entries; null for a card still face down. */
    cards: z.array(card.nullable()).max(5),
    hand: category.nullable(),
    game: z.boolean().nullable(),
    bought: z
      .strictObject({ discarded: card, drew: card, cards: z.array(card).max(5), hand: category, game: z.boolean() })
      .nullable(),
  }),
  /**
   * What each action would cost now, in chips, and for takeHalf what the box would receive;
   * null where the action is not allowed (P-3 to P-7). exchange[k] is the fee for k cards, up
   * to the most the exchange may take now: every card held at the first action, one at the second.
   */
  fees: z.strictObject({
    exchange: z.array(int(0)).max(7).nullable(),
    buySixth: chips.nullable(),
    bet: chips.nullable(),
    buyGame: chips.nullable(),
    takeHalf: chips.nullable(),
  }),
  payTable: payRows,
  payTableReturn,
  gameId: int(0).nullable(),
});

const lockup = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('handpay'),
    amount: minor,
    reason: str(200),
    cause: HANDPAY_CAUSE.optional(),
    handpayKind: z.enum(['jackpot', 'cancelledCredits']),
  }),
  z.strictObject({
    kind: z.literal('tilt'),
    tilts: z
      .array(z.strictObject({ code: str(64), reason: str(200), since: z.number(), technician: z.boolean() }))
      .max(20),
  }),
]);

/**
 * What a person last did at the machine, as the cabinet saw it: a note put in, credited or handed
 * back, a wish from any screen, a deck button (taken or refused), a key or a door.
 */
export const ACTIVITY_KINDS = [
  'none',
  'noteInserted',
  'noteCredited',
  'noteReturned',
  'ticketInserted',
  'wish',
  'button',
  'buttonRefused',
  'key',
  'door',
] as const;

/** The player's words for a ticket handed back: the cabinet's reasons folded to what a player can act on. */
export const TICKET_RETURN_REASONS = ['expired', 'alreadyRedeemed', 'notValidHere', 'limit', 'other'] as const;

const ticketView = z.strictObject({
  /** A ticket is in escrow, being validated or stacked: VALIDATING TICKET… */
  validating: z.boolean(),
  /** How the last ticket ended, while the player should still see it (snapshot-of.ts says how long). */
  last: z
    .strictObject({
      outcome: z.enum(['credited', 'returned']),
      /** Credited: the ticket's amount; null when returned. */
      amount: minor.nullable(),
      /** Returned: why; null when credited. */
      reason: z.enum(TICKET_RETURN_REASONS).nullable(),
      /** When it ended, and until when it is shown (ms since the epoch), unless the player acts first. */
      at: z.number(),
      until: z.number(),
    })
    .nullable(),
});

export const SNAPSHOT = z.strictObject({
  version: int(0),
  language: z.enum(['en', 'ru']),
  currency: z.strictObject({ code: str(8), minorDigits: int(0, 4) }),
  chipValues: z.array(minor).max(20),
  chipValue: minor,
  balance: minor,
  credits: chips,
  /** The enabled games in the registry's order, as the game menu offers them. */
  menu: z.array(menuEntry).max(GAME_IDS.length),
  selectedGame: gameId,
  /** True while a game is dealt and not settled: game choice and chip value are locked. */
  inGame: z.boolean(),
  /** The video-poker screen: the selected game's when it is a video-poker family (its menu shape), else the first one enabled. */
  jacks: jacksView,
  pokerPlus: pokerPlusView,
  lockup: lockup.nullable(),
  /** Cash-out in progress: a voucher being printed. */
  cashout: z.strictObject({ amount: minor, state: z.enum(['printing']) }).nullable(),
  /** The last money that left the machine (a voucher printed, a handpay paid), and when. */
  paidOut: z
    .strictObject({
      how: z.enum(['voucher', 'handpay']),
      kind: z.enum(['jackpot', 'cancelledCredits', 'voucher']),
      amount: minor,
      at: z.number(),
    })
    .nullable(),
  /** Ticket in (vouchers inserted in the acceptor). */
  ticket: ticketView,
  /** The wishes the cabinet would accept now: lamps and touch buttons follow it (C-18, C-20). */
  live: z.array(str(32)).max(40),
  /** Per-door open state and key positions, for the service screens and tilt texts. */
  doors: record(z.boolean(), 8),
  keys: record(z.boolean(), 4),
  /** Keys, access, devices, the device test and the settings, for the service screens. */
  service: SERVICE_VIEW,
  /** The attendant's mute: no sound until then (ms since the epoch); 0 when not muted. */
  mutedUntil: z.number(),
  /** The handpays' receipts kept for a reprint (C-5), newest first: their state on the printer. */
  receipts: z
    .array(
      z.strictObject({
        number: int(1),
        reprint: int(0),
        kind: z.enum(['jackpot', 'cancelledCredits']),
        amount: minor,
        status: z.enum(RECEIPT_STATUSES),
        why: z.enum(RECEIPT_PENDING).nullable(),
      }),
    )
    .max(RECEIPTS_KEPT),
  /**
   * The last thing a person did at the machine and a count that changes with each (a snapshot is
   * sent for each, even one that changed no state): the attract loop's idle time counts from its
   * last change, and the screen sounds a note credited or handed back and a refused deck press.
   * Kept by the app for the run, not in the cabinet's state: the count starts again at a restart.
   */
  activity: z.strictObject({ seq: int(0), kind: z.enum(ACTIVITY_KINDS) }),
  /** Long work under way on the cabinet (cabinet-work.ts), kept by the app like the activity. */
  work: z.array(WORK_VIEW).max(WORK_MAX),
});

export type Snapshot = z.infer<typeof SNAPSHOT>;
export type JacksView = Snapshot['jacks'];
export type MenuEntry = Snapshot['menu'][number];
export type GameShapeName = MenuEntry['shape'];
export type PokerPlusView = Snapshot['pokerPlus'];
export type BoxView = PokerPlusView['boxes'][number];
export type Lockup = NonNullable<Snapshot['lockup']>;
export type Activity = Snapshot['activity'];
export type ActivityKind = Activity['kind'];
export type TicketView = Snapshot['ticket'];
export type TicketReturnReason = (typeof TICKET_RETURN_REASONS)[number];

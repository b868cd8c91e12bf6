// C-11 game recall as the screen shows it: the app steps a recorded game through the rules core
// (src/app/service/recall-frames.ts) and the answer carries each step as a frame, the table as the
// player saw it after each action. The screen draws the frames and runs no rules of its own.

import { z } from 'zod';
import { GAMES, type GameId, type GameShape, type RecallFrame as CoreRecallFrame } from '../core';
import { CARD_CODE } from './cards';
import { int, str } from './schema';

const box = int(0, 1);
/** The installed games of one shape, from the registry. */
const gamesOfShape = (shape: GameShape) =>
  z.enum(GAMES.filter((g) => g.shape === shape).map((g) => g.id) as [GameId, ...GameId[]]);
const positions = z.array(int(0, 5)).max(6);
const chips = int(0);
const category = str(32);

export const RECALL_ACTION = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('deal') }),
  z.strictObject({ kind: z.literal('hold'), positions }),
  z.strictObject({ kind: z.literal('draw') }),
  z.strictObject({ kind: z.literal('exchange'), box, positions }),
  z.strictObject({ kind: z.literal('buySixth'), box }),
  z.strictObject({ kind: z.literal('bet'), box }),
  z.strictObject({ kind: z.literal('fold'), box }),
  z.strictObject({ kind: z.literal('takeHalf'), box }),
  z.strictObject({ kind: z.literal('buyGame'), box }),
  z.strictObject({ kind: z.literal('reveal') }),
]);

/** A video-poker hand: its five cards, held and winning positions, the category on show. */
export const VIDEO_POKER_FRAME = z.strictObject({
  game: gamesOfShape('video-poker'),
  shape: z.literal('video-poker'),
  bet: chips,
  cards: z.array(CARD_CODE).max(5),
  held: positions,
  winning: positions,
  /** The category on show: dealt while holding, final once drawn. */
  hand: category,
  win: chips.nullable(),
});

const recallBox = z.strictObject({
  ante: chips,
  blind: z.boolean(),
  /** Null while the blind box is face down. */
  cards: z.array(CARD_CODE).max(6).nullable(),
  status: str(16),
  staked: chips,
  hand: category.nullable(),
  outcome: str(16).nullable(),
  returned: chips.nullable(),
  net: int().nullable(),
});

/** A table game against the dealer (Poker Plus): the dealer's five, a bought card, the boxes. */
export const TABLE_FRAME = z.strictObject({
  game: gamesOfShape('table'),
  shape: z.literal('table'),
  /** Five entries; null for a card still face down. */
  dealer: z.array(CARD_CODE.nullable()).max(5),
  dealerHand: category.nullable(),
  bought: z.strictObject({ discarded: CARD_CODE, drew: CARD_CODE, hand: category, game: z.boolean() }).nullable(),
  boxes: z.array(recallBox).max(2),
});

export const RECALL_FRAME = z.strictObject({
  action: RECALL_ACTION,
  table: z.discriminatedUnion('shape', [VIDEO_POKER_FRAME, TABLE_FRAME]),
});

/** The most steps a recorded game takes: the deal, every action of two boxes, the reveal. */
export const RECALL_MAX_FRAMES = 24;

export const RECALL_RUN = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), frames: z.array(RECALL_FRAME).max(RECALL_MAX_FRAMES), agrees: z.boolean() }),
  z.strictObject({ ok: z.literal(false), error: str(400) }),
]);

export type RecallAction = z.infer<typeof RECALL_ACTION>;
export type JacksFrame = z.infer<typeof VIDEO_POKER_FRAME>;
export type PokerPlusFrame = z.infer<typeof TABLE_FRAME>;
export type RecallFrame = z.infer<typeof RECALL_FRAME>;
export type RecallRun = z.infer<typeof RECALL_RUN>;

// The core's frames are what this declares: a game module's frame that drifted fails to compile here.
export const frameFromCore = (frame: CoreRecallFrame): RecallFrame => frame;

// Jacks or Better (J-1 to J-6) is one family of the video-poker engine (../video-poker/engine.ts):
// its state, actions and steps by their Jacks or Better names.

import type { Card } from '../../cards';
import { familyAutoHold } from '../../video-poker/auto-hold';
import {
  dealVideoPoker,
  stepVideoPoker,
  type VideoPokerAction,
  type VideoPokerConfig,
  type VideoPokerEffect,
  type VideoPokerState,
  type VideoPokerStep,
} from '../video-poker/engine';
import type { JacksCategory } from './categories';
import { JACKS_OR_BETTER_FAMILY } from './family';
import type { JACKS_OR_BETTER_ID } from './id';
import { DEFAULT_JACKS_PAYTABLE, type JacksPayTable } from './pay-table';

type Id = typeof JACKS_OR_BETTER_ID;
export type JacksConfig = VideoPokerConfig<Id, JacksCategory>;
export type JacksState = VideoPokerState<Id, JacksCategory>;
export type JacksAction = VideoPokerAction;
export type JacksEffect = VideoPokerEffect<JacksCategory>;
export type JacksStep = VideoPokerStep<Id, JacksCategory>;

export const DEFAULT_JACKS_CONFIG: JacksConfig = { maxBet: 5, payTable: DEFAULT_JACKS_PAYTABLE };

/** J-3: the positions of the cards that make a paying dealt hand (at max bet), or none. */
export const autoHoldPositions = (cards: readonly Card[], payTable: JacksPayTable = DEFAULT_JACKS_PAYTABLE): number[] =>
  familyAutoHold(JACKS_OR_BETTER_FAMILY, cards, payTable);

/** J-1, J-2: take the bet and deal five cards from a shuffled deck. */
export const dealJacks = (deck: readonly Card[], bet: number, config: JacksConfig = DEFAULT_JACKS_CONFIG): JacksStep =>
  dealVideoPoker(JACKS_OR_BETTER_FAMILY, deck, bet, config);

export const stepJacks = (state: JacksState, action: JacksAction): JacksStep =>
  stepVideoPoker(JACKS_OR_BETTER_FAMILY, state, action);

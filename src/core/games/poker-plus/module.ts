// Poker Plus (P-1 to P-12), a table game against the dealer: one declaration, read by the
// registry (../registry.ts) and through it by everything that names the game.

import { CATEGORIES } from '../../categories';
import { categoryOf, evaluate } from '../../evaluator';
import type { GameModule } from '../game-module';
import { POKER_PLUS_ID } from './id';
import {
  DEFAULT_POKER_PLUS_PAYTABLE,
  parsePokerPlusPayTable,
  pokerPlusPayTableProblem,
  type PokerPlusPayTable,
} from './pay-table';
import { pokerPlusRecallFrame, type PokerPlusFrame } from './recall';
import { POKER_PLUS_TEXTS } from './texts';
import { runPokerPlusReplay, type PokerPlusReplayOutput, type PokerPlusReplayStep } from './replay';

/** P-1: two boxes at the largest ante, each with its BET (3 antes a box). */
const MOST_ANTES_A_BOX_STAKES = 6;

export const POKER_PLUS: GameModule<
  typeof POKER_PLUS_ID,
  'pokerPlus',
  PokerPlusPayTable,
  PokerPlusReplayStep,
  PokerPlusReplayOutput,
  PokerPlusFrame,
  'table'
> = {
  id: POKER_PLUS_ID,
  shape: 'table',
  names: { en: 'Poker Plus', ru: 'Покер плюс' },
  texts: POKER_PLUS_TEXTS,
  rules: 'P',
  categories: CATEGORIES,
  categoryOf: (cards) => categoryOf(evaluate(cards)),
  payTable: {
    default: DEFAULT_POKER_PLUS_PAYTABLE,
    parse: parsePokerPlusPayTable,
    keys: CATEGORIES,
    problem: pokerPlusPayTableProblem,
    // P-12: one column, what the BET pays per chip, highest first; high card pays nothing.
    rows: (table) =>
      CATEGORIES.slice(1)
        .reverse()
        .map((category) => ({ category, perBet: [table.coefficients[category]] })),
  },
  settingsKey: 'pokerPlus',
  maxStake: (limits) => MOST_ANTES_A_BOX_STAKES * limits.maxAnte,
  sas: { gameId: 'PP' },
  replay: { run: runPokerPlusReplay },
  recall: { frame: pokerPlusRecallFrame },
};

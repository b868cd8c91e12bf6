// Jacks or Better (J-1 to J-6), the first video-poker family: one declaration, read by the
// registry (../registry.ts) and through it by everything that names the game.

import { videoPokerGame } from '../video-poker';
import { JACKS_CATEGORIES, jacksCategoryOf } from './categories';
import { JACKS_OR_BETTER_ID } from './id';
import {
  DEFAULT_JACKS_PAYTABLE,
  jacksCoefficient,
  jacksPayTableProblem,
  parseJacksPayTable,
  ROYAL_AT_MAX_BET_KEY,
} from './pay-table';
import { jacksRecallFrame } from './recall';
import { runJacksReplay } from './replay';
import { JACKS_TEXTS } from './texts';

export const JACKS_OR_BETTER = videoPokerGame({
  id: JACKS_OR_BETTER_ID,
  names: { en: 'Jacks or Better', ru: 'Валеты или выше' },
  texts: JACKS_TEXTS,
  rules: 'J',
  categories: JACKS_CATEGORIES,
  categoryOf: jacksCategoryOf,
  payTable: {
    default: DEFAULT_JACKS_PAYTABLE,
    parse: parseJacksPayTable,
    extraKeys: [ROYAL_AT_MAX_BET_KEY],
    problem: jacksPayTableProblem,
    coefficient: jacksCoefficient,
  },
  settingsKey: 'jacks' as const,
  sas: { gameId: 'JB' },
  replay: runJacksReplay,
  recallFrame: jacksRecallFrame,
});

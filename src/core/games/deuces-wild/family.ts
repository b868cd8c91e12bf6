// Deuces Wild (W-1 to W-5) as a family: its evaluator is src/core/video-poker/deuces-wild.ts.

import type { VideoPokerFamily } from '../../video-poker/family';
import {
  DEUCES_WILD_CATEGORIES,
  deucesCategory5,
  deucesMadeBy,
  type DeucesWildCategory,
} from '../../video-poker/deuces-wild';
import { DEUCES_WILD_ID } from './id';

export const DEUCES_WILD_FAMILY: VideoPokerFamily<DeucesWildCategory, typeof DEUCES_WILD_ID> = {
  game: DEUCES_WILD_ID,
  name: 'Deuces Wild',
  rules: 'W',
  categories: DEUCES_WILD_CATEGORIES,
  royal: 'royal-flush',
  // W-5: the full pay table, the rules' reference (over 100% at best play: C-24 refuses it at
  // the default range, so the cabinet's default is Not So Ugly Ducks, ./module.ts).
  defaultTable: {
    coefficients: {
      'royal-flush': 250,
      'four-deuces': 200,
      'wild-royal-flush': 25,
      'five-of-a-kind': 15,
      'straight-flush': 9,
      'four-of-a-kind': 5,
      'full-house': 3,
      flush: 2,
      straight: 2,
      'three-of-a-kind': 1,
      nothing: 0,
    },
    royalAtMaxBet: 800,
  },
  category5: deucesCategory5,
  madeBy: deucesMadeBy,
  // W-1: a card's rank is code >> 2 (H-1), and the deuce is rank 0.
  isWild: (card) => card >> 2 === 0,
};

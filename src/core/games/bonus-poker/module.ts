// Bonus Poker (B-1 to B-3): one declaration, read by the registry (../registry.ts).

import { videoPokerGame } from '../video-poker/module';
import { BONUS_POKER_FAMILY } from './family';
import { BONUS_POKER_TEXTS } from './texts';

export const BONUS_POKER = videoPokerGame({
  family: BONUS_POKER_FAMILY,
  names: { en: 'Bonus Poker', ru: 'Бонус покер' },
  texts: BONUS_POKER_TEXTS,
  settingsKey: 'bonusPoker' as const,
  sas: { gameId: 'BP' },
});

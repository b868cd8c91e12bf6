// Double Double Bonus (D-1 to D-3): one declaration, read by the registry (../registry.ts).

import { videoPokerGame } from '../video-poker/module';
import { DOUBLE_DOUBLE_BONUS_FAMILY } from './family';
import { DOUBLE_DOUBLE_BONUS_TEXTS } from './texts';

export const DOUBLE_DOUBLE_BONUS = videoPokerGame({
  family: DOUBLE_DOUBLE_BONUS_FAMILY,
  names: { en: 'Double Double Bonus', ru: 'Дабл дабл бонус' },
  texts: DOUBLE_DOUBLE_BONUS_TEXTS,
  settingsKey: 'doubleDoubleBonus' as const,
  sas: { gameId: 'DD' },
});

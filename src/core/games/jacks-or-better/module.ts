// Jacks or Better (J-1 to J-6), the first video-poker family: one declaration, read by the
// registry (../registry.ts) and through it by everything that names the game.

import { videoPokerGame } from '../video-poker/module';
import { JACKS_OR_BETTER_FAMILY } from './family';
import { JACKS_TEXTS } from './texts';

export const JACKS_OR_BETTER = videoPokerGame({
  family: JACKS_OR_BETTER_FAMILY,
  names: { en: 'Jacks or Better', ru: 'Валеты или выше' },
  texts: JACKS_TEXTS,
  settingsKey: 'jacks' as const,
  sas: { gameId: 'JB' },
});

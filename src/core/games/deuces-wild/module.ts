// Deuces Wild (W-1 to W-5): one declaration, read by the registry (../registry.ts).

import { videoPokerGame } from '../video-poker/module';
import { DEUCES_WILD_FAMILY } from './family';
import { DEUCES_WILD_TEXTS } from './texts';

export const DEUCES_WILD = videoPokerGame({
  family: DEUCES_WILD_FAMILY,
  names: { en: 'Deuces Wild', ru: 'Дикие двойки' },
  texts: DEUCES_WILD_TEXTS,
  // The cabinet's default is "Not So Ugly Ducks" (99.73%): the full pay table, the family's
  // reference, returns 100.76% at best play and C-24 refuses it at the default range.
  defaultTable: {
    coefficients: {
      ...DEUCES_WILD_FAMILY.defaultTable.coefficients,
      'five-of-a-kind': 16,
      'straight-flush': 10,
      'four-of-a-kind': 4,
      'full-house': 4,
      flush: 3,
    },
    royalAtMaxBet: 800,
  },
  settingsKey: 'deucesWild' as const,
  sas: { gameId: 'DW' },
});

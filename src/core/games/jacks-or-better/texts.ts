// Jacks or Better's words (game-texts.ts): its hands are the house's poker names.

import type { GameTexts } from '../game-texts';
import type { JacksCategory } from './categories';

export const JACKS_TEXTS: GameTexts<JacksCategory> = {
  en: {
    blurb: 'Draw poker: hold, draw, a pair of jacks pays',
    hands: {},
    help: [
      {
        title: '{game}: WHAT EACH HAND PAYS',
        lines: [],
        payTable: true,
      },
    ],
  },
  ru: {
    blurb: 'Дро-покер: оставьте карты и смените остальные',
    hands: {},
    help: [
      {
        title: '{game}: ВЫПЛАТЫ',
        lines: [],
        payTable: true,
      },
    ],
  },
};

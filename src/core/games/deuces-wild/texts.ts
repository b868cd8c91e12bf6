// Deuces Wild's words (game-texts.ts): its wild hands, its natural royal named as such, and its
// help quoting W-1 to W-5.

import type { DeucesWildCategory } from '../../video-poker/deuces-wild';
import type { GameTexts } from '../game-texts';

export const DEUCES_WILD_TEXTS: GameTexts<DeucesWildCategory> = {
  en: {
    blurb: 'The four deuces are wild: three of a kind pays',
    hands: {
      'royal-flush': 'NATURAL ROYAL FLUSH',
      'four-deuces': 'FOUR DEUCES',
      'wild-royal-flush': 'WILD ROYAL FLUSH',
      'five-of-a-kind': 'FIVE OF A KIND',
    },
    help: [
      {
        title: '{game}: THE WILD CARDS',
        lines: [
          'The four deuces are wild, marked WILD: each takes whatever value makes the best hand, so four sevens and a deuce are five of a kind.',
          'A natural royal flush (no deuce in it) beats four deuces, which beat a royal flush made with deuces.',
          'Three of a kind is the lowest hand that pays; two pair and less pay nothing.',
          'A paying hand dealt is held for you: all five cards of a straight or better, the deuces alone of four deuces, the deuces and their rank of three or four of a kind.',
        ],
      },
      { title: '{game}: WHAT EACH HAND PAYS', lines: [], payTable: true },
    ],
  },
  ru: {
    blurb: 'Четыре двойки — джокеры: платит уже тройка',
    hands: {
      'royal-flush': 'НАТУРАЛЬНЫЙ РОЯЛ-ФЛЕШ',
      'four-deuces': 'ЧЕТЫРЕ ДВОЙКИ',
      'wild-royal-flush': 'РОЯЛ-ФЛЕШ С ДЖОКЕРОМ',
      'five-of-a-kind': 'ПОКЕР',
    },
    help: [
      {
        title: '{game}: ДЖОКЕРЫ',
        lines: [
          'Четыре двойки — джокеры, на них надпись ДЖОКЕР: каждая становится той картой, что даёт лучшую комбинацию, так что четыре семёрки и двойка — это покер (пять одинаковых).',
          'Натуральный роял-флеш (без двоек) старше четырёх двоек, а они старше роял-флеша с джокером.',
          'Младшая выигрышная комбинация — тройка; две пары и ниже не платят.',
          'Сданная выигрышная рука отмечается сразу: все пять карт стрита и выше, одни двойки при четырёх двойках, двойки и карты их достоинства при тройке или каре.',
        ],
      },
      { title: '{game}: ВЫПЛАТЫ', lines: [], payTable: true },
    ],
  },
};

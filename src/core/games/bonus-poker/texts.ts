// Bonus Poker's words (game-texts.ts): its fours by rank, and its help quoting B-1 to B-3.

import type { BonusPokerCategory } from './family';
import type { GameTexts } from '../game-texts';

export const BONUS_POKER_TEXTS: GameTexts<BonusPokerCategory> = {
  en: {
    blurb: 'Jacks or Better with fours paid by rank: four aces pay most',
    hands: { 'four-aces': 'FOUR ACES', 'four-2-4': 'FOUR 2s, 3s, 4s', 'four-5-k': 'FOUR 5s THRU Ks' },
    help: [
      {
        title: '{game}: FOURS BY RANK',
        lines: [
          'Hands are judged as in Jacks or Better: a pair of jacks or better is the lowest that pays.',
          'Four of a kind pays by the rank of the four: four aces the most, then four deuces, treys or fours, then four fives up to kings.',
          'A four of a kind dealt is held for you, its four cards, whatever its rank.',
        ],
      },
      { title: '{game}: WHAT EACH HAND PAYS', lines: [], payTable: true },
    ],
  },
  ru: {
    blurb: 'Валеты или выше, каре оплачивается по достоинству: больше всего — четыре туза',
    hands: { 'four-aces': 'КАРЕ ТУЗОВ', 'four-2-4': 'КАРЕ 2, 3, 4', 'four-5-k': 'КАРЕ ОТ 5 ДО K' },
    help: [
      {
        title: '{game}: КАРЕ ПО ДОСТОИНСТВУ',
        lines: [
          'Комбинации — как в игре «Валеты или выше»: младшая выигрышная — пара валетов или выше.',
          'Каре оплачивается по достоинству: больше всего — четыре туза, затем каре двоек, троек или четвёрок, затем каре от пятёрок до королей.',
          'Сданное каре сразу отмечается: его четыре карты, какого бы достоинства оно ни было.',
        ],
      },
      { title: '{game}: ВЫПЛАТЫ', lines: [], payTable: true },
    ],
  },
};

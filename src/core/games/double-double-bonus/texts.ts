// Double Double Bonus's words (game-texts.ts): its fours by rank and kicker, and its help quoting
// D-1 to D-3.

import type { DoubleDoubleBonusCategory } from './family';
import type { GameTexts } from '../game-texts';

export const DOUBLE_DOUBLE_BONUS_TEXTS: GameTexts<DoubleDoubleBonusCategory> = {
  en: {
    blurb: 'Fours paid by rank and by the fifth card, the kicker',
    hands: {
      'four-aces-with-2-4': 'FOUR ACES + 2, 3, 4',
      'four-2-4-with-a-4': 'FOUR 2s, 3s, 4s + A, 2, 3, 4',
      'four-aces': 'FOUR ACES',
      'four-2-4': 'FOUR 2s, 3s, 4s',
      'four-5-k': 'FOUR 5s THRU Ks',
    },
    help: [
      {
        title: '{game}: THE KICKER',
        lines: [
          'Hands are judged as in Jacks or Better, but two pair pays only the bet back.',
          'Four of a kind pays by its rank and by the fifth card, the kicker: four aces with a 2, 3 or 4 pay the most.',
          'Four 2s, 3s or 4s with an ace, 2, 3 or 4 pay more than with any other kicker.',
          'A four dealt with a kicker that pays is held whole; any other four holds its four cards, so the draw can find a kicker.',
        ],
      },
      { title: '{game}: WHAT EACH HAND PAYS', lines: [], payTable: true },
    ],
  },
  ru: {
    blurb: 'Каре оплачивается по достоинству и по пятой карте — кикеру',
    hands: {
      'four-aces-with-2-4': 'КАРЕ ТУЗОВ + 2, 3, 4',
      'four-2-4-with-a-4': 'КАРЕ 2, 3, 4 + Т, 2, 3, 4',
      'four-aces': 'КАРЕ ТУЗОВ',
      'four-2-4': 'КАРЕ 2, 3, 4',
      'four-5-k': 'КАРЕ ОТ 5 ДО K',
    },
    help: [
      {
        title: '{game}: КИКЕР',
        lines: [
          'Комбинации — как в игре «Валеты или выше», но две пары лишь возвращают ставку.',
          'Каре оплачивается по достоинству и по пятой карте, кикеру: больше всего — четыре туза с двойкой, тройкой или четвёркой.',
          'Каре двоек, троек или четвёрок с тузом, двойкой, тройкой или четвёркой платит больше, чем с другим кикером.',
          'Сданное каре с выигрышным кикером отмечается целиком; другое каре — четыре карты, и замена может принести кикер.',
        ],
      },
      { title: '{game}: ВЫПЛАТЫ', lines: [], payTable: true },
    ],
  },
};

// Poker Plus's words (game-texts.ts): its hands are the house's poker names; its help pages
// quote P-1 to P-12.

import type { Category } from '../../categories';
import type { GameTexts } from '../game-texts';

export const POKER_PLUS_TEXTS: GameTexts<Category> = {
  en: {
    blurb: 'Stud poker against the dealer with exchanges',
    hands: {},
    help: [
      {
        title: '{game}: THE TABLE',
        lines: [
          'Place the ANTE on one box, or on two: your box and a blind box (its BET is placed at the deal).',
          'Each box gets five cards; the dealer gets five, the last one face up.',
          'The dealer has a game with a pair or better. No game: the ANTE wins 1:1 if you beat the dealer, the BET comes back.',
          'Dealer has a game: beat it to win ANTE 1:1 and BET × the table; an equal hand is a STAND OFF.',
        ],
        payTable: true,
      },
      {
        title: '{game}: YOUR ACTIONS',
        lines: [
          'Up to two draws: exchange 1 or 5 cards for 1 ante, 2 to 4 cards for 2 antes, or buy a sixth card for 1 ante.',
          'A second draw exchanges any one card, or buys a sixth card if you hold five, for 1 ante. Fees show on the buttons and are never returned.',
          'Then BET (2 antes) or FOLD (the ante is lost).',
          'After BET: with a straight or better, TAKE HALF of the payout now. BUY THE GAME costs 1 ante: it is returned if the dealer already had a game and you lose or tie; otherwise the machine keeps it.',
        ],
      },
    ],
  },
  ru: {
    blurb: 'Стад-покер против дилера с обменом карт',
    hands: {},
    help: [
      {
        title: '{game}: СТОЛ',
        lines: [
          'Поставьте АНТЕ на один бокс или на два: ваш и слепой (его СТАВКА делается при раздаче).',
          'Каждый бокс получает пять карт; дилер получает пять, последняя открыта.',
          'У дилера есть игра при паре или выше. Нет игры: АНТЕ выигрывает 1:1, если ваша рука старше, СТАВКА возвращается.',
          'Есть игра: старшая рука выигрывает АНТЕ 1:1 и СТАВКУ × коэффициент; равные руки — НИЧЬЯ.',
        ],
        payTable: true,
      },
      {
        title: '{game}: ВАШИ ДЕЙСТВИЯ',
        lines: [
          'До двух обменов: 1 или 5 карт за 1 анте, 2–4 карты за 2 анте, или шестая карта за 1 анте.',
          'Второй обмен — одна любая карта, или шестая карта, если у вас пять, за 1 анте. Цена указана на кнопке и не возвращается.',
          'Затем «ИГРАТЬ» (ставка 2 анте) или «ПАС» (анте проиграно).',
          'После «ИГРАТЬ»: со стритом или выше можно ВЗЯТЬ ПОЛОВИНУ выплаты сразу. КУПИТЬ ИГРУ стоит 1 анте: плата вернётся, если у дилера игра уже была и вы проиграли или сыграли вничью; иначе она остаётся автомату.',
        ],
      },
    ],
  },
};

// C-23 for the meters page: each meter by the name a floor technician reads, in both languages
// (the cabinet's own English labels, shared with `meters --json`, say how each is counted and
// stay the fallback for a meter this table does not know). A per-game meter is named by its
// game's name, never its id; a note meter names its note in the currency, not in minor units.

import type { Currency } from './numbers';
import { formatMoney } from './numbers';
import type { Language } from './language';
import { GAME_FACES, GAME_IDS } from '../../src/contract';
import { gameFace, gameLabel } from './game-words';

type Names = Record<string, string>;

const EN: Names = {
  coinIn: 'Coin in (total wagered)',
  coinOut: 'Coin out (wins paid to the credit meter)',
  jackpot: 'Jackpots (handpaid)',
  handpaidCancelled: 'Handpaid cancelled credits',
  gamesPlayed: 'Games played',
  gamesWon: 'Games won',
  gamesLost: 'Games lost',
  gamesTied: 'Games tied (returned the stake)',
  billsIn: 'Bills in (total)',
  billsCount: 'Bills in (count)',
  vouchersIn: 'Vouchers in (total)',
  vouchersInCount: 'Vouchers in (count)',
  vouchersOut: 'Vouchers out (total)',
  vouchersOutCount: 'Vouchers out (count)',
  jackpotCount: 'Jackpots handpaid (count)',
  handpaidCancelledCount: 'Handpaid cancelled credits (count)',
  gamesSincePowerUp: 'Games since power-up',
  gamesSinceDoorClose: 'Games since the main door closed',
  powerUps: 'Power-ups',
  stackerBills: 'Bills in the stacker',
  stackerValue: 'Value of the bills in the stacker',
  'pp.exchangeFees': 'Exchange fees',
  'pp.sixthFees': 'Sixth-card fees',
  'pp.buyGameFees': 'Buy-the-game fees',
  'pp.takeHalfCount': 'Take-half payouts (count)',
  'pp.takeHalfPaid': 'Take-half payouts (total)',
  currentCredits: 'Current credits',
  totalCancelled: 'Total cancelled credits (vouchers out and handpaid)',
  totalWon: 'Total won (coin out and jackpots)',
  totalHandpaid: 'Total handpaid (cancelled credits and jackpots)',
  totalDrop: 'Drop (bills and vouchers in)',
};

const RU: Names = {
  coinIn: 'всего ставок',
  coinOut: 'выигрыши на счётчик кредитов',
  jackpot: 'джекпоты, выплаченные вручную',
  handpaidCancelled: 'кредиты, снятые с ручной выплатой',
  gamesPlayed: 'сыграно игр',
  gamesWon: 'игр выиграно',
  gamesLost: 'игр проиграно',
  gamesTied: 'игр вничью (возвращена ставка)',
  billsIn: 'принято купюр (сумма)',
  billsCount: 'принято купюр (штук)',
  vouchersIn: 'принято ваучеров (сумма)',
  vouchersInCount: 'принято ваучеров (штук)',
  vouchersOut: 'выдано ваучеров (сумма)',
  vouchersOutCount: 'выдано ваучеров (штук)',
  jackpotCount: 'джекпоты, выплаченные вручную (штук)',
  handpaidCancelledCount: 'кредиты, снятые с ручной выплатой (раз)',
  gamesSincePowerUp: 'игр после включения',
  gamesSinceDoorClose: 'игр после закрытия главной двери',
  powerUps: 'включений',
  stackerBills: 'купюр в кассете',
  stackerValue: 'сумма купюр в кассете',
  'pp.exchangeFees': 'плата за обмен',
  'pp.sixthFees': 'плата за шестую карту',
  'pp.buyGameFees': 'плата за покупку игры',
  'pp.takeHalfCount': 'выплаты «забрать половину» (раз)',
  'pp.takeHalfPaid': 'выплаты «забрать половину» (сумма)',
  currentCredits: 'текущие кредиты',
  totalCancelled: 'всего снято кредитов (ваучеры и ручные выплаты)',
  totalWon: 'всего выиграно (на счётчик и джекпоты)',
  totalHandpaid: 'всего ручных выплат (снятые кредиты и джекпоты)',
  totalDrop: 'всего внесено (купюры и ваучеры)',
};

const NAMES: Record<Language, Names> = { en: EN, ru: RU };

const DOORS: Record<Language, Names> = {
  en: { main: 'Main door opened', logic: 'Logic door opened', cashbox: 'Cash box door opened' },
  ru: {
    main: 'открытий главной двери',
    logic: 'открытий двери логического блока',
    cashbox: 'открытий двери денежного ящика',
  },
};

/** The table game's meters kept apart from the per-game ones ("pp.exchangeFees"): that game's own. */
const TABLE_GAME_OWN = /^pp\./;
const TABLE_GAME = GAME_IDS.find((id) => GAME_FACES[id].shape === 'table');

/**
 * The label to show for a meter; `label` is the cabinet's own, used wherever no better one is
 * known. `inGame`: the meter is shown under its game's heading, so its name leaves the game out.
 */
export function meterLabel(
  name: string,
  label: string,
  currency: Currency,
  language: Language,
  inGame = false,
): string {
  const bill = /^bills\.(\d+)$/.exec(name);
  if (bill) {
    const note = formatMoney(Number(bill[1]), currency, language);
    return language === 'ru' ? `купюры ${note} (штук)` : `Bills of ${note} accepted`;
  }
  const names = NAMES[language];
  const slash = name.indexOf('/');
  if (slash > 0) {
    const game = gameFace(name.slice(0, slash))?.names[language];
    const base = names[name.slice(slash + 1)];
    if (!game || !base) return label;
    return inGame ? base : `${game}: ${base}`;
  }
  if (TABLE_GAME_OWN.test(name) && !inGame && names[name] && TABLE_GAME)
    return `${gameLabel(language, TABLE_GAME)}: ${names[name]}`;
  const door = /^doorOpens\.(\w+)$/.exec(name)?.[1];
  if (door !== undefined) return DOORS[language][door] ?? label;
  return names[name] ?? label;
}

// C-23 for the meters page: the cabinet names its meters in English (the report's labels, shared
// with `meters --json`); the Russian screen reads them by meter name. A note meter names its
// note in the currency rather than in minor units, in both languages.

import type { Currency } from './numbers';
import { formatMoney } from './numbers';
import type { Language } from './language';

const RU: Record<string, string> = {
  coinIn: 'всего ставок',
  coinOut: 'выигрыши на счётчик кредитов',
  jackpot: 'джекпоты, выплаченные вручную',
  handpaidCancelled: 'кредиты, снятые с ручной выплатой',
  gamesPlayed: 'сыграно игр',
  gamesWon: 'игр выиграно (возврат больше ставки)',
  gamesLost: 'игр проиграно (возврат меньше ставки)',
  gamesTied: 'игр вничью (возврат равен ставке)',
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
  'pp.exchangeFees': 'Покер плюс: плата за обмен',
  'pp.sixthFees': 'Покер плюс: плата за шестую карту',
  'pp.buyGameFees': 'Покер плюс: плата за покупку игры',
  'pp.takeHalfCount': 'Покер плюс: выплаты «забрать половину» (раз)',
  'pp.takeHalfPaid': 'Покер плюс: выплаты «забрать половину» (сумма)',
  currentCredits: 'текущие кредиты',
  totalCancelled: 'всего снято кредитов (ваучеры и ручные выплаты)',
  totalWon: 'всего выиграно (на счётчик и джекпоты)',
  totalHandpaid: 'всего ручных выплат (снятые кредиты и джекпоты)',
  totalDrop: 'всего внесено (купюры и ваучеры)',
};

const GAME_RU: Record<string, string> = { 'jacks-or-better': 'Валеты или выше', 'poker-plus': 'Покер плюс' };
const DOOR_RU: Record<string, string> = {
  main: 'главной двери',
  logic: 'двери логического блока',
  cashbox: 'двери денежного ящика',
};

/** The label to show for a meter; `label` is the cabinet's own, used wherever no better one is known. */
export function meterLabel(name: string, label: string, currency: Currency, language: Language): string {
  const bill = /^bills\.(\d+)$/.exec(name);
  if (bill) {
    const note = formatMoney(Number(bill[1]), currency, language);
    return language === 'ru' ? `купюры ${note} (штук)` : `bills of ${note} accepted`;
  }
  if (language !== 'ru') return label;
  const slash = name.indexOf('/');
  if (slash > 0) {
    const game = GAME_RU[name.slice(0, slash)];
    const base = RU[name.slice(slash + 1)];
    return game && base ? `${game}: ${base}` : label;
  }
  const door = /^doorOpens\.(\w+)$/.exec(name)?.[1];
  if (door !== undefined) return DOOR_RU[door] ? `открытий ${DOOR_RU[door]}` : label;
  return RU[name] ?? label;
}
